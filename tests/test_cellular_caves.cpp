#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generator_kit.hpp"
#include "generators/cave_smoothing.hpp"
#include "generators/cellular_caves.hpp"
#include "generators/registry.hpp"

using namespace dungen;
using namespace dungen::cellular_caves;

namespace {

const GeneratorSpec& caves() {
  return cellular_caves_spec();
}

bool is(const Step& s, Ev e) {
  return s.event.kind == event_kind(e);
}

// The pseudocode line holding `phrase`.
int line_with(std::string_view phrase) {
  return test_support::line_saying(caves(), phrase);
}

// What each kind of step performs, by the words of the line it must light.
int expected_line(const Step& s) {
  if (s.event.kind == kEventBegin) return line_with("fill the map with wall");
  switch (static_cast<Ev>(s.event.kind)) {
    case Ev::FillRow:
    case Ev::FillCell:
      return line_with("floor with probability fill_percent");
    case Ev::Border:
      return line_with(s.event.other < 0 ? "set the map's edge cells to wall"
                                         : "set the new grid's edge cells to wall");
    case Ev::Filled:
      return line_with("the random map is the first grid");
    case Ev::PassStart:
      return line_with("repeat passes times");
    case Ev::RowRead:
    case Ev::CellCount:
      return line_with("count floor cells in its 3x3 block");
    case Ev::RowWritten:
    case Ev::CellRule:
      return line_with("becomes floor if count >= floor_threshold");
    case Ev::PassDone:
      return line_with("the new grid replaces the previous one");
  }
  ADD_FAILURE() << "unknown event kind " << int{s.event.kind};
  return -1;
}

// The rule as the issue states it, one cell at a time, with nothing shared with the kernel.
int naive_count(const std::vector<Tile>& in, int w, int h, int x, int y) {
  int floors = 0;
  for (int ny = y - 1; ny <= y + 1; ++ny) {
    for (int nx = x - 1; nx <= x + 1; ++nx) {
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;  // outside counts as wall
      if (in[static_cast<std::size_t>(ny * w + nx)] == Tile::Floor) ++floors;
    }
  }
  return floors;
}

std::vector<Tile> naive_pass(const std::vector<Tile>& in, int w, int h, int threshold,
                             bool border) {
  std::vector<Tile> out(in.size());
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const bool edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
      out[static_cast<std::size_t>(y * w + x)] =
          (border && edge) || naive_count(in, w, h, x, y) < threshold ? Tile::Wall : Tile::Floor;
    }
  }
  return out;
}

std::vector<Tile> random_tiles(Rng& rng, int w, int h, int percent) {
  std::vector<Tile> t(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  for (Tile& c : t) c = rng.chance_percent(percent) ? Tile::Floor : Tile::Wall;
  return t;
}

// The tiles of `in` (w wide) inside r, row-major: what a step that read r saw.
std::vector<Tile> tiles_in(const std::vector<Tile>& in, int w, const Rect& r) {
  std::vector<Tile> out;
  for (int y = r.y; y < r.bottom(); ++y) {
    for (int x = r.x; x < r.right(); ++x) out.push_back(in[static_cast<std::size_t>(y * w + x)]);
  }
  return out;
}

int floors_in(const std::vector<Tile>& t) {
  return static_cast<int>(std::count(t.begin(), t.end(), Tile::Floor));
}
int differing(const std::vector<Tile>& a, const std::vector<Tile>& b) {
  int n = 0;
  for (std::size_t i = 0; i < a.size(); ++i) n += a[i] != b[i];
  return n;
}

ParamValues params(int w, int h, int fill, int passes, int threshold, int border,
                   int step_cells = 0) {
  return test_support::params_for(caves(), {{"width", w},
                                            {"height", h},
                                            {"fill_percent", fill},
                                            {"passes", passes},
                                            {"floor_threshold", threshold},
                                            {"border", border},
                                            {"step_cells", step_cells}});
}

// The map as the generator made it before the steps were split: the same fill draws, the
// border walled into the fill, then smooth_pass (which walls the border row by row). Fills
// `flips` with the cells each pass changed and `fill_floor` with the fill's floor cells.
std::vector<Tile> reference_map(const ParamValues& p, std::uint64_t seed,
                                std::vector<std::int64_t>* flips = nullptr) {
  const int w = p.get_int("width"), h = p.get_int("height");
  const bool border = p.get("border") != 0;
  Rng rng(seed, Rng::stream_for("cellular-caves"));
  std::vector<Tile> map = random_tiles(rng, w, h, p.get_int("fill_percent"));
  if (border) {
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
          map[static_cast<std::size_t>(y * w + x)] = Tile::Wall;
        }
      }
    }
  }
  std::vector<Tile> next(map.size());
  for (int pass = 0; pass < p.get_int("passes"); ++pass) {
    smooth_pass(map.data(), next.data(), w, h, p.get_int("floor_threshold"), border);
    if (flips) flips->push_back(differing(map, next));
    std::swap(map, next);
  }
  return map;
}

