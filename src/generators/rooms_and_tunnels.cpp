// Rooms and L-shaped tunnels, as part 3 of the libtcod Python tutorial builds them.
//
// The map starts as wall. Up to max_rooms times: pick a width and height uniform in
// [room_min_size, room_max_size] and a top-left corner uniform in [0, map - size - 1]; the room
// spans x1 = x .. x2 = x + w (and likewise y), and its inner area x1+1..x2-1 is what gets carved,
// which leaves a wall between rooms. So a room of w x h has (w-1) x (h-1) floor cells and an
// outline of (w+1) x (h+1) cells. A candidate that intersects a placed room (touching counts: the
// tutorial compares with <=) is rejected. From the second room on, an L-shaped tunnel is dug from
// the previous room's centre to the new one: a 50/50 draw picks horizontal-then-vertical or
// vertical-then-horizontal, each leg a Bresenham line. The player starts at the first room's
// centre. The random draws come in the tutorial's order (w, h, x, y, then the corner).
//
// Deliberate differences from the tutorial:
// - Tunnel cells that were wall become Tile::Corridor, not floor, so the viewer can tell tunnels
//   from rooms. Both are walkable, so every map is the tutorial's map in what can be walked.
// - Room floor cells carry their room's id in the label layer; Layout::rooms lists each room's
//   carved inner rectangle (x1+1, y1+1, w-1, h-1).
//
// Steps: each attempt begins with a cell step, then one for the size drawn and one for the
// position; the verdict is an action step (a rejection outlines the room it hit; an accepted room
// is carved in it). The first room's player start is a cell step; each tunnel is planned in an
// action step whose overlay holds the whole path, then dug one cell step per cell. Adding the room
// to the list is the feature step.

#include "generators/rooms_and_tunnels.hpp"

#include <algorithm>
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
  // Shares cells with o, not just an edge line or corner.
  bool overlaps(const RectangularRoom& o) const {
    return x1 < o.x2 && x2 > o.x1 && y1 < o.y2 && y2 > o.y1;
  }
  Rect inner() const { return {x1 + 1, y1 + 1, x2 - x1 - 1, y2 - y1 - 1}; }
  Rect outline() const { return {x1, y1, x2 - x1 + 1, y2 - y1 + 1}; }
};

// A refused room: its box, the room it ran into, and, when it only touches that room, the wall
// line the two outlines would share (drawn on its own so a touch does not look like an overlap).
Overlay refused(const RectangularRoom& room, const RectangularRoom& other) {
  Overlay o{{box(Role::Rejected, room.outline()), box(Role::Cause, other.outline())}};
  if (!room.overlaps(other)) {
    const Rect a = room.outline(), b = other.outline();
    std::vector<Point> wall;
    for (int y = std::max(a.y, b.y); y < std::min(a.bottom(), b.bottom()); ++y) {
      for (int x = std::max(a.x, b.x); x < std::min(a.right(), b.right()); ++x) {
        wall.push_back({x, y});
      }
    }
    o.items.push_back(cells(Role::SharedWall, std::move(wall)));
  }
  return o;
}

enum Line : int {
  kFillWall,
  kRepeat,
  kPickSize,
  kPickPosition,
  kReject,
  kCarve,
  kFirstRoom,
  kTunnel,
  kAppend,
  kDone,
  kLineCount,
};

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "fill the map with wall",
    "repeat max_rooms times:",
    "    w, h = random in [room_min_size, room_max_size]",
    "    x, y = random in [0, map_w - w - 1] x [0, map_h - h - 1]",
    "    if the room (x to x+w, y to y+h) touches or overlaps a placed room: reject it",
    "    carve its inside (x+1 to x+w-1, y+1 to y+h-1) to floor",
    "    if it is the first room: the player starts at its centre",
    "    else: dig an L-shaped tunnel from the previous room's centre (corner coin: 1 = horizontal "
    "first)",
    "    add the room to the list",
    "done",
};
static_assert(kPseudocode.size() == kLineCount);

