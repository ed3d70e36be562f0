#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "cli/cli.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"
#include "generators/rooms_and_tunnels.hpp"
#include "grid_layers.hpp"

using namespace dungen;

namespace {

// A map from text rows, with the export's glyphs.
Grid from_rows(const std::vector<std::string>& rows) {
  Grid g(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()), Tile::Wall);
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      Cell cell = g.cell(g.index(x, y));
      cell.tile = c == '.'   ? Tile::Floor
                  : c == ',' ? Tile::Corridor
                  : c == '+' ? Tile::Door
                  : c == ' ' ? Tile::Empty
                             : Tile::Wall;
      g.put(g.index(x, y), cell);
    }
  }
  return g;
}

ParamValues connectivity(int c) {
  ParamValues p(region_schema());
  EXPECT_FALSE(p.set("connectivity", c));
  return p;
}

// The series' walkable-from loop, one region at a time from the first unlabelled cell in
// row-major order: the reference both fast path and stepper must equal.
std::vector<std::int32_t> naive_labels(const Grid& g, int conn) {
  std::vector<std::int32_t> labels(g.size(), -1);
  std::int32_t next = 0;
  for (std::size_t s = 0; s < g.size(); ++s) {
    if (!is_walkable(g.tile(s)) || labels[s] >= 0) continue;
    std::deque<std::size_t> to_walk{s};
    labels[s] = next;
    while (!to_walk.empty()) {
      const Point c = g.point(to_walk.front());
      to_walk.pop_front();
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          if (std::abs(dx) + std::abs(dy) == 0 || (conn == 4 && std::abs(dx) + std::abs(dy) == 2))
            continue;
          if (!g.in_bounds(c.x + dx, c.y + dy)) continue;
          const std::size_t n = g.index(c.x + dx, c.y + dy);
          if (!is_walkable(g.tile(n)) || labels[n] >= 0) continue;
          labels[n] = next;
          to_walk.push_back(n);
        }
      }
    }
    ++next;
  }
  return labels;
}

// The properties the issue asks for, checked directly on a labelling. Failures are collected
// and asserted once: these loops also run unoptimised under ASan.
void check_properties(const Grid& g, const RegionMap& r) {
  ASSERT_EQ(r.labels.size(), g.size());
  std::vector<int> sizes(r.sizes.size(), 0);
  const std::int32_t* labels = r.labels.data();
  const Tile* tiles = g.tiles().data();
  const int w = g.width(), h = g.height();
  std::int32_t highest_first = -1;  // regions appear in row-major order of their first cell
  bool partition = true, ordered = true, joined = true;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const int i = y * w + x;
      const std::int32_t l = labels[i];
      if (!is_walkable(tiles[i])) {
        partition &= l == -1;
        continue;
      }
      if (l < 0 || l >= r.count()) {
        partition = false;
        continue;
      }
      ordered &= l <= highest_first + 1;
      highest_first = std::max(highest_first, l);
      ++sizes[static_cast<std::size_t>(l)];
      // Each pair of neighbours once: right, down, and (8) the two lower diagonals.
      const bool right = x + 1 < w, down = y + 1 < h, left = x > 0;
      if (right && is_walkable(tiles[i + 1])) joined &= labels[i + 1] == l;
      if (down && is_walkable(tiles[i + w])) joined &= labels[i + w] == l;
      if (r.connectivity == 8 && down && right && is_walkable(tiles[i + w + 1]))
        joined &= labels[i + w + 1] == l;
      if (r.connectivity == 8 && down && left && is_walkable(tiles[i + w - 1]))
        joined &= labels[i + w - 1] == l;
    }
  }
  ASSERT_TRUE(partition) << "a walkable cell without a region, or a wall with one";
  ASSERT_TRUE(ordered) << "regions are not numbered by first cell";
  ASSERT_TRUE(joined) << "two adjacent walkable cells in different regions";
  ASSERT_EQ(sizes, r.sizes);
  for (int s : sizes) ASSERT_GT(s, 0);
}

// The stepper's event kinds (from its header) and the pseudocode line each must light: this table
// is the test's own, so a step lighting another line fails here.
constexpr EventKind kBegin = kEventBegin;
constexpr EventKind kDone = kEventDone;
constexpr EventKind kStart = event_kind(region_steps::Ev::Start);
constexpr EventKind kVisit = event_kind(region_steps::Ev::Visit);
constexpr EventKind kRegionDone = event_kind(region_steps::Ev::RegionDone);
int line_of(EventKind kind) {
  switch (kind) {
    case kBegin:
      return 0;  // clear every cell's region
    case kStart:
      return 1;  // region k starts at the first walkable cell with no region
    case kVisit:
      return 2;  // take the oldest frontier cell, push its neighbours
    case kRegionDone:
      return 3;  // repeat until the frontier is empty; then region k is done
    case kDone:
      return 4;  // repeat until every walkable cell has a region; then done
  }
  return -1;
}
StepLevel level_of(EventKind kind) {
  switch (kind) {
    case kStart:
      return StepLevel::Action;
    case kVisit:
      return StepLevel::Cell;
    case kRegionDone:
      return StepLevel::Feature;
  }
  return StepLevel::Phase;
}
enum StatSlot : std::size_t { kRegionsSlot, kLargestSlot, kFrontierSlot };

