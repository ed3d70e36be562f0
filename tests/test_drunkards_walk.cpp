#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/regions.hpp"
#include "cli/cli.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generator_kit.hpp"
#include "generators/drunkards_walk.hpp"
#include "generators/map_promises.hpp"
#include "generators/recent_cells.hpp"
#include "generators/registry.hpp"

using namespace dungen;
using namespace dungen::drunkards_walk;
using test_support::line_saying;

namespace {

const GeneratorSpec& walk() {
  return drunkards_walk_spec();
}

struct Settings {
  int w = 80, h = 45, walkers = 1, start = 0, target = 40, restart_after = 0, bias = 0, border = 1,
      max_steps = 1'000'000;
};

ParamValues params(const Settings& s) {
  ParamValues p(walk().schema);
  EXPECT_FALSE(p.set("width", s.w));
  EXPECT_FALSE(p.set("height", s.h));
  EXPECT_FALSE(p.set("walkers", s.walkers));
  EXPECT_FALSE(p.set("start", s.start));
  EXPECT_FALSE(p.set("target_percent", s.target));
  EXPECT_FALSE(p.set("restart_after", s.restart_after));
  EXPECT_FALSE(p.set("bias_percent", s.bias));
  EXPECT_FALSE(p.set("border", s.border));
  EXPECT_FALSE(p.set("max_steps", s.max_steps));
  return p;
}

// The defaults, and extremes of every parameter: the smallest map with and without its border
// (the 100% target unreachable inside a border), a one-step cap, the most walkers restarting
// after every step with full bias, a target met by the start cell alone, and a mix.
const Settings kExtremes[] = {
    {},
    {.w = 4, .h = 4, .target = 100},
    {.w = 4, .h = 4, .target = 100, .border = 0},
    {.max_steps = 1},
    {.w = 30,
     .h = 20,
     .walkers = 100,
     .start = 1,
     .target = 100,
     .restart_after = 1,
     .bias = 100,
     .border = 0},
    {.w = 8, .h = 8, .target = 1},
    {.w = 60, .h = 30, .walkers = 7, .start = 1, .target = 60, .restart_after = 25, .bias = 50},
    {.w = 41, .h = 5, .walkers = 3, .target = 100, .bias = 100, .max_steps = 500},
};

std::int64_t target_of(const ParamValues& p) {
  return (p.get("target_percent") * p.get("width") * p.get("height") + 99) / 100;
}
std::int64_t enterable_of(const ParamValues& p) {
  const std::int64_t b = p.get("border") != 0 ? 2 : 0;
  return (p.get("width") - b) * (p.get("height") - b);
}

const StatRow& row_named(const std::vector<StatRow>& rows, std::string_view key) {
  for (const StatRow& r : rows) {
    if (r.key == key) return r;
  }
  ADD_FAILURE() << "no stats row " << key;
  return rows.front();
}
std::int64_t stat(const Stepper& s, std::string_view key) {
  return test_support::stat_map(walk(), s).at(std::string(key));
}

int count_tiles(const Grid& g, Tile t) {
  return static_cast<int>(std::count(g.tiles().begin(), g.tiles().end(), t));
}

// The invariants of a finished run: it reached the target or its last step says why not, and
// its floor is one 4-connected region of only wall and floor, with the edge wall under border.
void check_finished(const ParamValues& p, std::uint64_t seed) {
  Stepper s = start_generator(walk(), p, seed, false);
  const Step* last = nullptr;
  while (const Step* step = s.next()) last = step;
  ASSERT_NE(last, nullptr);
  ASSERT_TRUE(last->last);
  const Grid& g = s.grid();
  const int floor = count_tiles(g, Tile::Floor);
  ASSERT_EQ(floor + count_tiles(g, Tile::Wall), g.width() * g.height()) << "seed " << seed;
  const std::int64_t target = target_of(p);
  const std::int64_t outcome = stat(s, "outcome");
  const std::string said = walk().narration.words(*last, p);
  EXPECT_EQ(last->event.reason, outcome);
  EXPECT_EQ(stat(s, "target_reached"), outcome == kReached ? 1 : 0);
  if (outcome == kReached) {
    ASSERT_GE(floor, target) << "seed " << seed;
    EXPECT_EQ(last->line, line_saying(walk(), "done: the target is reached"));
    EXPECT_GE(std::get<double>(
                  row_named(walk().narration.stat_rows(s.stats(), p), "floor_fraction").value),
              static_cast<double>(p.get("target_percent")) / 100.0);
  } else {
    ASSERT_LT(floor, target) << "seed " << seed;
    EXPECT_EQ(last->line, line_saying(walk(), "stop early"));
    EXPECT_EQ(said.rfind("stopped early: ", 0), 0u) << said;
    if (outcome == kStepCap) {
      EXPECT_EQ(stat(s, "walk_steps"), p.get("max_steps")) << "seed " << seed;
      EXPECT_NE(said.find("max_steps = " + std::to_string(p.get("max_steps"))), std::string::npos)
          << said;
    } else {
      ASSERT_EQ(outcome, kNothingLeft) << "seed " << seed;
      EXPECT_EQ(floor, enterable_of(p));
      EXPECT_GT(target, enterable_of(p));
      EXPECT_NE(said.find("are floor, fewer than the target"), std::string::npos) << said;
    }
  }
  EXPECT_LE(stat(s, "walk_steps"), p.get("max_steps"));
  EXPECT_EQ(last->event.value, floor);
  const RegionMap regions = label_regions(g, 4);
  ASSERT_EQ(regions.count(), 1) << "seed " << seed << ": the floor is not one region";
  if (p.get("border") != 0) {
    for (int x = 0; x < g.width(); ++x) {
      ASSERT_EQ(g.at(x, 0), Tile::Wall);
      ASSERT_EQ(g.at(x, g.height() - 1), Tile::Wall);
    }
    for (int y = 0; y < g.height(); ++y) {
      ASSERT_EQ(g.at(0, y), Tile::Wall);
      ASSERT_EQ(g.at(g.width() - 1, y), Tile::Wall);
    }
  }
  ASSERT_TRUE(s.layout().start);
  EXPECT_EQ(g.at(s.layout().start->x, s.layout().start->y), Tile::Floor);
}

// Runs a recording stepper and checks every step against what it did: its line, level,
// overlay, changes and draws, the walkers' turns and moves, and the stats. Adds the lines lit.
void check_steps(const ParamValues& p, std::uint64_t seed, std::set<int>* lit) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  const int walkers = p.get_int("walkers");
  const int bias = p.get_int("bias_percent");
  const std::int64_t restart_after = p.get("restart_after");
  const bool border = p.get("border") != 0;
  const int w = p.get_int("width"), h = p.get_int("height");
  const Rect area = border ? Rect{1, 1, w - 2, h - 2} : Rect{0, 0, w, h};
  const std::int64_t target = target_of(p);
  Stepper s = start_generator(walk(), p, seed, true);
  std::vector<Point> at;                   // each walker's cell
  std::vector<std::int64_t> since;         // its steps since it started
  std::vector<std::vector<Point>> trails;  // its latest cells, as the overlay should show them
  int turn = 0, floor = 0, restarts = 0, biased = 0, last_tenth = 0;
  std::int64_t steps = 0;
  bool seen_last = false;
  while (const Step* step = s.next()) {
    ASSERT_FALSE(seen_last) << "a step after the last one";
    seen_last = step->last;
    const Step& st = *step;
    const Event& e = st.event;
    const auto changes = s.changes();
    const auto draws = s.draws();
    const std::string said = walk().narration.words(st, p);
    EXPECT_EQ(said.find('?'), std::string::npos) << said;
    lit->insert(st.line);
    for (const CellChange& c : changes) {
      EXPECT_EQ(c.before.tile, Tile::Wall);
      EXPECT_EQ(c.after.tile, Tile::Floor);
      EXPECT_TRUE(area.contains(s.grid().point(c.index)));
    }
    floor += static_cast<int>(changes.size());
    if (e.kind == kEventBegin) {
      EXPECT_EQ(st.line, 0);
      EXPECT_TRUE(changes.empty());
      continue;
    }
    if (e.kind == kEventDone) {
      EXPECT_TRUE(st.last);
      EXPECT_EQ(st.level, StepLevel::Phase);
      EXPECT_TRUE(changes.empty());
      EXPECT_EQ(e.value, floor);
      EXPECT_EQ(e.other, steps);
      EXPECT_EQ(st.line, e.reason == kReached ? line_saying(walk(), "done: the target is reached")
                                              : line_saying(walk(), "stop early"));
      continue;
    }
    switch (static_cast<Ev>(e.kind)) {
      case Ev::Placed: {
        EXPECT_EQ(st.line, line_saying(walk(), "put walkers walkers on one cell"));
        EXPECT_EQ(st.level, StepLevel::Action);
        ASSERT_EQ(changes.size(), 1u);
        EXPECT_EQ(s.grid().point(changes[0].index), e.at);
        EXPECT_EQ(st.overlay.point_of(Role::Cursor), e.at);
        EXPECT_EQ(st.overlay.point_of(Role::Walker), e.at);
        if (p.get("start") == 0) {
          EXPECT_EQ(e.at, (Point{w / 2, h / 2}));
          EXPECT_TRUE(draws.empty());
        } else {
          ASSERT_EQ(draws.size(), 2u);
          EXPECT_EQ(draws[0].name, "x");
          EXPECT_EQ(draws[0].value, e.at.x);
          EXPECT_EQ(draws[1].name, "y");
          EXPECT_EQ(draws[1].value, e.at.y);
        }
        at.assign(static_cast<std::size_t>(walkers), e.at);
        since.assign(static_cast<std::size_t>(walkers), 0);
        trails.assign(static_cast<std::size_t>(walkers), {e.at});
        break;
      }
      case Ev::Restart: {
        EXPECT_EQ(st.line, line_saying(walk(), "restart it on a random floor cell"));
        EXPECT_EQ(st.level, StepLevel::Action);
        EXPECT_EQ(e.id, turn);
        EXPECT_EQ(since[static_cast<std::size_t>(turn)], restart_after);
        EXPECT_TRUE(changes.empty());
        EXPECT_EQ(s.grid().at(e.at.x, e.at.y), Tile::Floor);
        ASSERT_EQ(draws.size(), 1u);
        EXPECT_EQ(draws[0], (Draw{"floor_cell", e.other, 0, floor - 1}));
        EXPECT_LT(e.other, floor);
        EXPECT_EQ(st.overlay.point_of(Role::Cursor), e.at);
        EXPECT_EQ(st.overlay.point_of(Role::Walker), e.at);
        at[static_cast<std::size_t>(turn)] = e.at;
        since[static_cast<std::size_t>(turn)] = 0;
        trails[static_cast<std::size_t>(turn)] = {e.at};
        ++restarts;
        break;
      }
      case Ev::Walk: {
        EXPECT_EQ(st.level, StepLevel::Cell);
        EXPECT_EQ(e.id, turn);
        EXPECT_NE(since[static_cast<std::size_t>(turn)], restart_after == 0 ? -1 : restart_after);
        const Point from = at[static_cast<std::size_t>(turn)];
        const Point d = kDirs[e.other];
        EXPECT_EQ(e.at, (Point{from.x + d.x, from.y + d.y})) << said;
        EXPECT_TRUE(area.contains(e.at)) << said;
        EXPECT_EQ(s.grid().at(e.at.x, e.at.y), Tile::Floor);
        const bool carved = (e.reason & kCarved) != 0;
        EXPECT_EQ(changes.size(), carved ? 1u : 0u);
        const bool was_biased = (e.reason & kBiased) != 0;
        EXPECT_EQ(st.line, was_biased ? line_saying(walk(), "step onto a random wall neighbour")
                                      : line_saying(walk(), "else: step onto a random neighbour"));
        if (was_biased) {
          EXPECT_TRUE(carved) << "a biased step goes onto wall";
          ++biased;
        }
        EXPECT_FALSE(was_biased && (e.reason & kNoWallNear) != 0);
        // The bias roll is drawn only when it could go either way, then the direction.
        const bool rolls = bias > 0 && bias < 100;
        ASSERT_EQ(draws.size(), rolls ? 2u : 1u);
        if (rolls) {
          EXPECT_EQ(draws[0].name, "bias");
        }
        EXPECT_EQ(draws.back().name, "dir");
        if (bias == 0) {
          EXPECT_EQ(e.reason & (kBiased | kNoWallNear), 0);
        }
        EXPECT_EQ(st.overlay.point_of(Role::Cursor), e.at);
        EXPECT_EQ(st.overlay.point_of(Role::Walker), e.at);
        // The cells the direction was drawn from: 1 to 4 neighbours of the cell it came from,
        // in the area, in N, E, S, W order: every one it may enter, or (biased) every wall
        // one; the drawn index picks the cell it stepped onto.
        const OverlayItem* choices = st.overlay.find(Role::Choices);
        ASSERT_NE(choices, nullptr) << said;
        ASSERT_GE(choices->cells.size(), 1u) << said;
        ASSERT_LE(choices->cells.size(), 4u) << said;
        for (const Point c : choices->cells) {
          EXPECT_EQ(std::abs(c.x - from.x) + std::abs(c.y - from.y), 1) << said;
          EXPECT_TRUE(area.contains(c)) << said;
        }
        EXPECT_NE(std::find(choices->cells.begin(), choices->cells.end(), e.at),
                  choices->cells.end())
            << said;
        std::vector<Point> expected_choices;
        for (const Point k : kDirs) {
          const Point q{from.x + k.x, from.y + k.y};
          if (!area.contains(q)) continue;
          const bool was_wall = s.grid().at(q.x, q.y) == Tile::Wall || (carved && q == e.at);
          if (!was_biased || was_wall) expected_choices.push_back(q);
        }
        EXPECT_EQ(choices->cells, expected_choices) << said;
        ASSERT_LT(static_cast<std::size_t>(draws.back().value), choices->cells.size());
        EXPECT_EQ(choices->cells[static_cast<std::size_t>(draws.back().value)], e.at) << said;
        // The trail: this walker's latest cells since it started or restarted, at most 8,
        // oldest first, ending on the cell it stepped onto.
        auto& trail = trails[static_cast<std::size_t>(turn)];
        trail.push_back(e.at);
        if (trail.size() > 8) trail.erase(trail.begin());
        const OverlayItem* drawn_trail = st.overlay.find(Role::Trail);
        ASSERT_NE(drawn_trail, nullptr) << said;
        EXPECT_EQ(drawn_trail->cells, trail) << said;
        EXPECT_EQ(e.value, floor);
        at[static_cast<std::size_t>(turn)] = e.at;
        ++since[static_cast<std::size_t>(turn)];
        ++steps;
        turn = (turn + 1) % walkers;
        break;
      }
      case Ev::Checkpoint: {
        EXPECT_EQ(st.line, line_saying(walk(), "while floor cells < target"));
        EXPECT_EQ(st.level, StepLevel::Feature);
        EXPECT_TRUE(changes.empty());
        EXPECT_GT(e.id, last_tenth);
        EXPECT_LE(e.id, 9);
        EXPECT_GE(floor, (e.id * target + 9) / 10);
        EXPECT_LT(floor, target);
        EXPECT_EQ(e.value, floor);
        EXPECT_EQ(e.other, steps);
        last_tenth = e.id;
        break;
      }
      default:
        ADD_FAILURE() << "unknown kind " << int{e.kind};
    }
    EXPECT_EQ(stat(s, "walk_steps"), steps);
    EXPECT_EQ(stat(s, "restarts"), restarts);
    EXPECT_EQ(stat(s, "biased_steps"), biased);
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_TRUE(seen_last);
  EXPECT_EQ(floor, count_tiles(s.grid(), Tile::Floor));
}

}  // namespace

