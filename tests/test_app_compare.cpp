// Compare mode's logic: pane B follows pane A step for step (or by fraction), the diff is exactly
// the cells whose tiles differ, and the table's differences are B minus A.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "analysis/analysis.hpp"
#include "analysis/regions.hpp"
#include "app/logic/compare.hpp"
#include "app/logic/session_preset.hpp"
#include "app_test_support.hpp"
#include "core/rng.hpp"

namespace dungen::app {
namespace {

void settle(Session& s) {
  s.finish_pending();
}

TEST(AppCompare, BFollowsAStepForStep) {
  Session a(frozen_clock(1));
  a.set_mode(RunMode::Step);
  a.set_seed(7);
  settle(a);
  Comparison cmp(frozen_clock(2));
  cmp.copy_from(a);
  ASSERT_TRUE(cmp.b().set_param("max_rooms", 12));
  settle(cmp.b());
  for (int i = 0; i < 25; ++i) {
    a.step();
    settle(a);
    cmp.follow(a);
    settle(cmp.b());
    EXPECT_EQ(cmp.b().position(), a.position());
  }
  a.step_back();
  settle(a);
  cmp.follow(a);
  settle(cmp.b());
  EXPECT_EQ(cmp.b().position(), 24u);
}

TEST(AppCompare, ByFractionBIsAtTheSameShareOfItsRun) {
  Session a(frozen_clock(1));
  a.set_seed(3);
  settle(a);  // live: run to the end
  Comparison cmp(frozen_clock(2));
  cmp.copy_from(a);
  ASSERT_TRUE(cmp.b().set_param("max_rooms", 5));
  settle(cmp.b());
  cmp.by_fraction = true;
  a.seek(a.recorded() / 2);
  settle(a);
  cmp.follow(a);
  settle(cmp.b());
  const double fa = static_cast<double>(a.position()) / static_cast<double>(a.recorded());
  const double fb =
      static_cast<double>(cmp.b().position()) / static_cast<double>(cmp.b().recorded());
  EXPECT_NEAR(fa, fb, 1.0 / static_cast<double>(cmp.b().recorded()));
  a.seek(a.recorded());
  settle(a);
  cmp.follow(a);
  settle(cmp.b());
  EXPECT_EQ(cmp.b().position(), cmp.b().recorded());
}

// One frame of the app's compare pane: B follows A, then works under its frame budget.
void frame(Comparison& cmp, Session& a) {
  a.update(1.0 / 60);
  cmp.follow(a);
  cmp.b().update(1.0 / 60);
}

// The map a batch run gives (the CLI's): the generator's stepper run to its last step.
struct BatchRun {
  Grid grid;
  std::uint64_t steps = 0;
};
BatchRun batch_run(const Session& s) {
  Stepper st = start_generator(s.generator(), s.params(), s.seed());
  BatchRun out;
  constexpr std::uint64_t kMaxSteps = 10'000'000;
  while (out.steps < kMaxSteps && st.next() != nullptr) ++out.steps;
  out.grid = st.grid();
  return out;
}

// Issue 25: with B bigger than a frame's work (~200K cells), B's run length changes while it runs;
// by fraction, B must still reach the same share of its whole run (it was left stuck where its run
// had got to when A moved). Its size and seed change mid-run, then End: both at their ends.
TEST(AppCompare, ByFractionFollowsBsOwnRunLengthAsItChanges) {
  SessionConfig small_frames = frozen_clock(1);
  small_frames.budget.max_steps = 16;  // B's run takes many frames, as a big one does in the app
  Session a(small_frames);
  a.select_generator("cellular-caves");
  a.finish_pending();
  small_frames.dice_seed = 2;
  Comparison cmp(small_frames);
  cmp.copy_from(a);
  cmp.b().finish_pending();
  cmp.by_fraction = true;
  a.seek(a.recorded() / 2);
  constexpr int kMaxFrames = 20000;
  const auto frames_until = [&](auto&& done) {
    int n = 0;
    while (n < kMaxFrames && !done()) {
      frame(cmp, a);
      ++n;
    }
    return n < kMaxFrames;
  };
  ASSERT_TRUE(frames_until([&] { return !a.busy() && !cmp.b().busy(); }));
  cmp.b().set_map_size(1024, 200);
  frame(cmp, a);
  cmp.b().set_seed(40);
  ASSERT_TRUE(frames_until([&] {
    return !a.busy() && !cmp.b().busy() && cmp.b().recorded_whole();
  })) << "B at "
      << cmp.b().position() << " of " << cmp.b().recorded() << " busy " << cmp.b().busy()
      << " finished " << cmp.b().finished() << " " << cmp.b().busy_label();
  // Halfway through A, halfway through B's whole run.
  EXPECT_NEAR(static_cast<double>(cmp.b().position()) / static_cast<double>(cmp.b().recorded()),
              static_cast<double>(a.position()) / static_cast<double>(a.recorded()), 0.01);
  a.run_to_end();
  ASSERT_TRUE(frames_until(
      [&] { return !a.busy() && !cmp.b().busy() && cmp.b().position() == cmp.b().recorded(); }));
  EXPECT_EQ(a.position(), a.recorded());
  const BatchRun want = batch_run(cmp.b());
  EXPECT_EQ(cmp.b().position(), want.steps);
  const Grid& got = cmp.b().grid();
  ASSERT_EQ(got.size(), want.grid.size());
  std::size_t differing = 0;
  for (std::size_t i = 0; i < got.size(); ++i) differing += got.tile(i) != want.grid.tile(i);
  EXPECT_EQ(differing, 0u);
  // The table's figures for B are the batch map's.
  const RegionMap regions =
      label_regions(want.grid, static_cast<int>(cmp.b().region_params().get("connectivity")));
  for (const CompareRow& r : compare_rows(a, cmp.b())) {
    if (r.label == "step") {
      EXPECT_EQ(r.b, std::to_string(want.steps));
    } else if (r.label == "regions") {
      EXPECT_EQ(r.b, std::to_string(regions.sizes.size()));
    } else if (r.label == "floor") {
      EXPECT_EQ(r.b, percent_text(static_cast<double>(want.grid.count_walkable()) /
                                  static_cast<double>(want.grid.size())));
    }
  }
}

TEST(AppCompare, TheDiffIsExactlyTheCellsWhoseTilesDiffer) {
  Session a(frozen_clock(1));
  a.select_generator("cellular-caves");
  settle(a);
  Comparison cmp(frozen_clock(2));
  cmp.copy_from(a);
  ASSERT_TRUE(cmp.b().set_param("fill_percent", 47));
  settle(cmp.b());
  const Grid& ga = a.grid();
  const Grid& gb = cmp.b().grid();
  const CellDiff d = differing_cells(ga, gb);
  ASSERT_TRUE(d.same_size);
  std::size_t want = 0;
  for (std::size_t i = 0; i < ga.size(); ++i) want += ga.tile(i) != gb.tile(i);
  EXPECT_EQ(d.count, want);
  EXPECT_GT(d.count, 0u);
  for (std::uint32_t i : d.cells) EXPECT_NE(ga.tile(i), gb.tile(i));
  EXPECT_EQ(differing_cells(ga, ga).count, 0u);
  EXPECT_FALSE(differing_cells(ga, Grid(3, 3)).same_size);
}

// The diff and the figures are worked out again for a new run of B (compare_pane.cpp keys them
// by each pane's run_serial): a cave's run has as many steps whatever its fill_percent, so a
// key of steps, seeds and generators missed B's new map (the old count stayed on screen).
TEST(AppCompare, ANewRunOfBHasANewSerialThoughItsStepsAreTheSame) {
  Session a(frozen_clock(1));
  a.select_generator("cellular-caves");
  settle(a);
  Comparison cmp(frozen_clock(2));
  cmp.copy_from(a);
  settle(cmp.b());
  cmp.follow(a);
  settle(cmp.b());
  const std::uint64_t serial = cmp.b().run_serial(), steps = cmp.b().recorded();
  const std::uint64_t at = cmp.b().position();
  ASSERT_TRUE(cmp.b().set_param("fill_percent", 91));
  settle(cmp.b());
  cmp.follow(a);
  settle(cmp.b());
  EXPECT_EQ(cmp.b().recorded(), steps);
  EXPECT_EQ(cmp.b().position(), at);
  EXPECT_NE(cmp.b().run_serial(), serial);
  // Moving through the run keeps it.
  const std::uint64_t now = cmp.b().run_serial();
  cmp.b().seek(0);
  settle(cmp.b());
  cmp.b().seek(at);
  settle(cmp.b());
  EXPECT_EQ(cmp.b().run_serial(), now);
  cmp.b().set_seed(cmp.b().seed() + 1);
  settle(cmp.b());
  EXPECT_NE(cmp.b().run_serial(), now);
}

TEST(AppCompare, TheTableSaysBMinusA) {
  Session a(frozen_clock(1));
  settle(a);
  Comparison cmp(frozen_clock(2));
  cmp.copy_from(a);
  settle(cmp.b());
  for (const CompareRow& r : compare_rows(a, cmp.b())) {
    EXPECT_EQ(r.a, r.b) << r.label;
    EXPECT_EQ(r.diff, "same") << r.label;
  }
  ASSERT_TRUE(cmp.b().set_param("max_rooms", 3));
  settle(cmp.b());
  const auto rows = compare_rows(a, cmp.b());
  const auto rooms =
      std::find_if(rows.begin(), rows.end(), [](auto& r) { return r.label == "rooms"; });
  ASSERT_NE(rooms, rows.end());
  EXPECT_EQ(rooms->diff, std::to_string(std::stoll(rooms->b) - std::stoll(rooms->a)));
  EXPECT_EQ(rooms->diff.front(), '-');
  // The level's figures, each pane's as level_figures finds them, with B - A.
  const auto connectivity = static_cast<int>(a.region_params().get("connectivity"));
  const LevelFigures la = level_figures(a.grid(), a.start_shown(), connectivity);
  const LevelFigures lb = level_figures(cmp.b().grid(), cmp.b().start_shown(), connectivity);
  ASSERT_TRUE(a.start_shown().has_value());  // rooms-and-tunnels places one
  for (const auto& [label, va, vb] :
       {std::tuple{"critical path", la.critical_path, lb.critical_path},
        std::tuple{"loops", la.loops, lb.loops},
        std::tuple{"loops between rooms", la.room_loops, lb.room_loops},
        std::tuple{"dead ends", la.dead_ends, lb.dead_ends},
        std::tuple{"chokepoints", la.chokepoints, lb.chokepoints}}) {
    const auto row =
        std::find_if(rows.begin(), rows.end(), [&](auto& r) { return r.label == label; });
    ASSERT_NE(row, rows.end()) << label;
    EXPECT_EQ(row->a, std::to_string(va)) << label;
    EXPECT_EQ(row->b, std::to_string(vb)) << label;
    // (The sign appended to, not the number inserted after: gcc 12 warns, falsely, of an
    // overlapping copy in "+" + std::to_string(...).)
    std::string diff = vb == va ? "same" : vb > va ? "+" : "";
    if (vb != va) diff += std::to_string(vb - va);
    EXPECT_EQ(row->diff, diff) << label;
  }
  EXPECT_NE(la.critical_path, lb.critical_path);  // 3 rooms against 30
}

}  // namespace
}  // namespace dungen::app

