// The app's logic without a window: transport, modes, clamp-and-tell, the frame budget, the
// scrubber, regions, and the panels' data. Time never comes from the wall: every session here
// runs on a clock the test controls.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "app/logic/compare.hpp"
#include "app/logic/scrubber_text.hpp"
#include "app/logic/session.hpp"
#include "app/logic/slider_text.hpp"
#include "core/history_skips.hpp"
#include "core/rng.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"
#include "grid_layers.hpp"

namespace dungen::app {
namespace {

// A clock that only moves when the test says so, and a step cap per frame.
struct TestClock {
  double now = 0.0;
  double tick = 0.0;  // added on every read
  Clock clock() {
    return [this] {
      now += tick;
      return now;
    };
  }
};

SessionConfig config(TestClock& c, std::uint64_t max_steps = kDefaultMaxStepsPerFrame) {
  SessionConfig cfg;
  cfg.clock = c.clock();
  cfg.budget = {1.0, max_steps};
  cfg.dice_seed = 99;
  return cfg;
}

// The map a fresh batch run stops at after k steps (no timeline, no session).
Grid fresh_grid_after(const Session& s, std::uint64_t k) {
  Stepper st = start_generator(s.generator(), s.params(), s.seed(), false);
  run_steps(st, k);
  return st.grid();
}

Grid final_grid(const Session& s) {
  Stepper st = start_generator(s.generator(), s.params(), s.seed(), false);
  run_to_end(st);
  return st.grid();
}

TEST(AppSession, StartsLiveAndGeneratesTheDefaultMapWithinOneFrame) {
  TestClock c;
  Session s(config(c));
  EXPECT_EQ(s.mode(), RunMode::Live);
  EXPECT_EQ(s.generator().name, "rooms-and-tunnels");
  EXPECT_TRUE(s.busy());
  s.update(1.0 / 60);
  EXPECT_FALSE(s.busy());
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.grid(), final_grid(s));
  EXPECT_DOUBLE_EQ(s.progress(), 1.0);
}

TEST(AppSession, EveryGeneratorRegeneratesLiveToItsBatchResult) {
  TestClock c;
  Session s(config(c));
  for (const GeneratorSpec* spec : s.generators()) {
    ASSERT_TRUE(s.select_generator(spec->name));
    s.update(1.0 / 60);
    EXPECT_FALSE(s.busy()) << spec->name;
    EXPECT_EQ(s.grid(), final_grid(s)) << spec->name;
  }
  EXPECT_FALSE(s.select_generator("no-such-thing"));
  EXPECT_FALSE(s.notice().empty());
}

TEST(AppSession, SwitchingGeneratorKeepsOnlyASizeTheUserChose) {
  TestClock c;
  Session s(config(c));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  EXPECT_EQ(s.params().get("width"), s.generator().schema.find("width")->def);
  EXPECT_EQ(s.params().get("height"), s.generator().schema.find("height")->def);
  s.set_map_size(100, 60);
  ASSERT_TRUE(s.select_generator("feature-accretion"));
  EXPECT_EQ(s.grid().width(), 100);
  EXPECT_EQ(s.grid().height(), 60);
  EXPECT_FALSE(s.params().validate());
}

TEST(AppSession, EachGeneratorComesBackWithItsOwnParametersAndSeed) {
  TestClock c;
  Session s(config(c));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  ASSERT_TRUE(s.set_param("fill_percent", 52));
  ASSERT_TRUE(s.set_param("passes", 2));
  s.set_seed(123);
  const ParamValues caves = s.params();
  ASSERT_TRUE(s.select_generator("feature-accretion"));
  EXPECT_EQ(s.seed(), 123u);  // first visit: the seed carries over, the parameters are defaults
  EXPECT_EQ(s.params(), s.generator().schema.defaults());
  ASSERT_TRUE(s.set_param("max_features", 40));
  s.set_seed(9);
  const ParamValues accretion = s.params();
  ASSERT_TRUE(s.select_generator("rooms-and-tunnels"));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  EXPECT_EQ(s.params(), caves);
  EXPECT_EQ(s.seed(), 123u);
  s.finish_pending();
  EXPECT_EQ(s.grid(), final_grid(s));  // and the map they make
  ASSERT_TRUE(s.select_generator("feature-accretion"));
  EXPECT_EQ(s.params(), accretion);
  EXPECT_EQ(s.seed(), 9u);
  EXPECT_TRUE(s.notice().empty());
  // Selecting the generator already shown changes nothing.
  ASSERT_TRUE(s.select_generator("feature-accretion"));
  EXPECT_EQ(s.params(), accretion);
}

TEST(AppSession, TheScrubberSaysWhereItsHistoryStarts) {
  EXPECT_EQ(grouped(0), "0");
  EXPECT_EQ(grouped(999), "999");
  EXPECT_EQ(grouped(1000), "1,000");
  EXPECT_EQ(grouped(5921349), "5,921,349");
  EXPECT_EQ(scrubber_format(0, 358), "step %llu of 358");
  // A history too small for the whole run forgets its oldest steps.
  TestClock c;
  SessionConfig cfg = config(c);
  cfg.history_bytes = std::size_t{16} << 10;
  Session s(std::move(cfg));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.finish_pending();
  ASSERT_TRUE(s.finished());
  const std::uint64_t from = s.earliest();
  ASSERT_GT(from, 0u);
  EXPECT_EQ(scrubber_span(s).earliest, from);  // the bar is laid out for those words
  EXPECT_EQ(scrubber_span(s).recorded, s.recorded());
  EXPECT_EQ(scrubber_format(from, s.recorded()), "step %llu of " + std::to_string(s.recorded()) +
                                                     " (history from step " + std::to_string(from) +
                                                     ")");
  s.seek(0);  // the scrubber's left end: as far back as history goes
  s.finish_pending();
  EXPECT_EQ(s.position(), from);
  EXPECT_EQ(s.grid(), fresh_grid_after(s, from));
}

TEST(AppSession, TheScrubberIsEmptyUntilAStepIsRecorded) {
  // Why: ImGui's integer slider gives its grab one value's share of the bar, so a slider over
  // 0..0 is all grab, drawn like a finished run.
  const Span all = slider_grab(0.0f, 200.0f, 0.0f, /*values=*/1, 10.0f);
  EXPECT_FLOAT_EQ(all.width(), 200.0f - 2.0f * kGrabPadding);
  TestClock c;
  Session s(config(c));
  s.set_mode(RunMode::Step);
  ASSERT_TRUE(s.set_param("max_rooms", 12));  // step mode: a new map at step 0, nothing run
  s.finish_pending();
  EXPECT_EQ(s.recorded(), 0u);
  EXPECT_FALSE(s.finished());
  EXPECT_TRUE(scrubber_empty(s.recorded()));
  s.step();
  EXPECT_GE(s.recorded(), 1u);
  EXPECT_FALSE(scrubber_empty(s.recorded()));
}

TEST(AppSession, MBackToRunToEndRunsTheMapShownToItsEnd) {
  TestClock c;
  Session s(config(c));
  s.update(1.0 / 60);
  s.apply(Command::ToggleLive);  // to step mode: nothing runs
  EXPECT_EQ(s.mode(), RunMode::Step);
  ASSERT_TRUE(s.set_param("max_rooms", 12));
  s.finish_pending();
  s.step();
  s.step();
  ASSERT_EQ(s.position(), 2u);
  s.apply(Command::ToggleLive);  // "on change: run to end" keeps its word at once
  EXPECT_EQ(s.mode(), RunMode::Live);
  s.finish_pending();
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.grid(), final_grid(s));
  // And to step mode again: the map stays where it is.
  const std::uint64_t end = s.position();
  s.apply(Command::ToggleLive);
  s.finish_pending();
  EXPECT_EQ(s.mode(), RunMode::Step);
  EXPECT_EQ(s.position(), end);
}