TEST(DrunkardsWalk, IsRegisteredAndBadParametersAreSchemaErrors) {
  ASSERT_EQ(find_generator("drunkards-walk"), &walk());
  EXPECT_EQ(walk().background, Tile::Wall);
  ParamValues p(walk().schema);
  EXPECT_TRUE(p.set("target_percent", 0));
  EXPECT_TRUE(p.set("target_percent", 101));
  EXPECT_TRUE(p.set("walkers", 0));
  EXPECT_TRUE(p.set("walkers", 101));
  EXPECT_TRUE(p.set("max_steps", 0));
  EXPECT_TRUE(p.set("restart_after", -1));
  EXPECT_TRUE(p.set("bias_percent", 101));
  EXPECT_TRUE(p.set("start", 2));
  EXPECT_EQ(p, walk().schema.defaults());
}

TEST(DrunkardsWalk, ReachesTheTargetOrSaysWhyNotAndIsOneRegionOver1000Seeds) {
  // Every extreme gets 1000 seeds too, but the default case dominates the time (about a second).
  for (const Settings& c : kExtremes) {
    const ParamValues p = params(c);
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
      check_finished(p, seed);
      if (HasFailure()) return;
    }
  }
}

TEST(DrunkardsWalk, TheExtremesEndAsTheyMust) {
  // 4x4 inside a border: 4 cells can be floor, the target is 16.
  Stepper boxed = start_generator(walk(), params(kExtremes[1]), 1, false);
  run_to_end(boxed);
  EXPECT_EQ(stat(boxed, "outcome"), kNothingLeft);
  EXPECT_EQ(count_tiles(boxed.grid(), Tile::Floor), 4);
  // Without the border the whole map is carved.
  Stepper open = start_generator(walk(), params(kExtremes[2]), 1, false);
  run_to_end(open);
  EXPECT_EQ(stat(open, "outcome"), kReached);
  EXPECT_EQ(count_tiles(open.grid(), Tile::Floor), 16);
  // One step allowed: two floor cells at most, stopped by the cap.
  Stepper capped = start_generator(walk(), params(kExtremes[3]), 1, false);
  run_to_end(capped);
  EXPECT_EQ(stat(capped, "outcome"), kStepCap);
  EXPECT_EQ(stat(capped, "walk_steps"), 1);
  EXPECT_LE(count_tiles(capped.grid(), Tile::Floor), 2);
  // A 1% target of 64 cells is the start cell: no walk step at all.
  Stepper tiny = start_generator(walk(), params(kExtremes[5]), 1, false);
  const RunResult r = run_to_end(tiny);
  EXPECT_EQ(r.steps, 3u);  // begin, placed, done
  EXPECT_EQ(stat(tiny, "walk_steps"), 0);
  EXPECT_EQ(stat(tiny, "outcome"), kReached);
}

