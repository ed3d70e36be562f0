#include "app/logic/session.hpp"

#include <algorithm>

#include "app/logic/param_repair.hpp"
#include "app/logic/session_state.hpp"
#include "io/param_args.hpp"

namespace dungen::app {

Session::Session(SessionConfig config) : s_(std::make_unique<State>(std::move(config))) {
  Settings& set = s_->settings;
  std::uint64_t dice_seed = s_->config.dice_seed;
  if (dice_seed == 0) {
    dice_seed = static_cast<std::uint64_t>(s_->config.clock() * 1e9) ^ 0x9e3779b97f4a7c15ull;
  }
  set.dice = Rng(dice_seed, Rng::stream_for("dungen-viz dice"));
  s_->generators.assign(all_generators().begin(), all_generators().end());
  for (const auto& script : s_->config.scripts) s_->generators.push_back(script.get());
  set.spec = find_generator(s_->config.generator);
  if (!set.spec) set.spec = all_generators().front();
  set.params = set.spec->schema.defaults();
  s_->regenerate();
}

Session::~Session() = default;
Session::Session(Session&&) noexcept = default;

void Session::dispose(Session other) {
  s_->builds.worker.dispose(std::move(other));
}

// --- what to generate ---

std::span<const GeneratorSpec* const> Session::generators() const {
  return s_->generators;
}
const GeneratorSpec* Session::find_generator(std::string_view name) const {
  for (const GeneratorSpec* g : s_->generators) {
    if (g->name == name) return g;
  }
  return nullptr;
}

namespace {

// Another version of a script: its defaults, with each parameter the old values have by name
// (repaired to the new ranges; what was repaired said in `notes`).
ParamValues carried_over(const ParamValues& old, const GeneratorSpec& next, std::string& notes) {
  ParamValues params = next.schema.defaults();
  notes.clear();
  for (std::size_t i = 0; i < old.values().size(); ++i) {
    const std::string_view name = old.schema().params[i].name;
    if (!next.schema.find(name)) continue;
    const ParamEdit e = set_param_repaired(params, name, old.values()[i]);
    if (!e.notice.empty()) notes += (notes.empty() ? "" : "; ") + e.notice;
  }
  return params;
}

}  // namespace

void Session::replace_generator(const GeneratorSpec* before,
                                std::shared_ptr<const GeneratorSpec> now) {
  State& s = *s_;
  const GeneratorSpec* next = now.get();
  s.replacements.push_back({before, now});
  s.config.scripts.push_back(std::move(now));
  s.script_error.clear();
  s.script_error_source.clear();
  auto it = std::find(s.generators.begin(), s.generators.end(), before);
  if (it == s.generators.end()) {
    s.generators.push_back(next);
  } else {
    *it = next;
  }
  // (Shown without being listed: compare's pane B, copied from a pane A that showed it.)
  Settings& set = s.settings;
  if (!before || set.spec != before) return;
  // The same run, as far as the new script allows: seed, parameters by name, step.
  const std::uint64_t step = s.track->position();
  const bool at_end = s.track->finished();
  set.spec = next;
  set.params = carried_over(set.params, *next, set.notice);
  if (at_end && set.mode == RunMode::Live) {
    s.regenerate();  // a live run that had finished plays to its (new) end again
    return;
  }
  s.rebuild(false);
  if (step > 0) replay_to(step);
}

std::span<const Session::Replacement> Session::replacements() const {
  return s_->replacements;
}

void Session::set_script_error(std::string error, std::string source) {
  s_->script_error = std::move(error);
  s_->script_error_source = std::move(source);
}

Session::RunError Session::run_error() const {
  const State& s = *s_;
  if (!s.script_error.empty()) return {s.script_error, s.script_error_source};
  return {s.track->stopped(), s.track->spec().source};
}
bool Session::stopped_early() const {
  return !s_->track->stopped().empty();
}
const GeneratorSpec& Session::generator() const {
  return *s_->settings.spec;
}

bool Session::select_generator(std::string_view name) {
  const GeneratorSpec* spec = find_generator(name);
  if (!spec) {
    s_->settings.notice = "there is no generator named " + std::string(name);
    return false;
  }
  return select_generator(*spec);
}

bool Session::select_generator(const GeneratorSpec& chosen) {
  State& s = *s_;
  Settings& set = s.settings;
  const GeneratorSpec* spec = &chosen;
  if (spec == set.spec) return true;  // already shown: nothing to reset
  set.remembered.insert_or_assign(std::string(set.spec->name),
                                  Settings::Remembered{set.params, set.seed});
  if (auto it = set.remembered.find(spec->name); it != set.remembered.end()) {
    // Back to a generator seen before: its own parameters and seed, as the user left them (by
    // name, where this is another version of a script of that name).
    set.spec = spec;
    set.notice.clear();
    set.params = &it->second.params.schema() == &spec->schema
                     ? it->second.params
                     : carried_over(it->second.params, *spec, set.notice);
    set.seed = it->second.seed;
    s.regenerate();
    return true;
  }
  const int w = set.params.get_int("width");
  const int h = set.params.get_int("height");
  const bool sized_by_user =
      w != set.spec->schema.find("width")->def || h != set.spec->schema.find("height")->def;
  set.spec = spec;
  set.params = spec->schema.defaults();
  // A size the user chose carries over (where the new generator's checks allow it); otherwise
  // each generator opens at its own default size, which its other defaults are tuned for.
  std::string notes;
  if (sized_by_user) {
    for (const auto& [key, value] : {std::pair{"width", w}, std::pair{"height", h}}) {
      const ParamEdit e = set_param_repaired(set.params, key, value);
      if (!e.notice.empty()) notes += (notes.empty() ? "" : "; ") + e.notice;
    }
  }
  set.notice = notes;
  s.regenerate();
  return true;
}

const ParamValues& Session::params() const {
  return s_->settings.params;
}

bool Session::set_param(std::string_view name, std::int64_t value) {
  Settings& set = s_->settings;
  if (!set.params.schema().find(name)) {
    set.notice = std::string(set.spec->name) + " has no parameter named " + std::string(name);
    return false;
  }
  // Within a drag (and nothing else having changed the parameters since), from where it began.
  const bool dragging = set.drag && set.drag->now == set.params;
  ParamValues next = dragging ? set.drag->start : set.params;
  const ParamEdit e = set_param_repaired(next, name, value);
  set.notice = e.notice;
  if (dragging) set.drag->now = next;
  if (next == set.params) return true;
  set.params = next;
  s_->regenerate();
  return true;
}
void Session::begin_param_drag() {
  Settings& set = s_->settings;
  set.drag = Settings::ParamDrag{set.params, set.params};
}
void Session::end_param_drag() {
  s_->settings.drag.reset();
}

void Session::set_map_size(int width, int height) {
  Settings& set = s_->settings;
  ParamValues next = set.params;
  const ParamEdit w = set_param_repaired(next, "width", width);
  const ParamEdit h = set_param_repaired(next, "height", height);
  set.notice = w.notice + (!w.notice.empty() && !h.notice.empty() ? "; " : "") + h.notice;
  if (!(next == set.params)) {
    set.params = next;
    s_->regenerate();
  }
}

std::optional<Error> Session::set_params(const ParamValues& values) {
  Settings& set = s_->settings;
  if (&values.schema() != &set.spec->schema) {
    return Error{"the parameters are not " + std::string(set.spec->name) + "'s"};
  }
  if (auto err = values.validate()) return Error{err->words()};
  set.params = values;
  set.notice.clear();
  s_->regenerate();
  return std::nullopt;
}

std::uint64_t Session::seed() const {
  return s_->settings.seed;
}
void Session::set_seed(std::uint64_t seed) {
  s_->settings.seed = seed;
  s_->regenerate();
}
bool Session::set_seed_text(std::string_view text) {
  Settings& set = s_->settings;
  const Checked<std::uint64_t> seed = parse_seed_flag(text);
  if (!seed) {
    // The CLI's words, with the field's name for the flag's: "seed 99999999999999999999999 is
    // out of range: allowed 0..18446744073709551615".
    std::string words = seed.error().message;
    if (words.starts_with("--")) words.erase(0, 2);
    set.notice = words + "; the seed stays " + std::to_string(set.seed);
    return false;
  }
  set.notice.clear();
  set_seed(*seed);
  return true;
}
std::uint64_t Session::roll_seed() {
  Settings& set = s_->settings;
  // 32 bits: short enough to read aloud and type back in.
  set_seed(set.dice.next_u32());
  return set.seed;
}

const std::string& Session::notice() const {
  return s_->settings.notice;
}
void Session::clear_notice() {
  s_->settings.notice.clear();
}
RunMode Session::mode() const {
  return s_->settings.mode;
}
void Session::set_mode(RunMode mode) {
  s_->settings.mode = mode;
}
void Session::regenerate() {
  s_->regenerate();
}

void Session::set_fork(std::optional<DrawFork> fork) {
  Settings& set = s_->settings;
  if (set.live_fork() == nullptr && !fork) return;
  if (set.fork && fork && set.fork->draw == *fork) return;
  set.fork.reset();
  if (fork) set.fork = Settings::Fork{std::move(*fork), set.spec, set.params, set.seed};
  s_->regenerate();
}

std::optional<DrawFork> Session::fork() const {
  // Every change of the run's settings rebuilds, and the rebuild drops a fork of other settings.
  const Settings& set = s_->settings;
  return set.fork ? std::optional(set.fork->draw) : std::nullopt;
}

std::optional<ForkState> Session::fork_state() const {
  // The shown track's own fork: while a big map's successor is built, the map shown is the last.
  const Timeline& gen = s_->track->generator_timeline();
  if (!gen.stepper().fork()) return std::nullopt;
  ForkState state{*gen.stepper().fork(), gen.stepper().fork_outcome()};
  state.step_run = gen.recorded() >= state.fork.step;
  if (!state.step_run && gen.stepper().done()) state.run_end = gen.recorded();
  return state;
}

// --- regions ---

RegionsMode Session::regions_mode() const {
  return s_->settings.regions;
}

void Session::set_regions_mode(RegionsMode mode) {
  if (mode == s_->settings.regions) return;
  s_->settings.regions = mode;
  s_->follow_region_settings();
}

void Session::State::follow_region_settings() {
  if (builds.build) {  // the map being built is made with the new settings
    submit_build(builds.build->to_end);
    return;
  }
  builds.cancel_regions();
  transport.job = {};
  const std::uint64_t at = track->position();
  // Leaving the region phase lands on the generator's step where it branched.
  track->set_regions(settings.regions, settings.region_params, settings.analysis);
  if (track->position() != at) transport.playing = false;
  show_regions();
  poll();
}

AnalysisKind Session::analysis() const {
  return s_->settings.analysis;
}

void Session::set_analysis(AnalysisKind kind) {
  if (kind == s_->settings.analysis) return;
  s_->settings.analysis = kind;
  s_->follow_region_settings();
}

const ParamValues& Session::region_params() const {
  return s_->settings.region_params;
}

bool Session::set_region_param(std::string_view name, std::int64_t value) {
  State& s = *s_;
  Settings& set = s.settings;
  if (!set.region_params.schema().find(name)) {
    set.notice = "the region labelling has no parameter named " + std::string(name);
    return false;
  }
  const ParamEdit e = set_param_repaired(set.region_params, name, value);
  set.notice = e.notice;
  if (!e.changed) return true;
  if (s.builds.build) {
    s.submit_build(s.builds.build->to_end);
    return true;
  }
  s.builds.cancel_regions();
  s.transport.job = {};
  s.track->set_regions(set.regions, set.region_params, set.analysis);
  s.show_regions();
  s.poll();
  return true;
}

void Session::analyse_regions_now() {
  State& s = *s_;
  Settings& set = s.settings;
  if (s.defer([this] { analyse_regions_now(); })) return;
  s.builds.cancel_regions();
  if (set.regions == RegionsMode::Off) {
    set.regions = RegionsMode::Animated;
    s.track->set_regions(set.regions, set.region_params, set.analysis);
  }
  s.transport.job = {};
  s.transport.playing = false;
  s.track->branch_regions_here();
  s.show_regions();
  s.poll();
}

}  // namespace dungen::app