TEST(AppSession, ASeedOutOfRangeIsRefusedInTheCliWordsAndTheSeedStays) {
  TestClock c;
  Session s(config(c));
  s.set_seed(42);
  EXPECT_FALSE(s.set_seed_text("99999999999999999999999"));
  EXPECT_EQ(s.seed(), 42u);
  EXPECT_EQ(s.notice(),
            "seed 99999999999999999999999 is out of range: allowed 0..18446744073709551615; the "
            "seed stays 42");
  EXPECT_FALSE(s.set_seed_text("-1"));
  EXPECT_FALSE(s.set_seed_text("1.5"));
  EXPECT_NE(s.notice().find("not a whole number"), std::string::npos) << s.notice();
  EXPECT_FALSE(s.set_seed_text(""));
  EXPECT_EQ(s.seed(), 42u);
  EXPECT_TRUE(s.set_seed_text("18446744073709551615"));  // the largest is a seed
  EXPECT_EQ(s.seed(), UINT64_MAX);
  EXPECT_TRUE(s.notice().empty());
  s.finish_pending();
  EXPECT_EQ(s.grid(), final_grid(s));
}

TEST(AppSession, ADragIsOneEditItsNoticeNamesTheValueBeforeIt) {
  TestClock c;
  Session s(config(c));
  ASSERT_TRUE(s.select_generator("room-accretion"));
  const std::int64_t max_before = s.params().get("room_max_size");
  ASSERT_LT(max_before, 223);
  // room_min_size dragged up through 100, 223 and 259: room_max_size follows.
  s.begin_param_drag();
  for (const std::int64_t v : {100, 223, 259}) ASSERT_TRUE(s.set_param("room_min_size", v));
  s.end_param_drag();
  EXPECT_EQ(s.params().get("room_min_size"), 259);
  EXPECT_EQ(s.params().get("room_max_size"), 259);
  const std::string moved = "moved room_max_size " + std::to_string(max_before) + " -> 259";
  EXPECT_NE(s.notice().find(moved), std::string::npos) << s.notice();
  EXPECT_EQ(s.notice().find("223"), std::string::npos) << s.notice();
  // Dragged up and back down: the push it no longer needs is undone.
  s.begin_param_drag();
  ASSERT_TRUE(s.set_param("room_min_size", 400));
  EXPECT_EQ(s.params().get("room_max_size"), 400);
  ASSERT_TRUE(s.set_param("room_min_size", 200));
  s.end_param_drag();
  EXPECT_EQ(s.params().get("room_max_size"), 259);
  EXPECT_TRUE(s.notice().empty()) << s.notice();
  // Outside a drag each value is one edit, from where the last one left the parameters.
  ASSERT_TRUE(s.set_param("room_min_size", 300));
  ASSERT_TRUE(s.set_param("room_min_size", 320));
  EXPECT_NE(s.notice().find("room_max_size 300 -> 320"), std::string::npos) << s.notice();
  s.finish_pending();
  EXPECT_EQ(s.grid(), final_grid(s));
}