TEST(DrunkardsWalk, EveryStepLightsTheLineItPerformsAndEveryLineIsLit) {
  std::set<int> lit;
  for (const Settings& c : kExtremes) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) check_steps(params(c), seed, &lit);
    if (HasFailure()) return;
  }
  EXPECT_EQ(lit.size(), walk().narration.pseudocode.size());
}

TEST(DrunkardsWalk, BiasSpreadsTheCaveAndRestartsFollowTheirParameter) {
  // With full bias a walker next to wall always carves, so the same target takes fewer steps.
  std::int64_t plain = 0, biased = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Stepper a = start_generator(walk(), params({}), seed, false);
    run_to_end(a);
    plain += stat(a, "walk_steps");
    Stepper b = start_generator(walk(), params({.bias = 100}), seed, false);
    run_to_end(b);
    biased += stat(b, "walk_steps");
    EXPECT_GT(stat(b, "biased_steps"), 0);
  }
  EXPECT_LT(biased, plain);
  // A walker restarts once every restart_after of its steps (the last may be cut short).
  Stepper r = start_generator(walk(), params({.walkers = 3, .restart_after = 10}), 5, false);
  run_to_end(r);
  const std::int64_t steps = stat(r, "walk_steps");
  EXPECT_GE(stat(r, "restarts"), steps / 10 - 3);
  EXPECT_LE(stat(r, "restarts"), steps / 10);
}