namespace dungen::app {
namespace {

// The first step of A's run that drew "w" (a room's width), and that draw.
std::optional<ShownDraw> first_width_draw(Session& a) {
  for (std::uint64_t k = 1; k <= a.recorded(); ++k) {
    a.seek(k);
    settle(a);
    for (const ShownDraw& d : a.current_draws()) {
      if (d.name == "w" && d.draw.drawn() && d.draw.lo < d.draw.hi) return d;
    }
  }
  return std::nullopt;
}

// Issue 28: "fork into B" makes B A's run with one draw changed, on A's transport step by step:
// every step before the fork is A's, the fork's step says what it changed, and the maps differ
// afterwards; both panes move together.
TEST(AppCompare, AForkIntoBIsAsRunUpToTheForkAndDiffersAfter) {
  Session a(frozen_clock(1));
  a.set_seed(7);
  settle(a);
  const std::uint64_t end = a.recorded();
  const std::optional<ShownDraw> w = first_width_draw(a);
  ASSERT_TRUE(w);
  const std::uint64_t step = a.position();
  const int other = w->draw.value == w->draw.hi ? w->draw.lo : w->draw.hi;
  Comparison cmp(frozen_clock(2));
  cmp.by_fraction = true;  // a fork follows by step
  cmp.fork_from(a, DrawFork{step, "w", w->occurrence, other});
  EXPECT_FALSE(cmp.by_fraction);
  ASSERT_TRUE(cmp.b().fork());
  for (std::uint64_t k = 0; k < step; ++k) {
    a.seek(k);
    settle(a);
    cmp.follow(a);
    settle(cmp.b());
    ASSERT_EQ(cmp.b().position(), k);
    EXPECT_EQ(differing_cells(a.grid(), cmp.b().grid()).count, 0u) << "step " << k;
  }
  a.seek(step);
  settle(a);
  cmp.follow(a);
  settle(cmp.b());
  const std::optional<ForkState> state = cmp.b().fork_state();
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->outcome.applied);
  EXPECT_EQ(state->outcome.drawn, w->draw.value);
  EXPECT_EQ(state->outcome.value, other);
  EXPECT_EQ(fork_words(*state), "fork at step " + std::to_string(step) + ": w = " +
                                    std::to_string(w->draw.value) + " -> " + std::to_string(other));
  a.seek(end);
  settle(a);
  cmp.follow(a);
  settle(cmp.b());
  EXPECT_EQ(cmp.b().position(), std::min(end, cmp.b().recorded()));
  EXPECT_GT(differing_cells(a.grid(), cmp.b().grid()).count, 0u);
  // B's share string is A's with the fork; a new seed for B ends the fork.
  EXPECT_EQ(cmp.preset_of(a).fork, cmp.b().fork());
  cmp.b().set_seed(8);
  EXPECT_FALSE(cmp.b().fork());
  EXPECT_FALSE(cmp.preset_of(a).fork);
}

// A fork with the value drawn is the plain run: B's map is A's at every step.
TEST(AppCompare, AForkWithTheDrawnValueChangesNothing) {
  Session a(frozen_clock(1));
  a.set_seed(7);
  settle(a);
  const std::optional<ShownDraw> w = first_width_draw(a);
  ASSERT_TRUE(w);
  Comparison cmp(frozen_clock(2));
  cmp.fork_from(a, DrawFork{a.position(), "w", w->occurrence, w->draw.value});
  a.seek(a.recorded());
  settle(a);
  cmp.follow(a);
  settle(cmp.b());
  EXPECT_EQ(cmp.b().position(), a.position());
  EXPECT_EQ(differing_cells(a.grid(), cmp.b().grid()).count, 0u);
  EXPECT_TRUE(cmp.b().fork_state()->outcome.applied);
}

// A fork whose step draws no such value, or that the run never reaches, says so and changes
// nothing; copying A to B ends it; a preset applied to a session never forks that session.
TEST(AppCompare, AForkThatChangesNothingSaysWhy) {
  Session a(frozen_clock(1));
  a.set_seed(7);
  settle(a);
  Comparison cmp(frozen_clock(2));
  cmp.fork_from(a, DrawFork{1, "nothing-drawn", 1, 3});
  cmp.follow(a);
  settle(cmp.b());
  ASSERT_TRUE(cmp.b().fork_state());
  EXPECT_EQ(fork_words(*cmp.b().fork_state()),
            "fork 1:nothing-drawn=3: step 1 drew no nothing-drawn, so nothing changed");
  cmp.fork_from(a, DrawFork{a.recorded() + 5, "w", 1, 3});
  cmp.follow(a);
  settle(cmp.b());
  EXPECT_EQ(fork_words(*cmp.b().fork_state()),
            "fork " + std::to_string(a.recorded() + 5) + ":w=3: the run ended at step " +
                std::to_string(a.recorded()) + ", before step " + std::to_string(a.recorded() + 5) +
                ", so nothing changed");
  EXPECT_EQ(differing_cells(a.grid(), cmp.b().grid()).count, 0u);
  cmp.copy_from(a);
  EXPECT_FALSE(cmp.b().fork());
  Preset p = preset_of(a);
  p.fork = DrawFork{3, "w", 1, 4};
  ASSERT_FALSE(apply_preset(a, p));
  EXPECT_FALSE(a.fork());
}

// A big map is built on the worker thread: the fork goes with it.
TEST(AppCompare, AForkIsBuiltOnTheWorkerThreadToo) {
  SessionConfig cfg = frozen_clock(1);
  cfg.background_cells = 1;  // every map after the first goes to the worker
  Session s(cfg);
  s.set_seed(7);
  settle(s);
  s.set_fork(DrawFork{9, "w", 1, 6});
  settle(s);
  ASSERT_TRUE(s.fork_state());
  EXPECT_TRUE(s.fork_state()->outcome.applied);
  EXPECT_EQ(fork_words(*s.fork_state()), "fork at step 9: w = 10 -> 6");
  s.set_fork(std::nullopt);
  settle(s);
  EXPECT_FALSE(s.fork_state());
}

// The teaching panel's draws: each with the range it was drawn from and the narration's words.
TEST(AppCompare, TheDrawsListTheirRangesAndWords) {
  Session a(frozen_clock(1));
  a.set_seed(7);
  settle(a);
  const std::optional<ShownDraw> w = first_width_draw(a);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->words.rfind("w = " + std::to_string(w->draw.value), 0), 0u) << w->words;
  EXPECT_LE(w->draw.lo, w->draw.value);
  EXPECT_GE(w->draw.hi, w->draw.value);
  EXPECT_EQ(w->occurrence, 1);
}

}  // namespace
}  // namespace dungen::app