std::vector<StatRow> rows_of(std::span<const std::int64_t> values, const ParamValues& p) {
  return caves().narration.stat_rows(values, p);
}
const StatRow& row_named(const std::vector<StatRow>& rows, std::string_view key) {
  for (const StatRow& r : rows) {
    if (r.key == key) return r;
  }
  ADD_FAILURE() << "no stats row " << key;
  return rows.front();
}

// Runs a cave to the end without recording, checking at every phase step that the pass just
// finished is the naive rule applied to the grid as the previous phase left it, and that
// everything stays inside the map and inside the cave's vocabulary.
void check_run(const ParamValues& p, std::uint64_t seed) {
  const int w = p.get_int("width"), h = p.get_int("height");
  const int threshold = p.get_int("floor_threshold");
  const bool border = p.get("border") != 0;
  Stepper s = start_generator(caves(), p, seed, false);
  std::vector<Tile> before;
  int phases = 0;
  while (const Step* step = s.next()) {
    ASSERT_EQ(s.grid().width(), w);
    ASSERT_EQ(s.grid().height(), h);
    if (!is(*step, Ev::Filled) && !is(*step, Ev::PassDone)) continue;
    ASSERT_EQ(step->level, StepLevel::Phase);
    const std::vector<Tile>& now = s.grid().tiles();
    if (phases > 0) {
      ASSERT_EQ(now, naive_pass(before, w, h, threshold, border))
          << "seed " << seed << " pass " << phases;
    }
    bool vocabulary = true;
    for (const Tile t : now) vocabulary &= t == Tile::Floor || t == Tile::Wall;
    ASSERT_TRUE(vocabulary) << "seed " << seed;
    if (border) {
      bool edge_is_wall = true;
      for (int x = 0; x < w; ++x) edge_is_wall &= s.grid().at(x, 0) == Tile::Wall;
      for (int x = 0; x < w; ++x) edge_is_wall &= s.grid().at(x, h - 1) == Tile::Wall;
      for (int y = 0; y < h; ++y) edge_is_wall &= s.grid().at(0, y) == Tile::Wall;
      for (int y = 0; y < h; ++y) edge_is_wall &= s.grid().at(w - 1, y) == Tile::Wall;
      ASSERT_TRUE(edge_is_wall) << "seed " << seed;
    }
    const std::vector<StatRow> rows = rows_of(s.stats(), p);
    const StatRow& floor = row_named(rows, "floor_fraction");
    // Built piece by piece: gcc 12 warns falsely (-Wrestrict) on "(" + std::string&&.
    std::string want(1, '(');
    want += std::to_string(floors_in(now));
    want += " cell";
    ASSERT_NE(floor.text.find(want), std::string::npos) << floor.text;
    before = now;
    ++phases;
  }
  EXPECT_EQ(phases, p.get_int("passes") + 1);
  EXPECT_TRUE(s.layout().rooms.empty());
}

Rect clipped(Rect r, int w, int h) {
  const int x0 = std::max(r.x, 0), y0 = std::max(r.y, 0);
  const int x1 = std::min(r.right(), w), y1 = std::min(r.bottom(), h);
  return {x0, y0, x1 - x0, y1 - y0};
}
bool on_edge(Point c, int w, int h) {
  return c.x == 0 || c.y == 0 || c.x == w - 1 || c.y == h - 1;
}