TEST(DrunkardsWalk, BatchSteppedAndTimelineGiveTheSameGridWithEveryOption) {
  using Stats = std::vector<std::int64_t>;
  for (const Settings& c : kExtremes) {
    const ParamValues p = params(c);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      Stepper batch = start_generator(walk(), p, seed, false);
      const std::uint64_t n = run_to_end(batch).steps;
      // Stepping one at a time, the grid and stats at a few steps (keeping every grid of a
      // walk of thousands of steps would cost more than the walk).
      const std::set<std::uint64_t> picks = {0, 2, n / 3, n / 2, n - 1, n};
      std::map<std::uint64_t, std::pair<Grid, Stats>> seen;
      Timeline t(start_generator(walk(), p, seed, true));
      for (std::uint64_t k = 0;; ++k) {
        if (picks.contains(k))
          seen.emplace(k, std::pair{t.grid(), Stats(t.stats().begin(), t.stats().end())});
        if (!t.next()) break;
      }
      ASSERT_EQ(t.recorded(), n);
      ASSERT_EQ(t.grid(), batch.grid());
      ASSERT_EQ(Stats(t.stats().begin(), t.stats().end()),
                Stats(batch.stats().begin(), batch.stats().end()));
      // Scrubbing back and forth lands on the same grids and stats.
      for (const std::uint64_t k : {std::uint64_t{0}, n / 3, std::uint64_t{2}, n, n / 2, n - 1}) {
        t.seek(k);
        ASSERT_EQ(t.grid(), seen.at(k).first) << "step " << k;
        ASSERT_EQ(Stats(t.stats().begin(), t.stats().end()), seen.at(k).second) << "step " << k;
      }
    }
  }
}