// The statistics counted from the grid alone: regions = distinct region ids in the grid (plus the
// one just started, whose only cell is still on the frontier), the largest region's cells, and
// the cells marked Frontier.
std::vector<std::int64_t> counted_stats(const Grid& g, const Step* current) {
  std::vector<std::int64_t> cells;
  std::int64_t frontier = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (g.mark(i) == Mark::Frontier) ++frontier;
    const std::int32_t r = g.region(i);
    if (r < 0) continue;
    if (cells.size() <= static_cast<std::size_t>(r)) cells.resize(static_cast<std::size_t>(r) + 1);
    ++cells[static_cast<std::size_t>(r)];
  }
  const auto distinct = std::count_if(cells.begin(), cells.end(), [](auto n) { return n > 0; });
  const bool just_started = current && current->event.kind == kStart;
  const std::int64_t largest = cells.empty() ? 0 : *std::max_element(cells.begin(), cells.end());
  return {distinct + (just_started ? 1 : 0), largest, frontier};
}

std::vector<std::int64_t> stats_of(std::span<const std::int64_t> v) {
  return {v.begin(), v.end()};
}

// Runs the stepper to the end and checks it against the fast path and its own step contract:
// one step per visited cell, regions numbered by first cell, exact stats at the end.
void check_stepper(const Grid& g, int conn, const RegionMap& fast) {
  Stepper s = start_region_stepper(g, connectivity(conn), false);
  int cells = 0, regions = 0;
  std::uint64_t steps = 0;
  const Step* last = nullptr;
  bool visited_ok = true, lines_ok = true;
  while (const Step* step = s.next()) {
    ++steps;
    last = step;
    lines_ok &=
        step->line == line_of(step->event.kind) && step->level == level_of(step->event.kind);
    if (step->event.kind == kVisit) {
      ++cells;
      visited_ok &= s.grid().region(g.index(step->event.at.x, step->event.at.y)) == step->event.id;
    } else if (step->event.kind == kRegionDone) {
      ASSERT_EQ(step->event.id, regions);
      ASSERT_EQ(step->event.value, fast.sizes[static_cast<std::size_t>(regions)]);
      ++regions;
    }
  }
  ASSERT_TRUE(visited_ok) << "a visit step's cell does not carry its region";
  ASSERT_TRUE(lines_ok) << "a step lights a line (or has a level) its event does not perform";
  ASSERT_NE(last, nullptr);
  ASSERT_EQ(last->event.kind, kDone);
  ASSERT_TRUE(last->last);
  ASSERT_EQ(last->event.value, fast.count());
  ASSERT_EQ(regions, fast.count());
  ASSERT_EQ(static_cast<std::size_t>(cells), g.count_walkable());
  // Begin, then per region a start, one step per cell and a done, then Done.
  ASSERT_EQ(steps, 2 + 2 * static_cast<std::uint64_t>(fast.count()) + g.count_walkable());
  ASSERT_EQ(region_layer(s.grid()), fast.labels);
  ASSERT_EQ(s.grid().tiles(), g.tiles());
  // No frontier left behind.
  ASSERT_EQ(std::ranges::count(mark_layer(s.grid()), Mark::None),
            static_cast<std::ptrdiff_t>(g.size()));
  // The stats at the end, against the fast path's result.
  const std::int64_t largest =
      fast.sizes.empty() ? 0 : *std::max_element(fast.sizes.begin(), fast.sizes.end());
  ASSERT_EQ(stats_of(s.stats()), (std::vector<std::int64_t>{fast.count(), largest, 0}));
}

Grid generated(const GeneratorSpec& spec, std::uint64_t seed) {
  Stepper s = start_generator(spec, spec.schema.defaults(), seed, false);
  run_to_end(s);
  return s.grid();
}

Grid rooms_map(std::uint64_t seed, int w, int h, int max_rooms, int min_size, int max_size) {
  const GeneratorSpec& spec = rooms_and_tunnels_spec();
  ParamValues p(spec.schema);
  EXPECT_FALSE(p.set("width", w));
  EXPECT_FALSE(p.set("height", h));
  EXPECT_FALSE(p.set("max_rooms", max_rooms));
  EXPECT_FALSE(p.set("room_min_size", min_size));
  EXPECT_FALSE(p.set("room_max_size", max_size));
  Stepper s = start_generator(spec, p, seed, false);
  run_to_end(s);
  return s.grid();
}

// A cave-like map made here (not by a generator, so these tests do not depend on one): random
// floor at fill percent, then passes of "floor when at least threshold of the 3x3 block is
// floor" (cells off the map count as wall).
Grid cave(int w, int h, int fill, int passes, int threshold, std::uint64_t seed) {
  Rng rng(seed);
  Grid g(w, h, Tile::Wall);
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (rng.chance_percent(fill)) g.put(i, {Tile::Floor});
  }
  for (int pass = 0; pass < passes; ++pass) {
    Grid next = g;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        int floors = 0;
        for (int dy = -1; dy <= 1; ++dy) {
          for (int dx = -1; dx <= 1; ++dx) {
            floors += g.in_bounds(x + dx, y + dy) && g.at(x + dx, y + dy) == Tile::Floor;
          }
        }
        next.put(g.index(x, y), {floors >= threshold ? Tile::Floor : Tile::Wall});
      }
    }
    g = std::move(next);
  }
  return g;
}