// Runs a recording stepper and checks every step against what it did: its line (from the table
// above), level, overlay, changes, draws and event numbers. Adds the lines lit to `lit`.
void check_steps(const ParamValues& p, std::uint64_t seed, std::set<int>* lit = nullptr) {
  const int w = p.get_int("width"), h = p.get_int("height");
  const int fill = p.get_int("fill_percent");
  const int threshold = p.get_int("floor_threshold");
  const int passes = p.get_int("passes");
  const bool cells = p.get("step_cells") != 0;
  SCOPED_TRACE("seed " + std::to_string(seed));
  Stepper s = start_generator(caves(), p, seed, true);
  std::vector<Tile> pass_start;  // the grid the pass in progress reads
  int pass = -1;                 // the pass in progress
  bool in_pass = false, seen_last = false;
  std::uint64_t steps = 0;
  while (const Step* step = s.next()) {
    EXPECT_FALSE(seen_last) << "a step after the last one";
    seen_last = step->last;
    const Step& st = *step;
    const Event& e = st.event;
    const auto changes = s.changes();
    const auto draws = s.draws();
    const std::vector<Tile>& now = s.grid().tiles();
    const std::string said = caves().narration.words(st, p);
    EXPECT_FALSE(said.empty());
    EXPECT_EQ(said.find('?'), std::string::npos) << said;
    EXPECT_EQ(st.line, expected_line(st)) << said;
    if (lit) lit->insert(st.line);
    if (is(st, Ev::PassStart)) in_pass = true;
    EXPECT_EQ(st.overlay.show_phase_changes, in_pass) << said;
    if (!is(st, Ev::FillCell) && !is(st, Ev::FillRow)) {
      EXPECT_TRUE(draws.empty()) << said;
    }
    if (steps++ == 0) {
      EXPECT_EQ(e.kind, kEventBegin);
      EXPECT_EQ(st.level, StepLevel::Phase);
      EXPECT_TRUE(changes.empty());
      EXPECT_EQ(now, std::vector<Tile>(now.size(), Tile::Wall));
      continue;
    }
    switch (static_cast<Ev>(e.kind)) {
      case Ev::FillRow: {
        EXPECT_FALSE(cells);
        EXPECT_EQ(st.level, StepLevel::Action);
        EXPECT_EQ(st.overlay.rect_of(Role::Candidate), (Rect{0, e.id, w, 1}));
        for (const CellChange& c : changes) {
          EXPECT_EQ(s.grid().point(c.index).y, e.id);
          EXPECT_EQ(c.after.tile, Tile::Floor);
        }
        EXPECT_EQ(e.value, static_cast<int>(changes.size()));
        ASSERT_EQ(draws.size(), 1u);
        EXPECT_EQ(draws[0], (Draw{"floor", e.value}));
        break;
      }
      case Ev::FillCell: {
        EXPECT_TRUE(cells);
        EXPECT_EQ(st.level, e.at.x == w - 1 ? StepLevel::Action : StepLevel::Cell);
        EXPECT_EQ(st.overlay.point_of(Role::Cursor), e.at);
        const bool floor = (e.reason & kFloor) != 0;
        EXPECT_EQ(s.grid().at(e.at.x, e.at.y), floor ? Tile::Floor : Tile::Wall);
        EXPECT_EQ(changes.size(), floor ? 1u : 0u);
        if (fill > 0 && fill < 100) {
          ASSERT_EQ(draws.size(), 1u);
          EXPECT_EQ(draws[0], (Draw{"roll", e.value, 0, 99}));
          EXPECT_EQ(floor, e.value < fill);
        } else {
          EXPECT_TRUE(draws.empty());
          EXPECT_EQ(e.value, -1);
          EXPECT_EQ(floor, fill == 100);
        }
        EXPECT_EQ(caves().narration.caption(st, p), floor ? "floor" : "wall");
        break;
      }
      case Ev::Border: {
        EXPECT_EQ(st.level, StepLevel::Action);
        EXPECT_EQ(e.other, in_pass ? pass : -1);
        EXPECT_EQ(e.value, static_cast<int>(changes.size()));
        for (const CellChange& c : changes) {
          EXPECT_TRUE(on_edge(s.grid().point(c.index), w, h));
          EXPECT_EQ(c.after.tile, Tile::Wall);
        }
        for (std::size_t i = 0; i < now.size(); ++i) {
          if (on_edge(s.grid().point(i), w, h)) {
            EXPECT_EQ(now[i], Tile::Wall);
          }
        }
        break;
      }
      case Ev::Filled:
        EXPECT_EQ(st.level, StepLevel::Phase);
        EXPECT_TRUE(changes.empty());
        EXPECT_EQ(e.value, floors_in(now));
        EXPECT_EQ(st.last, passes == 0);
        break;
      case Ev::PassStart:
        EXPECT_EQ(st.level, StepLevel::Cell);
        EXPECT_TRUE(changes.empty());
        EXPECT_EQ(e.id, pass + 1);
        pass = e.id;
        pass_start = now;
        break;
      case Ev::RowRead:
        EXPECT_FALSE(cells);
        EXPECT_EQ(st.level, StepLevel::Action);
        EXPECT_EQ(e.other, pass);
        EXPECT_TRUE(changes.empty());
        EXPECT_EQ(st.overlay.rect_of(Role::Candidate), (Rect{0, e.id, w, 1}));
        {
          // The three rows read, drawn as the pass read them: the grid the pass started from
          // (the row above is already new on the map), or only the frame when too wide.
          const OverlayItem* read = st.overlay.find(Role::Read);
          ASSERT_NE(read, nullptr) << said;
          const Rect band = clipped({0, e.id - 1, w, 3}, w, h);
          EXPECT_EQ(read->rect, band);
          if (static_cast<std::size_t>(band.w) * band.h <= kMaxReadCells) {
            EXPECT_EQ(read->read, tiles_in(pass_start, w, band)) << said;
          } else {
            EXPECT_TRUE(read->read.empty());
          }
        }
        break;
      case Ev::RowWritten: {
        EXPECT_FALSE(cells);
        EXPECT_EQ(st.level, StepLevel::Action);
        EXPECT_EQ(e.other, pass);
        EXPECT_EQ(e.value, static_cast<int>(changes.size()));
        for (const CellChange& c : changes) EXPECT_EQ(s.grid().point(c.index).y, e.id);
        // The row is the rule applied to the grid the pass started from (border not yet).
        for (int x = 0; x < w; ++x) {
          const bool floor = naive_count(pass_start, w, h, x, e.id) >= threshold;
          ASSERT_EQ(s.grid().at(x, e.id), floor ? Tile::Floor : Tile::Wall) << x << "," << e.id;
        }
        break;
      }
      case Ev::CellCount:
      case Ev::CellRule: {
        EXPECT_TRUE(cells);
        const bool rule = is(st, Ev::CellRule);
        EXPECT_EQ(st.level, rule && e.at.x == w - 1 ? StepLevel::Action : StepLevel::Cell);
        EXPECT_EQ(e.other, pass);
        EXPECT_EQ(st.overlay.point_of(Role::Cursor), e.at);
        const OverlayItem* read = st.overlay.find(Role::Read);
        ASSERT_NE(read, nullptr) << said;
        const Rect block = clipped({e.at.x - 1, e.at.y - 1, 3, 3}, w, h);
        EXPECT_EQ(read->rect, block);
        // The block drawn as the pass read it (the grid it started from), so the floors drawn
        // are the floors counted.
        EXPECT_EQ(read->read, tiles_in(pass_start, w, block)) << said;
        EXPECT_EQ(floors_in(read->read), e.value) << said;
        const int count = naive_count(pass_start, w, h, e.at.x, e.at.y);
        EXPECT_EQ(e.value, count);
        if (!rule) {
          EXPECT_TRUE(changes.empty());
          EXPECT_EQ(caves().narration.caption(st, p), std::to_string(count) + " floor");
          break;
        }
        const bool floor = count >= threshold;
        const std::size_t i = s.grid().index(e.at.x, e.at.y);
        EXPECT_EQ(now[i], floor ? Tile::Floor : Tile::Wall);
        const bool flipped = now[i] != pass_start[i];
        EXPECT_EQ(changes.size(), flipped ? 1u : 0u);
        EXPECT_EQ((e.reason & kChanged) != 0, flipped);
        const std::string verdict = std::to_string(count) + (floor ? " >= " : " < ") +
                                    std::to_string(threshold) + (floor ? ": floor" : ": wall");
        EXPECT_EQ(caves().narration.caption(st, p), verdict);
        EXPECT_NE(said.find(verdict), std::string::npos) << said;
        break;
      }
      case Ev::PassDone:
        EXPECT_EQ(st.level, StepLevel::Phase);
        EXPECT_TRUE(changes.empty());
        EXPECT_EQ(e.id, pass);
        EXPECT_EQ(e.value, differing(pass_start, now));
        EXPECT_EQ(now, naive_pass(pass_start, w, h, threshold, p.get("border") != 0));
        EXPECT_EQ(st.last, pass + 1 == passes);
        in_pass = false;
        break;
      default:
        ADD_FAILURE() << "unknown kind " << int{e.kind};
    }
  }
  EXPECT_TRUE(seen_last);
  EXPECT_EQ(pass, passes - 1);
}

