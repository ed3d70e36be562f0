#include "generators/registry.hpp"

#include <stdexcept>
#include <string>

#include "generators/bsp_rooms.hpp"
#include "generators/cellular_caves.hpp"
#include "generators/drunkards_walk.hpp"
#include "generators/feature_accretion.hpp"
#include "generators/room_accretion.hpp"
#include "generators/rooms_and_mazes.hpp"
#include "generators/rooms_and_tunnels.hpp"

namespace dungen {

std::span<const GeneratorSpec* const> all_generators() {
  static const GeneratorSpec* const specs[] = {
      &rooms_and_tunnels_spec(), &feature_accretion_spec(), &room_accretion_spec(),
      &cellular_caves_spec(),    &bsp_rooms_spec(),         &drunkards_walk_spec(),
      &rooms_and_mazes_spec(),
  };
  return specs;
}

const GeneratorSpec* find_generator(std::string_view name) {
  for (const GeneratorSpec* spec : all_generators()) {
    if (spec->name == name) return spec;
  }
  return nullptr;
}

std::string generator_names() {
  std::string names;
  for (const GeneratorSpec* s : all_generators()) {
    names += (names.empty() ? "" : ", ") + std::string(s->name);
  }
  return names;
}

Stepper start_generator(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t seed,
                        bool record_changes, const DrawFork* fork) {
  if (&params.schema() != &spec.schema) {
    throw std::invalid_argument("parameters do not belong to " + std::string(spec.name));
  }
  if (auto err = params.validate()) throw std::invalid_argument(err->words());
  Grid grid(params.get_int("width"), params.get_int("height"), spec.background);
  Stepper stepper(spec.body, params, std::move(grid), Rng(seed, Rng::stream_for(spec.name)),
                  spec.narration.stat_slots, record_changes);
  if (fork) stepper.set_fork(*fork);
  return stepper;
}

ParamDef width_param(int def, int min) {
  return {"width", ParamKind::Int, min, kMaxMapSide, def, "map width in cells"};
}
ParamDef height_param(int def, int min) {
  return {"height", ParamKind::Int, min, kMaxMapSide, def, "map height in cells"};
}

}  // namespace dungen