TEST(AppSession, StepAndStepBackMoveOneStepAndPause) {
  TestClock c;
  Session s(config(c));
  s.set_mode(RunMode::Step);
  s.regenerate();
  EXPECT_EQ(s.position(), 0u);
  EXPECT_FALSE(s.busy());
  s.play();
  s.step();
  EXPECT_FALSE(s.playing());
  EXPECT_EQ(s.position(), 1u);
  s.step();
  s.step();
  EXPECT_EQ(s.position(), 3u);
  EXPECT_EQ(s.grid(), fresh_grid_after(s, 3));
  s.step_back();
  EXPECT_EQ(s.position(), 2u);
  EXPECT_EQ(s.grid(), fresh_grid_after(s, 2));
  s.step_back();
  s.step_back();
  s.step_back();  // already at 0: nothing happens
  EXPECT_EQ(s.position(), 0u);
  EXPECT_EQ(s.grid(), fresh_grid_after(s, 0));
}

TEST(AppSession, PlayRunsSpeedTimesFrameTimeStepsAndStopsAtTheEnd) {
  TestClock c;
  Session s(config(c));
  s.set_mode(RunMode::Step);
  s.regenerate();
  s.set_speed(60);
  s.play();
  EXPECT_TRUE(s.playing());
  EXPECT_EQ(s.update(0.25).steps, 15u);
  EXPECT_EQ(s.position(), 15u);
  // A frame longer than kMaxFrameSeconds (a stall) counts as kMaxFrameSeconds: no catching up.
  EXPECT_EQ(s.update(10.0).steps, static_cast<std::uint64_t>(60 * kMaxFrameSeconds));
  // A third of a step per frame: one step every third frame, none lost.
  s.set_speed(20);
  std::uint64_t steps = 0;
  for (int i = 0; i < 60; ++i) steps += s.update(1.0 / 60).steps;
  EXPECT_EQ(steps, 20u);
  s.pause();
  EXPECT_EQ(s.update(1.0).steps, 0u);
  s.set_speed(kMaxSpeed);
  s.play();
  for (int i = 0; i < 1000 && s.playing(); ++i) s.update(1.0 / 60);
  EXPECT_FALSE(s.playing());
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.grid(), final_grid(s));
  // Play at the end starts again from step 0.
  s.play();
  s.finish_pending();
  EXPECT_TRUE(s.playing());
  EXPECT_EQ(s.position(), 0u);
}

TEST(AppSession, RunToEndRestartAndSeek) {
  TestClock c;
  Session s(config(c));
  s.set_mode(RunMode::Step);
  s.regenerate();
  s.run_to_end();
  EXPECT_TRUE(s.busy());
  s.update(1.0 / 60);
  EXPECT_FALSE(s.busy());
  EXPECT_TRUE(s.finished());
  const std::uint64_t total = s.recorded();
  EXPECT_EQ(s.position(), total);
  s.restart();
  s.update(1.0 / 60);
  EXPECT_EQ(s.position(), 0u);
  EXPECT_EQ(s.grid(), fresh_grid_after(s, 0));
  s.seek(total / 2);
  s.update(1.0 / 60);
  EXPECT_EQ(s.position(), total / 2);
  EXPECT_EQ(s.grid(), fresh_grid_after(s, total / 2));
  s.seek(total * 10);  // clamped to what is recorded
  s.update(1.0 / 60);
  EXPECT_EQ(s.position(), total);
}

