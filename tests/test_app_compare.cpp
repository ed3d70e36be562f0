// Compare mode's logic: pane B follows pane A step for step (or by fraction), the diff is exactly
// the cells whose tiles differ, and the table's differences are B minus A.

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <tuple>

#include "analysis/analysis.hpp"
#include "analysis/regions.hpp"
#include "app/logic/compare.hpp"
#include "app/logic/session_preset.hpp"
#include "app_test_support.hpp"

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
