#pragma once
// Feature accretion: rooms and corridors grown off each other's walls, the "dungeon-building
// algorithm" of the Python curses example.

#include <cstddef>
#include <cstdint>

#include "core/step.hpp"
#include "generators/registry.hpp"

namespace dungen {
const GeneratorSpec& feature_accretion_spec();
}

namespace dungen::feature_accretion {

// What each step reports (Step::event.kind) and the event fields it fills. Attempts and features
// are 0-based; a direction is 0 north, 1 east, 2 south, 3 west.
enum class Ev : EventKind {
  FirstRoom = kFirstOwnEvent,  // id = 0, rect = its floor
  Attempt,                     // id = attempt, value = features standing
  Probed,     // id = attempt, at = cell, reason = its Ground, value = probes so far: no neighbour
  SiteFound,  // id = attempt, at = site, reason = its Ground, other = direction, value = probes
  NoSite,     // id = attempt, value = probes made
  Chosen,     // id = attempt, value = Kind, other = direction, at = start, rect = footprint
  Rejected,   // id = attempt, value = Kind, reason = Misfit, other = used cells covered,
              // at = start, rect = footprint
  Built,      // id = feature, value = Kind, other = feature opened from, reason = that one's
              // Kind, at = door, rect = footprint
};
// The generic Done: value = rooms, other = corridors, id = attempts made, reason = Stop.

// A feature: a room or a corridor.
enum Kind : std::uint8_t { kRoom = 1, kCorridor = 2 };
// Probed and SiteFound: what the probe landed on.
enum Ground : std::uint8_t { kWallCell = 1, kCorridorCell = 2 };
// Rejected: why the feature does not fit.
enum Misfit : std::uint8_t { kLeavesMap = 1, kCoversUsed = 2 };
// Done: why the run stopped (kRanOut: max_attempts or max_features was reached).
enum Stop : std::uint8_t { kRanOut = 0, kStoppedByWorkCap = 1 };

// A rejection outlines at most this many of the used cells it would cover.
inline constexpr std::size_t kMaxHitCells = 4096;

}  // namespace dungen::feature_accretion