TEST(DrunkardsWalk, WordsAndCaptionsSayWhatHappened) {
  const ParamValues p = params({.walkers = 2, .restart_after = 5, .bias = 50});
  Stepper s = start_generator(walk(), p, 3, true);
  std::vector<std::string> said, captions;
  while (const Step* step = s.next()) {
    said.push_back(walk().narration.words(*step, p));
    captions.push_back(walk().narration.caption(*step, p));
  }
  const auto has = [](const std::vector<std::string>& lines, std::string_view w) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& line) { return line.find(w) != std::string::npos; });
  };
  EXPECT_TRUE(has(said, "the map is filled with wall (80x45); the target is 1440 cells of floor"));
  EXPECT_TRUE(has(said, "2 walkers start at (40,22), the centre, carved to floor"));
  EXPECT_TRUE(has(said, "walker 2 has walked 5 steps: it restarts on floor cell "));
  EXPECT_TRUE(has(said, "walker 1 (biased toward wall) steps "));
  EXPECT_TRUE(has(said, " and carves it: "));
  EXPECT_TRUE(has(said, ", already floor: "));
  EXPECT_TRUE(has(said, "10% of the target: "));
  EXPECT_TRUE(has(said, "90% of the target: "));
  EXPECT_TRUE(has(said, "done: 1440 of 1440 floor cells (40.0% of the map) after "));
  EXPECT_TRUE(has(captions, "(bias): carve"));
  EXPECT_FALSE(has(said, "walker 0"));
  EXPECT_FALSE(has(said, "walker 3"));
  // Unreachable targets are called so from the start.
  const ParamValues boxed = params(kExtremes[1]);
  Stepper b = start_generator(walk(), boxed, 1, true);
  EXPECT_NE(
      walk().narration.words(*b.next(), boxed).find(", more than the 4 cells inside the border"),
      std::string::npos);
}