// Maps with many regions, one region, none, and every walkable tile.
std::vector<Grid> sample_maps() {
  std::vector<Grid> maps = {
      from_rows({"..##..", "..#...", "..#.##", "..#.#."}),
      from_rows({".#.", "#.#", ".#,", "#.+"}),
      from_rows({"......", ".####.", "......", "##.###", "......"}),
      from_rows({"  ", "  "}),
      Grid(3, 2, Tile::Floor),
  };
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    maps.push_back(rooms_map(seed, 80, 45, 30, 6, 10));
    maps.push_back(rooms_map(seed, 30, 20, 8, 3, 5));
    maps.push_back(cave(40, 25, 55, static_cast<int>(seed), 5, seed));
    maps.push_back(cave(30, 20, 30, 0, 5, seed));
  }
  return maps;
}

struct CliResult {
  int code;
  std::string out;
  std::string err;
};
CliResult cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = run_cli(args, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace

TEST(Regions, SeriesExampleHasThreeRegionsNumberedByFirstCell) {
  const Grid g = from_rows({"..##..", "..#...", "..#.##", "..#.#."});
  for (int conn : {4, 8}) {
    const RegionMap r = label_regions(g, conn);
    ASSERT_EQ(r.count(), 3);
    const std::vector<std::int32_t> want = {0, 0, -1, -1, 1,  1,  0, 0, -1, 1, 1,  1,
                                            0, 0, -1, 1,  -1, -1, 0, 0, -1, 1, -1, 2};
    EXPECT_EQ(r.labels, want);
    EXPECT_EQ(r.sizes, (std::vector<int>{8, 7, 1}));
  }
}

TEST(Regions, DiagonalsJoinOnlyWithConnectivity8) {
  const Grid g = from_rows({".#.", "#.#", ".#,", "#.+"});
  EXPECT_EQ(label_regions(g, 8).count(), 1);
  const RegionMap four = label_regions(g, 4);
  EXPECT_EQ(four.count(), 5);  // the corridor and the door join the bottom-right floor
  EXPECT_EQ(four.sizes, (std::vector<int>{1, 1, 1, 1, 3}));
  EXPECT_EQ(label_regions(from_rows({"  ", "  "}), 8).count(), 0);  // empty is not walkable
}

TEST(Regions, RejectsConnectivityOtherThan4Or8) {
  const Grid g(3, 3, Tile::Floor);
  EXPECT_THROW(label_regions(g, 5), std::invalid_argument);
  ParamValues p(region_schema());
  EXPECT_TRUE(p.set("connectivity", 5));
  EXPECT_EQ(p.get("connectivity"), 8);
}

TEST(Regions, SummarySortsSizesAndGivesLargestShare) {
  const Grid g = from_rows({".#...", "##...", "..#.#"});
  const RegionSummary s = summarize(label_regions(g, 4));
  EXPECT_EQ(s.count, 3);
  EXPECT_EQ(s.sizes_desc, (std::vector<int>{7, 2, 1}));
  EXPECT_DOUBLE_EQ(s.largest_fraction, 0.7);
  const RegionSummary none = summarize(label_regions(Grid(4, 4, Tile::Wall), 8));
  EXPECT_EQ(none.count, 0);
  EXPECT_EQ(none.largest_fraction, 0.0);
}

// The glyph shows the 1-based number people read: region id 0 is "region 1", drawn '1'.
TEST(Regions, GlyphsShowTheOneBasedNumberThenOverflow) {
  EXPECT_EQ(region_glyph(0), '1');
  EXPECT_EQ(region_glyph(8), '9');
  EXPECT_EQ(region_glyph(9), 'a');
  EXPECT_EQ(region_glyph(34), 'z');
  EXPECT_EQ(region_glyph(35), 'A');
  EXPECT_EQ(region_glyph(60), 'Z');
  EXPECT_EQ(region_glyph(61), kRegionGlyphOverflow);
  EXPECT_EQ(region_glyph(100000), kRegionGlyphOverflow);
  EXPECT_EQ(region_glyph(-1), kRegionGlyphOverflow);
  for (int id = 0; id < 9; ++id) EXPECT_EQ(std::string(1, region_glyph(id)), number_text(id));
  std::string all;
  for (int id = 0; id < 61; ++id) all += region_glyph(id);
  std::string sorted = all;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end()) << "glyphs repeat: " << all;
  EXPECT_EQ(all.find('0'), std::string::npos);
}

