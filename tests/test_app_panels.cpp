// What the app's panels and renderer read from a session: the log, the overlay, the texture
// upload, the commands and key list, the speed slider, and the headless setup.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "app/logic/headless.hpp"
#include "app/logic/session.hpp"
#include "app/logic/speed.hpp"
#include "app_test_support.hpp"
#include "core/runner.hpp"
#include "generators/registry.hpp"

namespace dungen::app {
namespace {

// A rooms-and-tunnels session at step 0 in step mode, plus every step of the same run.
struct Fixture {
  Session s{frozen_clock(3)};
  std::vector<Step> steps;
  Fixture() {
    s.set_mode(RunMode::Step);
    s.regenerate();
    Stepper ref = start_generator(s.generator(), s.params(), s.seed(), false);
    while (const Step* st = ref.next()) steps.push_back(*st);
  }
  std::uint64_t first(EventKind kind) const {
    for (std::size_t i = 0; i < steps.size(); ++i) {
      if (steps[i].event.kind == kind) return i + 1;
    }
    return 0;
  }
  void go(std::uint64_t k) {
    s.seek(k);
    s.finish_pending();
  }
};

TEST(AppPanels, LogDescribesTheLastStepsInWords) {
  Fixture f;
  EXPECT_TRUE(f.s.log().empty());
  f.s.step();
  ASSERT_EQ(f.s.log().size(), 1u);
  // The first room can hit nothing: it is always accepted, then carved.
  const LogEntry& first = f.s.log().back();
  EXPECT_EQ(first.step, 1u);
  EXPECT_EQ(first.level, StepLevel::Action);
  EXPECT_TRUE(first.text.starts_with("room 0 accepted: ")) << first.text;
  EXPECT_TRUE(format_log_entry(first).starts_with("#1 action  room 0 accepted: "))
      << format_log_entry(first);
  f.s.step();
  EXPECT_EQ(f.s.log().back().text, "room 0 carved");

  const std::uint64_t rejected = f.first(EventKind::RoomRejected);
  ASSERT_GT(rejected, 0u);
  f.go(rejected);
  const std::string& text = f.s.log().back().text;
  EXPECT_TRUE(text.starts_with("candidate ")) << text;
  EXPECT_NE(text.find("rejected: overlaps room "), std::string::npos) << text;

  // Long runs keep the newest kLogLines, ending at the cursor, in order.
  f.go(f.steps.size());
  const auto& log = f.s.log();
  ASSERT_EQ(log.size(), std::min<std::size_t>(kLogLines, f.steps.size()));
  EXPECT_EQ(log.back().step, f.steps.size());
  EXPECT_EQ(log.back().text, describe(f.steps.back().event));
  for (std::size_t i = 1; i < log.size(); ++i) EXPECT_EQ(log[i].step, log[i - 1].step + 1);
  f.s.step_back();
  EXPECT_EQ(f.s.log().back().step, f.steps.size() - 1);
}

TEST(AppPanels, OverlayShowsFadingCandidatesWithVerdicts) {
  Fixture f;
  f.s.step();
  OverlayView o = f.s.overlay();
  ASSERT_EQ(o.candidates.size(), 1u);
  EXPECT_EQ(o.candidates[0].verdict, Verdict::Accepted);
  EXPECT_EQ(o.candidates[0].age, 0.0f);
  EXPECT_EQ(o.candidates[0].rect, *f.steps[0].overlay.candidate);

  const std::uint64_t rejected = f.first(EventKind::RoomRejected);
  f.go(rejected);
  o = f.s.overlay();
  ASSERT_FALSE(o.candidates.empty());
  EXPECT_EQ(o.candidates.back().verdict, Verdict::Rejected);
  EXPECT_EQ(o.candidates.back().reason, Reason::Overlaps);
  EXPECT_EQ(o.candidates.back().age, 0.0f);
  // Older candidates are older; all fade out within kCandidateFadeSteps.
  for (std::size_t i = 1; i < o.candidates.size(); ++i) {
    EXPECT_LT(o.candidates[i].age, o.candidates[i - 1].age);
  }
  f.go(rejected + 2);
  o = f.s.overlay();
  const auto it = std::find_if(o.candidates.begin(), o.candidates.end(), [&](auto& c) {
    return c.verdict == Verdict::Rejected && c.rect == *f.steps[rejected - 1].overlay.candidate;
  });
  ASSERT_NE(it, o.candidates.end());
  EXPECT_FLOAT_EQ(it->age, 2.0f / kCandidateFadeSteps);
  f.go(rejected + kCandidateFadeSteps);
  for (const CandidateMark& c : f.s.overlay().candidates) EXPECT_LT(c.age, 1.0f);
}

TEST(AppPanels, OverlayFollowsTheTunnelBeingDug) {
  Fixture f;
  const std::uint64_t planned = f.first(EventKind::TunnelPlanned);
  ASSERT_GT(planned, 0u);
  const std::vector<Point>& path = f.steps[planned - 1].overlay.path;
  ASSERT_FALSE(path.empty());
  f.go(planned);
  EXPECT_EQ(f.s.overlay().path, path);
  EXPECT_EQ(f.s.overlay().path_done, 0u);
  ASSERT_EQ(f.steps[planned].level, StepLevel::Cell);  // the first dug cell
  f.s.step();
  const OverlayView& o = f.s.overlay();
  EXPECT_EQ(o.path, path);
  ASSERT_TRUE(o.cursor);
  EXPECT_EQ(*o.cursor, *f.steps[planned].overlay.cursor);
  ASSERT_GE(o.path_done, 1u);
  EXPECT_EQ(path[o.path_done - 1], *o.cursor);
  // The next non-cell step ends the tunnel: the path goes away.
  std::uint64_t after = planned + 1;
  while (after < f.steps.size() && f.steps[after - 1].level == StepLevel::Cell) ++after;
  f.go(after);
  if (f.steps[after - 1].overlay.path.empty()) {
    EXPECT_TRUE(f.s.overlay().path.empty());
  }
}

TEST(AppPanels, PlayerStartShowsFromTheStepThatPlacedIt) {
  Fixture f;
  f.s.step();
  EXPECT_FALSE(f.s.overlay().player_start);
  f.s.step();  // room 0 carved: the player starts at its centre
  ASSERT_TRUE(f.s.overlay().player_start);
  const Point start = *f.s.overlay().player_start;
  f.go(f.steps.size());
  EXPECT_EQ(f.s.overlay().player_start, start);
  EXPECT_EQ(f.s.layout().start, start);
  f.go(1);
  EXPECT_FALSE(f.s.overlay().player_start);
}

TEST(AppPanels, UploadIsFullForANewMapAndADirtyRectAfterSteps) {
  Fixture f;
  EXPECT_TRUE(f.s.take_upload().full);
  TextureUpload u = f.s.take_upload();
  EXPECT_FALSE(u.full);
  EXPECT_FALSE(u.dirty);
  f.s.step();  // accepted: no cells yet
  f.s.step();  // room 0 carved
  u = f.s.take_upload();
  EXPECT_FALSE(u.full);
  ASSERT_TRUE(u.dirty);
  const Rect room = f.steps[1].event.rect;
  EXPECT_EQ(*u.dirty, room);
  f.s.step_back();
  u = f.s.take_upload();
  ASSERT_TRUE(u.dirty);
  EXPECT_EQ(*u.dirty, room);
  f.s.set_seed(12345);
  EXPECT_TRUE(f.s.take_upload().full);
  f.s.set_map_size(50, 40);
  EXPECT_TRUE(f.s.take_upload().full);
}

TEST(AppPanels, PseudocodeLineIsTheCurrentSteps) {
  Fixture f;
  EXPECT_EQ(f.s.pseudocode().size(), f.s.generator().pseudocode.size());
  EXPECT_FALSE(f.s.current_line());
  for (std::uint64_t k = 1; k <= 30 && k <= f.steps.size(); ++k) {
    f.s.step();
    ASSERT_EQ(f.s.current_line(), f.steps[k - 1].line);
    ASSERT_LT(static_cast<std::size_t>(*f.s.current_line()), f.s.pseudocode().size());
  }
  const LiveStats st = f.s.stats();
  EXPECT_EQ(st.step, 30u);
  EXPECT_EQ(st.counters, f.steps[29].counters);
}

TEST(AppPanels, EveryCommandHasOneKeyAndDoesItsThing) {
  std::set<Command> seen;
  std::set<std::string_view> keys;
  for (const KeyBinding& b : key_bindings()) {
    EXPECT_TRUE(seen.insert(b.command).second) << b.key;
    EXPECT_TRUE(keys.insert(b.key).second) << b.key;
    EXPECT_FALSE(b.description.empty());
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(Command::Regions) + 1);

  Fixture f;
  f.s.apply(Command::PlayPause);
  EXPECT_TRUE(f.s.playing());
  f.s.apply(Command::PlayPause);
  EXPECT_FALSE(f.s.playing());
  f.s.apply(Command::Step);
  f.s.apply(Command::Step);
  f.s.apply(Command::StepBack);
  EXPECT_EQ(f.s.position(), 1u);
  f.s.apply(Command::NextFeature);
  f.s.finish_pending();
  EXPECT_GE(f.s.current_step()->level, StepLevel::Feature);
  f.s.apply(Command::NextAction);
  f.s.finish_pending();
  EXPECT_GE(f.s.current_step()->level, StepLevel::Action);
  f.s.apply(Command::NextPhase);
  f.s.finish_pending();
  EXPECT_EQ(f.s.current_step()->level, StepLevel::Phase);
  f.s.apply(Command::Restart);
  f.s.finish_pending();
  EXPECT_EQ(f.s.position(), 0u);
  f.s.apply(Command::RunToEnd);
  f.s.finish_pending();
  EXPECT_TRUE(f.s.finished());
  const std::uint64_t seed = f.s.seed();
  f.s.apply(Command::RegenerateNewSeed);
  EXPECT_NE(f.s.seed(), seed);
  EXPECT_EQ(f.s.position(), 0u);  // step mode

  f.s.view().fit_requested = false;
  f.s.apply(Command::FitView);
  EXPECT_TRUE(f.s.view().fit_requested);
  const bool grid = f.s.view().show_grid;
  f.s.apply(Command::ToggleGrid);
  EXPECT_NE(f.s.view().show_grid, grid);
  const bool labels = f.s.view().show_region_labels;
  f.s.apply(Command::ToggleRegionLabels);
  EXPECT_NE(f.s.view().show_region_labels, labels);

  f.s.set_speed(100);
  f.s.apply(Command::SpeedUp);
  EXPECT_DOUBLE_EQ(f.s.speed(), 100 * kSpeedKeyFactor);
  f.s.apply(Command::SpeedDown);
  f.s.apply(Command::SpeedDown);
  EXPECT_DOUBLE_EQ(f.s.speed(), 100 / kSpeedKeyFactor);
  f.s.apply(Command::ToggleLive);
  EXPECT_EQ(f.s.mode(), RunMode::Live);
  f.s.apply(Command::Regions);
  EXPECT_EQ(f.s.regions_mode(), RegionsMode::Animated);
  f.s.apply(Command::Regions);
  EXPECT_EQ(f.s.regions_mode(), RegionsMode::Instant);
  f.s.apply(Command::Regions);
  EXPECT_EQ(f.s.regions_mode(), RegionsMode::Off);
}

TEST(AppPanels, SpeedSliderIsLogarithmicFromOneToAMillion) {
  EXPECT_DOUBLE_EQ(speed_from_slider(0.0), kMinSpeed);
  EXPECT_DOUBLE_EQ(speed_from_slider(1.0), kMaxSpeed);
  EXPECT_NEAR(speed_from_slider(0.5), 1000.0, 1e-6);
  EXPECT_DOUBLE_EQ(speed_from_slider(-3.0), kMinSpeed);
  EXPECT_DOUBLE_EQ(speed_from_slider(7.0), kMaxSpeed);
  for (const double t : {0.0, 0.1, 0.33, 0.5, 0.9, 1.0}) {
    EXPECT_NEAR(slider_from_speed(speed_from_slider(t)), t, 1e-12);
  }
  EXPECT_DOUBLE_EQ(slider_from_speed(1e12), 1.0);
  EXPECT_DOUBLE_EQ(slider_from_speed(0.0), 0.0);
}

TEST(AppPanels, HeadlessSetupStepsThenStepsBack) {
  Session s(frozen_clock(3));
  HeadlessSetup h;
  h.generator = "feature-accretion";
  h.seed = 42;
  ParamValues p(find_generator("feature-accretion")->schema);
  ASSERT_FALSE(p.set("max_features", 20));
  h.params = p;
  h.steps = 60;
  h.back = 15;
  h.overlay_labels = true;
  ASSERT_FALSE(setup_session(s, h));
  EXPECT_EQ(s.generator().name, "feature-accretion");
  EXPECT_EQ(s.seed(), 42u);
  EXPECT_EQ(s.params().get("max_features"), 20);
  EXPECT_EQ(s.position(), 45u);
  EXPECT_EQ(s.recorded(), 60u);
  EXPECT_TRUE(s.view().show_region_labels);
  Stepper ref = start_generator(s.generator(), s.params(), 42, false);
  run_steps(ref, 45);
  EXPECT_EQ(s.grid(), ref.grid());

  // Without --steps: live, to the end, with instant regions shown.
  HeadlessSetup live;
  live.generator = "cellular-caves";
  live.regions = RegionsMode::Instant;
  ASSERT_FALSE(setup_session(s, live));
  EXPECT_FALSE(s.busy());
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.mode(), RunMode::Live);
  ASSERT_TRUE(s.stats().regions);

  HeadlessSetup bad;
  bad.generator = "nope";
  EXPECT_TRUE(setup_session(s, bad));
  EXPECT_EQ(s.generator().name, "cellular-caves");
}

}  // namespace
}  // namespace dungen::app