// The session's far seeks in parts of `parts` (SessionConfig::jump_budget), on the test clock.
SessionConfig config_with_parts(TestClock& c, SeekBudget parts) {
  SessionConfig cfg = config(c);
  cfg.jump_budget = parts;
  return cfg;
}

// A 400x400 maze run to its end (five skips of 16384 steps and more), for the far seeks below.
void run_a_400_maze(Session& s) {
  ASSERT_TRUE(s.select_generator("rooms-and-mazes"));
  ASSERT_TRUE(s.set_param("width", 400));
  ASSERT_TRUE(s.set_param("height", 400));
  s.finish_pending();
  ASSERT_TRUE(s.finished());
  ASSERT_GT(s.recorded(), 5 * history::kSkipSteps);
}

// A far seek crosses its skips a part at a time, as many parts as a frame's time allows: on a
// clock where every reading is 0.4 s later (a budget of 1 s: two parts a frame, as a third would
// end past it) and parts of one skip each, a seek from the end of a 400x400 maze (five skips of
// 16384 steps) to its start takes several frames, each one nearer, and arrives on the fresh run's
// map; a seek back to the end, and running to the end from the start, the same.
TEST(AppSession, AFarSeekCrossesAFramesWorthOfSkipsAtATime) {
  TestClock c;
  Session s(config_with_parts(c, {.skip_cells = 1}));
  ASSERT_NO_FATAL_FAILURE(run_a_400_maze(s));
  const std::uint64_t total = s.recorded();
  c.tick = 0.4;
  for (const std::uint64_t target : {std::uint64_t{0}, total}) {
    s.seek(target);
    int frames = 0;
    std::uint64_t left = total;
    while (s.position() != target) {
      ASSERT_LT(frames, 20) << "seeking to " << target;
      EXPECT_TRUE(s.moving());  // (the window's hover says so)
      s.update(1.0 / 60);
      ++frames;
      const std::uint64_t now =
          s.position() > target ? s.position() - target : target - s.position();
      EXPECT_LT(now, left) << "frame " << frames << " of the seek to " << target;
      left = now;
    }
    EXPECT_GT(frames, 2) << "seeking to " << target;
    EXPECT_FALSE(s.moving());
    EXPECT_EQ(s.grid(), fresh_grid_after(s, target));
  }
  // Run to the end from the start: what is recorded is crossed the same way, not replayed.
  s.seek(0);
  s.finish_pending();
  s.run_to_end();
  int frames = 0;
  double bar = 0.0;
  while (s.busy()) {
    ASSERT_LT(frames, 20) << "running to the end";
    s.update(1.0 / 60);
    ++frames;
    if (s.busy()) {  // the bar counts the steps crossed, as the steps run
      EXPECT_GT(s.progress(), bar) << "frame " << frames;
      if (s.position() > total / 2) {
        EXPECT_GT(s.progress(), 0.25) << "frame " << frames;
      }
      bar = s.progress();
    }
  }
  EXPECT_GT(frames, 2);
  EXPECT_EQ(s.position(), total);
  EXPECT_EQ(s.grid(), final_grid(s));
}

// Compare mode's panes each take a share of a frame's budget (kPaneBudgetShare), so a frame
// that seeks in both does the work of one: on the clock above (a budget of 1 s, each part 0.4 s),
// half the budget is one part a frame where the whole budget is two, and the same far seek takes
// about twice the frames, each moving on, and arrives at the same map.
TEST(AppSession, ASessionGivenHalfTheBudgetSeeksHalfAsFarAFrame) {
  TestClock c;
  Session s(config_with_parts(c, {.skip_cells = 1}));
  ASSERT_NO_FATAL_FAILURE(run_a_400_maze(s));
  const std::uint64_t total = s.recorded();
  c.tick = 0.4;
  const auto frames_to_start = [&](double share) {
    s.seek(total);
    s.finish_pending();
    s.seek(0);
    int frames = 0;
    while (s.position() != 0 && frames < 40) {
      const std::uint64_t before = s.position();
      s.update(1.0 / 60, share);
      ++frames;
      EXPECT_LT(s.position(), before) << "share " << share << ", frame " << frames;
    }
    EXPECT_EQ(s.position(), 0u);
    return frames;
  };
  const int whole = frames_to_start(1.0);
  const int half = frames_to_start(kPaneBudgetShare);
  EXPECT_GT(whole, 2);
  EXPECT_GE(half, 2 * whole - 1);
  EXPECT_EQ(s.grid(), fresh_grid_after(s, 0));
}

