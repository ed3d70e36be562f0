#pragma once
// Setting a session up from a command line (dungen-viz --generator NAME --seed N --PARAM VALUE
// --steps K --back J --regions ...), synchronously, before the first frame. The GL side parses
// its flags (app/options.cpp; io/param_args.hpp has the CLI's parameter-flag rules) and fills
// this in.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/logic/session.hpp"
#include "core/params.hpp"

namespace dungen::app {

struct HeadlessSetup {
  std::string generator = "rooms-and-tunnels";
  // The generator itself, where the name may not say which (a script named like a built-in).
  const GeneratorSpec* spec = nullptr;
  std::uint64_t seed = kDefaultSeed;
  std::optional<ParamValues> params;         // the generator's; none = its defaults
  std::optional<ParamValues> region_params;  // region_schema()'s; none = defaults
  RegionsMode regions = RegionsMode::Off;
  AnalysisKind analysis = AnalysisKind::Regions;  // what the region phase runs
  std::optional<std::uint64_t> steps;  // step mode, stopped at step K (else live: to the end)
  std::uint64_t back = 0;              // then J steps back
  bool overlay_labels = false;         // ViewFlags::show_region_labels
  // Predict mode: step mode (at step 0, or K), then on to the first question, which waits.
  bool predict = false;
  // false: only start the run (seek to K, or regenerate live) and leave it to the frames and the
  // worker thread, as the interactive app does; --back is then not applied. Predict mode waits
  // regardless (its first question is asked before the first frame).
  bool wait = true;
};

// Applies the setup and (with `wait`) runs it to completion with no frame budget: the generator,
// seed, parameters and regions; then live to the end, or step mode at step K, then J steps back.
// Returns the error (and leaves the session as it was) for an unknown generator or invalid
// parameters. Steps past the end or back past the start are clamped, not errors: each clamp
// adds a line to *notes (when given) saying what was done:
//   "--steps 999999999 is past the end: stopped at step 446"
std::optional<Error> setup_session(Session& session, const HeadlessSetup& setup,
                                   std::vector<std::string>* notes = nullptr);

// The note for --steps K when the run ended at step `reached` before K (none when it did not).
std::optional<std::string> steps_clamp_note(std::uint64_t asked, std::uint64_t reached);

// How many steps predict mode's setup runs on, at most, looking for the first question.
inline constexpr std::uint64_t kMaxStepsToQuestion = 1'000'000;

}  // namespace dungen::app