TEST(DrunkardsWalk, CliJsonHasTheStatsAndBadFlagsAreOneLine) {
  std::ostringstream out, err;
  ASSERT_EQ(run_cli({"generate", "drunkards-walk", "--seed", "4", "--format", "json"}, out, err),
            kExitOk)
      << err.str();
  const auto j = nlohmann::json::parse(out.str());
  Stepper s = start_generator(walk(), walk().schema.defaults(), 4, false);
  run_to_end(s);
  EXPECT_EQ(j["stats"]["walk_steps"], stat(s, "walk_steps"));
  EXPECT_EQ(j["stats"]["target_cells"], 1440);
  EXPECT_EQ(j["stats"]["target_reached"], 1);
  EXPECT_EQ(j["stats"]["outcome"], kReached);
  EXPECT_NEAR(j["stats"]["floor_fraction"].get<double>(),
              count_tiles(s.grid(), Tile::Floor) / 3600.0, 1e-6);
  std::ostringstream capped_out, capped_err;
  ASSERT_EQ(run_cli({"generate", "drunkards-walk", "--max-steps", "10", "--format", "json"},
                    capped_out, capped_err),
            kExitOk);
  const auto c = nlohmann::json::parse(capped_out.str());
  EXPECT_EQ(c["stats"]["target_reached"], 0);
  EXPECT_EQ(c["stats"]["outcome"], kStepCap);
  EXPECT_EQ(c["stats"]["walk_steps"], 10);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"generate", "drunkards-walk", "--target-percent", "0"},
           {"generate", "drunkards-walk", "--walkers", "101"},
           {"generate", "drunkards-walk", "--max-steps", "0"},
           {"generate", "drunkards-walk", "--start", "2"}}) {
    std::ostringstream o, e;
    EXPECT_EQ(run_cli(args, o, e), kExitBadInput);
    EXPECT_TRUE(o.str().empty());
    const std::string text = e.str();
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
    EXPECT_NE(text.find(args[2]), std::string::npos) << text;
    EXPECT_NE(text.find("allowed"), std::string::npos) << text;
  }
}

