#include "app/logic/session.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "analysis/regions.hpp"
#include "app/logic/job.hpp"
#include "app/logic/param_repair.hpp"
#include "app/logic/track.hpp"
#include "core/rng.hpp"

namespace dungen::app {

struct Session::State {
  explicit State(SessionConfig c) : config(std::move(c)), region_params(region_schema()) {}

  SessionConfig config;
  Rng dice;
  const GeneratorSpec* spec = nullptr;
  ParamValues params;
  std::uint64_t seed = kDefaultSeed;
  std::string notice;
  RunMode mode = RunMode::Live;
  RegionsMode regions = RegionsMode::Off;
  ParamValues region_params;

  std::unique_ptr<Track> track;
  std::uint64_t track_serial = 0;  // a new track is a new map: full upload

  bool playing = false;
  double speed = kDefaultSpeed;
  double due = 0.0;  // fractional steps owed by playing
  Job job;
  StepEstimates estimates;
  FrameReport last;
  ViewFlags view;

  // What the renderer has: a different map (or none yet) needs a full upload.
  std::uint64_t uploaded_serial = 0;
  ShownMap uploaded_shown = ShownMap::Generator;
  std::uint64_t uploaded_version = 0;
  bool uploaded_any = false;

  // Panel data, rebuilt only when the position moves.
  OverlayView overlay;
  std::vector<LogEntry> log;
  std::uint64_t cache_serial = 0, cache_position = UINT64_MAX, cache_version = 0;
  std::uint64_t log_serial = 0, log_position = UINT64_MAX, log_version = 0;

  void rebuild() {
    job = {};
    playing = false;
    due = 0.0;
    track = std::make_unique<Track>(*spec, params, seed, config.history_bytes);
    track->set_regions(regions, region_params);
    ++track_serial;
  }

  void start_job(Job j) {
    job = j;
    job.start_position = track->position();
    if (job.kind == JobKind::ToEnd || job.kind == JobKind::ToLevel) {
      job.estimate = estimates.guess(*spec, params, regions, track->position());
    }
  }

  // Regenerates with the current settings: to the end in live mode, to step 0 in step mode.
  void regenerate() {
    rebuild();
    if (mode == RunMode::Live) start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
  }

  bool move_toward(std::uint64_t target) {
    const std::uint64_t p = track->position();
    if (p == target) return false;
    return p < target ? track->forward() : track->back();
  }

  void note_finished() {
    if (track->finished()) estimates.record(*spec, params, regions, track->recorded());
  }

  // Works on the job under the budget (or with no budget). Returns the moves made.
  std::uint64_t run_job(BudgetedLoop& loop, std::uint64_t limit) {
    bool stop = false;
    std::uint64_t moves = 0;
    switch (job.kind) {
      case JobKind::None:
        return 0;
      case JobKind::Seek:
        moves = loop.run(limit, [&] { return move_toward(job.target); });
        stop = track->position() == job.target || !loop.hit_budget();
        break;
      case JobKind::ToEnd:
        moves = loop.run(limit, [&] { return track->forward(); });
        stop = !loop.hit_budget();
        break;
      case JobKind::ToLevel: {
        bool reached = false;
        moves = loop.run(limit, [&] {
          if (reached || !track->forward()) return false;
          const Step* s = track->current();
          reached = s && s->level >= job.level;
          return true;
        });
        stop = reached || !loop.hit_budget();
        break;
      }
    }
    job.done += moves;
    if (stop) {
      note_finished();
      job = {};
    }
    return moves;
  }

