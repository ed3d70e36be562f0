#pragma once
// Rooms and mazes (Bob Nystrom's "Rooms and Mazes", as Hauberk does it): rooms, a maze filling
// the rest, connectors joining the regions, dead ends removed.

#include <array>
#include <cstdint>

#include "core/step.hpp"
#include "generators/registry.hpp"

namespace dungen {

const GeneratorSpec& rooms_and_mazes_spec();

namespace rooms_and_mazes {

// The kinds of its steps (Step::event.kind), and the event fields each one fills.
enum class Ev : EventKind {
  RoomTry = kFirstOwnEvent,  // id = try
  RoomSized,                 // id = try, rect.w/h = the room's sides, value = size before the
                             // stretch
  RoomDrawn,                 // id = try, rect = candidate
  RoomRejected,              // id = try, reason = Misfit, other = room hit (-1: too big), rect
  RoomCarved,                // id = room (= its region), other = try, rect = the room
  RoomsDone,                 // value = rooms placed, other = tries
  MazeStart,                 // id = region, at = first cell
  MazeCarve,                 // id = region, at = cell reached, other = direction (an index into
                             // kDir), reason = Turn, value = cells in the maze's list
  MazeBack,                  // id = region, at = cell growth resumes from, value = cells dropped
  MazeDone,                  // id = region, value = cells carved, other = cells dropped last
  MazesDone,                 // value = mazes, other = regions in all
  ConnectorsFound,           // value = connectors, other = regions, reason = Scan
  Opened,                    // at = door, id = region kept, other = a region joining, value = how
                             // many regions it joins
  Merged,                    // id = region kept, other = region joining, value = cells
                             // recoloured, at = the door, rect = the joining region's bounding box
  Dropped,                   // id = region kept, value = dropped for joining a region to itself,
                             // other = dropped for standing next to the door
  Extra,                     // at = door, id = its region
  Connected,                 // value = connectors opened, other = extra connectors
  PassStart,                 // id = pass, value = dead ends at its start
  Filled,                    // id = pass, at = cell filled
  UncarveDone,               // value = cells filled, other = passes, reason = StopWhy
  Numbered,                  // value = rooms, other = corridor cells
};
// The generic Done: value = rooms, other = corridor cells.

// The directions a maze grows in, as MazeCarve numbers them: north, east, south, west.
inline constexpr std::array<Point, 4> kDir = {{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};

// Why a room try was rejected.
enum Misfit : std::uint8_t { kOverlaps = 1, kTooBig = 2 };
// How a maze step chose its direction. kRepicked: the winding roll said re-pick, and the draw
// gave the same direction again.
enum Turn : std::uint8_t {
  kStraight = 1,
  kTurned = 2,
  kBlocked = 3,
  kFirstMove = 4,
  kRepicked = 5
};
// Which scan found the connectors: the first, or a later one after they ran out.
enum Scan : std::uint8_t { kFirstScan = 0, kFoundAgain = 1 };
// Why the dead-end passes stopped.
enum StopWhy : std::uint8_t { kNoneLeft = 1, kPassLimit = 2, kKept = 3 };

}  // namespace rooms_and_mazes
}  // namespace dungen