namespace dungen::app {
namespace {

// Issue 29: the diff of two big maps is worked out eight cells at a time; it must still count
// every differing cell and mark the first kMaxDiffMarks of them in order, whatever the width
// (here not a multiple of eight, so words straddle rows and the last cells are a tail).
TEST(AppCompare, TheDiffOfBigMapsCountsEveryCellAndMarksTheFirstInOrder) {
  Grid a(1001, 203), b(1001, 203);
  Rng rng(5, 1);
  std::vector<std::uint32_t> want;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto ta = static_cast<Tile>(rng.uniform_int(0, kTileCount - 1));
    const auto tb = rng.chance_percent(50) ? ta : static_cast<Tile>(rng.uniform_int(0, 4));
    a.put(i, {ta, Mark::None, -1, -1});
    b.put(i, {tb, Mark::None, -1, -1});
    if (ta != tb) want.push_back(static_cast<std::uint32_t>(i));
  }
  ASSERT_GT(want.size(), kMaxDiffMarks);  // more than are marked
  const CellDiff d = differing_cells(a, b);
  EXPECT_EQ(d.count, want.size());
  ASSERT_EQ(d.cells.size(), kMaxDiffMarks);
  EXPECT_TRUE(std::equal(d.cells.begin(), d.cells.end(), want.begin()));
  // One differing cell, the very last (the tail after the whole words).
  Grid c = a;
  c.put(c.size() - 1,
        {a.tile(a.size() - 1) == Tile::Wall ? Tile::Floor : Tile::Wall, Mark::None, -1, -1});
  const CellDiff last = differing_cells(a, c);
  EXPECT_EQ(last.count, 1u);
  ASSERT_EQ(last.cells.size(), 1u);
  EXPECT_EQ(last.cells[0], a.size() - 1);
}

// The rooms row counts the distinct labels on the map, read in whichever form the label layer is
// kept: a byte a cell, 32 bits a cell (past label 254), or packed as runs (a map on show while
// the next is built).
TEST(AppCompare, RoomsAreTheDistinctLabelsHoweverTheLayerIsKept) {
  const auto labelled = [](int rooms, int spread) {
    Grid g(397, 41);
    for (int k = 0; k < rooms; ++k) {
      // Room k's label on a few scattered cells (some rooms twice as far apart as others).
      for (std::size_t i = static_cast<std::size_t>(k); i < g.size();
           i += static_cast<std::size_t>(spread + k % 3)) {
        g.put(i, {Tile::Floor, Mark::None, k, -1});
      }
    }
    return g;
  };
  const auto per_cell = [](const Grid& g) {
    std::vector<char> seen;
    std::size_t n = 0;
    for (std::size_t i = 0; i < g.size(); ++i) {
      const std::int32_t l = g.label(i);
      if (l < 0) continue;
      if (static_cast<std::size_t>(l) >= seen.size()) seen.resize(static_cast<std::size_t>(l) + 1);
      if (!seen[static_cast<std::size_t>(l)]) ++n;
      seen[static_cast<std::size_t>(l)] = 1;
    }
    return n;
  };
  EXPECT_EQ(distinct_ids(Grid(9, 9).label_layer(), 81), 0u);  // no labels at all
  Grid narrow = labelled(40, 4000);
  ASSERT_NE(narrow.label_layer().narrow(), nullptr);
  EXPECT_EQ(distinct_ids(narrow.label_layer(), narrow.size()), per_cell(narrow));
  Grid wide = labelled(900, 8000);
  ASSERT_NE(wide.label_layer().wide(), nullptr);
  EXPECT_EQ(distinct_ids(wide.label_layer(), wide.size()), per_cell(wide));
  const std::size_t wide_rooms = per_cell(wide);
  EXPECT_GT(wide_rooms, 255u);
  wide.pack_ids();
  ASSERT_NE(wide.label_layer().packed(), nullptr);
  EXPECT_EQ(distinct_ids(wide.label_layer(), wide.size()), wide_rooms);

  // Long stretches of one label (a room's rows, a maze's corridors), which the byte form passes
  // over eight cells at a time, with a label met only once between them, in a stretch's last
  // cells or a map's last few, and the largest value the byte form holds.
  Grid rows(203, 37);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    rows.put(i, {Tile::Floor, Mark::None, static_cast<std::int32_t>(i / 1000 % 3), -1});
  }
  for (const auto& [at, label] :
       {std::pair{999, 7}, {4003, 9}, {rows.size() - 3, IdLayer::kNarrowMax}, {2008, 11}}) {
    rows.put(at, {Tile::Floor, Mark::None, label, -1});
  }
  ASSERT_NE(rows.label_layer().narrow(), nullptr);
  EXPECT_EQ(distinct_ids(rows.label_layer(), rows.size()), 7u);
  EXPECT_EQ(per_cell(rows), 7u);
  // A map whose length is not a multiple of eight, labelled in its last cell only.
  Grid last(13, 3);
  last.put(last.size() - 1, {Tile::Floor, Mark::None, 5, -1});
  EXPECT_EQ(distinct_ids(last.label_layer(), last.size()), 1u);
}