  void play_frame(BudgetedLoop& loop, double seconds) {
    if (!std::isfinite(seconds) || seconds < 0.0) seconds = 0.0;
    seconds = std::min(seconds, kMaxFrameSeconds);
    due += speed * seconds;
    const auto owed = static_cast<std::uint64_t>(due);
    bool ended = false;
    last.steps = loop.run(owed, [&] {
      if (track->forward()) return true;
      ended = true;
      return false;
    });
    last.hit_budget = loop.hit_budget() && !ended;
    due -= static_cast<double>(last.steps);
    // Steps the budget could not run are dropped, not owed: a slow frame never snowballs.
    due = due - std::floor(due);
    if (ended) {
      playing = false;
      due = 0.0;
      note_finished();
    }
  }
};

Session::Session(SessionConfig config) : s_(std::make_unique<State>(std::move(config))) {
  std::uint64_t dice_seed = s_->config.dice_seed;
  if (dice_seed == 0) {
    dice_seed = static_cast<std::uint64_t>(s_->config.clock() * 1e9) ^ 0x9e3779b97f4a7c15ull;
  }
  s_->dice = Rng(dice_seed, Rng::stream_for("dungen-viz dice"));
  s_->spec = find_generator(s_->config.generator);
  if (!s_->spec) s_->spec = all_generators().front();
  s_->params = s_->spec->schema.defaults();
  s_->regenerate();
}

Session::~Session() = default;

// --- what to generate ---

std::span<const GeneratorSpec* const> Session::generators() const {
  return all_generators();
}
const GeneratorSpec& Session::generator() const {
  return *s_->spec;
}

bool Session::select_generator(std::string_view name) {
  const GeneratorSpec* spec = find_generator(name);
  if (!spec) {
    s_->notice = "there is no generator named " + std::string(name);
    return false;
  }
  const int w = s_->params.get_int("width");
  const int h = s_->params.get_int("height");
  const bool sized_by_user =
      w != s_->spec->schema.find("width")->def || h != s_->spec->schema.find("height")->def;
  s_->spec = spec;
  s_->params = spec->schema.defaults();
  // A size the user chose carries over (where the new generator's checks allow it); otherwise
  // each generator opens at its own default size, which its other defaults are tuned for.
  std::string notes;
  if (sized_by_user) {
    for (const auto& [key, value] : {std::pair{"width", w}, std::pair{"height", h}}) {
      const ParamEdit e = set_param_repaired(s_->params, key, value);
      if (!e.notice.empty()) notes += (notes.empty() ? "" : "; ") + e.notice;
    }
  }
  s_->notice = notes;
  s_->regenerate();
  return true;
}

const ParamValues& Session::params() const {
  return s_->params;
}

bool Session::set_param(std::string_view name, std::int64_t value) {
  if (!s_->params.schema().find(name)) {
    s_->notice = std::string(s_->spec->name) + " has no parameter named " + std::string(name);
    return false;
  }
  const ParamEdit e = set_param_repaired(s_->params, name, value);
  s_->notice = e.notice;
  if (e.changed) s_->regenerate();
  return true;
}

void Session::set_map_size(int width, int height) {
  ParamValues next = s_->params;
  const ParamEdit w = set_param_repaired(next, "width", width);
  const ParamEdit h = set_param_repaired(next, "height", height);
  s_->notice = w.notice + (!w.notice.empty() && !h.notice.empty() ? "; " : "") + h.notice;
  if (!(next == s_->params)) {
    s_->params = next;
    s_->regenerate();
  }
}

std::optional<std::string> Session::set_params(const ParamValues& values) {
  if (&values.schema() != &s_->spec->schema) {
    return "the parameters are not " + std::string(s_->spec->name) + "'s";
  }
  if (auto err = values.validate()) return err;
  s_->params = values;
  s_->notice.clear();
  s_->regenerate();
  return std::nullopt;
}

std::uint64_t Session::seed() const {
  return s_->seed;
}
void Session::set_seed(std::uint64_t seed) {
  s_->seed = seed;
  s_->regenerate();
}
std::uint64_t Session::roll_seed() {
  // 32 bits: short enough to read aloud and type back in.
  set_seed(s_->dice.next_u32());
  return s_->seed;
}

const std::string& Session::notice() const {
  return s_->notice;
}
void Session::clear_notice() {
  s_->notice.clear();
}
RunMode Session::mode() const {
  return s_->mode;
}
void Session::set_mode(RunMode mode) {
  s_->mode = mode;
}
void Session::regenerate() {
  s_->regenerate();
}

// --- regions ---

RegionsMode Session::regions_mode() const {
  return s_->regions;
}

void Session::set_regions_mode(RegionsMode mode) {
  if (mode == s_->regions) return;
  s_->regions = mode;
  s_->job = {};
  const std::uint64_t at = s_->track->position();
  // Leaving the region phase lands on the generator's step where it branched.
  s_->track->set_regions(mode, s_->region_params);
  if (s_->track->position() != at) s_->playing = false;
  // Live mode shows the result at once: run on into the (new) region phase.
  if (s_->mode == RunMode::Live && mode != RegionsMode::Off) {
    s_->start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
  }
}

const ParamValues& Session::region_params() const {
  return s_->region_params;
}

bool Session::set_region_param(std::string_view name, std::int64_t value) {
  if (!s_->region_params.schema().find(name)) {
    s_->notice = "the region labelling has no parameter named " + std::string(name);
    return false;
  }
  const ParamEdit e = set_param_repaired(s_->region_params, name, value);
  s_->notice = e.notice;
  if (e.changed) {
    s_->job = {};
    s_->track->set_regions(s_->regions, s_->region_params);
    if (s_->mode == RunMode::Live && s_->regions != RegionsMode::Off) {
      s_->start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
    }
  }
  return true;
}

void Session::analyse_regions_now() {
  if (s_->regions == RegionsMode::Off) {
    s_->regions = RegionsMode::Animated;
    s_->track->set_regions(s_->regions, s_->region_params);
  }
  s_->job = {};
  s_->playing = false;
  s_->track->branch_regions_here();
  if (s_->mode == RunMode::Live) s_->start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
}

// --- transport ---

bool Session::playing() const {
  return s_->playing;
}
void Session::play() {
  s_->job = {};
  if (s_->track->finished()) restart();
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
  if (s_->track->forward()) {
    s_->last = {1, false};
  } else {
    s_->note_finished();
  }
}
void Session::step_back() {
  s_->job = {};
  pause();
  if (s_->track->back()) s_->last = {1, false};
}
void Session::run_to_next(StepLevel level) {
  pause();
  s_->start_job({JobKind::ToLevel, 0, level, false});
}
void Session::run_to_end() {
  pause();
  s_->start_job({JobKind::ToEnd, 0, StepLevel::Phase, false});
}
void Session::restart() {
  pause();
  if (s_->track->earliest() > 0) {
    // The oldest steps were forgotten (bounded history): start a fresh run instead.
    s_->rebuild();
    return;
  }
  seek(0);
}
void Session::seek(std::uint64_t k) {
  pause();
  // Past what is recorded, the generator runs on (stopping at its end).
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
  }
}