struct Case {
  int w, h, fill, passes, threshold, border;
};
constexpr Case kCases[] = {
    {160, 50, 50, 3, 5, 0}, {160, 50, 50, 3, 5, 1}, {37, 11, 45, 4, 4, 1},
    {60, 25, 48, 20, 5, 1}, {40, 40, 100, 2, 0, 1}, {13, 5, 0, 3, 9, 0},
    {80, 30, 60, 1, 6, 1},  {4, 4, 50, 2, 3, 1},    {90, 7, 55, 0, 5, 1},
};
ParamValues params(const Case& c, int step_cells = 0) {
  return params(c.w, c.h, c.fill, c.passes, c.threshold, c.border, step_cells);
}

std::uint64_t fnv(const std::vector<Tile>& tiles) {
  std::uint64_t h = 1469598103934665603ull;
  for (const Tile t : tiles) {
    h ^= static_cast<std::uint8_t>(t);
    h *= 1099511628211ull;
  }
  return h;
}

Grid final_map(const ParamValues& p, std::uint64_t seed) {
  Stepper s = start_generator(caves(), p, seed, false);
  run_to_end(s);
  return s.grid();
}

}  // namespace

TEST(CellularCaves, IsRegisteredWithTheIssueDefaults) {
  ASSERT_EQ(find_generator("cellular-caves"), &caves());
  const ParamValues d = caves().schema.defaults();
  EXPECT_EQ(d.get("width"), 160);
  EXPECT_EQ(d.get("height"), 50);
  EXPECT_EQ(d.get("fill_percent"), 50);
  EXPECT_EQ(d.get("passes"), 3);
  EXPECT_EQ(d.get("floor_threshold"), 5);
  EXPECT_EQ(d.get("border"), 0);
  EXPECT_EQ(d.get("step_cells"), 0);
  EXPECT_EQ(caves().schema.find("step_cells")->kind, ParamKind::Bool);
  EXPECT_EQ(caves().background, Tile::Wall);
}

TEST(CellularCaves, BadParametersAreSchemaErrors) {
  ParamValues p(caves().schema);
  EXPECT_TRUE(p.set("floor_threshold", 10));
  EXPECT_TRUE(p.set("floor_threshold", -1));
  EXPECT_TRUE(p.set("fill_percent", 101));
  EXPECT_TRUE(p.set("passes", -1));
  EXPECT_TRUE(p.set("passes", 21));
  EXPECT_TRUE(p.set("border", 2));
  EXPECT_TRUE(p.set("step_cells", 2));
  EXPECT_EQ(p, caves().schema.defaults());  // a rejected value leaves the old one
}