// Rows of 64 cells and more go through the word-at-a-time (SIMD) bitset; every tile kind is
// mixed in, Empty and Wall being the two that are not walkable.
TEST(Regions, FastPathMatchesReferenceOnWideRowsOfEveryTile) {
  Rng rng(23);
  for (int trial = 0; trial < 60; ++trial) {
    const int w = rng.uniform_int(60, 200), h = rng.uniform_int(1, 6);
    const int percent = rng.uniform_int(0, 100);
    Grid g(w, h, Tile::Wall);
    for (std::size_t i = 0; i < g.size(); ++i) {
      const Tile t = rng.chance_percent(percent) ? static_cast<Tile>(rng.uniform_int(2, 4))
                                                 : static_cast<Tile>(rng.uniform_int(0, 1));
      g.put(i, {t});
    }
    for (int conn : {4, 8}) {
      const RegionMap r = label_regions(g, conn);
      check_properties(g, r);
      ASSERT_EQ(r.labels, naive_labels(g, conn)) << w << "x" << h << " " << percent << "%";
    }
  }
}

TEST(Regions, FastPathMatchesReferenceOnRandomMapsOfEveryDensity) {
  Rng rng(17);
  for (int trial = 0; trial < 300; ++trial) {
    const int w = rng.uniform_int(1, 40), h = rng.uniform_int(1, 30);
    const int percent = rng.uniform_int(0, 100);
    Grid g(w, h, Tile::Wall);
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (rng.chance_percent(percent)) g.put(i, {static_cast<Tile>(rng.uniform_int(2, 4))});
    }
    for (int conn : {4, 8}) {
      const RegionMap r = label_regions(g, conn);
      check_properties(g, r);
      ASSERT_EQ(r.labels, naive_labels(g, conn)) << w << "x" << h << " " << percent << "%";
      if (trial % 10 == 0) check_stepper(g, conn, r);
      if (HasFatalFailure()) return;
    }
  }
}

// Labelled into the map's own region layer: the same ids and sizes as the fast path, a byte a
// cell while the regions number 255 or fewer (the last id 254) and 32 bits past that; a region
// layer the map had before (and its width) is replaced whole.
TEST(Regions, LabelledIntoTheMapTheSameNarrowWhileTheyFit) {
  Rng rng(23);
  for (int trial = 0; trial < 60; ++trial) {
    const int w = rng.uniform_int(1, 90), h = rng.uniform_int(1, 70);
    Grid g(w, h, Tile::Wall);
    const int percent = rng.uniform_int(0, 60);
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (rng.chance_percent(percent)) g.put(i, {Tile::Floor});
      if (trial % 3 == 0) g.put(i, {g.tile(i), Mark::None, -1, trial % 2 ? 100000 : 3});
    }
    for (int conn : {4, 8}) {
      const RegionMap want = label_regions(g, conn);
      Grid into = g;
      const std::vector<int> sizes = label_regions_into(into, conn);
      ASSERT_EQ(into.region_values(), want.labels) << w << "x" << h << " " << percent << "%";
      ASSERT_EQ(sizes, want.sizes);
      ASSERT_EQ(into.region_layer().narrow() != nullptr, want.count() <= 255) << want.count();
      ASSERT_TRUE(into.shares_tiles_with(g));
    }
  }
  Grid many(60, 60, Tile::Wall);  // 400 single cells: ids up to 399, wide
  for (int y = 1; y < 60; y += 3) {
    for (int x = 1; x < 60; x += 3) many.put(many.index(x, y), {Tile::Floor});
  }
  EXPECT_EQ(label_regions_into(many, 8).size(), 400u);
  EXPECT_NE(many.region_layer().wide(), nullptr);
  EXPECT_EQ(many.region_values(), label_regions(many, 8).labels);
  for (const int regions : {255, 256}) {  // the last id that fits a byte, and the first past it
    Grid row(2 * regions - 1, 1, Tile::Wall);
    for (int x = 0; x < row.width(); x += 2) row.put(row.index(x, 0), {Tile::Floor});
    EXPECT_EQ(label_regions_into(row, 4).size(), static_cast<std::size_t>(regions));
    EXPECT_EQ(row.region_layer().narrow() != nullptr, regions == 255);
    EXPECT_EQ(row.region(row.size() - 1), regions - 1);
    EXPECT_EQ(row.region_values(), label_regions(row, 4).labels);
  }
}

