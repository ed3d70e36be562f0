#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "cli/cli.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/cellular_caves.hpp"
#include "generators/registry.hpp"

using namespace dungen;

namespace {

const GeneratorSpec& caves() {
  return cellular_caves_spec();
}

// The rule as the issue states it, one cell at a time, with nothing shared with the kernel.
std::vector<Tile> naive_pass(const std::vector<Tile>& in, int w, int h, int threshold,
                             bool border) {
  std::vector<Tile> out(in.size());
  const Tile* src = in.data();  // raw pointers: these tests also run unoptimised under ASan
  Tile* dst = out.data();
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      int floors = 0;
      for (int ny = y - 1; ny <= y + 1; ++ny) {
        for (int nx = x - 1; nx <= x + 1; ++nx) {
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;  // outside counts as wall
          if (src[ny * w + nx] == Tile::Floor) ++floors;
        }
      }
      const bool edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
      dst[y * w + x] = (border && edge) || floors < threshold ? Tile::Wall : Tile::Floor;
    }
  }
  return out;
}

std::vector<Tile> random_tiles(Rng& rng, int w, int h, int percent) {
  std::vector<Tile> t(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  for (Tile& c : t) c = rng.chance_percent(percent) ? Tile::Floor : Tile::Wall;
  return t;
}

ParamValues params(int w, int h, int fill, int passes, int threshold, int border) {
  ParamValues p(caves().schema);
  EXPECT_FALSE(p.set("width", w));
  EXPECT_FALSE(p.set("height", h));
  EXPECT_FALSE(p.set("fill_percent", fill));
  EXPECT_FALSE(p.set("passes", passes));
  EXPECT_FALSE(p.set("floor_threshold", threshold));
  EXPECT_FALSE(p.set("border", border));
  return p;
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
    if (step->level != StepLevel::Phase) continue;
    const std::vector<Tile>& now = s.grid().tiles();
    if (phases > 0) {
      ASSERT_EQ(now, naive_pass(before, w, h, threshold, border))
          << "seed " << seed << " pass " << phases;
    }
    int floors = 0;
    bool vocabulary = true;
    for (const Tile* t = now.data(); t != now.data() + now.size(); ++t) {
      floors += *t == Tile::Floor;
      vocabulary &= *t == Tile::Floor || *t == Tile::Wall;
    }
    ASSERT_TRUE(vocabulary) << "seed " << seed;
    if (border) {
      bool edge_is_wall = true;
      for (int x = 0; x < w; ++x) {
        edge_is_wall &= now[static_cast<std::size_t>(x)] == Tile::Wall;
        edge_is_wall &= now[static_cast<std::size_t>((h - 1) * w + x)] == Tile::Wall;
      }
      for (int y = 0; y < h; ++y) {
        edge_is_wall &= now[static_cast<std::size_t>(y * w)] == Tile::Wall;
        edge_is_wall &= now[static_cast<std::size_t>(y * w + w - 1)] == Tile::Wall;
      }
      ASSERT_TRUE(edge_is_wall) << "seed " << seed;
    }
    ASSERT_EQ(step->counters.cells, floors);
    before = now;
    ++phases;
  }
  EXPECT_EQ(phases, p.get_int("passes") + 1);
  EXPECT_TRUE(s.layout().rooms.empty());
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
  EXPECT_EQ(caves().background, Tile::Wall);
}

TEST(CellularCaves, BadParametersAreSchemaErrors) {
  ParamValues p(caves().schema);
  EXPECT_TRUE(p.set("floor_threshold", 10));
  EXPECT_TRUE(p.set("floor_threshold", -1));
  EXPECT_TRUE(p.set("fill_percent", 101));
  EXPECT_TRUE(p.set("passes", -1));
  EXPECT_TRUE(p.set("border", 2));
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
  Stepper s = start_generator(caves(), params(30, 20, 100, 2, 0, 1), 1, false);
  run_to_end(s);
  EXPECT_EQ(s.grid().count_walkable(), 28u * 18u);
  // The border changes only the edge: the interior's random draws are the same.
  Stepper a = start_generator(caves(), params(30, 20, 50, 0, 5, 0), 3, false);
  Stepper b = start_generator(caves(), params(30, 20, 50, 0, 5, 1), 3, false);
  run_to_end(a);
  run_to_end(b);
  for (int y = 1; y < 19; ++y) {
    for (int x = 1; x < 29; ++x) EXPECT_EQ(a.grid().at(x, y), b.grid().at(x, y));
  }
  // 50% fill lands near half floor on a large map.
  Stepper big = start_generator(caves(), params(400, 400, 50, 0, 5, 0), 11, false);
  run_to_end(big);
  const double f = static_cast<double>(big.grid().count_walkable()) / 160000.0;
  EXPECT_NEAR(f, 0.5, 0.01);
}

TEST(CellularCaves, StepsAreOneActionPerRowAndOnePhasePerPass) {
  const ParamValues p = params(37, 11, 50, 4, 5, 0);
  Stepper s = start_generator(caves(), p, 3, true);
  int actions = 0, phases = 0;
  while (const Step* step = s.next()) {
    ASSERT_NE(step->level, StepLevel::Cell);
    ASSERT_NE(step->level, StepLevel::Feature);
    if (step->level == StepLevel::Action) {
      // A row step changes only cells of its own row, and says how many.
      const int row = step->event.id;
      EXPECT_EQ(step->overlay.candidate, (Rect{0, row, 37, 1}));
      for (const CellChange& c : s.changes()) EXPECT_EQ(s.grid().point(c.index).y, row);
      if (step->event.kind == EventKind::CaveRow) {
        EXPECT_EQ(step->event.value, static_cast<int>(s.changes().size()));
      }
      EXPECT_FALSE(describe(step->event).empty());
      ++actions;
    } else {
      EXPECT_TRUE(step->event.kind == EventKind::CaveFilled ||
                  step->event.kind == EventKind::CavePass);
      ++phases;
    }
    ASSERT_LT(step->line, static_cast<int>(caves().pseudocode.size()));
  }
  EXPECT_EQ(actions, 11 * 5);
  EXPECT_EQ(phases, 5);
}

TEST(CellularCaves, BatchSteppedAndTimelineScrubbingGiveTheSameGrid) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const ParamValues p = params(60, 25, 48, 3, 5, static_cast<int>(seed % 2));
    Stepper batch = start_generator(caves(), p, seed, false);
    run_to_end(batch);

    Timeline t(start_generator(caves(), p, seed, true));
    std::vector<Grid> at;  // the grid after each step, stepping one at a time
    at.push_back(t.grid());
    while (t.next()) at.push_back(t.grid());
    ASSERT_EQ(t.grid(), batch.grid());
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
    ASSERT_EQ(t.grid(), batch.grid());
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

TEST(CellularCaves, CliJsonHasFloorFractionOfTheMap) {
  std::ostringstream out, err;
  ASSERT_EQ(run_cli({"generate", "cellular-caves", "--seed", "4", "--format", "json"}, out, err),
            kExitOk);
  const auto j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["width"], 160);
  EXPECT_EQ(j["height"], 50);
  Stepper s = start_generator(caves(), caves().schema.defaults(), 4, false);
  run_to_end(s);
  // The JSON writer prints 6 significant digits.
  EXPECT_NEAR(j["stats"]["floor_fraction"].get<double>(),
              static_cast<double>(s.grid().count_walkable()) / 8000.0, 1e-6);
}