// --- once a frame ---

FrameReport Session::update(double frame_seconds) {
  s_->last = {};
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
  s_->run_job(loop, UINT64_MAX);
}

bool Session::busy() const {
  return s_->job.kind != JobKind::None;
}
double Session::progress() const {
  return s_->job.kind == JobKind::None ? 1.0 : s_->job.progress(s_->track->position());
}
std::string_view Session::busy_label() const {
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

// --- drawing ---

const Grid& Session::grid() const {
  return s_->track->grid();
}

TextureUpload Session::take_upload() {
  State& s = *s_;
  const ShownMap shown = s.track->shown();
  const std::optional<Rect> dirty = s.track->take_dirty();
  const bool same = s.uploaded_any && s.uploaded_serial == s.track_serial &&
                    s.uploaded_shown == shown && s.uploaded_version == s.track->version();
  s.uploaded_any = true;
  s.uploaded_serial = s.track_serial;
  s.uploaded_shown = shown;
  s.uploaded_version = s.track->version();
  if (!same) return {true, std::nullopt};
  return {false, dirty};
}

const OverlayView& Session::overlay() {
  State& s = *s_;
  const Track& t = *s.track;
  if (s.cache_serial == s.track_serial && s.cache_position == t.position() &&
      s.cache_version == t.version()) {
    return s.overlay;
  }
  s.cache_serial = s.track_serial;
  s.cache_position = t.position();
  s.cache_version = t.version();
  if (t.phase() == Phase::Regions) {
    s.overlay = build_overlay(*t.region_timeline(), t.position() - t.branch(), std::nullopt, 0);
    s.overlay.player_start = t.start();  // placed before the regions began
  } else {
    s.overlay = build_overlay(t.generator_timeline(), t.position(), t.start(), t.start_step());
  }
  return s.overlay;
}

ViewFlags& Session::view() {
  return s_->view;
}
const ViewFlags& Session::view() const {
  return s_->view;
}

// --- teaching panels ---

std::span<const std::string_view> Session::pseudocode() const {
  return s_->track->pseudocode();
}
std::optional<int> Session::current_line() const {
  const Step* s = s_->track->current();
  return s ? std::optional<int>(s->line) : std::nullopt;
}
const Step* Session::current_step() const {
  return s_->track->current();
}

const std::vector<LogEntry>& Session::log() {
  State& s = *s_;
  const Track& t = *s.track;
  if (s.log_serial == s.track_serial && s.log_position == t.position() &&
      s.log_version == t.version()) {
    return s.log;
  }
  s.log_serial = s.track_serial;
  s.log_position = t.position();
  s.log_version = t.version();
  s.log.clear();
  if (t.phase() == Phase::Regions) {
    const std::uint64_t local = t.position() - t.branch();
    if (local < kLogLines) {
      append_log(t.generator_timeline(), 0, t.branch(), 0, kLogLines - local, s.log);
    }
    append_log(*t.region_timeline(), 0, local, t.branch(), kLogLines, s.log);
  } else {
    append_log(t.generator_timeline(), 0, t.position(), 0, kLogLines, s.log);
  }
  return s.log;
}

LiveStats Session::stats() const {
  const Track& t = *s_->track;
  LiveStats out;
  out.step = t.position();
  out.recorded = t.recorded();
  if (const Step* s = t.current()) out.counters = s->counters;
  const MapTally& tally = t.tally();
  out.walkable = tally.walkable();
  out.floor_fraction = tally.floor_fraction();
  if (t.has_regions()) {
    out.regions =
        RegionStats{tally.region_count(), tally.largest_region_fraction(), t.regions_complete()};
  }
  return out;
}

const Layout& Session::layout() const {
  return s_->track->layout();
}

}  // namespace dungen::app
