// The transport (play, step, run to..., seek) and the frame loop of Session.

#include <algorithm>

#include "app/logic/session.hpp"
#include "app/logic/session_state.hpp"

namespace dungen::app {

// --- transport ---

bool Session::playing() const {
  return s_->transport.playing;
}
void Session::play() {
  if (s_->defer([this] { play(); })) return;
  s_->transport.job = {};
  // A question waiting is passed over: its step is shown unscored, and playing goes on.
  if (s_->predict.waiting) {
    s_->end_question();
    s_->touch().forward();
  }
  if (s_->touch().finished()) restart();
  s_->transport.playing = true;
  s_->transport.rate = {};
}
void Session::pause() {
  s_->transport.playing = false;
  s_->transport.due = 0.0;
  s_->transport.rate = {};
}
std::optional<double> Session::capped_rate() const {
  return s_->transport.playing ? s_->transport.rate.capped_rate : std::nullopt;
}
void Session::toggle_play() {
  if (s_->transport.playing) {
    pause();
  } else {
    play();
  }
}
void Session::step() {
  if (s_->defer([this] { step(); })) return;
  s_->transport.job = {};
  pause();
  if (s_->predict.waiting) {  // stepping past a question shows its step, unscored
    s_->end_question();
    if (s_->touch().forward()) s_->transport.last = {1, false};
    return;
  }
  s_->end_question();
  s_->touch();
  if (s_->forward_or_ask()) {
    s_->transport.last = {1, false};
  } else if (!s_->predict.waiting) {
    s_->note_finished();
  }
}
void Session::step_back() {
  if (s_->defer([this] { step_back(); })) return;
  s_->transport.job = {};
  pause();
  s_->end_question();
  if (s_->touch().back()) s_->transport.last = {1, false};
}
void Session::run_to_next(StepLevel level) {
  if (s_->defer([this, level] { run_to_next(level); })) return;
  pause();
  if (s_->predict.waiting) {  // the question's step is the first one run, unscored
    s_->end_question();
    s_->touch().forward();
  }
  s_->end_question();
  s_->touch();
  s_->start_job({JobKind::ToLevel, 0, level, false});
}
void Session::run_to_end() {
  pause();
  s_->end_question();
  if (s_->builds.build) {  // the map being built is run to the end there
    if (!s_->builds.build->to_end) s_->submit_build(true);
    return;
  }
  s_->touch();
  s_->start_job({JobKind::ToEnd, 0, StepLevel::Phase, false});
}
void Session::restart() {
  if (s_->defer([this] { restart(); })) return;
  pause();
  s_->end_question();
  if (s_->touch().earliest() > 0) {
    // The oldest steps were forgotten (bounded history): start a fresh run instead.
    s_->rebuild(false);
    return;
  }
  seek(0);
}
void Session::seek(std::uint64_t k) {
  if (s_->defer([this, k] { seek(k); })) return;
  pause();
  s_->end_question();
  // Past what is recorded, the generator runs on (stopping at its end).
  Track& t = s_->touch();
  k = std::max(k, t.earliest());
  if (t.finished()) k = std::min(k, t.recorded());
  if (k == t.position()) {
    s_->transport.job = {};
    return;
  }
  s_->start_job({JobKind::Seek, k, StepLevel::Cell, false});
}
void Session::replay_to(std::uint64_t k) {
  if (s_->defer([this, k] { replay_to(k); })) return;
  pause();
  s_->touch();
  Job job{JobKind::ToEnd};
  job.then_seek = k;
  s_->start_job(job);
}
double Session::speed() const {
  return s_->transport.speed;
}
void Session::set_speed(double steps_per_second) {
  s_->transport.speed = clamp_speed(steps_per_second);
  s_->transport.rate = {};  // measured again at the new speed
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
      return set_speed(s_->transport.speed * kSpeedKeyFactor);
    case Command::SpeedDown:
      return set_speed(s_->transport.speed / kSpeedKeyFactor);
    case Command::ToggleLive:
      // Back to "on change: run to end" keeps its word at once: the map shown runs to its end.
      set_mode(mode() == RunMode::Live ? RunMode::Step : RunMode::Live);
      if (mode() == RunMode::Live) run_to_end();
      return;
    case Command::Regions:
      return set_regions_mode(regions_mode() == RegionsMode::Off        ? RegionsMode::Animated
                              : regions_mode() == RegionsMode::Animated ? RegionsMode::Instant
                                                                        : RegionsMode::Off);
    case Command::ResetUiScale:
      s_->view.reset_ui_scale = true;
      return;
    case Command::ToggleProjector:
      s_->view.projector = !s_->view.projector;
      return;
    case Command::ToggleCompare:
      s_->view.compare = !s_->view.compare;
      return;
    case Command::ToggleFollow:
      s_->view.follow_step = !s_->view.follow_step;
      return;
    case Command::TogglePredict:
      return set_predict(!predict());
  }
}