TEST(CellularCaves, SmoothPassMatchesNaiveRuleForEveryThreshold) {
  Rng rng(99);
  const std::pair<int, int> sizes[] = {{1, 1},   {1, 7},  {9, 1},    {2, 2},          {3, 3},
                                       {17, 11}, {64, 5}, {160, 50}, {kMaxMapSide, 3}};
  for (const auto& [w, h] : sizes) {
    for (const int percent : {0, 30, 50, 70, 100}) {
      const std::vector<Tile> in = random_tiles(rng, w, h, percent);
      for (int threshold = 0; threshold <= 9; ++threshold) {
        for (const bool border : {false, true}) {
          std::vector<Tile> out(in.size(), Tile::Empty);
          smooth_pass(in.data(), out.data(), w, h, threshold, border);
          ASSERT_EQ(out, naive_pass(in, w, h, threshold, border))
              << w << "x" << h << " fill " << percent << " threshold " << threshold << " border "
              << border;
        }
      }
    }
  }
}

// The byte-lane counters of cave_smoothing.cpp against a plain count, at widths around the
// vector lanes (16 and 32 bytes) and the widest map.
TEST(CellularCaves, RowCountersMatchAPlainCount) {
  Rng rng(17);
  for (const int w : {1, 15, 16, 17, 31, 32, 33, 160, kMaxMapSide}) {
    const std::vector<Tile> a = random_tiles(rng, w, 1, 50);
    const std::vector<Tile> b = random_tiles(rng, w, 1, 50);
    int floor = 0, changed = 0;
    for (std::size_t x = 0; x < a.size(); ++x) {
      floor += a[x] == Tile::Floor;
      changed += a[x] != b[x];
    }
    EXPECT_EQ(count_floor(a.data(), w), floor) << w;
    EXPECT_EQ(count_changed(a.data(), b.data(), w), changed) << w;
    EXPECT_EQ(count_changed(a.data(), a.data(), w), 0) << w;
  }
}

// smooth_row alone: a row of floor between two wall rows (kWallRow, as off the map) counts 3
// floors at each inner cell and 2 at the ends (the column outside counts as wall).
TEST(CellularCaves, SmoothRowCountsOffTheMapAsWall) {
  const int w = 8;
  const std::vector<Tile> floor_row(w, Tile::Floor);
  std::vector<Tile> ends_wall(w, Tile::Floor);
  ends_wall.front() = ends_wall.back() = Tile::Wall;
  std::vector<Tile> out(w, Tile::Empty);
  smooth_row(kWallRow, floor_row.data(), kWallRow, out.data(), w, 2);
  EXPECT_EQ(out, floor_row);
  smooth_row(kWallRow, floor_row.data(), kWallRow, out.data(), w, 3);
  EXPECT_EQ(out, ends_wall);
  smooth_row(kWallRow, floor_row.data(), kWallRow, out.data(), w, 4);
  EXPECT_EQ(out, std::vector<Tile>(w, Tile::Wall));
  // Floor above and below too: 9 inside, 6 at the ends.
  smooth_row(floor_row.data(), floor_row.data(), floor_row.data(), out.data(), w, 7);
  EXPECT_EQ(out, ends_wall);
}

TEST(CellularCaves, ThresholdZeroIsAllFloorAndTenIsAllWall) {
  Rng rng(5);
  const std::vector<Tile> in = random_tiles(rng, 20, 10, 50);
  std::vector<Tile> out(in.size());
  smooth_pass(in.data(), out.data(), 20, 10, 0, false);
  EXPECT_EQ(out, std::vector<Tile>(in.size(), Tile::Floor));
  smooth_pass(in.data(), out.data(), 20, 10, 10, false);
  EXPECT_EQ(out, std::vector<Tile>(in.size(), Tile::Wall));
}

TEST(CellularCaves, PassRuleHoldsCellByCellOver1000DefaultSeeds) {
  const ParamValues p = caves().schema.defaults();
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    check_run(p, seed);
    if (HasFatalFailure()) return;
  }
}

TEST(CellularCaves, PassRuleHoldsOver1000SeedsWithExtremeParameters) {
  const int sides[] = {4, 5, 13, 40};
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    // Walk the corners of the parameter space, a different corner for each seed.
    const auto k = static_cast<int>(seed);
    const int w = sides[k % 4];
    const int h = sides[(k / 4) % 4];
    const int fill = (k / 16) % 3 == 0 ? 0 : (k / 16) % 3 == 1 ? 100 : 45;
    const int threshold = (k / 48) % 3 == 0 ? 0 : (k / 48) % 3 == 1 ? 9 : 4;
    const int passes = (k / 144) % 2 == 0 ? 0 : 20;
    const int border = (k / 288) % 2;
    check_run(params(w, h, fill, passes, threshold, border), seed);
    if (HasFatalFailure()) return;
  }
  check_run(params(kMaxMapSide, 4, 50, 3, 5, 1), 7);  // the widest map the kernel takes
  check_run(params(4, 600, 50, 3, 5, 0), 7);
}

TEST(CellularCaves, FillAndBorderBehaveAsDocumented) {
  // All floor then threshold 0 keeps everything floor except a border.
  EXPECT_EQ(final_map(params(30, 20, 100, 2, 0, 1), 1).count_walkable(), 28u * 18u);
  // The border changes only the edge: the interior's random draws are the same.
  const Grid a = final_map(params(30, 20, 50, 0, 5, 0), 3);
  const Grid b = final_map(params(30, 20, 50, 0, 5, 1), 3);
  for (int y = 1; y < 19; ++y) {
    for (int x = 1; x < 29; ++x) EXPECT_EQ(a.at(x, y), b.at(x, y));
  }
  // 50% fill lands near half floor on a large map.
  const double f =
      static_cast<double>(final_map(params(400, 400, 50, 0, 5, 0), 11).count_walkable()) / 160000.0;
  EXPECT_NEAR(f, 0.5, 0.01);
}