enum class Ev : EventKind {
  Attempt = kFirstOwnEvent,  // id = attempt
  SizeDrawn,                 // id = attempt, rect.w/h = w, h
  PositionDrawn,             // id = attempt, rect = the outline x..x+w, y..y+h
  Rejected,                  // id = attempt, other = room hit, rect = outline, reason
  Carved,                    // id = room, other = attempt, rect = inner area
  PlayerStart,               // id = room, at = its centre
  TunnelPlanned,             // id = room it joins, other = previous room, value = path cells,
                             // reason = which leg first
  TunnelCell,                // id = room the tunnel leads to, at = cell dug
  Added,                     // id = room, value = rooms in the list
};
// Why a room was rejected, and which leg a tunnel digs first.
enum Reason : std::uint8_t { kNoReason, kTouches, kOverlaps, kVerticalFirst, kHorizontalFirst };

// kCorridorCells: tunnel cells still corridor (a later room's floor can be carved over a tunnel).
enum Stat : std::size_t { kAttempts, kPlaced, kRejected, kTunnelCells, kCorridorCells, kStatCount };

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  const std::string attempt = "attempt " + number_text(e.id);
  switch (e.kind) {
    case kEventBegin:
      return "the map is filled with wall (" + size_text(p.get_int("width"), p.get_int("height")) +
             ")";
    case kEventDone:
      return "done: " + std::to_string(e.value) + " rooms placed in " +
             std::to_string(p.get("max_rooms")) + " attempts";
    case event_kind(Ev::Attempt):
      return attempt + " of " + std::to_string(p.get("max_rooms"));
    case event_kind(Ev::SizeDrawn):
      return attempt + ": w = " + std::to_string(e.rect.w - 1) +
             ", h = " + std::to_string(e.rect.h - 1);
    case event_kind(Ev::PositionDrawn):
      return attempt + ": x = " + std::to_string(e.rect.x) + ", y = " + std::to_string(e.rect.y) +
             ", so the room spans " + xy_text({e.rect.x, e.rect.y}) + ".." +
             xy_text({e.rect.right() - 1, e.rect.bottom() - 1});
    case event_kind(Ev::Rejected):
      return attempt + " rejected: it " + (e.reason == kOverlaps ? "overlaps" : "touches") +
             " room " + number_text(e.other);
    case event_kind(Ev::Carved):
      return "room " + number_text(e.id) + " carved: " + size_text(e.rect.w, e.rect.h) +
             " floor cells at " + xy_text({e.rect.x, e.rect.y}) + " (" + "attempt " +
             number_text(e.other) + ")";
    case event_kind(Ev::PlayerStart):
      return "the player starts at " + xy_text(e.at) + ", the centre of room " + number_text(e.id);
    case event_kind(Ev::TunnelPlanned):
      return "tunnel from room " + number_text(e.other) + " to room " + number_text(e.id) + ": " +
             std::to_string(e.value) + " cells long, " +
             (e.reason == kHorizontalFirst ? "horizontal" : "vertical") + " leg first";
    case event_kind(Ev::TunnelCell):
      return "tunnel to room " + number_text(e.id) + " digs " + xy_text(e.at);
    case event_kind(Ev::Added):
      return "room " + number_text(e.id) + " added to the list (" + std::to_string(e.value) +
             (e.value == 1 ? " room)" : " rooms)");
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  switch (e.kind) {
    case event_kind(Ev::PositionDrawn):
      return "attempt " + number_text(e.id);
    case event_kind(Ev::Rejected):
      return std::string(e.reason == kOverlaps ? "overlaps" : "touches") + " room " +
             number_text(e.other);
    case event_kind(Ev::Carved):
      return "room " + number_text(e.id);
  }
  return "";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues& p) {
  const auto n = [](std::int64_t x) { return std::to_string(x); };
  return {
      {"attempts", "attempts", n(v[kAttempts]) + " of " + n(p.get("max_rooms")), v[kAttempts]},
      count_row("rooms", "rooms placed", v[kPlaced]),
      count_row("rejected", "rejected", v[kRejected]),
      count_row("tunnel_cells", "tunnel cells dug", v[kTunnelCells]),
      {"corridor_cells", "corridor cells now",
       n(v[kCorridorCells]) + (v[kTunnelCells] > v[kCorridorCells]
                                   ? " (" + n(v[kTunnelCells] - v[kCorridorCells]) +
                                         " dug cells later carved into rooms)"
                                   : ""),
       v[kCorridorCells]},
  };
}

