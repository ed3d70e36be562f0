// The transport (play, step, run to..., seek) and the frame loop of Session.

#include "app/logic/session.hpp"
#include "app/logic/session_state.hpp"

namespace dungen::app {

// --- transport ---

bool Session::playing() const {
  return s_->playing;
}
void Session::play() {
  s_->job = {};
  if (s_->live_track().finished()) restart();
  s_->playing = true;
}
void Session::pause() {
  s_->playing = false;
  s_->due = 0.0;
}
void Session::toggle_play() {
  if (s_->playing) {
    pause();
  } else {
    play();
  }
}
void Session::step() {
  s_->job = {};
  pause();
  if (s_->live_track().forward()) {
    s_->last = {1, false};
  } else {
    s_->note_finished();
  }
}
void Session::step_back() {
  s_->job = {};
  pause();
  if (s_->live_track().back()) s_->last = {1, false};
}
void Session::run_to_next(StepLevel level) {
  pause();
  s_->live_track();
  s_->start_job({JobKind::ToLevel, 0, level, false});
}
void Session::run_to_end() {
  pause();
  s_->live_track();
  s_->start_job({JobKind::ToEnd, 0, StepLevel::Phase, false});
}
void Session::restart() {
  pause();
  if (s_->live_track().earliest() > 0) {
    // The oldest steps were forgotten (bounded history): start a fresh run instead.
    s_->rebuild();
    return;
  }
  seek(0);
}
void Session::seek(std::uint64_t k) {
  pause();
  // Past what is recorded, the generator runs on (stopping at its end).
  s_->live_track();
  k = std::max(k, s_->track->earliest());
  if (s_->track->finished()) k = std::min(k, s_->track->recorded());
  if (k == s_->track->position()) {
    s_->job = {};
    return;
  }
  s_->start_job({JobKind::Seek, k, StepLevel::Cell, false});
}
double Session::speed() const {
  return s_->speed;
}
void Session::set_speed(double steps_per_second) {
  s_->speed = clamp_speed(steps_per_second);
}

void Session::apply(Command command) {
  switch (command) {
    case Command::PlayPause:
      return toggle_play();
    case Command::Step:
      return step();
    case Command::StepBack:
      return step_back();
    case Command::NextAction:
      return run_to_next(StepLevel::Action);
    case Command::NextFeature:
      return run_to_next(StepLevel::Feature);
    case Command::NextPhase:
      return run_to_next(StepLevel::Phase);
    case Command::RegenerateNewSeed:
      roll_seed();
      return;
    case Command::Restart:
      return restart();
    case Command::RunToEnd:
      return run_to_end();
    case Command::FitView:
      s_->view.fit_requested = true;
      return;
    case Command::ToggleGrid:
      s_->view.show_grid = !s_->view.show_grid;
      return;
    case Command::ToggleRegionLabels:
      s_->view.show_region_labels = !s_->view.show_region_labels;
      return;
    case Command::SpeedUp:
      return set_speed(s_->speed * kSpeedKeyFactor);
    case Command::SpeedDown:
      return set_speed(s_->speed / kSpeedKeyFactor);
    case Command::ToggleLive:
      return set_mode(s_->mode == RunMode::Live ? RunMode::Step : RunMode::Live);
    case Command::Regions:
      return set_regions_mode(s_->regions == RegionsMode::Off        ? RegionsMode::Animated
                              : s_->regions == RegionsMode::Animated ? RegionsMode::Instant
                                                                     : RegionsMode::Off);
    case Command::ResetUiScale:
      s_->view.reset_ui_scale = true;
      return;
    case Command::ToggleProjector:
      s_->view.projector = !s_->view.projector;
      return;
  }
}

// --- once a frame ---

FrameReport Session::update(double frame_seconds) {
  s_->last = {};
  if (s_->build_pending) {  // building the map is this frame's work
    s_->build_now();
    s_->last.hit_budget = true;
    return s_->last;
  }
  if (s_->track->regions_pending()) {  // so is labelling a big map instantly
    s_->track->settle_regions();
    s_->last.hit_budget = true;
    return s_->last;
  }
  BudgetedLoop loop(s_->config.clock, s_->config.budget);
  if (s_->job.kind != JobKind::None) {
    s_->last.steps = s_->run_job(loop, UINT64_MAX);
    s_->last.hit_budget = s_->job.kind != JobKind::None;
  } else if (s_->playing) {
    s_->play_frame(loop, frame_seconds);
  }
  return s_->last;
}

void Session::finish_pending() {
  const Clock never = [] { return 0.0; };
  BudgetedLoop loop(never, {1e300, UINT64_MAX});
  s_->settle();
  s_->run_job(loop, UINT64_MAX);
}

bool Session::busy() const {
  return s_->build_pending || s_->track->regions_pending() || s_->job.kind != JobKind::None;
}
double Session::progress() const {
  if (s_->build_pending || s_->track->regions_pending()) return 0.0;
  return s_->job.kind == JobKind::None ? 1.0 : s_->job.progress(s_->track->position());
}
std::string_view Session::busy_label() const {
  if (s_->build_pending) return "preparing the map";
  if (s_->track->regions_pending()) return "labelling regions";
  return s_->job.label();
}
const FrameReport& Session::last_frame() const {
  return s_->last;
}

// --- the scrubber ---

std::uint64_t Session::position() const {
  return s_->track->position();
}
std::uint64_t Session::earliest() const {
  return s_->track->earliest();
}
std::uint64_t Session::recorded() const {
  return s_->track->recorded();
}
bool Session::finished() const {
  return s_->track->finished();
}
Phase Session::phase() const {
  return s_->track->phase();
}

}  // namespace dungen::app
