#include "app/logic/headless.hpp"

#include <algorithm>

#include "analysis/regions.hpp"

namespace dungen::app {

std::optional<std::string> steps_clamp_note(std::uint64_t asked, std::uint64_t reached) {
  if (reached >= asked) return std::nullopt;
  return "--steps " + std::to_string(asked) + " is past the end: stopped at step " +
         std::to_string(reached);
}

std::optional<Error> setup_session(Session& session, const HeadlessSetup& setup,
                                   std::vector<std::string>* notes) {
  auto note = [&](std::optional<std::string> line) {
    if (line && notes) notes->push_back(std::move(*line));
  };
  const GeneratorSpec* spec = setup.spec ? setup.spec : session.find_generator(setup.generator);
  if (!spec) return Error{"there is no generator named " + setup.generator};
  const ParamValues params = setup.params.value_or(spec->schema.defaults());
  if (&params.schema() != &spec->schema) {
    return Error{"the parameters given are not " + setup.generator + "'s"};
  }
  if (auto err = params.validate()) return Error{err->words()};
  const ParamValues region_params = setup.region_params.value_or(region_schema().defaults());
  if (auto err = region_params.validate()) return Error{err->words()};

  // Step mode while configuring, so no intermediate setting runs a live regeneration.
  session.set_mode(RunMode::Step);
  session.select_generator(*spec);
  session.set_params(params);
  for (std::size_t i = 0; i < region_params.values().size(); ++i) {
    session.set_region_param(region_params.schema().params[i].name, region_params.values()[i]);
  }
  session.set_analysis(setup.analysis);
  session.set_regions_mode(setup.regions);
  session.set_seed(setup.seed);
  session.clear_notice();
  session.view().show_region_labels = setup.overlay_labels;
  session.set_predict(setup.predict);

  // Predict mode waits for its setup even in a window: the first question is asked before the
  // first frame, so the class sees it at once.
  if (!setup.wait && !setup.predict) {
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
    const std::uint64_t reached = session.position();
    note(steps_clamp_note(*setup.steps, reached));
    // Bounded by the steps there are to go back through, however large --back is.
    const std::uint64_t room = reached - session.earliest();
    const std::uint64_t back = std::min(setup.back, room);
    for (std::uint64_t j = 0; j < back; ++j) session.step_back();
    if (setup.back > room) {
      note("--back " + std::to_string(setup.back) + " is past the " +
           (session.earliest() > 0 ? "oldest step kept" : "start") + ": stopped at step " +
           std::to_string(session.position()));
    }
  } else if (!setup.predict) {
    session.set_mode(RunMode::Live);
    session.run_to_end();
    session.finish_pending();
  }
  if (setup.predict) {
    // On to the first question, a step at a time as the class would go.
    for (std::uint64_t k = 0; k < kMaxStepsToQuestion && !session.question(); ++k) {
      if (session.finished() && session.position() == session.recorded()) break;
      session.step();
      session.finish_pending();
    }
    if (!session.question()) {
      note(session.can_predict()
               ? "--predict: no question after step " + std::to_string(session.position())
               : "--predict: " + std::string(session.generator().name) + " asks no questions");
    }
  }
  return std::nullopt;
}

}  // namespace dungen::app
