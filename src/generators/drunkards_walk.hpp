#pragma once
// The drunkard's walk (random-walk caves): walkers wander at random, carving every wall they step
// on, until enough of the map is floor.

#include <array>
#include <cstdint>

#include "core/step.hpp"
#include "generators/registry.hpp"

namespace dungen {

const GeneratorSpec& drunkards_walk_spec();

namespace drunkards_walk {

// The kinds of its steps (Step::event.kind), and the event fields each one fills.
enum class Ev : EventKind {
  Placed = kFirstOwnEvent,  // at = the start cell, reason = StartAt, value = floor cells after
  Restart,                  // id = walker, at = its new cell, other = the floor cell drawn
                            // (0-based, in carving order), value = floor cells
  Walk,                     // id = walker, at = the cell stepped onto, other = the direction
                            // (an index into kDirs), reason = WalkFlag bits, value = floor cells
                            // after; its Choices item lists the cells the direction was drawn
                            // from, in kDirs order
  Checkpoint,               // id = tenths of the target reached (1..9), value = floor cells,
                            // other = walk steps taken
};
// The generic Done: reason = Outcome, value = floor cells, other = walk steps taken.

// The directions a walker steps in, as the Walk event numbers them: north, east, south, west.
inline constexpr std::array<Point, 4> kDirs = {Point{0, -1}, Point{1, 0}, Point{0, 1},
                                               Point{-1, 0}};

// Where the walkers start (the "start" parameter, and the Placed event's reason).
enum StartAt : std::int64_t { kCentre = 0, kRandomCell = 1 };
// What a walk step did (the Walk event's reason: any of these together).
enum WalkFlag : std::uint8_t {
  kCarved = 4,      // the cell was wall and is now floor
  kBiased = 8,      // the bias roll sent it onto a wall neighbour
  kNoWallNear = 16  // the bias roll won but no neighbour was wall: an ordinary step
};
// How the walk ended (the done step's reason, and the outcome stat).
enum Outcome : std::uint8_t { kWalking = 0, kReached = 1, kStepCap = 2, kNothingLeft = 3 };

}  // namespace drunkards_walk
}  // namespace dungen
