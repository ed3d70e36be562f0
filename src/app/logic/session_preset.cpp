#include "app/logic/session_preset.hpp"

namespace dungen::app {

RegionsMode regions_mode_of(PresetRegions r) {
  switch (r) {
    case PresetRegions::Off:
      return RegionsMode::Off;
    case PresetRegions::Instant:
      return RegionsMode::Instant;
    case PresetRegions::Animated:
      return RegionsMode::Animated;
  }
  return RegionsMode::Off;
}

PresetRegions preset_regions_of(RegionsMode m) {
  switch (m) {
    case RegionsMode::Off:
      return PresetRegions::Off;
    case RegionsMode::Instant:
      return PresetRegions::Instant;
    case RegionsMode::Animated:
      return PresetRegions::Animated;
  }
  return PresetRegions::Off;
}

Preset preset_of(const Session& session) {
  Preset p = default_preset(session.generator());
  p.seed = session.seed();
  p.params = session.params();
  p.regions = preset_regions_of(session.regions_mode());
  p.region_params = session.region_params();
  p.analysis = session.analysis();
  p.predict = session.predict();
  return p;
}

std::optional<Error> apply_preset(Session& session, const Preset& preset) {
  if (!preset.generator) return Error{"the preset names no generator"};
  if (auto err = preset.params.validate()) return Error{err->words()};
  if (&preset.params.schema() != &preset.generator->schema) {
    return Error{"the preset's parameters are not " + std::string(preset.generator->name) + "'s"};
  }
  // By the generator itself: a script may share a built-in's name (a copy of pane A's script is
  // that script, even where the other pane lists it under another version).
  if (!session.find_generator(preset.generator->name) && preset.generator->source.empty()) {
    return Error{"this app has no generator " + std::string(preset.generator->name)};
  }
  // A preset describes the plain run; its fork is a second pane's (Comparison::fork_from).
  session.set_fork(std::nullopt);
  session.select_generator(*preset.generator);
  // Session::set_params words its refusal as a plain string (session.hpp, not in this change).
  if (auto err = session.set_params(preset.params)) return err;
  session.set_seed(preset.seed);
  for (const ParamDef& def : preset.region_params.schema().params) {
    session.set_region_param(def.name, preset.region_params.get(def.name));
  }
  session.set_analysis(preset.analysis);
  session.set_regions_mode(regions_mode_of(preset.regions));
  // A preset that asks for predict mode turns it on; one that does not leaves it as it is (a
  // lesson's presets loaded in turn keep the class predicting).
  if (preset.predict) session.set_predict(true);
  return std::nullopt;
}

}  // namespace dungen::app
