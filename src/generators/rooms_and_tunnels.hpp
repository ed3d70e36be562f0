#pragma once
// Rooms and L-shaped tunnels, as part 3 of the libtcod Python tutorial builds them.

#include <cstdint>

#include "core/step.hpp"
#include "generators/registry.hpp"

namespace dungen {
const GeneratorSpec& rooms_and_tunnels_spec();
}

namespace dungen::rooms_and_tunnels {

// What each step reports (Step::event.kind) and the event fields it fills. Ids are 0-based.
enum class Ev : EventKind {
  Attempt = kFirstOwnEvent,  // id = attempt
  SizeDrawn,                 // id = attempt, rect.w/h = the w and h drawn
  PositionDrawn,             // id = attempt, rect = the outline x..x+w, y..y+h
  Rejected,                  // id = attempt, other = room hit, rect = outline, reason = Contact
  Carved,                    // id = room, other = attempt, rect = inner area
  PlayerStart,               // id = room, at = its centre
  TunnelPlanned,             // id = room it joins, other = previous room, value = path cells,
                             // at = where it starts, reason = FirstLeg
  TunnelCell,                // id = room the tunnel leads to, other = previous room, at = cell dug
  Added,                     // id = room, value = rooms in the list, rect = inner area
};
// The generic Done: value = rooms placed.

// Rejected: how the refused room meets the room it hit.
enum Contact : std::uint8_t { kTouches = 1, kOverlaps = 2 };
// TunnelPlanned: which leg of the L the tunnel digs first.
enum FirstLeg : std::uint8_t { kVerticalFirst = 1, kHorizontalFirst = 2 };

}  // namespace dungen::rooms_and_tunnels