// Issue 29: B's new run on a big map is built on the worker, to its end; following A meanwhile
// must not cut that build short (a seek put off till the build is done makes it stop at step 0,
// and the seek then ran B's generator up to A's step on the frames' time: 11 M steps of a
// 4096x4096 maze, 10-300 ms a frame for seconds). Built, B goes back to A's step.
TEST(AppCompare, BFollowsAOnceItsNewRunIsBuiltToItsEnd) {
  SessionConfig cfg = frozen_clock(2);
  cfg.background_cells = 1;  // every map after the first goes to the worker
  Session a(frozen_clock(1));
  a.set_seed(7);
  settle(a);
  a.seek(a.recorded() / 2);
  settle(a);
  ASSERT_GT(a.position(), 0u);
  Comparison cmp(cfg);
  cmp.copy_from(a);
  ASSERT_TRUE(cmp.b().rebuilding());
  EXPECT_EQ(cmp.b().busy_label(), "generating");  // to its end
  cmp.follow(a);
  EXPECT_EQ(cmp.b().busy_label(), "generating");  // still to its end, not "preparing the map"
  settle(cmp.b());
  EXPECT_TRUE(cmp.b().recorded_whole());
  cmp.follow(a);
  settle(cmp.b());
  EXPECT_EQ(cmp.b().position(), a.position());
}