// 1,000 seeds spread over every registered generator at its defaults, both connectivities:
// the fast path is a partition with no split neighbours equal to the reference, and the stepper
// ends with exactly its labels.
TEST(Regions, FastAndSteppedAgreeOver1000SeedsOfEveryGenerator) {
  const auto gens = all_generators();
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    const GeneratorSpec& spec = *gens[seed % gens.size()];
    const Grid g = generated(spec, seed);
    for (int conn : {4, 8}) {
      const RegionMap r = label_regions(g, conn);
      check_properties(g, r);
      if (HasFatalFailure()) return;
      ASSERT_EQ(r.labels, naive_labels(g, conn)) << spec.name << " seed " << seed;
      // The stepper is slower (a coroutine step per cell): each seed, one connectivity.
      if (conn == (seed % 2 ? 4 : 8)) check_stepper(g, conn, r);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(Regions, FastAndSteppedAgreeWithExtremeCaves) {
  const int fills[] = {0, 100, 55, 40};
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const Grid g = cave(seed % 2 ? 4 : 67, seed % 3 ? 33 : 4, fills[seed % 4],
                        static_cast<int>(seed % 5), static_cast<int>(seed % 10), seed);
    for (int conn : {4, 8}) {
      const RegionMap r = label_regions(g, conn);
      check_properties(g, r);
      check_stepper(g, conn, r);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(RegionStepper, ShowsTheFrontierWhileARegionGrows) {
  const Grid g = from_rows({"......", ".####.", "......", "##.###", "......"});
  Timeline t(start_region_stepper(g, connectivity(4)));
  const Narration& n = region_narration();
  bool saw_frontier = false;
  while (const Step* step = t.next()) {
    ASSERT_LT(step->line, static_cast<int>(n.pseudocode.size()));
    EXPECT_FALSE(n.words(*step, connectivity(4)).empty());
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (t.grid().mark(i) != Mark::Frontier) continue;
      saw_frontier = true;
      // A frontier cell is walkable, not yet labelled, and (once the start is taken) next to a
      // visited cell of the region being grown.
      ASSERT_TRUE(is_walkable(t.grid().tile(i)));
      ASSERT_EQ(t.grid().region(i), -1);
      if (step->level != StepLevel::Cell) continue;
      const Point c = g.point(i);
      bool touches = false;
      for (const Point d : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}}) {
        if (g.in_bounds(c.x + d.x, c.y + d.y) &&
            t.grid().region(g.index(c.x + d.x, c.y + d.y)) == step->event.id)
          touches = true;
      }
      ASSERT_TRUE(touches) << c.x << "," << c.y;
    }
    if (step->level == StepLevel::Cell) {
      ASSERT_TRUE(step->overlay.point_of(Role::Cursor).has_value());
      EXPECT_EQ(*step->overlay.point_of(Role::Cursor), step->event.at);
    }
  }
  EXPECT_TRUE(saw_frontier);
  EXPECT_EQ(region_layer(t.grid()), label_regions(g, 4).labels);
}

TEST(RegionStepper, ClearsOldRegionsAndMarksAndKeepsTheMap) {
  Grid g = from_rows({"..#", "#..", "..."});
  Cell c = g.cell(0);
  c.region = 5;
  c.mark = Mark::Frontier;
  g.put(0, c);
  g.put(2, {Tile::Wall, Mark::Frontier, -1, 9});
  Stepper s = start_region_stepper(g, connectivity(8));
  EXPECT_EQ(region_layer(s.grid()), std::vector<std::int32_t>(9, -1));
  for (Mark m : mark_layer(s.grid())) EXPECT_EQ(m, Mark::None);
  run_to_end(s);
  EXPECT_EQ(region_layer(s.grid()), label_regions(g, 8).labels);
  EXPECT_EQ(s.grid().tiles(), g.tiles());
}

TEST(RegionStepper, RejectsBadParameters) {
  const Grid g(4, 4, Tile::Floor);
  EXPECT_THROW(start_region_stepper(g, ParamValues{}), std::invalid_argument);
  EXPECT_THROW(start_region_stepper(g, rooms_and_tunnels_spec().schema.defaults()),
               std::invalid_argument);
}

TEST(RegionStepper, OneAtATimeBatchAndScrubbingGiveTheSameGridAndStats) {
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const Grid map = cave(80, 45, 50, 3, 5, seed);
    const int conn = seed % 2 ? 4 : 8;
    Stepper batch = start_region_stepper(map, connectivity(conn), false);
    run_to_end(batch);

    Timeline t(start_region_stepper(map, connectivity(conn)));
    std::vector<std::uint64_t> checkpoints;
    std::vector<Grid> grids;
    std::vector<std::vector<std::int64_t>> stats;
    for (std::uint64_t k = 1; t.next(); ++k) {
      if (k % 997 == 0) {
        checkpoints.push_back(k);
        grids.push_back(t.grid());
        stats.push_back(stats_of(t.stats()));
      }
    }
    ASSERT_EQ(t.grid(), batch.grid());
    ASSERT_EQ(stats_of(t.stats()), stats_of(batch.stats()));
    const std::uint64_t end = t.cursor();
    t.seek(0);
    EXPECT_EQ(region_layer(t.grid()), std::vector<std::int32_t>(map.size(), -1));
    EXPECT_EQ(stats_of(t.stats()), (std::vector<std::int64_t>{0, 0, 0}));
    for (std::size_t i = checkpoints.size(); i-- > 0;) {
      t.seek(checkpoints[i]);
      ASSERT_EQ(t.grid(), grids[i]);
      ASSERT_EQ(stats_of(t.stats()), stats[i]);
      t.seek(checkpoints[i] / 2);
    }
    t.seek(end);
    ASSERT_EQ(t.grid(), batch.grid());
    ASSERT_EQ(stats_of(t.stats()), stats_of(batch.stats()));
  }
}