TEST(DrunkardsWalk, RecentCellsKeepsTheLatestCellsOldestFirst) {
  RecentCells<3> ring;
  std::vector<Point> out = {{9, 9}};  // cleared by copy_to
  ring.restart({0, 0});
  ring.copy_to(out);
  EXPECT_EQ(out, (std::vector<Point>{{0, 0}}));
  ring.push({1, 0});
  ring.copy_to(out);
  EXPECT_EQ(out, (std::vector<Point>{{0, 0}, {1, 0}}));
  // Past its size it forgets the oldest, again and again around the ring.
  for (int x = 2; x <= 7; ++x) {
    ring.push({x, 0});
    ring.copy_to(out);
    EXPECT_EQ(ring.size(), 3u);
    EXPECT_EQ(out, (std::vector<Point>{{x - 2, 0}, {x - 1, 0}, {x, 0}})) << x;
  }
  // A restart forgets all but the new cell, wherever the ring stood.
  ring.restart({5, 5});
  ring.push({5, 6});
  ring.copy_to(out);
  EXPECT_EQ(out, (std::vector<Point>{{5, 5}, {5, 6}}));
}

TEST(DrunkardsWalk, FinishedMapsKeepTheirPromisesAndABrokenOneIsNamed) {
  for (const Settings& c : kExtremes) {
    const ParamValues p = params(c);
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      Stepper s = start_generator(walk(), p, seed, false);
      run_to_end(s);
      EXPECT_EQ(broken_promises(walk(), s), std::vector<std::string>{}) << seed;
    }
  }
  // Stopped before the end: no outcome yet, which no finished walk may say.
  Stepper part = start_generator(walk(), walk().schema.defaults(), 1, false);
  run_steps(part, 5);
  EXPECT_EQ(broken_promises(walk(), part),
            std::vector<std::string>{
                "a target not reached says why: max_steps, or nothing left to carve"});
}