// Maps from the implementation before the steps were split (d1711dc), as FNV-1a hashes of the
// tiles, seeds 0..3: the port changed no map.
TEST(CellularCaves, MapsAreThePreviousImplementations) {
  const std::uint64_t old[][4] = {
      {0xe6f792ff88719d1aull, 0xe49ffbb73ecc8d26ull, 0xecfad424d2f42acfull, 0xf0f5169d592ed735ull},
      {0x9ddee681a9a9c6ebull, 0xeda64243187d7b75ull, 0xf065e2ca9c970a73ull, 0x69abf3170b392191ull},
      {0xfae147eacd02d5d3ull, 0x2ab39f011ad3883aull, 0x85a402eed733f33cull, 0x0c6d66a616d11982ull},
      {0xd938f55b72b371e4ull, 0x2222415ba3546adeull, 0x9232b0e0cbb727f9ull, 0x54c385e15921e062ull},
      {0xdba2617963a38f3full, 0xdba2617963a38f3full, 0xdba2617963a38f3full, 0xdba2617963a38f3full},
      {0x43bd3e594dc7d3a6ull, 0x43bd3e594dc7d3a6ull, 0x43bd3e594dc7d3a6ull, 0x43bd3e594dc7d3a6ull},
      {0x3f90ebe00e90ca54ull, 0x8a8f17d8fbeb340aull, 0x3d097ffd11f434f6ull, 0xdb86864efbfbdf9dull},
      {0x9a5b29cb8d3af5afull, 0xf9dbd55202e74853ull, 0xf9dbd55202e74853ull, 0x9a5b29cb8d3af5afull},
      {0x19230600320f4767ull, 0xf5685cd5d8f229fdull, 0xf0381a5f550e7626ull, 0x561a3d999f712df6ull},
  };
  static_assert(std::size(old) == std::size(kCases));
  for (std::size_t i = 0; i < std::size(kCases); ++i) {
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
      for (const int step_cells : {0, 1}) {
        EXPECT_EQ(fnv(final_map(params(kCases[i], step_cells), seed).tiles()), old[i][seed])
            << "case " << i << " seed " << seed << " step_cells " << step_cells;
      }
    }
  }
}

// The border step after each pass gives the map smooth_pass gives walling each row as it goes.
TEST(CellularCaves, MapsMatchTheRowByRowBorderReference) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const auto k = static_cast<int>(seed);
    const ParamValues p = params(5 + k % 37, 4 + (k / 3) % 19, 30 + (k * 7) % 41, k % 6, 3 + k % 4,
                                 (k / 2) % 2, (k / 5) % 2);
    ASSERT_EQ(final_map(p, seed).tiles(), reference_map(p, seed)) << "seed " << seed;
  }
  for (const Case& c : kCases) {
    for (std::uint64_t seed = 10; seed < 15; ++seed) {
      ASSERT_EQ(final_map(params(c), seed).tiles(), reference_map(params(c), seed));
    }
  }
}

TEST(CellularCaves, StepCellsGivesTheSameMapFromTheSameRolls) {
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    const ParamValues rows = params(23, 9, 47, 2, 5, static_cast<int>(seed % 2), 0);
    const ParamValues cells = params(23, 9, 47, 2, 5, static_cast<int>(seed % 2), 1);
    ASSERT_EQ(final_map(rows, seed), final_map(cells, seed)) << seed;
    // Each fill cell's roll is the next below(100) of the generator's RNG.
    Rng rng(seed, Rng::stream_for("cellular-caves"));
    Stepper s = start_generator(caves(), cells, seed, true);
    int rolls = 0;
    while (const Step* step = s.next()) {
      if (!is(*step, Ev::FillCell)) continue;
      ASSERT_EQ(s.draws().size(), 1u);
      EXPECT_EQ(s.draws()[0].value, rng.below(100));
      ++rolls;
    }
    EXPECT_EQ(rolls, 23 * 9);
  }
}

TEST(CellularCaves, EveryStepDoesWhatItsLineSays) {
  for (const Case& c : kCases) {
    for (const int step_cells : {0, 1}) {
      if (step_cells && c.w * c.h * c.passes > 20000) continue;  // keep it fast under ASan
      for (std::uint64_t seed = 0; seed < 3; ++seed) {
        check_steps(params(c, step_cells), seed);
        if (HasFailure()) return;
      }
    }
  }
  check_steps(params(160, 50, 50, 1, 5, 1, 1), 4);
  // Wider than a Read item keeps: the middle rows' three-row bands are drawn as frames only,
  // the top and bottom rows' two-row bands still with their tiles.
  check_steps(params(1100, 4, 50, 1, 5, 1), 1);
}