// While a pane moves, a diff and table that took long to work out wait: at most a tenth of the
// time goes to them. A cheap one, or any once both panes stand still, is worked out at once.
TEST(AppCompare, ARefreshThatTookLongWaitsWhileAPaneMoves) {
  RefreshGate gate;
  EXPECT_TRUE(gate.due(0.0, true));  // nothing worked out yet
  gate.refreshed(10.0, 0.002);       // cheap
  EXPECT_TRUE(gate.due(10.003, true));
  gate.refreshed(20.0, 0.020);  // 20 ms: no sooner than 200 ms after it began, while moving
  EXPECT_FALSE(gate.due(20.1, true));
  EXPECT_FALSE(gate.due(20.199, true));
  EXPECT_TRUE(gate.due(20.201, true));
  EXPECT_TRUE(gate.due(20.1, false));  // both panes still: at once
}

// The diff and the figures: both at once where one was never worked out, or where neither pane
// moves and a refresh is cheap; else one a refresh, taking turns (while a pane moves, only when
// the gate lets one through).
TEST(AppCompare, WhileAPaneMovesTheDiffAndTheFiguresTakeTurns) {
  constexpr RefreshParts kBoth{true, true}, kDiff{true, false}, kFigures{false, true}, kNone{};
  RefreshGate gate;
  EXPECT_EQ(gate.plan(0.0, true, kBoth, /*first=*/true), kBoth);
  gate.refreshed(0.0, 0.020, kBoth);  // 20 ms: the next while moving no sooner than at 0.2 s
  EXPECT_EQ(gate.plan(0.1, true, kBoth, false), kNone);
  // Both panes still: at once, but one a frame while a refresh is dear.
  EXPECT_EQ(gate.plan(0.1, false, kBoth, false), kDiff);
  EXPECT_EQ(gate.plan(0.1, false, kFigures, false), kFigures);  // only what is stale
  EXPECT_EQ(gate.plan(0.3, true, kBoth, false), kDiff);
  gate.refreshed(0.3, 0.010, kDiff);
  EXPECT_EQ(gate.plan(0.35, true, kBoth, false), kNone);  // 10 ms: not before 0.4 s
  EXPECT_EQ(gate.plan(0.41, true, kBoth, false), kFigures);
  gate.refreshed(0.41, 0.010, kFigures);
  EXPECT_EQ(gate.plan(0.52, true, kBoth, false), kDiff);
  EXPECT_EQ(gate.plan(0.52, true, kFigures, false), kFigures);  // the diff is up to date
  EXPECT_EQ(gate.plan(0.52, true, kNone, false), kNone);
  EXPECT_EQ(gate.plan(0.42, true, kBoth, /*first=*/true), kBoth);  // B's new run: at once
  gate.refreshed(0.6, 0.002, kDiff);                               // cheap
  EXPECT_EQ(gate.plan(0.61, true, kBoth, false), kFigures);        // moving: still one at a time
  EXPECT_EQ(gate.plan(0.61, false, kBoth, false), kBoth);          // standing still: both at once
}