// The replay to and from the nearest skip boundaries is split too: with parts of 1000 steps (two
// a frame, as above) and the skips crossed whole, a seek from the head of a 400x400 maze to its
// start replays back to the last boundary 2000 steps a frame (a 4096x4096 maze's replay back to
// its last boundary was one frame of 70 ms), then crosses the skips, and lands on the fresh run's
// map.
TEST(AppSession, AFarSeekReplaysToTheNearestBoundaryAPartAtATime) {
  TestClock c;
  Session s(config_with_parts(c, {.steps = 1000}));
  ASSERT_NO_FATAL_FAILURE(run_a_400_maze(s));
  const std::uint64_t total = s.recorded();
  const std::uint64_t tail = total % history::kSkipSteps;  // steps after the last boundary
  ASSERT_GT(tail, 4000u);
  c.tick = 0.4;
  s.seek(0);
  std::uint64_t was = total;
  int frames = 0;
  while (s.position() != 0) {
    ASSERT_LT(frames, 20);
    s.update(1.0 / 60);
    ++frames;
    if (was >= total - tail + 2000) {  // replaying back to the boundary: two parts of 1000
      EXPECT_EQ(was - s.position(), 2000u) << "frame " << frames;
    }
    was = s.position();
  }
  EXPECT_GT(frames, static_cast<int>(tail / 2000));
  EXPECT_EQ(s.grid(), fresh_grid_after(s, 0));
}

TEST(AppSession, ScrubbingBackAndForthGivesTheFreshRunsGrid) {
  TestClock c;
  Session s(config(c));
  ASSERT_TRUE(s.select_generator("feature-accretion"));
  s.update(1.0 / 60);
  const std::uint64_t total = s.recorded();
  ASSERT_GT(total, 20u);
  Rng pick(5);
  for (int i = 0; i < 40; ++i) {
    const std::uint64_t k = pick.below(static_cast<std::uint32_t>(total + 1));
    s.seek(k);
    s.finish_pending();
    ASSERT_EQ(s.position(), k);
    ASSERT_EQ(s.grid(), fresh_grid_after(s, k)) << "at step " << k;
    const Step* cur = s.current_step();
    if (k > 0) {
      ASSERT_NE(cur, nullptr);
      EXPECT_EQ(s.current_line(), cur->line);
    } else {
      EXPECT_EQ(cur, nullptr);
      EXPECT_FALSE(s.current_line());
    }
  }
}

TEST(AppSession, RunToNextLevelStopsAtTheFirstStepOfThatLevelOrBigger) {
  TestClock c;
  Session s(config(c));
  s.set_mode(RunMode::Step);
  s.regenerate();
  // Reference: the levels of every step of a fresh run.
  Stepper ref = start_generator(s.generator(), s.params(), s.seed(), false);
  std::vector<StepLevel> levels;
  while (const Step* st = ref.next()) levels.push_back(st->level);

  for (const StepLevel level : {StepLevel::Feature, StepLevel::Action, StepLevel::Feature,
                                StepLevel::Cell, StepLevel::Phase}) {
    const std::uint64_t from = s.position();
    s.run_to_next(level);
    s.finish_pending();
    const std::uint64_t to = s.position();
    ASSERT_GT(to, from);
    EXPECT_GE(levels[to - 1], level);
    for (std::uint64_t k = from + 1; k < to; ++k) EXPECT_LT(levels[k - 1], level) << k;
  }
  EXPECT_EQ(s.position(), levels.size());  // the only phase step is the last
}

TEST(AppSession, ParameterChangeRegeneratesLiveToTheEndAndStepModeToZero) {
  TestClock c;
  Session s(config(c));
  s.update(1.0 / 60);
  ASSERT_TRUE(s.set_param("max_rooms", 12));
  EXPECT_TRUE(s.notice().empty());
  s.update(1.0 / 60);
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.grid(), final_grid(s));

  s.set_mode(RunMode::Step);
  s.set_speed(100);
  s.play();  // at the end: the first frame goes back to step 0, the next ones play
  s.update(0.1);
  EXPECT_EQ(s.position(), 0u);
  s.update(0.1);
  EXPECT_EQ(s.position(), 10u);
  // Mid-run change: back to step 0, paused, ready to play.
  ASSERT_TRUE(s.set_param("max_rooms", 20));
  EXPECT_EQ(s.position(), 0u);
  EXPECT_FALSE(s.playing());
  EXPECT_FALSE(s.busy());
  s.update(1.0);
  EXPECT_EQ(s.position(), 0u);
  s.set_seed(77);
  EXPECT_EQ(s.seed(), 77u);
  EXPECT_EQ(s.position(), 0u);
  s.set_map_size(60, 30);
  EXPECT_EQ(s.grid().width(), 60);
  EXPECT_EQ(s.grid().height(), 30);
  EXPECT_EQ(s.params().get("width"), 60);
}