// --- once a frame ---

FrameReport Session::update(double frame_seconds, double budget_share) {
  State& s = *s_;
  Transport& tr = s.transport;
  tr.last = {};
  s.poll();
  if (s.builds.any()) {
    // The worker is making what comes next; the shown track waits for it.
    tr.last.hit_budget = true;
    return tr.last;
  }
  FrameBudget budget = s.config.budget;
  budget.seconds *= std::clamp(budget_share, 0.0, 1.0);
  BudgetedLoop loop(s.config.clock, budget);
  if (tr.job.kind != JobKind::None) {
    tr.last.steps = s.run_job(loop, UINT64_MAX);
    tr.last.hit_budget = tr.job.kind != JobKind::None;
  } else if (tr.playing) {
    s.play_frame(loop, frame_seconds);
  }
  s.poll();  // a job that stopped where region work is wanted starts it now
  return tr.last;
}

void Session::finish_pending() {
  State& s = *s_;
  const Clock never = [] { return 0.0; };
  // Each round finishes one thing (the build, its deferred commands' job, the region work, ...).
  constexpr int kMaxRounds = 16;
  for (int round = 0; round < kMaxRounds; ++round) {
    s.poll();
    if (s.builds.build) {
      s.builds.build->ticket->wait_done();
    } else if (s.builds.region_build) {
      s.builds.region_build->ticket->wait_done();
    } else if (s.transport.job.kind != JobKind::None) {
      BudgetedLoop loop(never, {1e300, UINT64_MAX});
      s.run_job(loop, UINT64_MAX);
    } else if (!s.track->regions_pending()) {
      return;
    }
  }
}

bool Session::busy() const {
  const State& s = *s_;
  return s.builds.any() || s.track->regions_pending() || s.transport.job.kind != JobKind::None;
}
bool Session::moving() const {
  const State& s = *s_;
  return !s.builds.any() && s.transport.job.kind != JobKind::None;
}
bool Session::rebuilding() const {
  return s_->builds.build.has_value();
}
double Session::progress() const {
  const State& s = *s_;
  if (s.builds.any()) return s.builds.progress();
  if (s.track->regions_pending()) return 0.0;
  const Job& job = s.transport.job;
  return job.kind == JobKind::None ? 1.0 : job.progress(s.track->position());
}
std::string_view Session::busy_label() const {
  const State& s = *s_;
  if (s.builds.build) return s.builds.build->to_end ? "generating" : "preparing the map";
  if (s.builds.region_build || s.track->regions_pending()) {
    if (s.settings.regions == RegionsMode::Instant) return "labelling regions";
    return s.builds.region_build && s.builds.region_build->to_end ? "running the flood fill"
                                                                  : "preparing the flood fill";
  }
  return s.transport.job.label();
}
const FrameReport& Session::last_frame() const {
  return s_->transport.last;
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
std::uint64_t Session::run_serial() const {
  return s_->track_serial;
}
bool Session::finished() const {
  return s_->track->finished();
}
bool Session::recorded_whole() const {
  return s_->track->recorded_whole();
}
Phase Session::phase() const {
  return s_->track->phase();
}

}  // namespace dungen::app
