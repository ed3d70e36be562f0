// Rooms and L-shaped tunnels, as part 3 of the libtcod Python tutorial builds them.
//
// The map starts as wall. Up to max_rooms times: pick a width and height uniform in
// [room_min_size, room_max_size] and a top-left corner uniform in [0, map - size - 1]; the room
// spans x1 = x .. x2 = x + w (and likewise y), and its inner area x1+1..x2-1 is what gets carved,
// which leaves a wall between rooms. A candidate that intersects a placed room (touching counts:
// the tutorial compares with <=) is rejected. From the second room on, an L-shaped tunnel is dug
// from the previous room's centre to the new one: a 50/50 draw picks horizontal-then-vertical or
// vertical-then-horizontal, each leg a Bresenham line. The player starts at the first room's
// centre. The random draws come in the tutorial's order (w, h, x, y, then the corner).
//
// Deliberate differences from the tutorial:
// - Tunnel cells that were wall become Tile::Corridor, not floor, so the viewer can tell tunnels
//   from rooms. Both are walkable, so every map is the tutorial's map in what can be walked.
// - Room floor cells carry their room's id in the label layer; Layout::rooms lists each room's
//   carved inner rectangle (x1+1, y1+1, w-1, h-1).
//
// Steps: every attempt is an action step (candidate and verdict in the overlay); an accepted room
// also gets a feature step once carved; each tunnel is planned in an action step whose overlay
// holds the whole path, then dug one cell step per cell.

#include "generators/rooms_and_tunnels.hpp"

#include <array>
#include <string>

