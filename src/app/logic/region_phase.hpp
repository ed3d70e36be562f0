#pragma once
// What follows the generator on the track when regions are on, made from a copy of the
// generator's map at one of its steps (the branch): the flood-fill stepper's timeline (animated)
// or that map labelled at once by label_regions (instant), each with its tally. It is a value
// the track owns, so it can be made off the UI thread (on a big map copying and labelling take
// longer than a frame) and handed over whole.

#include <cstdint>
#include <memory>

#include "app/logic/dirty_rect.hpp"
#include "app/logic/map_tally.hpp"
#include "app/logic/modes.hpp"
#include "core/params.hpp"
#include "core/timeline.hpp"

namespace dungen::app {

struct RegionPhase {
  RegionsMode mode = RegionsMode::Off;
  std::uint64_t branch = 0;         // the generator step whose map it starts from
  std::unique_ptr<Timeline> flood;  // Animated
  std::unique_ptr<Grid> labelled;   // Instant
  MapTally tally;                   // of the flood fill's map as of its cursor, or of labelled
  DirtyRect dirty;                  // of the flood fill's map, since its last upload

  bool empty() const { return !flood && !labelled; }
  // One flood-fill step forward or back, keeping the tally (false at either end).
  bool forward();
  bool back();
};

// Makes the phase for `mode` (Animated or Instant) from `map`, the generator's map at `branch`,
// whose tally is `map_tally`. The flood fill stands at its step 0.
RegionPhase make_region_phase(Grid map, const MapTally& map_tally, RegionsMode mode,
                              const ParamValues& region_params, std::size_t history_bytes,
                              std::uint64_t branch);

}  // namespace dungen::app
