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
  // The number of the first step that matches.
  template <class Pred>
  std::uint64_t first(Pred pred) const {
    for (std::size_t i = 0; i < steps.size(); ++i) {
      if (pred(steps[i])) return i + 1;
    }
    return 0;
  }
  std::uint64_t first_role(Role r) const {
    return first([r](const Step& st) { return st.overlay.has(r); });
  }
  std::uint64_t first_path() const { return first_role(Role::Tunnel); }
  std::string words(std::uint64_t k) const {
    return s.generator().narration.words(steps[k - 1], s.params());
  }
  void go(std::uint64_t k) {
    s.seek(k);
    s.finish_pending();
  }
};

TEST(AppPanels, LogDescribesTheLastStepsInTheGeneratorsWords) {
  Fixture f;
  EXPECT_TRUE(f.s.log().empty());
  f.s.step();
  ASSERT_EQ(f.s.log().size(), 1u);
  const LogEntry& begin = f.s.log().back();
  EXPECT_EQ(begin.step, 1u);
  EXPECT_EQ(begin.level, StepLevel::Phase);
  EXPECT_EQ(begin.text, "the map is filled with wall (80x45)");
  EXPECT_EQ(format_log_entry(begin), "#1 phase   the map is filled with wall (80x45)");
  f.s.step();
  EXPECT_EQ(f.s.log().back().text, "attempt 1 of 30");
  f.s.step();
  // The size step shows its draws after the words.
  const std::string& sized = f.s.log().back().text;
  EXPECT_TRUE(sized.starts_with("attempt 1: w = ")) << sized;
  EXPECT_NE(sized.find("[w = "), std::string::npos) << sized;

  const std::uint64_t rejected = f.first_role(Role::Rejected);
  ASSERT_GT(rejected, 0u);
  f.go(rejected);
  const std::string& text = f.s.log().back().text;
  EXPECT_TRUE(text.starts_with("attempt ")) << text;
  EXPECT_NE(text.find(" rejected: it "), std::string::npos) << text;
  EXPECT_NE(text.find(" room "), std::string::npos) << text;

  // Long runs keep the newest kLogLines, ending at the cursor, in order.
  f.go(f.steps.size());
  const auto& log = f.s.log();
  ASSERT_EQ(log.size(), std::min<std::size_t>(kLogLines, f.steps.size()));
  EXPECT_EQ(log.back().step, f.steps.size());
  EXPECT_EQ(log.back().text, f.words(f.steps.size()));
  for (std::size_t i = 1; i < log.size(); ++i) EXPECT_EQ(log[i].step, log[i - 1].step + 1);
  f.s.step_back();
  EXPECT_EQ(f.s.log().back().step, f.steps.size() - 1);
}

// The items shown of a role, youngest last.
std::vector<ShownItem> shown(const OverlayView& o, Role r) {
  std::vector<ShownItem> out;
  for (const ShownItem& i : o.items) {
    if (i.item.role == r) out.push_back(i);
  }
  return out;
}

TEST(AppPanels, OverlayShowsVerdictsWithWhatTheyHitFadingUntilTheNextTry) {
  Fixture f;
  const std::uint64_t accepted = f.first_role(Role::Accepted);
  ASSERT_GT(accepted, 0u);
  f.go(accepted);
  OverlayView o = f.s.overlay();
  std::vector<ShownItem> boxes = shown(o, Role::Accepted);
  ASSERT_EQ(boxes.size(), 1u);
  EXPECT_EQ(boxes.back().age, 0.0f);
  EXPECT_EQ(boxes.back().item.rect, *f.steps[accepted - 1].overlay.rect_of(Role::Accepted));
  EXPECT_EQ(o.caption, "accepted: room 1");
  EXPECT_EQ(o.caption_at, boxes.back().item.rect);

  const std::uint64_t rejected = f.first_role(Role::Rejected);
  f.go(rejected);
  o = f.s.overlay();
  boxes = shown(o, Role::Rejected);
  ASSERT_EQ(boxes.size(), 1u);
  EXPECT_EQ(boxes.back().age, 0.0f);
  // The rejection outlines the room it hit and says which.
  const std::vector<ShownItem> cause = shown(o, Role::Cause);
  ASSERT_EQ(cause.size(), 1u);
  EXPECT_EQ(cause.back().item.rect, *f.steps[rejected - 1].overlay.rect_of(Role::Cause));
  EXPECT_TRUE(o.caption.starts_with("rejected: ")) << o.caption;
  EXPECT_NE(o.caption.find(" room "), std::string::npos) << o.caption;
  // No older verdict is shown beside a new one.
  EXPECT_TRUE(shown(o, Role::Accepted).empty());

  // Steps after the verdict that try nothing: the verdict fades, captionless.
  std::uint64_t k = rejected + 1;
  while (k <= f.steps.size()) {
    const auto& items = f.steps[k - 1].overlay.items;
    if (std::any_of(items.begin(), items.end(), [](const OverlayItem& i) {
          return i.role == Role::Candidate || i.role == Role::Accepted || i.role == Role::Rejected;
        })) {
      break;
    }
    f.go(k);
    o = f.s.overlay();
    if (k - rejected < static_cast<std::uint64_t>(kCandidateFadeSteps)) {
      boxes = shown(o, Role::Rejected);
      ASSERT_EQ(boxes.size(), 1u) << "step " << k;
      EXPECT_FLOAT_EQ(boxes.back().age,
                      static_cast<float>(k - rejected) / static_cast<float>(kCandidateFadeSteps));
    } else {
      EXPECT_TRUE(shown(o, Role::Rejected).empty());
    }
    EXPECT_TRUE(shown(o, Role::Cause).empty()) << "what it hit goes with the verdict's step";
    ++k;
  }
  // The next candidate drawn: the old verdict goes at once.
  ASSERT_LE(k, f.steps.size());
  f.go(k);
  for (const ShownItem& i : f.s.overlay().items) {
    EXPECT_EQ(i.age, 0.0f) << "step " << k << " still shows an old verdict";
  }
}