TEST(AppSession, DiceRollsDeterministicFreshSeedsFromItsOwnRng) {
  TestClock c1, c2;
  Session a(config(c1)), b(config(c2));
  const std::uint64_t first = a.roll_seed();
  EXPECT_EQ(first, b.roll_seed());
  EXPECT_NE(a.roll_seed(), first);
  EXPECT_EQ(a.seed(), b.roll_seed());
  a.apply(Command::RegenerateNewSeed);
  EXPECT_NE(a.seed(), b.seed());
}

TEST(AppSession, ClampsOutOfRangeValuesAndSaysSo) {
  TestClock c;
  Session s(config(c));
  ASSERT_TRUE(s.set_param("max_rooms", 20000));
  EXPECT_EQ(s.params().get("max_rooms"), 10000);
  EXPECT_NE(s.notice().find("allowed 1..10000"), std::string::npos) << s.notice();
  ASSERT_TRUE(s.set_param("max_rooms", -3));
  EXPECT_EQ(s.params().get("max_rooms"), 1);
  EXPECT_FALSE(s.notice().empty());
  ASSERT_TRUE(s.set_param("max_rooms", 30));
  EXPECT_TRUE(s.notice().empty());
  EXPECT_FALSE(s.set_param("no_such_param", 3));
  EXPECT_NE(s.notice().find("no_such_param"), std::string::npos);
}

TEST(AppSession, CrossCheckFailuresPushTheOtherBoundAndSaySo) {
  TestClock c;
  Session s(config(c));
  // min above max: max follows.
  ASSERT_TRUE(s.set_param("room_min_size", 12));
  EXPECT_EQ(s.params().get("room_min_size"), 12);
  EXPECT_EQ(s.params().get("room_max_size"), 12);
  EXPECT_NE(s.notice().find("room_max_size 10 -> 12"), std::string::npos) << s.notice();
  EXPECT_FALSE(s.params().validate());
  // max below min: min follows down.
  ASSERT_TRUE(s.set_param("room_max_size", 7));
  EXPECT_EQ(s.params().get("room_min_size"), 7);
  EXPECT_EQ(s.params().get("room_max_size"), 7);
  // A room too big for the 80x45 map: the value itself stops at the largest that fits.
  ASSERT_TRUE(s.set_param("room_max_size", 50));
  EXPECT_EQ(s.params().get("room_max_size"), 44);
  EXPECT_NE(s.notice().find("allowed up to 44"), std::string::npos) << s.notice();
  // min too big as well: both end at the largest that fits.
  ASSERT_TRUE(s.set_param("room_min_size", 60));
  EXPECT_EQ(s.params().get("room_min_size"), 44);
  EXPECT_EQ(s.params().get("room_max_size"), 44);
  EXPECT_FALSE(s.params().validate());
  // Shrinking the map pushes the room sizes down with it.
  s.set_map_size(80, 9);
  EXPECT_EQ(s.params().get("height"), 9);
  EXPECT_EQ(s.params().get("room_max_size"), 8);
  EXPECT_EQ(s.params().get("room_min_size"), 8);
  EXPECT_FALSE(s.params().validate());
  EXPECT_FALSE(s.notice().empty());
  s.update(1.0 / 60);
  EXPECT_TRUE(s.finished());
}

TEST(AppSession, ANoticeNamesTheRuleThatStoppedTheValue) {
  TestClock c;
  Session s(config(c));
  ASSERT_TRUE(s.select_generator("room-accretion"));
  // Past room_max_size (which follows) and past the map's cells (which stops it): the notice
  // names the map, not the min <= max rule the push mended.
  ASSERT_TRUE(s.set_param("room_min_size", 1000000));
  const int cells = s.params().get_int("width") * s.params().get_int("height");
  EXPECT_EQ(s.params().get("room_min_size"), cells);
  EXPECT_EQ(s.params().get("room_max_size"), cells);
  EXPECT_NE(s.notice().find("does not fit the"), std::string::npos) << s.notice();
  EXPECT_EQ(s.notice().find("is greater than"), std::string::npos) << s.notice();
}