TEST(CellularCaves, EveryLineIsLitAndBorderLinesOnlyWithBorder) {
  const auto& code = caves().narration.pseudocode;
  const int fill_border = line_with("set the map's edge cells to wall");
  const int pass_border = line_with("set the new grid's edge cells to wall");
  for (const int step_cells : {0, 1}) {
    std::set<int> lit;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      const auto k = static_cast<int>(seed);
      const int border = k % 2;
      const ParamValues p =
          params(6 + k % 9, 4 + k % 5, 35 + k, k % 4, 4 + k % 3, border, step_cells);
      std::set<int> here;
      check_steps(p, seed, &here);
      if (!border) {
        EXPECT_FALSE(here.contains(fill_border)) << seed;
        EXPECT_FALSE(here.contains(pass_border)) << seed;
      }
      lit.insert(here.begin(), here.end());
    }
    for (std::size_t i = 0; i < code.size(); ++i) {
      EXPECT_TRUE(lit.contains(static_cast<int>(i))) << "never lit: " << code[i];
    }
  }
}

TEST(CellularCaves, StepLevelsFollowTheIssue) {
  // Rows: a begin phase, an action per fill row, the border action, the fill's phase; each
  // pass a cell step for its header, two actions per row, the border action and a phase.
  const ParamValues p = params(37, 11, 50, 4, 5, 1);
  int by_level[4] = {};
  Stepper s = start_generator(caves(), p, 3, true);
  while (const Step* step = s.next()) ++by_level[static_cast<int>(step->level)];
  EXPECT_EQ(by_level[int(StepLevel::Cell)], 4);
  EXPECT_EQ(by_level[int(StepLevel::Action)], 11 + 1 + 4 * (2 * 11 + 1));
  EXPECT_EQ(by_level[int(StepLevel::Feature)], 0);
  EXPECT_EQ(by_level[int(StepLevel::Phase)], 1 + 1 + 4);
  // Cells: a cell step per fill cell, two per pass cell, a row's last one an action.
  const ParamValues q = params(37, 11, 50, 4, 5, 0, 1);
  std::fill(std::begin(by_level), std::end(by_level), 0);
  Stepper t = start_generator(caves(), q, 3, true);
  while (const Step* step = t.next()) ++by_level[static_cast<int>(step->level)];
  EXPECT_EQ(by_level[int(StepLevel::Cell)], 36 * 11 + 4 * (1 + 2 * 37 * 11 - 11));
  EXPECT_EQ(by_level[int(StepLevel::Action)], 11 + 4 * 11);
  EXPECT_EQ(by_level[int(StepLevel::Phase)], 1 + 1 + 4);
}

TEST(CellularCaves, StatsAreExactAtTheEndAndBackThroughTheTimeline) {
  for (std::uint64_t seed = 0; seed < 12; ++seed) {
    // Thresholds 3..5: a low one makes the edge cells floor, which the border walls again.
    const ParamValues p =
        params(41, 17, 46, 3 + static_cast<int>(seed % 3), 3 + static_cast<int>(seed % 3),
               static_cast<int>(seed % 2), static_cast<int>(seed / 6));
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::vector<std::int64_t> flips;
    const std::vector<Tile> ref = reference_map(p, seed, &flips);
    // At the end of a batch run.
    Stepper batch = start_generator(caves(), p, seed, false);
    run_to_end(batch);
    const std::vector<StatRow> end = rows_of(batch.stats(), p);
    const StatRow& fraction = row_named(end, "floor_fraction");
    EXPECT_DOUBLE_EQ(std::get<double>(fraction.value), floors_in(ref) / double(41 * 17));
    EXPECT_NE(fraction.text.find("% (" + std::to_string(floors_in(ref)) + " cell"),
              std::string::npos)
        << fraction.text;
    const StatRow& by_pass = row_named(end, "flipped_by_pass");
    EXPECT_EQ(std::get<std::vector<std::int64_t>>(by_pass.value), flips);
    std::string listed;
    for (const std::int64_t f : flips) listed += (listed.empty() ? "" : ", ") + std::to_string(f);
    EXPECT_EQ(by_pass.text, listed);

    // Through a timeline: at every step, going forward and then back, the floor count is the
    // grid's, the finished passes' flips are the reference's and the pass in progress counts
    // the cells that differ from the grid it started from.
    Timeline t(start_generator(caves(), p, seed, true));
    std::vector<std::vector<Tile>> starts;  // the grid each pass started from
    std::vector<int> passes_done{0};        // after each step
    std::vector<int> running{0};
    while (const Step* step = t.next()) {
      int done = passes_done.back(), now = running.back();
      if (is(*step, Ev::PassStart)) {
        starts.push_back(t.grid().tiles());
        now = step->event.id + 1;
      }
      if (is(*step, Ev::PassDone)) ++done, now = 0;
      passes_done.push_back(done);
      running.push_back(now);
    }
    const auto check_at = [&](std::uint64_t k) {
      const std::vector<StatRow> rows = rows_of(t.stats(), p);
      const std::vector<Tile>& g = t.grid().tiles();
      const std::string at = "step " + std::to_string(k);
      std::string want(1, '(');
      want += std::to_string(floors_in(g));
      EXPECT_NE(row_named(rows, "floor_fraction").text.find(want), std::string::npos) << at;
      const auto done = static_cast<std::size_t>(passes_done[k]);
      EXPECT_EQ(std::get<std::vector<std::int64_t>>(row_named(rows, "flipped_by_pass").value),
                std::vector<std::int64_t>(flips.begin(), flips.begin() + done))
          << at;
      EXPECT_EQ(std::get<std::int64_t>(row_named(rows, "passes_done").value), passes_done[k]);
      const std::int64_t so_far =
          running[k] > 0 ? differing(starts[static_cast<std::size_t>(running[k] - 1)], g) : 0;
      EXPECT_EQ(std::get<std::int64_t>(row_named(rows, "flipped_this_pass").value), so_far) << at;
    };
    ASSERT_EQ(t.grid().tiles(), ref);
    const std::uint64_t stride = seed / 6 ? 97 : 7;  // cell steps are many: sample them
    for (std::uint64_t k = t.cursor(); k > 0; k = k > stride ? k - stride : 0) {
      t.seek(k);
      check_at(k);
      if (HasFailure()) return;
    }
    t.seek(0);
    check_at(0);
  }
}