TEST(AppPanels, OverlayFollowsTheTunnelBeingDug) {
  Fixture f;
  const std::uint64_t planned = f.first_path();
  ASSERT_GT(planned, 0u);
  const std::vector<Point> path = f.steps[planned - 1].overlay.find(Role::Tunnel)->cells;
  ASSERT_FALSE(path.empty());
  f.go(planned);
  ASSERT_EQ(shown(f.s.overlay(), Role::Tunnel).size(), 1u);
  EXPECT_EQ(shown(f.s.overlay(), Role::Tunnel).back().item.cells, path);
  EXPECT_EQ(f.s.overlay().path_done, 0u);
  ASSERT_EQ(f.steps[planned].level, StepLevel::Cell);  // the first dug cell
  f.s.step();
  const OverlayView& o = f.s.overlay();
  ASSERT_EQ(shown(o, Role::Tunnel).size(), 1u);
  EXPECT_EQ(shown(o, Role::Tunnel).back().item.cells, path);
  const std::vector<ShownItem> cursor = shown(o, Role::Cursor);
  ASSERT_EQ(cursor.size(), 1u);
  EXPECT_EQ(cursor.back().item.cells.front(), *f.steps[planned].overlay.point_of(Role::Cursor));
  ASSERT_GE(o.path_done, 1u);
  EXPECT_EQ(path[o.path_done - 1], cursor.back().item.cells.front());
  // The next non-cell step ends the tunnel: the path goes away.
  std::uint64_t after = planned + 1;
  while (after < f.steps.size() && f.steps[after - 1].level == StepLevel::Cell) ++after;
  f.go(after);
  if (!f.steps[after - 1].overlay.has(Role::Tunnel)) {
    EXPECT_TRUE(shown(f.s.overlay(), Role::Tunnel).empty());
  }
}

TEST(AppPanels, PlayerStartShowsFromTheStepThatPlacedIt) {
  Fixture f;
  const std::uint64_t carved = f.first_role(Role::Accepted);
  f.go(carved);
  EXPECT_FALSE(f.s.overlay().player_start);
  f.s.step();  // the first room's centre: the player starts there
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
  const std::uint64_t carved = f.first_role(Role::Accepted);
  f.go(carved - 1);  // begin, attempt, size: no cells yet
  u = f.s.take_upload();
  EXPECT_FALSE(u.dirty);
  f.s.step();  // room 1 carved
  u = f.s.take_upload();
  EXPECT_FALSE(u.full);
  ASSERT_TRUE(u.dirty);
  const Rect room = f.steps[carved - 1].event.rect;
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
  EXPECT_EQ(f.s.pseudocode().size(), f.s.generator().narration.pseudocode.size());
  EXPECT_FALSE(f.s.current_line());
  for (std::uint64_t k = 1; k <= 30 && k <= f.steps.size(); ++k) {
    f.s.step();
    ASSERT_EQ(f.s.current_line(), f.steps[k - 1].line);
    ASSERT_LT(static_cast<std::size_t>(*f.s.current_line()), f.s.pseudocode().size());
  }
  const LiveStats st = f.s.stats();
  EXPECT_EQ(st.step, 30u);
  // The generator's own rows, as of step 30: the same as a fresh run of 30 steps.
  Stepper ref = start_generator(f.s.generator(), f.s.params(), f.s.seed(), false);
  run_steps(ref, 30);
  const std::vector<StatRow> want = f.s.generator().narration.stat_rows(ref.stats(), ref.params());
  ASSERT_EQ(st.generator.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(st.generator[i].label, want[i].label);
    EXPECT_EQ(st.generator[i].text, want[i].text);
  }
  EXPECT_TRUE(st.flood_fill.empty());
}

TEST(AppPanels, EveryCommandHasOneKeyAndDoesItsThing) {
  std::set<Command> seen;
  std::set<std::string_view> keys;
  for (const KeyBinding& b : key_bindings()) {
    if (const auto* command = std::get_if<Command>(&b.action)) {
      EXPECT_TRUE(seen.insert(*command).second) << b.key;
    }
    EXPECT_TRUE(keys.insert(b.key).second) << b.key;
    EXPECT_FALSE(b.description.empty());
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(Command::TogglePredict) + 1);

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

  // View only: flags the GL side reads (and, for the scale reset, clears).
  EXPECT_FALSE(f.s.view().reset_ui_scale);
  f.s.apply(Command::ResetUiScale);
  EXPECT_TRUE(f.s.view().reset_ui_scale);
  EXPECT_FALSE(f.s.view().projector);
  f.s.apply(Command::ToggleProjector);
  EXPECT_TRUE(f.s.view().projector);
  f.s.apply(Command::ToggleProjector);
  EXPECT_FALSE(f.s.view().projector);
  EXPECT_TRUE(f.s.view().follow_step);
  f.s.apply(Command::ToggleFollow);
  EXPECT_FALSE(f.s.view().follow_step);
  f.s.apply(Command::ToggleFollow);
  EXPECT_TRUE(f.s.view().follow_step);
  EXPECT_FALSE(f.s.predict());
  f.s.apply(Command::TogglePredict);
  EXPECT_TRUE(f.s.predict());
  f.s.apply(Command::TogglePredict);
  EXPECT_FALSE(f.s.predict());
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