TEST(AppSession, EveryGeneratorStaysValidUnderRandomSliderAbuse) {
  TestClock c;
  Session s(config(c));
  Rng rng(3);
  for (const GeneratorSpec* spec : s.generators()) {
    ASSERT_TRUE(s.select_generator(spec->name));
    s.set_map_size(40, 30);  // keep the regenerations small
    for (int i = 0; i < 60; ++i) {
      const auto& defs = spec->schema.params;
      const ParamDef& d = defs[rng.below(static_cast<std::uint32_t>(defs.size()))];
      if (d.name == "width" || d.name == "height") continue;
      const std::int64_t span = std::min<std::int64_t>(d.max - d.min, 200);
      const std::int64_t v =
          d.min - 5 + static_cast<std::int64_t>(rng.below(static_cast<std::uint32_t>(span + 11)));
      ASSERT_TRUE(s.set_param(d.name, v));
      ASSERT_FALSE(s.params().validate())
          << spec->name << " " << d.name << "=" << v << ": " << s.params().validate()->words();
    }
    s.finish_pending();
    EXPECT_EQ(s.grid(), final_grid(s)) << spec->name;
  }
}

TEST(AppSession, EachFrameStaysWithinItsStepCap) {
  TestClock c;
  Session s(config(c, 25));
  s.finish_pending();
  s.set_mode(RunMode::Step);
  s.regenerate();
  s.run_to_end();
  int frames = 0;
  while (s.busy() && frames < 10000) {
    const FrameReport r = s.update(1.0 / 60);
    EXPECT_LE(r.steps, 25u);
    ++frames;
  }
  EXPECT_GT(frames, 1);
  EXPECT_TRUE(s.finished());
  // Playing at a million steps a second obeys the same cap.
  s.restart();
  s.finish_pending();
  s.set_speed(1e6);
  s.play();
  const FrameReport r = s.update(1.0 / 60);
  EXPECT_EQ(r.steps, 25u);
  EXPECT_TRUE(r.hit_budget);
}

// Playing faster than the budget lets a frame run: the rate it really plays at is measured (the
// transport bar shows it instead of the speed asked for); within the budget, nothing is.
TEST(AppSession, PlayingHeldByTheBudgetSaysTheRateItGives) {
  TestClock c;
  Session s(config(c, 25));  // 25 steps a frame at most
  s.set_mode(RunMode::Step);
  ASSERT_TRUE(s.select_generator("room-accretion"));
  s.finish_pending();
  s.set_speed(1e6);
  s.play();
  for (int i = 0; i < 40 && s.playing(); ++i) s.update(1.0 / 60);  // two thirds of a second
  ASSERT_TRUE(s.playing());
  ASSERT_TRUE(s.capped_rate().has_value());
  EXPECT_NEAR(*s.capped_rate(), 25 * 60, 1.0);  // 25 steps a frame, 60 frames a second
  s.set_speed(100);                             // measured anew: within the budget, nothing to say
  for (int i = 0; i < 40 && s.playing(); ++i) s.update(1.0 / 60);
  EXPECT_FALSE(s.capped_rate().has_value());
  s.set_speed(1e6);
  for (int i = 0; i < 40 && s.playing(); ++i) s.update(1.0 / 60);
  EXPECT_TRUE(s.capped_rate().has_value());
  s.pause();
  EXPECT_FALSE(s.capped_rate().has_value());
}

TEST(AppSession, TheTimeBudgetStopsAFrameAtAClockCheck) {
  TestClock c;
  c.tick = 0.001;  // every read of the clock is a millisecond later
  SessionConfig cfg = config(c);
  cfg.budget.seconds = 0.005;
  Session s(std::move(cfg));
  s.set_mode(RunMode::Step);
  ASSERT_TRUE(s.select_generator("room-accretion"));
  s.run_to_end();
  const FrameReport r = s.update(1.0 / 60);
  // Read at the start, then every kClockCheckInterval steps: the 5th check is past 5 ms.
  EXPECT_EQ(r.steps, 5 * kClockCheckInterval);
  EXPECT_TRUE(r.hit_budget);
  EXPECT_TRUE(s.busy());
}