// Compare mode's works while the panes move (WorkTurns): a frame of `budget` where each work that
// asks takes `took[w]` seconds if let run; returns which ran, as a string ("A", "B", "R"), and
// runs them in the frame's order.
std::string turns_frame(WorkTurns& turns, const std::array<double, 3>& took,
                        const std::array<bool, 3>& asks, double budget = 0.010) {
  std::string ran;
  turns.begin_frame(budget);
  for (std::size_t w = 0; w < 3; ++w) {
    if (!asks[w]) continue;
    const auto work = static_cast<WorkTurns::Work>(w);
    if (!turns.ask(work)) continue;
    turns.ran(work, took[w]);
    ran += "ABR"[w];
  }
  turns.end_frame();
  return ran;
}

// Parts too long to share a frame (two far seeks of 4096x4096 mazes, 6-12 ms a part against a
// 10 ms budget) take alternate frames; cheap ones all run in one.
TEST(AppCompare, LongJobPartsTakeTurnsCheapOnesShareAFrame) {
  WorkTurns turns;
  const std::array<double, 3> long_parts{0.008, 0.009, 0.0};
  const std::array<bool, 3> panes{true, true, false};
  EXPECT_EQ(turns_frame(turns, long_parts, panes), "AB");  // nothing known of them yet
  std::string frames;
  for (int f = 0; f < 8; ++f) frames += turns_frame(turns, long_parts, panes) + " ";
  EXPECT_EQ(frames, "A B A B A B A B ");
  EXPECT_TRUE(turns.turn() == WorkTurns::Work::PaneA);  // A was left out last
  // The parts grow cheap (the seeks reach their last segments): once each has run at its new
  // pace, all three share each frame.
  const std::array<double, 3> cheap{0.002, 0.003, 0.004};
  const std::array<bool, 3> all{true, true, true};
  EXPECT_EQ(turns_frame(turns, cheap, all), "AR");  // B still held at 9 ms
  EXPECT_EQ(turns_frame(turns, cheap, all), "BR");  // B's turn; A still held at 8 ms
  for (int f = 0; f < 4; ++f) EXPECT_EQ(turns_frame(turns, cheap, all), "ABR");
}