TEST(RegionStepper, NarrationDeclaresItsLinesStatsAndWords) {
  const Narration& n = region_narration();
  ASSERT_EQ(n.pseudocode.size(), 5u);
  ASSERT_NE(n.words, nullptr);
  ASSERT_NE(n.caption, nullptr);
  ASSERT_NE(n.stat_rows, nullptr);
  ASSERT_EQ(n.stat_slots, 3u);
  Stepper s = start_region_stepper(Grid(3, 3, Tile::Floor), connectivity(8));
  EXPECT_EQ(s.stats().size(), n.stat_slots);
  const std::array<std::int64_t, 3> values = {3, 57, 4};
  const std::vector<StatRow> rows = n.stat_rows(values, connectivity(8));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].key, "regions");
  EXPECT_EQ(rows[1].key, "largest_region");
  EXPECT_EQ(rows[2].key, "frontier");
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(std::get<std::int64_t>(rows[i].value), values[i]) << rows[i].key;
    EXPECT_NE(rows[i].text.find(std::to_string(values[i])), std::string::npos) << rows[i].text;
    EXPECT_FALSE(rows[i].label.empty());
  }
}

// Every pseudocode line is lit, over hand-made maps, rooms-and-tunnels maps and caves, with both
// connectivities.
TEST(RegionStepper, EveryLineIsLit) {
  const Narration& n = region_narration();
  std::vector<int> lit(n.pseudocode.size(), 0);
  for (const Grid& g : sample_maps()) {
    for (int conn : {4, 8}) {
      Stepper s = start_region_stepper(g, connectivity(conn), false);
      while (const Step* step = s.next()) {
        ASSERT_GE(step->line, 0);
        ASSERT_LT(step->line, static_cast<int>(lit.size()));
        ++lit[static_cast<std::size_t>(step->line)];
      }
    }
  }
  for (std::size_t line = 0; line < lit.size(); ++line) {
    EXPECT_GT(lit[line], 0) << "never lit: " << n.pseudocode[line];
  }
}

