#include <gtest/gtest.h>

#include <algorithm>
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
#include "generators/cellular_caves.hpp"
#include "generators/registry.hpp"

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

// Runs the stepper to the end and checks it against the fast path and its own step contract.
void check_stepper(const Grid& g, int conn, const RegionMap& fast) {
  Stepper s = start_region_stepper(g, connectivity(conn), false);
  int cells = 0, regions = 0;
  const Step* last = nullptr;
  bool visited_ok = true;
  while (const Step* step = s.next()) {
    last = step;
    if (step->level == StepLevel::Cell) {
      ++cells;
      visited_ok &= s.grid().region(g.index(step->event.at.x, step->event.at.y)) == step->event.id;
    } else if (step->level == StepLevel::Feature) {
      ASSERT_EQ(step->event.id, regions);
      ASSERT_EQ(step->event.value, fast.sizes[static_cast<std::size_t>(regions)]);
      ++regions;
    }
  }
  ASSERT_TRUE(visited_ok) << "a cell step's cell does not carry its region";
  ASSERT_NE(last, nullptr);
  ASSERT_EQ(last->level, StepLevel::Phase);
  ASSERT_EQ(last->event.value, fast.count());
  ASSERT_EQ(regions, fast.count());
  ASSERT_EQ(static_cast<std::size_t>(cells), g.count_walkable());
  ASSERT_EQ(s.grid().regions(), fast.labels);
  ASSERT_EQ(s.grid().tiles(), g.tiles());
  // No frontier left behind.
  ASSERT_EQ(std::count(s.grid().marks().begin(), s.grid().marks().end(), Mark::None),
            static_cast<std::ptrdiff_t>(g.size()));
}