// With the refresh long too, each of the three gets every third frame: none waits for more turns
// than there are works, and a work longer than the whole budget still runs on its turn.
TEST(AppCompare, EveryWorkGetsItsTurnEvenLongerThanTheBudget) {
  WorkTurns turns;
  const std::array<double, 3> took{0.008, 0.012, 0.025};
  const std::array<bool, 3> all{true, true, true};
  // The first frames learn their times (a work never run is held at none).
  EXPECT_EQ(turns_frame(turns, took, all), "AB");
  EXPECT_EQ(turns_frame(turns, took, all), "AR");  // the refresh's turn
  EXPECT_EQ(turns_frame(turns, took, all), "B");
  std::array<int, 3> runs{}, waited{}, longest_wait{};
  for (int f = 0; f < 30; ++f) {
    const std::string ran = turns_frame(turns, took, all);
    EXPECT_EQ(ran.size(), 1u) << "frame " << f << ": " << ran;
    for (std::size_t w = 0; w < 3; ++w) {
      if (ran.find("ABR"[w]) != std::string::npos) {
        ++runs[w];
        waited[w] = 0;
      } else {
        longest_wait[w] = std::max(longest_wait[w], ++waited[w]);
      }
    }
  }
  for (std::size_t w = 0; w < 3; ++w) {
    EXPECT_EQ(runs[w], 10) << "ABR"[w];
    EXPECT_LE(longest_wait[w], 2) << "ABR"[w];
  }
}

// A work owed a turn whose job ends (B's seek arrived) stops being owed: the frame it held for it
// is the only one lost, and the work left goes on each frame.
TEST(AppCompare, AWorkThatNoLongerAsksIsOwedNothing) {
  WorkTurns turns;
  const std::array<double, 3> took{0.008, 0.009, 0.0};
  turns_frame(turns, took, {true, true, false});
  EXPECT_EQ(turns_frame(turns, took, {true, true, false}), "A");  // B is owed its turn
  ASSERT_TRUE(turns.turn() == WorkTurns::Work::PaneB);
  EXPECT_EQ(turns_frame(turns, took, {true, false, false}), "");  // held for B, which did not ask
  EXPECT_FALSE(turns.turn() == WorkTurns::Work::PaneB);
  for (int f = 0; f < 3; ++f) EXPECT_EQ(turns_frame(turns, took, {true, false, false}), "A");
  EXPECT_FALSE(turns.turn().has_value());
}

}  // namespace
}  // namespace dungen::app