namespace dungen {
namespace {

// The tutorial's RectangularRoom: corners (x1, y1) and (x2, y2) = (x + w, y + h).
struct RectangularRoom {
  int x1, y1, x2, y2;
  Point center() const { return {(x1 + x2) / 2, (y1 + y2) / 2}; }
  bool intersects(const RectangularRoom& o) const {
    return x1 <= o.x2 && x2 >= o.x1 && y1 <= o.y2 && y2 >= o.y1;
  }
  Rect inner() const { return {x1 + 1, y1 + 1, x2 - x1 - 1, y2 - y1 - 1}; }
  Rect outline() const { return {x1, y1, x2 - x1 + 1, y2 - y1 + 1}; }
};

enum Line : int {
  kFillWall,
  kForAttempt,
  kPickSize,
  kPickPosition,
  kIfIntersects,
  kReject,
  kCarve,
  kFirstRoom,
  kTunnel,
  kAppend,
  kDone,
};

constexpr std::array<std::string_view, 11> kPseudocode = {
    "fill the map with wall",
    "for attempt in 1..max_rooms:",
    "    w, h = random in [room_min_size, room_max_size]",
    "    x, y = random in [0, map_w - w - 1] x [0, map_h - h - 1]",
    "    if the room intersects (or touches) any placed room:",
    "        reject it and go on to the next attempt",
    "    carve the inner area (x1+1..x2-1, y1+1..y2-1) to floor",
    "    if it is the first room: the player starts at its centre",
    "    else: dig an L-shaped tunnel from the previous room's centre",
    "    add the room to the list",
    "done",
};

std::optional<std::string> check_rooms_and_tunnels(const ParamValues& p) {
  const auto min_size = p.get("room_min_size");
  const auto max_size = p.get("room_max_size");
  if (min_size > max_size) {
    return "room_min_size " + std::to_string(min_size) + " is greater than room_max_size " +
           std::to_string(max_size);
  }
  const auto fit = std::min(p.get("width"), p.get("height")) - 1;
  if (max_size > fit) {
    return "room_max_size " + std::to_string(max_size) + " does not fit the " +
           std::to_string(p.get("width")) + "x" + std::to_string(p.get("height")) +
           " map: allowed up to " + std::to_string(fit) + " (the smaller side minus 1)";
  }
  return std::nullopt;
}

const Schema& schema() {
  static const Schema s{
      {
          width_param(80),
          height_param(45),
          {"max_rooms", ParamKind::Int, 1, 10000, 30, "how many rooms to try to place"},
          {"room_min_size", ParamKind::Int, 2, 1000, 6, "smallest room side (walls included)"},
          {"room_max_size", ParamKind::Int, 2, 1000, 10, "largest room side (walls included)"},
      },
      check_rooms_and_tunnels,
  };
  return s;
}

StepGenerator rooms_and_tunnels(StepContext& ctx, ParamValues p) {
  const int map_w = p.get_int("width");
  const int map_h = p.get_int("height");
  const int max_rooms = p.get_int("max_rooms");
  const int min_size = p.get_int("room_min_size");
  const int max_size = p.get_int("room_max_size");
  Rng& rng = ctx.rng();
  Canvas& canvas = ctx.canvas();
  Layout& layout = ctx.layout();
  std::vector<RectangularRoom> rooms;
  Counters counters;

  for (int attempt = 0; attempt < max_rooms; ++attempt) {
    const int w = rng.uniform_int(min_size, max_size);
    const int h = rng.uniform_int(min_size, max_size);
    const int x = rng.uniform_int(0, map_w - w - 1);
    const int y = rng.uniform_int(0, map_h - h - 1);
    const RectangularRoom room{x, y, x + w, y + h};
    ++counters.attempts;

    int hit = -1;
    for (std::size_t i = 0; i < rooms.size() && hit < 0; ++i) {
      if (room.intersects(rooms[i])) hit = static_cast<int>(i);
    }
    if (hit >= 0) {
      ++counters.rejected;
      const Step rejected{
          StepLevel::Action, kReject,
          Event{EventKind::RoomRejected, Reason::Overlaps, attempt, hit, 0, {}, room.outline()},
          Overlay{room.outline(), Verdict::Rejected, {}, {}}, counters};
      co_yield rejected;
      continue;
    }
    const int id = static_cast<int>(rooms.size());
    const Step accepted{StepLevel::Action, kIfIntersects,
                        Event{EventKind::RoomAccepted, Reason::None, id, -1, 0, {}, room.outline()},
                        Overlay{room.outline(), Verdict::Accepted, {}, {}}, counters};
    co_yield accepted;

    const Rect inner = room.inner();
    for (int yy = inner.y; yy < inner.bottom(); ++yy) {
      for (int xx = inner.x; xx < inner.right(); ++xx) {
        canvas.set_tile_label(xx, yy, Tile::Floor, id);
      }
    }
    counters.cells += inner.w * inner.h;
    ++counters.placed;
    layout.rooms.push_back({id, inner, true, inner.w * inner.h});

    if (rooms.empty()) {
      layout.start = room.center();
      const Step first_room{
          StepLevel::Feature, kFirstRoom,
          Event{EventKind::RoomCarved, Reason::None, id, -1, 0, room.center(), inner},
          Overlay{room.outline(), Verdict::Accepted, {}, room.center()}, counters};
      co_yield first_room;
    } else {
      const Step carved{StepLevel::Feature, kCarve,
                        Event{EventKind::RoomCarved, Reason::None, id, -1, 0, room.center(), inner},
                        Overlay{room.outline(), Verdict::Accepted, {}, {}}, counters};
      co_yield carved;

      const Point from = rooms.back().center();
      const Point to = room.center();
      // The tutorial draws random.random() < 0.5: horizontal first, else vertical first.
      const Point corner = rng.uniform_float() < 0.5f ? Point{to.x, from.y} : Point{from.x, to.y};
      std::vector<Point> path = bresenham_line(from, corner);
      const std::vector<Point> second = bresenham_line(corner, to);
      path.insert(path.end(), second.begin() + 1, second.end());  // the corner only once
      const int prev = id - 1;
      const Step tunnel{StepLevel::Action, kTunnel,
                        Event{EventKind::TunnelPlanned,
                              Reason::None,
                              id,
                              prev,
                              static_cast<int>(path.size()),
                              from,
                              {}},
                        Overlay{{}, Verdict::None, path, from}, counters};
      co_yield tunnel;
      for (const Point c : path) {
        if (ctx.grid().at(c.x, c.y) != Tile::Wall) continue;  // already open: nothing to dig
        canvas.set_tile(c.x, c.y, Tile::Corridor);
        ++counters.cells;
        const Step tunnel_cell{StepLevel::Cell, kTunnel,
                               Event{EventKind::TunnelCell, Reason::None, id, prev, 0, c, {}},
                               Overlay{{}, Verdict::None, {}, c}, counters};
        co_yield tunnel_cell;
      }
      ++layout.corridors;
    }
    rooms.push_back(room);
  }
  const Step done{
      StepLevel::Phase,
      kDone,
      Event{EventKind::Done, Reason::None, -1, -1, static_cast<int>(rooms.size()), {}, {}},
      Overlay{},
      counters,
      true};
  co_yield done;
}

}  // namespace

const GeneratorSpec& rooms_and_tunnels_spec() {
  static const GeneratorSpec spec{
      "rooms-and-tunnels",
      "rectangular rooms joined by L-shaped tunnels (libtcod tutorial, part 3)",
      schema(),
      kPseudocode,
      Tile::Wall,
      rooms_and_tunnels,
  };
  return spec;
}

}  // namespace dungen
