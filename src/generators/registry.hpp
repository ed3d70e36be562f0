#pragma once
// Every generator, by name, and the one way to start one.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/narration.hpp"
#include "core/params.hpp"
#include "core/stepper.hpp"

namespace dungen {

// The seed used when none is given (CLI, app, presets), so two runs without --seed agree.
inline constexpr std::uint64_t kDefaultSeed = 1;

class MapPromises;

// Everything about one generator, declared in its own file (see docs/ADDING_A_GENERATOR.md): what
// it is and does, and what the shared tests, the docs and `--help` read of it, so a new generator
// is its own file and one line in all_generators().
struct GeneratorSpec {
  std::string_view name;     // kebab-case, as typed on the command line
  std::string_view summary;  // one line, for `dungen list` and the app's picker
  const Schema& schema;      // its parameters; "width" and "height" are always the first two
  Narration narration;       // its pseudocode (Step::line indexes it), words and stats
  Tile background;           // what the map holds before the first step
  StepperBody body;
  // True when rooms tile the map (every cell labelled): the text export prints each cell's room
  // id as a glyph, and the renderer draws walls on edges between different labels.
  bool text_shows_labels = false;

  // Flag sets, beyond the defaults (always run), under which seeds 1..20 perform every line of the
  // pseudocode between them: {{"--border", "1"}}. The CLI's trace test runs them all.
  std::vector<std::vector<std::string_view>> line_settings = {};
  // What every finished map promises, whatever the parameters (generators/map_promises.hpp): the
  // random sweep (tests/sweep) runs it over thousands of parameter sets.
  void (*promises)(MapPromises& map) = nullptr;
  // The worst-case total work, from the parameters, and what bounds it: printed by
  // `dungen generate NAME --help` (C = width x height).
  std::string_view worst_case;
  std::string_view bounded_by;
  // A script's own text and file name (src/script): what its errors' "gen.lua:12" point into.
  // Empty for the built-ins.
  std::string_view source;
  std::string_view source_name;
  // The expressive range's default pair of sweep columns (lab/expressive_range.hpp): two figures
  // whose 2D histogram says something about what this generator makes. Empty: critical_path
  // against loops.
  std::string_view range_x;
  std::string_view range_y;
};

std::span<const GeneratorSpec* const> all_generators();
const GeneratorSpec* find_generator(std::string_view name);
// Every generator's name, for messages: "rooms-and-tunnels, feature-accretion, ...".
std::string generator_names();

// Validates params against the spec's schema (throws std::invalid_argument with the message on
// failure) and returns a stepper at step 0: the map filled with the background. The RNG is
// seeded from the seed and a stream picked by the generator's name. With a fork, one draw of one
// step is changed (core/draw_fork.hpp).
Stepper start_generator(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t seed,
                        bool record_changes = true, const DrawFork* fork = nullptr);

// The two parameters every generator has, with that generator's defaults.
ParamDef width_param(int def, int min = 4);
ParamDef height_param(int def, int min = 4);

}  // namespace dungen
