#pragma once
// Room accretion: rooms grown one cell at a time until they tile the map. The fast free-cell
// helpers it grows with are in generators/free_cells.hpp.

#include <cstdint>

#include "core/step.hpp"
#include "generators/registry.hpp"

namespace dungen {
const GeneratorSpec& room_accretion_spec();
}

namespace dungen::room_accretion {

// What each step reports (Step::event.kind) and the event fields it fills. id is the room
// (0-based); `other` the size drawn unless said otherwise.
enum class Ev : EventKind {
  FirstStart = kFirstOwnEvent,  // at = the first room's start cell
  RoomBegun,                    // value = free cells in the bank
  SizeDrawn,                    // value = size
  StartTaken,                   // at = cell, value = 1 (cells so far)
  Grown,                        // at = cell, value = cells so far
  Jumped,                       // at = cell, value = cells so far, other = piece (0-based)
  BoxedIn,                      // value = cells, reason = BoxedReason
  RoomAdded,                    // value = cells, rect = bounds, reason = AddedBits
  Merged,                       // other = room joined, value = shared edges, rect = its bounds
  NextStart,                    // id = next room, other = room just done, at = cell,
                                // reason = StartReason
};
// The generic Begin: value = free cells; the generic Done: value = rooms.

// BoxedIn: why the room cannot grow.
enum BoxedReason : std::uint8_t { kNoFreeNeighbour = 1, kBankEmpty = 2 };
// RoomAdded: bits, together.
enum AddedBits : std::uint8_t { kWasBoxedIn = 1, kInPieces = 2 };
// NextStart: where the cell came from.
enum StartReason : std::uint8_t { kNextToRoom = 1, kRandomCell = 2 };

}  // namespace dungen::room_accretion
