#pragma once
// What a stepper says about each step: a small typed value, never a string protocol. The app
// draws the overlay, highlights the pseudocode line, and turns the event into words (describe()).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry.hpp"

namespace dungen {

// How big a step is. Ordered: "run to the next action" stops at an action, feature or phase
// step, whichever comes first.
enum class StepLevel : std::uint8_t {
  Cell = 0,     // one cell (or one small batch of cells, e.g. a cave row) changed
  Action = 1,   // one attempt: a candidate tried, a probe made
  Feature = 2,  // one thing finished: a room carved, a region labelled
  Phase = 3,    // a stage of the algorithm done: a smoothing pass, the whole run
};
inline constexpr int kStepLevelCount = 4;
std::string_view level_name(StepLevel level);

// The verdict on a candidate shown in the overlay.
enum class Verdict : std::uint8_t { None, Accepted, Rejected };

// Why a candidate was rejected.
enum class Reason : std::uint8_t {
  None,
  Overlaps,     // intersects (or touches) another feature; Event::other names it
  OutOfBounds,  // would leave the map
  NotEmpty,     // the footprint has cells already in use
  NoSite,       // no usable wall / cell was found within the attempt bound
  BoxedIn,      // a growing room found no free neighbour
};
std::string_view reason_text(Reason r);

// What kind of thing happened. Each generator uses its own few kinds; describe() words them.
enum class EventKind : std::uint8_t {
  None,
  Begin,  // the run started (map cleared / filled)
  Done,   // the run finished; value = total features
  // rooms-and-tunnels
  RoomRejected,   // id = attempt, reason, other = room hit
  RoomAccepted,   // id = room, rect
  RoomCarved,     // id = room, rect
  TunnelCell,     // at = cell, id = room the tunnel leads to
  TunnelPlanned,  // id = room it joins, other = previous room, value = path length
  // feature-accretion
  WallProbed,   // at = probed wall/corridor cell, value = direction away (0 N, 1 E, 2 S, 3 W) or -1
  NoWallFound,  // value = probes made without finding a wall to build from
  FeatureRejected,  // id = attempt, value = 0 room / 1 corridor, reason, rect = footprint
  FeatureAccepted,  // id = new feature, value = 0 room / 1 corridor, rect = footprint
  FeatureAttached,  // id = feature, other = feature it opens from, value = 0/1, at = door, rect
  // room-accretion
  CellTaken,  // id = room, at = cell, value = the room's cells so far
  RoomGrown,  // id = room, value = cells, other = target size, rect = bounding box; reason BoxedIn
  // cellular-caves
  CaveFillRow,  // id = row filled at random, value = floor cells in it
  CaveFilled,   // value = floor cells after the fill
  CaveRow,      // id = row smoothed, other = pass, value = cells that changed in it
  CavePass,     // id = pass done (0-based), value = cells that changed in it
  // regions (flood fill)
  RegionStart,  // id = region, at = its first cell in row-major order
  RegionCell,   // id = region, at = cell visited, value = frontier size
  RegionDone,   // id = region, value = its cells, at = its first cell
  RegionsDone,  // value = region count
};

struct Event {
  EventKind kind = EventKind::None;
  Reason reason = Reason::None;
  int id = -1;
  int other = -1;
  int value = 0;
  Point at{};
  Rect rect{};
  friend bool operator==(const Event&, const Event&) = default;
};

// What the viewer draws over the map for this step.
struct Overlay {
  std::optional<Rect> candidate;  // the rectangle just tried
  Verdict verdict = Verdict::None;
  std::vector<Point> path;      // a tunnel or corridor being carved, in order
  std::optional<Point> cursor;  // the cell being worked on
  friend bool operator==(const Overlay&, const Overlay&) = default;
};

// Running totals, carried by every step so a scrubbed-to step shows its own numbers.
struct Counters {
  int attempts = 0;  // candidates tried / probes made
  int placed = 0;    // rooms, features or regions finished
  int rejected = 0;  // candidates rejected
  int cells = 0;     // cells carved / taken / visited
  friend bool operator==(const Counters&, const Counters&) = default;
};

struct Step {
  StepLevel level = StepLevel::Cell;
  int line = 0;  // index into the generator's pseudocode
  Event event;
  Overlay overlay;
  Counters counters;
  // True on the body's final step: nothing follows, so the run is known to be over as soon as
  // this step is shown (not one more "step" press later).
  bool last = false;
  friend bool operator==(const Step&, const Step&) = default;
};

// The step in words, for the "what just happened" log: "room 7 rejected: overlaps room 3".
std::string describe(const Event& e);

}  // namespace dungen