TEST(CellularCaves, WordsCountPassesFromOne) {
  const ParamValues p = params(20, 6, 50, 2, 5, 1, 1);
  Stepper s = start_generator(caves(), p, 2, true);
  std::vector<std::string> said;
  while (const Step* step = s.next()) {
    if (!is(*step, Ev::FillCell) && !is(*step, Ev::CellCount) && !is(*step, Ev::CellRule)) {
      said.push_back(caves().narration.words(*step, p));
    }
  }
  const auto has = [&](std::string_view w) {
    return std::any_of(said.begin(), said.end(),
                       [&](const std::string& line) { return line.find(w) != std::string::npos; });
  };
  EXPECT_TRUE(has("the map is filled with wall (20x6)"));
  EXPECT_TRUE(has("border after the fill: "));
  EXPECT_TRUE(has("pass 1 of 2 begins: it reads the random map"));
  EXPECT_TRUE(has("pass 2 of 2 begins: it reads pass 1's grid"));
  EXPECT_TRUE(has("border after pass 2: "));
  EXPECT_TRUE(has("pass 2 of 2 done: the new grid replaces the previous one"));
  EXPECT_FALSE(has("pass 0"));
  EXPECT_FALSE(has("pass 3"));
}

TEST(CellularCaves, BatchSteppedAndTimelineScrubbingGiveTheSameGrid) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const ParamValues p = params(60, 25, 48, 3, 5, static_cast<int>(seed % 2));
    const Grid batch = final_map(p, seed);

    Timeline t(start_generator(caves(), p, seed, true));
    std::vector<Grid> at;  // the grid after each step, stepping one at a time
    at.push_back(t.grid());
    while (t.next()) at.push_back(t.grid());
    ASSERT_EQ(t.grid(), batch);
    // Back to the start, then to points in between, compared with the one-at-a-time grids.
    t.seek(0);
    ASSERT_EQ(t.grid(), at.front());
    ASSERT_EQ(t.grid(), Grid(60, 25, Tile::Wall));
    for (const std::size_t k : {at.size() / 2, std::size_t{3}, at.size() - 1, std::size_t{40}}) {
      t.seek(k);
      ASSERT_EQ(t.grid(), at[k]) << "seed " << seed << " step " << k;
    }
    while (t.back()) {
    }
    while (t.next()) {
    }
    ASSERT_EQ(t.grid(), batch);
  }
}

TEST(CellularCaves, CliRejectsBadThresholdAndFillWithOneLine) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"generate", "cellular-caves", "--floor-threshold", "10"},
           {"generate", "cellular-caves", "--fill-percent", "101"},
           {"generate", "cellular-caves", "--passes", "-1"}}) {
    std::ostringstream out, err;
    EXPECT_EQ(run_cli(args, out, err), kExitBadInput);
    EXPECT_TRUE(out.str().empty());
    const std::string e = err.str();
    EXPECT_EQ(std::count(e.begin(), e.end(), '\n'), 1) << e;
    EXPECT_NE(e.find(args[2]), std::string::npos) << e;  // names the flag
    EXPECT_NE(e.find("allowed"), std::string::npos) << e;
  }
}

TEST(CellularCaves, CliJsonHasFloorFractionAndFlipsByPass) {
  std::ostringstream out, err;
  ASSERT_EQ(run_cli({"generate", "cellular-caves", "--seed", "4", "--format", "json"}, out, err),
            kExitOk);
  const auto j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["width"], 160);
  EXPECT_EQ(j["height"], 50);
  std::vector<std::int64_t> flips;
  const std::vector<Tile> ref = reference_map(caves().schema.defaults(), 4, &flips);
  // The JSON writer prints 6 significant digits.
  EXPECT_NEAR(j["stats"]["floor_fraction"].get<double>(), floors_in(ref) / 8000.0, 1e-6);
  EXPECT_EQ(j["stats"]["flipped_by_pass"].get<std::vector<std::int64_t>>(), flips);
  EXPECT_EQ(j["stats"]["passes_done"], 3);
}
