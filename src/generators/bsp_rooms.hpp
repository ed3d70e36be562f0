#pragma once
// BSP rooms: the map cut in two again and again, a room in each leaf, the two parts of every cut
// joined from the leaves up (libtcod's BSP sample).

#include <cstdint>

#include "core/step.hpp"
#include "generators/registry.hpp"

namespace dungen {

const GeneratorSpec& bsp_rooms_spec();

namespace bsp_rooms {

// The kinds of its steps (Step::event.kind), and the event fields each one fills.
enum class Ev : EventKind {
  Visit = kFirstOwnEvent,  // id = node, other = parent (-1: the root), value = depth,
                           // reason = Part (which part of the parent), rect = node
  Leaf,       // id = node, other = leaf number, value = depth, reason = LeafWhy, rect = node
  Cut,        // id = node, value = depth, reason = CutLine, other = SideWhy, at = the line's
              // first cell, rect = node
  SplitDone,  // value = leaves, other = depth reached
  Room,       // id = room (= leaf number), other = leaf's node, rect = the room's floor
  RoomsDone,  // value = rooms
  Level,      // value = depth, other = nodes cut at that depth
  Join,       // id = node, other = first part's room, value = second part's room,
              // reason = Shape, at = the path's first cell, rect = node
  Dig,        // id = node, other = first part's room, value = second part's room, at = cell
  LevelDone,  // value = depth, id = corridors, other = cells dug at that depth
};
// The generic Done: value = rooms, id = corridors, other = corridor cells.

// Which part of its parent a node is (the root is no part).
enum Part : std::uint8_t { kRootPart, kLeft, kRight, kTop, kBottom };
// Why a node is a leaf.
enum LeafWhy : std::uint8_t { kDepthLimit = 1, kTooSmall = 2 };
// The direction of a cut's line: a vertical line cuts the width.
enum CutLine : std::uint8_t { kVertical = 1, kHorizontal = 2 };
// Why that side was cut.
enum SideWhy : int { kOnlyWay = 0, kLonger = 1, kCoin = 2 };
// A join's corridor.
enum Shape : std::uint8_t { kStraight = 1, kZ = 2 };

}  // namespace bsp_rooms
}  // namespace dungen