Grid generated(const GeneratorSpec& spec, std::uint64_t seed) {
  Stepper s = start_generator(spec, spec.schema.defaults(), seed, false);
  run_to_end(s);
  return s.grid();
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

TEST(Regions, GlyphsFollowTheSeriesThenOverflow) {
  EXPECT_EQ(region_glyph(0), '0');
  EXPECT_EQ(region_glyph(9), '9');
  EXPECT_EQ(region_glyph(10), 'a');
  EXPECT_EQ(region_glyph(35), 'z');
  EXPECT_EQ(region_glyph(36), 'A');
  EXPECT_EQ(region_glyph(61), 'Z');
  EXPECT_EQ(region_glyph(62), kRegionGlyphOverflow);
  EXPECT_EQ(region_glyph(100000), kRegionGlyphOverflow);
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
    }
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
  const GeneratorSpec& spec = cellular_caves_spec();
  const int fills[] = {0, 100, 55, 40};
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    ParamValues p(spec.schema);
    p.set_clamped("width", seed % 2 ? 4 : 67);
    p.set_clamped("height", seed % 3 ? 33 : 4);
    p.set_clamped("fill_percent", fills[seed % 4]);
    p.set_clamped("passes", static_cast<int>(seed % 5));
    p.set_clamped("floor_threshold", static_cast<int>(seed % 10));
    Stepper s = start_generator(spec, p, seed, false);
    run_to_end(s);
    for (int conn : {4, 8}) {
      const RegionMap r = label_regions(s.grid(), conn);
      check_properties(s.grid(), r);
      check_stepper(s.grid(), conn, r);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(RegionStepper, ShowsTheFrontierWhileARegionGrows) {
  const Grid g = from_rows({"......", ".####.", "......", "##.###", "......"});
  Timeline t(start_region_stepper(g, connectivity(4)));
  bool saw_frontier = false;
  while (const Step* step = t.next()) {
    ASSERT_LT(step->line, static_cast<int>(region_pseudocode().size()));
    EXPECT_FALSE(describe(step->event).empty());
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
      ASSERT_TRUE(step->overlay.cursor.has_value());
      EXPECT_EQ(*step->overlay.cursor, step->event.at);
    }
  }
  EXPECT_TRUE(saw_frontier);
  EXPECT_EQ(t.grid().regions(), label_regions(g, 4).labels);
}

TEST(RegionStepper, ClearsOldRegionsAndMarksAndKeepsTheMap) {
  Grid g = from_rows({"..#", "#..", "..."});
  Cell c = g.cell(0);
  c.region = 5;
  c.mark = Mark::Frontier;
  g.put(0, c);
  g.put(2, {Tile::Wall, Mark::Frontier, -1, 9});
  Stepper s = start_region_stepper(g, connectivity(8));
  EXPECT_EQ(s.grid().regions(), std::vector<std::int32_t>(9, -1));
  for (Mark m : s.grid().marks()) EXPECT_EQ(m, Mark::None);
  run_to_end(s);
  EXPECT_EQ(s.grid().regions(), label_regions(g, 8).labels);
  EXPECT_EQ(s.grid().tiles(), g.tiles());
}

TEST(RegionStepper, RejectsBadParameters) {
  const Grid g(4, 4, Tile::Floor);
  EXPECT_THROW(start_region_stepper(g, ParamValues{}), std::invalid_argument);
  EXPECT_THROW(start_region_stepper(g, cellular_caves_spec().schema.defaults()),
               std::invalid_argument);
}

TEST(RegionStepper, OneAtATimeBatchAndScrubbingGiveTheSameGrid) {
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const Grid map = generated(cellular_caves_spec(), seed);
    const int conn = seed % 2 ? 4 : 8;
    Stepper batch = start_region_stepper(map, connectivity(conn), false);
    run_to_end(batch);

    Timeline t(start_region_stepper(map, connectivity(conn)));
    std::vector<std::uint64_t> checkpoints;
    std::vector<Grid> grids;
    for (std::uint64_t k = 1; t.next(); ++k) {
      if (k % 997 == 0) {
        checkpoints.push_back(k);
        grids.push_back(t.grid());
      }
    }
    ASSERT_EQ(t.grid(), batch.grid());
    const std::uint64_t end = t.cursor();
    t.seek(0);
    EXPECT_EQ(t.grid().regions(), std::vector<std::int32_t>(map.size(), -1));
    for (std::size_t i = checkpoints.size(); i-- > 0;) {
      t.seek(checkpoints[i]);
      ASSERT_EQ(t.grid(), grids[i]);
      t.seek(checkpoints[i] / 2);
    }
    t.seek(end);
    ASSERT_EQ(t.grid(), batch.grid());
  }
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
  const CliResult plain = cli({"generate", "cellular-caves", "--format", "json"});
  EXPECT_FALSE(nlohmann::json::parse(plain.out).contains("regions"));
}

TEST(RegionsCli, TextPrintsEachWalkableCellAsItsRegionGlyph) {
  const CliResult r = cli({"generate", "cellular-caves", "--seed", "8", "--regions"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const Grid g = generated(cellular_caves_spec(), 8);
  const RegionMap regions = label_regions(g, 8);
  std::istringstream in(r.out);
  std::string line;
  for (int y = 0; y < g.height(); ++y) {
    ASSERT_TRUE(std::getline(in, line));
    ASSERT_EQ(line.size(), static_cast<std::size_t>(g.width()));
    for (int x = 0; x < g.width(); ++x) {
      const std::size_t i = g.index(x, y);
      const char want = is_walkable(g.tile(i)) ? region_glyph(regions.labels[i]) : '#';
      ASSERT_EQ(line[static_cast<std::size_t>(x)], want) << x << "," << y;
    }
  }
  EXPECT_FALSE(std::getline(in, line));
}

TEST(RegionsCli, TextUsesTheOverflowGlyphPast62Regions) {
  // Dense, barely smoothed caves on a big map have hundreds of pockets.
  const CliResult r =
      cli({"generate", "cellular-caves", "--width", "200", "--height", "100", "--passes", "0",
           "--fill-percent", "20", "--regions", "--connectivity", "4"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_NE(r.out.find(kRegionGlyphOverflow), std::string::npos);
  EXPECT_NE(r.out.find('Z'), std::string::npos);
}

TEST(RegionsCli, BadConnectivityIsExit2WithOneLine) {
  for (const std::string bad : {"5", "0", "x"}) {
    const CliResult r = cli({"generate", "cellular-caves", "--regions", "--connectivity", bad});
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
