#include "app/logic/headless.hpp"

#include "analysis/regions.hpp"

namespace dungen::app {

std::optional<std::string> setup_session(Session& session, const HeadlessSetup& setup) {
  const GeneratorSpec* spec = find_generator(setup.generator);
  if (!spec) return "there is no generator named " + setup.generator;
  const ParamValues params = setup.params.value_or(spec->schema.defaults());
  if (&params.schema() != &spec->schema) {
    return "the parameters given are not " + setup.generator + "'s";
  }
  if (auto err = params.validate()) return err->words();
  const ParamValues region_params = setup.region_params.value_or(region_schema().defaults());
  if (auto err = region_params.validate()) return err->words();

  // Step mode while configuring, so no intermediate setting runs a live regeneration.
  session.set_mode(RunMode::Step);
  session.select_generator(spec->name);
  session.set_params(params);
  for (std::size_t i = 0; i < region_params.values().size(); ++i) {
    session.set_region_param(region_params.schema().params[i].name, region_params.values()[i]);
  }
  session.set_regions_mode(setup.regions);
  session.set_seed(setup.seed);
  session.clear_notice();
  session.view().show_region_labels = setup.overlay_labels;

  if (!setup.wait) {
    if (setup.steps) {
      session.seek(*setup.steps);
    } else {
      session.set_mode(RunMode::Live);
      session.regenerate();
    }
    return std::nullopt;
  }
  if (setup.steps) {
    session.seek(*setup.steps);
    session.finish_pending();
    for (std::uint64_t j = 0; j < setup.back; ++j) session.step_back();
  } else {
    session.set_mode(RunMode::Live);
    session.run_to_end();
    session.finish_pending();
  }
  return std::nullopt;
}

}  // namespace dungen::app
