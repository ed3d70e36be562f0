// A game's use of dungen::core alone, built against the installed package by a project that sets
// no C++ standard (ctest consumer.core): every generator runs to its end at its defaults, stepped
// one step at a time it makes the same map, and the rooms-and-tunnels dungeon is one walkable
// region with the player's start on it. Exit 0 when every check holds; each broken one is printed.
#include <cstdint>
#include <cstdio>
#include <string>

#include <dungen/analysis/regions.hpp>
#include <dungen/core/runner.hpp>
#include <dungen/core/tile.hpp>
#include <dungen/generators/registry.hpp>

// The headers need C++20; this project asked for nothing, so it came from dungen::core.
static_assert(__cplusplus >= 202002L, "dungen::core did not bring C++20 with it");

namespace {

int failures = 0;

void check(bool kept, std::string_view generator, const char* what) {
  if (kept) return;
  ++failures;
  std::printf("FAILED %.*s: %s\n", static_cast<int>(generator.size()), generator.data(), what);
}

}  // namespace

int main() {
  constexpr std::uint64_t kSeed = 7;
  int generators = 0;
  for (const dungen::GeneratorSpec* spec : dungen::all_generators()) {
    ++generators;
    const dungen::ParamValues params = spec->schema.defaults();

    // In one go, as a game makes a level: nothing recorded.
    dungen::Stepper batch = dungen::start_generator(*spec, params, kSeed, false);
    const dungen::RunResult whole = dungen::run_to_end(batch);
    const dungen::Grid& map = batch.grid();
    check(whole.finished && batch.done(), spec->name, "the run did not finish");
    check(whole.steps > 0, spec->name, "the run took no steps");
    check(map.width() == params.get_int("width") && map.height() == params.get_int("height"),
          spec->name, "the map is not the size asked for");
    check(map.count_walkable() > 0, spec->name, "the map has no walkable cell");

    // Step by step, as a game that shows the generator at work: the same steps, the same map.
    dungen::Stepper stepped = dungen::start_generator(*spec, params, kSeed, true);
    std::uint64_t steps = 0;
    while (steps <= whole.steps && stepped.next() != nullptr) ++steps;
    check(steps == whole.steps, spec->name, "stepping took a different number of steps");
    check(stepped.grid().tiles() == map.tiles(), spec->name, "stepping made a different map");
  }
  check(generators >= 7, "registry", "fewer than the seven generators are registered");

  // rooms-and-tunnels joins every room to the one before: one region, the start on it.
  const dungen::GeneratorSpec* rooms = dungen::find_generator("rooms-and-tunnels");
  check(rooms != nullptr, "registry", "rooms-and-tunnels is not found by name");
  if (rooms != nullptr) {
    dungen::Stepper run = dungen::start_generator(*rooms, rooms->schema.defaults(), kSeed, false);
    dungen::run_to_end(run);
    const dungen::Grid& map = run.grid();
    const dungen::RegionMap regions = dungen::label_regions(map, 4);
    check(regions.count() == 1, rooms->name, "the dungeon is not one region");
    check(run.layout().start.has_value() && map.in_bounds(*run.layout().start) &&
              dungen::is_walkable(map.at(run.layout().start->x, run.layout().start->y)),
          rooms->name, "the start is not on a walkable cell");
    std::printf(
        "core consumer: %d generators run; rooms-and-tunnels seed %llu: %zu walkable "
        "cells in %d region\n",
        generators, static_cast<unsigned long long>(kSeed), map.count_walkable(), regions.count());
  }
  return failures == 0 ? 0 : 1;
}
