#include "app/logic/session.hpp"

#include "app/logic/param_repair.hpp"
#include "app/logic/session_state.hpp"

namespace dungen::app {

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
  if (spec == s_->spec) return true;  // already shown: nothing to reset
  State& s = *s_;
  s.remembered.insert_or_assign(std::string(s.spec->name), State::Remembered{s.params, s.seed});
  if (auto it = s.remembered.find(spec->name); it != s.remembered.end()) {
    // Back to a generator seen before: its own parameters and seed, as the user left them.
    s.spec = spec;
    s.params = it->second.params;
    s.seed = it->second.seed;
    s.notice.clear();
    s.regenerate();
    return true;
  }
  const int w = s.params.get_int("width");
  const int h = s.params.get_int("height");
  const bool sized_by_user =
      w != s.spec->schema.find("width")->def || h != s.spec->schema.find("height")->def;
  s.spec = spec;
  s.params = spec->schema.defaults();
  // A size the user chose carries over (where the new generator's checks allow it); otherwise
  // each generator opens at its own default size, which its other defaults are tuned for.
  std::string notes;
  if (sized_by_user) {
    for (const auto& [key, value] : {std::pair{"width", w}, std::pair{"height", h}}) {
      const ParamEdit e = set_param_repaired(s.params, key, value);
      if (!e.notice.empty()) notes += (notes.empty() ? "" : "; ") + e.notice;
    }
  }
  s.notice = notes;
  s.regenerate();
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
  if (auto err = values.validate()) return err->words();
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
  State& s = *s_;
  if (mode == s.regions) return;
  s.regions = mode;
  if (s.build) {  // the map being built is made with the new mode
    s.submit_build(s.build->to_end);
    return;
  }
  s.cancel_regions();
  s.job = {};
  const std::uint64_t at = s.track->position();
  // Leaving the region phase lands on the generator's step where it branched.
  s.track->set_regions(mode, s.region_params);
  if (s.track->position() != at) s.playing = false;
  // Live mode shows the result at once: run on into the (new) region phase.
  s.regions_to_end = s.mode == RunMode::Live;
  if (s.mode == RunMode::Live && mode != RegionsMode::Off) {
    if (!s.track->regions_pending()) s.start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
  }
  s.poll();
}

const ParamValues& Session::region_params() const {
  return s_->region_params;
}

bool Session::set_region_param(std::string_view name, std::int64_t value) {
  State& s = *s_;
  if (!s.region_params.schema().find(name)) {
    s.notice = "the region labelling has no parameter named " + std::string(name);
    return false;
  }
  const ParamEdit e = set_param_repaired(s.region_params, name, value);
  s.notice = e.notice;
  if (!e.changed) return true;
  if (s.build) {
    s.submit_build(s.build->to_end);
    return true;
  }
  s.cancel_regions();
  s.job = {};
  s.track->set_regions(s.regions, s.region_params);
  s.regions_to_end = s.mode == RunMode::Live;
  if (s.mode == RunMode::Live && s.regions != RegionsMode::Off) {
    if (!s.track->regions_pending()) s.start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
  }
  s.poll();
  return true;
}

void Session::analyse_regions_now() {
  State& s = *s_;
  if (s.defer([this] { analyse_regions_now(); })) return;
  s.cancel_regions();
  if (s.regions == RegionsMode::Off) {
    s.regions = RegionsMode::Animated;
    s.track->set_regions(s.regions, s.region_params);
  }
  s.job = {};
  s.playing = false;
  s.track->branch_regions_here();
  s.regions_to_end = s.mode == RunMode::Live;
  if (s.mode == RunMode::Live) {
    if (!s.track->regions_pending()) s.start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
  }
  s.poll();
}

}  // namespace dungen::app