// Each step lights the line its event performs (the independent table above), at its level, and
// the map shows what the event says happened.
TEST(RegionStepper, EachStepLightsTheLineOfItsEvent) {
  const Narration& n = region_narration();
  for (const Grid& g : sample_maps()) {
    for (int conn : {4, 8}) {
      const ParamValues params = connectivity(conn);
      const RegionMap fast = label_regions(g, conn);
      Timeline t(start_region_stepper(g, params));
      std::uint64_t k = 0;
      while (const Step* step = t.next()) {
        ++k;
        const Event& e = step->event;
        const Grid& now = t.grid();
        SCOPED_TRACE("step " + std::to_string(k) + ": " + n.words(*step, params));
        ASSERT_EQ(step->line, line_of(e.kind));
        ASSERT_EQ(step->level, level_of(e.kind));
        ASSERT_EQ(step->last, e.kind == kDone);
        ASSERT_EQ(k == 1, e.kind == kBegin);
        ASSERT_TRUE(t.draws_at(k).empty()) << "the labelling draws nothing";
        const auto frontier = std::ranges::count(mark_layer(now), Mark::Frontier);
        switch (e.kind) {
          case kBegin:
            ASSERT_EQ(region_layer(now), std::vector<std::int32_t>(g.size(), -1));
            ASSERT_EQ(e.value, static_cast<int>(g.count_walkable()));
            break;
          case kStart: {
            // The first walkable cell with no region in row-major order, alone on the frontier.
            const std::size_t at = g.index(e.at.x, e.at.y);
            ASSERT_EQ(now.mark(at), Mark::Frontier);
            ASSERT_EQ(now.region(at), -1);
            ASSERT_EQ(frontier, 1);
            for (std::size_t i = 0; i < at; ++i) {
              if (is_walkable(g.tile(i))) {
                ASSERT_GE(now.region(i), 0) << i;
              }
            }
            ASSERT_EQ(fast.labels[at], e.id);
            ASSERT_EQ(step->overlay.point_of(Role::Cursor), e.at);
            break;
          }
          case kVisit: {
            const std::size_t at = g.index(e.at.x, e.at.y);
            ASSERT_EQ(now.region(at), e.id);
            ASSERT_EQ(now.mark(at), Mark::None);
            ASSERT_EQ(e.value, frontier);
            ASSERT_EQ(step->overlay.point_of(Role::Cursor), e.at);
            // Its neighbours are now in the region or on the frontier, none left unseen.
            for (int dy = -1; dy <= 1; ++dy) {
              for (int dx = -1; dx <= 1; ++dx) {
                if (conn == 4 && dx != 0 && dy != 0) continue;
                if (!g.in_bounds(e.at.x + dx, e.at.y + dy)) continue;
                const std::size_t nb = g.index(e.at.x + dx, e.at.y + dy);
                if (!is_walkable(g.tile(nb))) continue;
                ASSERT_TRUE(now.region(nb) == e.id || now.mark(nb) == Mark::Frontier);
              }
            }
            break;
          }
          case kRegionDone: {
            // The frontier is empty and the region is whole: its cells and bounding box.
            ASSERT_EQ(frontier, 0);
            int cells = 0, x0 = g.width(), y0 = g.height(), x1 = -1, y1 = -1;
            for (std::size_t i = 0; i < g.size(); ++i) {
              if (now.region(i) != e.id) continue;
              ++cells;
              const Point c = g.point(i);
              x0 = std::min(x0, c.x), y0 = std::min(y0, c.y);
              x1 = std::max(x1, c.x), y1 = std::max(y1, c.y);
            }
            ASSERT_EQ(e.value, cells);
            ASSERT_EQ(e.value, fast.sizes[static_cast<std::size_t>(e.id)]);
            const Rect box{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
            ASSERT_EQ(e.rect, box);
            // The region just labelled is drawn as finished (not as an accepted candidate).
            ASSERT_EQ(step->overlay.rect_of(Role::Finished), box);
            ASSERT_FALSE(step->overlay.has(Role::Accepted) || step->overlay.has(Role::Candidate));
            ASSERT_EQ(step->overlay.point_of(Role::Cursor), e.at);
            break;
          }
          case kDone:
            ASSERT_EQ(frontier, 0);
            ASSERT_EQ(region_layer(now), fast.labels);
            ASSERT_EQ(e.value, fast.count());
            break;
          default:
            FAIL() << "unknown event kind " << int{e.kind};
        }
      }
      ASSERT_TRUE(t.at_end());
    }
  }
}

// The stats are exact at every step, counted from the grid, and step back exactly: walk forward
// to the end, then back to the start through the timeline, comparing Timeline::stats() at each
// cursor with the grid's own count and with the start events seen so far.
TEST(RegionStepper, StatsAreExactForwardAndBack) {
  std::vector<Grid> maps = {from_rows({"..##..", "..#...", "..#.##", "..#.#."}),
                            from_rows({"......", ".####.", "......", "##.###", "......"}),
                            rooms_map(4, 40, 25, 10, 4, 7), cave(30, 18, 45, 1, 5, 9)};
  for (const Grid& g : maps) {
    for (int conn : {4, 8}) {
      Timeline t(start_region_stepper(g, connectivity(conn)));
      std::vector<std::int64_t> starts_before = {0};  // start events in steps 1..k
      while (const Step* step = t.next()) {
        starts_before.push_back(starts_before.back() + (step->event.kind == kStart));
        const auto want = counted_stats(t.grid(), step);
        ASSERT_EQ(stats_of(t.stats()), want) << "step " << t.cursor();
        ASSERT_EQ(t.stats()[kRegionsSlot], starts_before.back());
      }
      const RegionMap fast = label_regions(g, conn);
      const std::int64_t largest =
          fast.sizes.empty() ? 0 : *std::max_element(fast.sizes.begin(), fast.sizes.end());
      ASSERT_EQ(stats_of(t.stats()), (std::vector<std::int64_t>{fast.count(), largest, 0}));
      while (t.back()) {
        const std::uint64_t k = t.cursor();
        ASSERT_EQ(stats_of(t.stats()), counted_stats(t.grid(), t.current())) << "back at " << k;
        ASSERT_EQ(t.stats()[kRegionsSlot], starts_before[k]);
      }
      ASSERT_EQ(t.cursor(), 0u);
      ASSERT_EQ(stats_of(t.stats()), (std::vector<std::int64_t>{0, 0, 0}));
    }
  }
}

// The frontier row is the number of cells marked Frontier on the map, at every step.
TEST(RegionStepper, FrontierStatIsTheMarkedFrontier) {
  const Grid g = from_rows({"....#...", ".##.#.#.", "....#...", "###.####", "..#....."});
  for (int conn : {4, 8}) {
    Stepper s = start_region_stepper(g, connectivity(conn));
    std::int64_t most = 0;
    while (s.next()) {
      const auto marked = std::ranges::count(mark_layer(s.grid()), Mark::Frontier);
      ASSERT_EQ(s.stats()[kFrontierSlot], marked) << "step " << s.steps_taken();
      most = std::max(most, s.stats()[kFrontierSlot]);
    }
    EXPECT_GT(most, 1);
    EXPECT_EQ(s.stats()[kFrontierSlot], 0);
  }
}

// Words number regions from 1, like the glyphs and the pseudocode's k.
TEST(RegionStepper, WordsNumberRegionsFromOne) {
  const Grid g = from_rows({"..##..", "..#...", "..#.##", "..#.#."});
  const ParamValues params = connectivity(8);
  const Narration& n = region_narration();
  Stepper s = start_region_stepper(g, params);
  std::vector<std::string> all;
  while (const Step* step = s.next()) {
    const std::string words = n.words(*step, params);
    all.push_back(words);
    const Event& e = step->event;
    if (e.kind == kStart || e.kind == kVisit || e.kind == kRegionDone) {
      EXPECT_NE(words.find("region " + std::to_string(e.id + 1)), std::string::npos) << words;
    }
    if (e.kind == kStart || e.kind == kVisit) {
      EXPECT_NE(words.find(xy_text(e.at)), std::string::npos) << words;
    }
    if (e.kind == kStart || e.kind == kRegionDone) {
      EXPECT_EQ(n.caption(*step, params).rfind("region " + std::to_string(e.id + 1), 0), 0u);
    }
  }
  EXPECT_EQ(all[1],
            "region 1 starts at (0,0), the first walkable cell with no region: it goes "
            "on the frontier");
  EXPECT_EQ(all.back(), "every walkable cell has a region: done, 3 regions");
  EXPECT_NE(std::find(all.begin(), all.end(),
                      "the frontier is empty: region 3 is done, 1 cell (bounding box 1x1 at "
                      "(5,3))"),
            all.end());
  for (const std::string& w : all) EXPECT_EQ(w.find("region 0"), std::string::npos) << w;
}

TEST(RegionsCli, JsonHasRegionsObjectMatchingTheFastPath) {
  for (const GeneratorSpec* spec : all_generators()) {
    for (const std::string conn : {"4", "8"}) {
      const CliResult r = cli({"generate", std::string(spec->name), "--seed", "3", "--regions",
                               "--connectivity", conn, "--format", "json"});
      ASSERT_EQ(r.code, kExitOk) << r.err;
      const auto j = nlohmann::json::parse(r.out);
      const RegionSummary want = summarize(label_regions(generated(*spec, 3), std::stoi(conn)));
      const auto& regions = j.at("regions");
      EXPECT_EQ(regions.at("connectivity"), std::stoi(conn));
      EXPECT_EQ(regions.at("count"), want.count);
      EXPECT_EQ(regions.at("sizes").get<std::vector<int>>(), want.sizes_desc);
      EXPECT_NEAR(regions.at("largest_fraction").get<double>(), want.largest_fraction, 1e-6);
      EXPECT_TRUE(std::is_sorted(want.sizes_desc.rbegin(), want.sizes_desc.rend()));
    }
  }
  const CliResult plain =
      cli({"generate", std::string(all_generators()[0]->name), "--format", "json"});
  EXPECT_FALSE(nlohmann::json::parse(plain.out).contains("regions"));
}

// Every walkable cell prints its region's glyph (1-based: the first region is '1'); every other
// cell prints as it does without --regions.
TEST(RegionsCli, TextPrintsEachWalkableCellAsItsRegionGlyph) {
  for (const GeneratorSpec* spec : all_generators()) {
    const std::string name(spec->name);
    const CliResult r = cli({"generate", name, "--seed", "8", "--regions"});
    const CliResult plain = cli({"generate", name, "--seed", "8"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    ASSERT_EQ(plain.code, kExitOk) << plain.err;
    const Grid g = generated(*spec, 8);
    const RegionMap regions = label_regions(g, 8);
    std::istringstream in(r.out), plain_in(plain.out);
    std::string line, plain_line;
    bool saw_first = false;
    for (int y = 0; y < g.height(); ++y) {
      ASSERT_TRUE(std::getline(in, line));
      ASSERT_TRUE(std::getline(plain_in, plain_line));
      ASSERT_EQ(line.size(), static_cast<std::size_t>(g.width()));
      for (int x = 0; x < g.width(); ++x) {
        const std::size_t i = g.index(x, y);
        const char want = is_walkable(g.tile(i)) ? region_glyph(regions.labels[i])
                                                 : plain_line[static_cast<std::size_t>(x)];
        ASSERT_EQ(line[static_cast<std::size_t>(x)], want) << name << " " << x << "," << y;
        saw_first |= is_walkable(g.tile(i)) && line[static_cast<std::size_t>(x)] == '1';
      }
    }
    EXPECT_FALSE(std::getline(in, line));
    EXPECT_EQ(saw_first, regions.count() > 0) << name;
  }
}

TEST(RegionsCli, TextUsesTheOverflowGlyphPast61Regions) {
  if (!find_generator("cellular-caves")) GTEST_SKIP() << "cellular-caves is not registered";
  // Dense, barely smoothed caves on a big map have hundreds of pockets.
  const CliResult r =
      cli({"generate", "cellular-caves", "--width", "200", "--height", "100", "--passes", "0",
           "--fill-percent", "20", "--regions", "--connectivity", "4"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_NE(r.out.find(kRegionGlyphOverflow), std::string::npos);
  EXPECT_NE(r.out.find('Z'), std::string::npos);
}

TEST(RegionsCli, BadConnectivityIsExit2WithOneLine) {
  const std::string name(all_generators()[0]->name);
  for (const std::string bad : {"5", "0", "x"}) {
    const CliResult r = cli({"generate", name, "--regions", "--connectivity", bad});
    EXPECT_EQ(r.code, kExitBadInput);
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("--connectivity"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("4 or 8"), std::string::npos) << r.err;
  }
}

TEST(Regions, ReusedLabellerGivesTheSameLabelsAsAFreshOne) {
  // Reused memory is not cleared between calls: shrink, grow and switch connectivity.
  RegionLabeller labeller;
  Rng rng(3);
  const std::pair<int, int> sizes[] = {{130, 70}, {20, 9}, {64, 64}, {1, 1}, {200, 3}, {65, 2}};
  for (const auto& [w, h] : sizes) {
    Grid g(w, h, Tile::Wall);
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (rng.chance_percent(55)) g.put(i, {Tile::Floor});
    }
    for (int conn : {8, 4}) {
      const RegionMap want = label_regions(g, conn);
      const RegionMap& got = labeller.label(g, conn);
      EXPECT_EQ(got.labels, want.labels) << w << "x" << h;
      EXPECT_EQ(got.sizes, want.sizes);
      EXPECT_EQ(got.connectivity, conn);
      EXPECT_EQ(want.labels, naive_labels(g, conn));
    }
  }
}