const Schema& schema() {
  static const Schema s{
      {
          width_param(80),
          height_param(45),
          {"max_rooms", ParamKind::Int, 1, 10000, 30, "how many rooms to try to place"},
          {"room_min_size", ParamKind::Int, 2, 1000, 6,
           "smallest room w or h, as the tutorial draws it: the room spans x..x+w, so its floor "
           "is w-1 cells wide and its outline w+1"},
          {"room_max_size", ParamKind::Int, 2, 1000, 10,
           "largest room w or h (floor w-1 cells, outline w+1)"},
      },
      {
          {.param = "room_min_size", .bound = BoundKind::Param, .other = "room_max_size"},
          {.param = "room_max_size",
           .bound = BoundKind::SmallerSide,
           .offset = -1,
           .why = "a room's position is drawn in [0, side - size - 1]"},
      },
  };
  return s;
}

StepGenerator rooms_and_tunnels(StepContext& ctx, ParamValues p) {
  const int map_w = p.get_int("width");
  const int map_h = p.get_int("height");
  const int max_rooms = p.get_int("max_rooms");
  const int min_size = p.get_int("room_min_size");
  const int max_size = p.get_int("room_max_size");
  Canvas& canvas = ctx.canvas();
  StatSheet& stats = ctx.stats();
  Layout& layout = ctx.layout();
  std::vector<RectangularRoom> rooms;

  const Step begin{.level = StepLevel::Phase, .line = kFillWall, .event = {.kind = kEventBegin}};
  co_yield begin;

  for (int attempt = 0; attempt < max_rooms; ++attempt) {
    stats.add(kAttempts, 1);
    const Step header{.level = StepLevel::Cell,
                      .line = kRepeat,
                      .event = {.kind = event_kind(Ev::Attempt), .id = attempt}};
    co_yield header;

    const int w = ctx.draw_int("w", min_size, max_size);
    const int h = ctx.draw_int("h", min_size, max_size);
    const Step sized{
        .level = StepLevel::Cell,
        .line = kPickSize,
        .event = {.kind = event_kind(Ev::SizeDrawn), .id = attempt, .rect = {0, 0, w + 1, h + 1}}};
    co_yield sized;

    const int x = ctx.draw_int("x", 0, map_w - w - 1);
    const int y = ctx.draw_int("y", 0, map_h - h - 1);
    const RectangularRoom room{x, y, x + w, y + h};
    const Step placed{
        .level = StepLevel::Cell,
        .line = kPickPosition,
        .event = {.kind = event_kind(Ev::PositionDrawn), .id = attempt, .rect = room.outline()},
        .overlay = {{box(Role::Candidate, room.outline())}}};
    co_yield placed;

    int hit = -1;
    for (std::size_t i = 0; i < rooms.size() && hit < 0; ++i) {
      if (room.intersects(rooms[i])) hit = static_cast<int>(i);
    }
    if (hit >= 0) {
      stats.add(kRejected, 1);
      const RectangularRoom& other = rooms[static_cast<std::size_t>(hit)];
      const Step rejected{.level = StepLevel::Action,
                          .line = kReject,
                          .event = {.kind = event_kind(Ev::Rejected),
                                    .reason = room.overlaps(other) ? kOverlaps : kTouches,
                                    .id = attempt,
                                    .other = hit,
                                    .rect = room.outline()},
                          .overlay = refused(room, other)};
      co_yield rejected;
      continue;
    }

    const int id = static_cast<int>(rooms.size());
    const Rect inner = room.inner();
    for (int yy = inner.y; yy < inner.bottom(); ++yy) {
      for (int xx = inner.x; xx < inner.right(); ++xx) {
        if (ctx.grid().at(xx, yy) == Tile::Corridor) stats.add(kCorridorCells, -1);
        canvas.set_tile_label(xx, yy, Tile::Floor, id);
      }
    }
    stats.add(kPlaced, 1);
    layout.rooms.push_back({id, inner, true, inner.w * inner.h});
    const Step carved{
        .level = StepLevel::Action,
        .line = kCarve,
        .event = {.kind = event_kind(Ev::Carved), .id = id, .other = attempt, .rect = inner},
        .overlay = {{box(Role::Accepted, room.outline())}}};
    co_yield carved;

    if (rooms.empty()) {
      layout.start = room.center();
      const Step start{
          .level = StepLevel::Cell,
          .line = kFirstRoom,
          .event = {.kind = event_kind(Ev::PlayerStart), .id = id, .at = room.center()},
          .overlay = {{marker(Role::Cursor, room.center())}}};
      co_yield start;
    } else {
      const Point from = rooms.back().center();
      const Point to = room.center();
      // The tutorial draws random.random() < 0.5: horizontal first, else vertical first.
      const bool horizontal_first = ctx.draw_coin("corner");
      const Point corner = horizontal_first ? Point{to.x, from.y} : Point{from.x, to.y};
      std::vector<Point> path = bresenham_line(from, corner);
      const std::vector<Point> second = bresenham_line(corner, to);
      path.insert(path.end(), second.begin() + 1, second.end());  // the corner only once
      const int prev = id - 1;
      const Step tunnel{.level = StepLevel::Action,
                        .line = kTunnel,
                        .event = {.kind = event_kind(Ev::TunnelPlanned),
                                  .reason = horizontal_first ? kHorizontalFirst : kVerticalFirst,
                                  .id = id,
                                  .other = prev,
                                  .value = static_cast<int>(path.size()),
                                  .at = from},
                        .overlay = {{line(Role::Tunnel, path), marker(Role::Cursor, from)}}};
      co_yield tunnel;
      // One step for all the tunnel's cells (one a cell): only the cell changes.
      Step dig{.level = StepLevel::Cell,
               .line = kTunnel,
               .event = {.kind = event_kind(Ev::TunnelCell), .id = id, .other = prev},
               .overlay = {{marker(Role::Cursor, from)}}};
      for (const Point c : path) {
        if (ctx.grid().at(c.x, c.y) != Tile::Wall) continue;  // already open: nothing to dig
        canvas.set_tile(c.x, c.y, Tile::Corridor);
        stats.add(kTunnelCells, 1);
        stats.add(kCorridorCells, 1);
        dig.event.at = c;
        dig.overlay.items[0].cells[0] = c;
        co_yield dig;
      }
    }
    rooms.push_back(room);
    const Step added{.level = StepLevel::Feature,
                     .line = kAppend,
                     .event = {.kind = event_kind(Ev::Added),
                               .id = id,
                               .value = static_cast<int>(rooms.size()),
                               .rect = inner}};
    co_yield added;
  }
  const Step done{.level = StepLevel::Phase,
                  .line = kDone,
                  .event = {.kind = kEventDone, .value = static_cast<int>(rooms.size())},
                  .last = true};
  co_yield done;
}

}  // namespace

const GeneratorSpec& rooms_and_tunnels_spec() {
  static const GeneratorSpec spec{
      .name = "rooms-and-tunnels",
      .summary = "rectangular rooms joined by L-shaped tunnels (libtcod tutorial, part 3)",
      .schema = schema(),
      .narration = {.pseudocode = kPseudocode,
                    .words = words,
                    .caption = caption,
                    .stat_slots = kStatCount,
                    .stat_rows = stat_rows},
      .background = Tile::Wall,
      .body = rooms_and_tunnels,
  };
  return spec;
}

}  // namespace dungen