// A frame's far-seek parts (BudgetedLoop::run_timed) stop before one that would end past the
// budget if it took as long as the longest so far, not only once the budget is spent: parts of
// 0.2, 0.3 and 0.3 s in a budget of 1 s are three (a fourth would end at 1.1 s), where checking
// the time spent alone began a fourth at 0.8 s. The first part runs whatever it costs.
TEST(AppSession, AFramesTimedPartsStopBeforeOneThatWouldEndPastTheBudget) {
  const std::vector<double> readings = {0.0, 0.2, 0.5, 0.8, 1.1, 1.4};
  std::size_t read = 0;
  const Clock clock = [&] { return readings[std::min(read++, readings.size() - 1)]; };
  BudgetedLoop loop(clock, FrameBudget{.seconds = 1.0});
  int parts = 0;
  EXPECT_EQ(loop.run_timed([&] { return ++parts <= 10; }), 3u);
  EXPECT_EQ(parts, 3);
  EXPECT_TRUE(loop.hit_budget());
  // A first part longer than the budget still runs; the work ending stops the loop too.
  const std::vector<double> slow = {0.0, 5.0};
  read = 0;
  const Clock slow_clock = [&] { return slow[std::min(read++, slow.size() - 1)]; };
  BudgetedLoop one(slow_clock, FrameBudget{.seconds = 1.0});
  EXPECT_EQ(one.run_timed([] { return true; }), 1u);
  EXPECT_TRUE(one.hit_budget());
  BudgetedLoop ends(clock, FrameBudget{.seconds = 1.0});
  read = 0;
  EXPECT_EQ(ends.run_timed([n = 0]() mutable { return ++n < 2; }), 1u);
  EXPECT_FALSE(ends.hit_budget());
}

TEST(AppSession, AbsurdInputsNeitherCrashNorRunUnbounded) {
  TestClock c;
  Session s(config(c, 1000));
  s.finish_pending();
  s.set_mode(RunMode::Step);
  for (const double v : {1e300, -5.0, 0.0, std::numeric_limits<double>::quiet_NaN(),
                         std::numeric_limits<double>::infinity()}) {
    s.set_speed(v);
    EXPECT_GE(s.speed(), kMinSpeed);
    EXPECT_LE(s.speed(), kMaxSpeed);
  }
  s.set_speed(kMaxSpeed);
  s.play();
  for (const double dt : {1e9, -1.0, std::numeric_limits<double>::quiet_NaN(), 0.0}) {
    EXPECT_LE(s.update(dt).steps, 1000u);
  }
  // Changing things in the middle of a job.
  s.set_mode(RunMode::Live);
  s.set_param("max_rooms", 9000);
  s.update(1.0 / 60);
  s.set_param("room_min_size", 3);
  s.step_back();
  s.set_regions_mode(RegionsMode::Animated);
  s.update(1.0 / 60);
  s.select_generator("cellular-caves");
  s.seek(UINT64_MAX);
  s.update(1.0 / 60);
  s.set_map_size(0, -7);
  EXPECT_EQ(s.grid().width(), 4);
  s.finish_pending();
  EXPECT_TRUE(s.finished());
}

TEST(AppSession, FloorFractionKeptIncrementallyMatchesAFullRecount) {
  TestClock c;
  Session s(config(c));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.update(1.0 / 60);
  s.set_regions_mode(RegionsMode::Animated);
  s.set_mode(RunMode::Step);
  Rng rng(11);
  for (int i = 0; i < 300; ++i) {
    switch (rng.below(6)) {
      case 0:
        s.step();
        break;
      case 1:
        s.step_back();
        break;
      case 2:
        s.seek(rng.below(static_cast<std::uint32_t>(s.recorded() + 1)));
        break;
      case 3:
        s.run_to_next(StepLevel::Feature);
        break;
      case 4:
        s.set_speed(1000);
        s.play();
        s.update(0.05);
        break;
      case 5:
        if (rng.below(10) == 0) s.set_seed(rng.below(1000));
        break;
    }
    s.finish_pending();
    const LiveStats st = s.stats();
    ASSERT_EQ(st.walkable, s.grid().count_walkable()) << "op " << i;
    ASSERT_DOUBLE_EQ(st.floor_fraction, static_cast<double>(s.grid().count_walkable()) /
                                            static_cast<double>(s.grid().size()));
    if (st.regions) {
      // Regions so far, and the largest, from a full scan.
      std::vector<std::int64_t> sizes;
      for (const std::int32_t r : region_layer(s.grid())) {
        if (r < 0) continue;
        if (static_cast<std::size_t>(r) >= sizes.size()) sizes.resize(r + 1, 0);
        ++sizes[static_cast<std::size_t>(r)];
      }
      int count = 0;
      std::int64_t largest = 0;
      for (auto n : sizes) {
        count += n > 0;
        largest = std::max(largest, n);
      }
      ASSERT_EQ(st.regions->count, count) << "op " << i;
      ASSERT_DOUBLE_EQ(
          st.regions->largest_fraction,
          st.walkable ? static_cast<double>(largest) / static_cast<double>(st.walkable) : 0.0);
    }
  }
}

}  // namespace
}  // namespace dungen::app
