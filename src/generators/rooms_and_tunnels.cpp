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
// is carved in it). The first room's player start is a cell step; each tunnel (a part of the body
// of its own, dig_tunnel) is planned in an action step whose overlay holds the whole path, then
// dug one cell step per cell. Adding the room to the list is the feature step.
//
// How the file reads: the pseudocode, then each kind of step's factory (which packs its event's
// fields) beside its words (which read them back), then the algorithm, whose body says
// `co_yield rejected_step(...)` where the tutorial rejects a room.

#include "generators/rooms_and_tunnels.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "generators/map_promises.hpp"

namespace dungen {
namespace {

using namespace rooms_and_tunnels;

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

// kCorridorCells: tunnel cells still corridor (a later room's floor can be carved over a tunnel).
enum Stat : std::size_t { kAttempts, kPlaced, kRejected, kTunnelCells, kCorridorCells, kStatCount };

// ---- The steps: each kind's factory, then its words --------------------------------------------
// The body says `co_yield rejected_step(...)`; the fields a factory packs are the ones the words
// beside it read back (the field list is in rooms_and_tunnels.hpp).

Step begin_step() {
  return make_step(StepLevel::Phase, kFillWall, {.kind = kEventBegin});
}
std::string begin_words(const Event&, const ParamValues& p) {
  return "the map is filled with wall (" + size_text(p.get_int("width"), p.get_int("height")) + ")";
}

std::string attempt_text(const Event& e) {
  return "attempt " + number_text(e.id);
}

Step attempt_step(int attempt) {
  return make_step(StepLevel::Cell, kRepeat, {.kind = event_kind(Ev::Attempt), .id = attempt});
}
std::string attempt_words(const Event& e, const ParamValues& p) {
  return attempt_text(e) + " of " + std::to_string(p.get("max_rooms"));
}

Step size_step(int attempt, int w, int h) {
  return make_step(StepLevel::Cell, kPickSize,
                   {.kind = event_kind(Ev::SizeDrawn), .id = attempt, .rect = {0, 0, w, h}});
}
std::string size_words(const Event& e, const ParamValues&) {
  return attempt_text(e) + ": w = " + std::to_string(e.rect.w) +
         ", h = " + std::to_string(e.rect.h);
}

Step position_step(int attempt, const RectangularRoom& room) {
  return make_step(StepLevel::Cell, kPickPosition,
                   {.kind = event_kind(Ev::PositionDrawn), .id = attempt, .rect = room.outline()},
                   {{box(Role::Candidate, room.outline())}});
}
std::string position_words(const Event& e, const ParamValues&) {
  return attempt_text(e) + ": x = " + std::to_string(e.rect.x) +
         ", y = " + std::to_string(e.rect.y) + ", so the room spans " +
         xy_text({e.rect.x, e.rect.y}) + ".." + xy_text({e.rect.right() - 1, e.rect.bottom() - 1});
}

// `hit` is the index of `other`, the first placed room the candidate touches or overlaps.
Step rejected_step(int attempt, int hit, const RectangularRoom& room,
                   const RectangularRoom& other) {
  const Contact contact = room.overlaps(other) ? kOverlaps : kTouches;
  return make_step(StepLevel::Action, kReject,
                   {.kind = event_kind(Ev::Rejected),
                    .reason = contact,
                    .id = attempt,
                    .other = hit,
                    .rect = room.outline()},
                   refused(room, other));
}
std::string contact_text(const Event& e) {
  return std::string(e.reason == kOverlaps ? "overlaps" : "touches") + " room " +
         number_text(e.other);
}
std::string rejected_words(const Event& e, const ParamValues&) {
  return attempt_text(e) + " rejected: it " + contact_text(e);
}

Step carved_step(int id, int attempt, const RectangularRoom& room) {
  return make_step(
      StepLevel::Action, kCarve,
      {.kind = event_kind(Ev::Carved), .id = id, .other = attempt, .rect = room.inner()},
      {{box(Role::Accepted, room.outline())}});
}
std::string carved_words(const Event& e, const ParamValues&) {
  return "room " + number_text(e.id) + " carved: " + size_text(e.rect.w, e.rect.h) +
         " floor cells at " + xy_text({e.rect.x, e.rect.y}) + " (attempt " + number_text(e.other) +
         ")";
}

Step player_start_step(int id, Point centre) {
  return make_step(StepLevel::Cell, kFirstRoom,
                   {.kind = event_kind(Ev::PlayerStart), .id = id, .at = centre},
                   {{marker(Role::Cursor, centre)}});
}
std::string player_start_words(const Event& e, const ParamValues&) {
  return "the player starts at " + xy_text(e.at) + ", the centre of room " + number_text(e.id);
}

Step tunnel_planned_step(int id, int prev, FirstLeg first, const std::vector<Point>& path) {
  return make_step(StepLevel::Action, kTunnel,
                   {.kind = event_kind(Ev::TunnelPlanned),
                    .reason = first,
                    .id = id,
                    .other = prev,
                    .value = static_cast<int>(path.size()),
                    .at = path.front()},
                   {{line(Role::Tunnel, path), marker(Role::Cursor, path.front())}});
}
std::string tunnel_planned_words(const Event& e, const ParamValues&) {
  return "tunnel from room " + number_text(e.other) + " to room " + number_text(e.id) + ": " +
         std::to_string(e.value) + " cells long, " +
         (e.reason == kHorizontalFirst ? "horizontal" : "vertical") + " leg first";
}

// One step serves all of a tunnel's cells, moved along by dig_at: only the cell changes, so a
// cell step costs no allocation. The cursor starts where the tunnel does.
Step tunnel_cell_step(int id, int prev, Point from) {
  return make_step(StepLevel::Cell, kTunnel,
                   {.kind = event_kind(Ev::TunnelCell), .id = id, .other = prev, .at = from},
                   {{marker(Role::Cursor, from)}});
}
void dig_at(Step& dig, Point cell) {
  dig.event.at = cell;
  dig.overlay.items[0].cells[0] = cell;
}
std::string tunnel_cell_words(const Event& e, const ParamValues&) {
  return "tunnel to room " + number_text(e.id) + " digs " + xy_text(e.at);
}

Step added_step(int id, std::size_t rooms, const Rect& inner) {
  return make_step(
      StepLevel::Feature, kAppend,
      {.kind = event_kind(Ev::Added), .id = id, .value = static_cast<int>(rooms), .rect = inner});
}
std::string added_words(const Event& e, const ParamValues&) {
  return "room " + number_text(e.id) + " added to the list (" + std::to_string(e.value) +
         (e.value == 1 ? " room)" : " rooms)");
}

Step done_step(std::size_t rooms) {
  Step s =
      make_step(StepLevel::Phase, kDone, {.kind = kEventDone, .value = static_cast<int>(rooms)});
  s.last = true;
  return s;
}
std::string done_words(const Event& e, const ParamValues& p) {
  return "done: " + std::to_string(e.value) + " rooms placed in " +
         std::to_string(p.get("max_rooms")) + " attempts";
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin:
      return begin_words(e, p);
    case event_kind(Ev::Attempt):
      return attempt_words(e, p);
    case event_kind(Ev::SizeDrawn):
      return size_words(e, p);
    case event_kind(Ev::PositionDrawn):
      return position_words(e, p);
    case event_kind(Ev::Rejected):
      return rejected_words(e, p);
    case event_kind(Ev::Carved):
      return carved_words(e, p);
    case event_kind(Ev::PlayerStart):
      return player_start_words(e, p);
    case event_kind(Ev::TunnelPlanned):
      return tunnel_planned_words(e, p);
    case event_kind(Ev::TunnelCell):
      return tunnel_cell_words(e, p);
    case event_kind(Ev::Added):
      return added_words(e, p);
    case kEventDone:
      return done_words(e, p);
  }
  return "?";
}

// The few words drawn on the map beside the candidate.
std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  switch (e.kind) {
    case event_kind(Ev::PositionDrawn):
      return attempt_text(e);
    case event_kind(Ev::Rejected):
      return contact_text(e);
    case event_kind(Ev::Carved):
      return "room " + number_text(e.id);
  }
  return "";
}

// Predict mode: before a verdict is shown, which placed room the candidate will run into first
// (the rooms are checked oldest first), if any. Each placed room is a choice clicked on the map.
std::optional<Question> question(const Step& s, const QuestionContext& c) {
  const Event& e = s.event;
  const bool rejected = e.kind == event_kind(Ev::Rejected);
  if (!rejected && e.kind != event_kind(Ev::Carved)) return std::nullopt;
  const int attempt = rejected ? e.id : e.other;
  const Rect outline =
      rejected ? e.rect : Rect{e.rect.x - 1, e.rect.y - 1, e.rect.w + 2, e.rect.h + 2};
  Question q{.line = kReject,
             .prompt = attempt_text({.id = attempt}) +
                       ": which placed room will this candidate touch or overlap first (rooms "
                       "are checked oldest first)? Or none, and it is carved?",
             .choices = {{"none: carved", {}}},
             .focus = {{box(Role::Candidate, outline)}}};
  for (const Layout::Room& r : c.layout.rooms) {
    // Placed before this step: its floor already carries its id.
    if (c.grid.label(c.grid.index(r.bounds.x, r.bounds.y)) != r.id) continue;
    if (rejected && r.id == e.other) q.answer = static_cast<int>(q.choices.size());
    q.choices.push_back({"room " + number_text(r.id),
                         {{r.bounds.x - 1, r.bounds.y - 1, r.bounds.w + 2, r.bounds.h + 2}}});
  }
  return q;
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

// ---- The algorithm ----------------------------------------------------------------------------

// The index of the first placed room the candidate touches or overlaps, or -1 when it is clear.
int first_hit(const std::vector<RectangularRoom>& rooms, const RectangularRoom& room) {
  for (std::size_t i = 0; i < rooms.size(); ++i) {
    if (room.intersects(rooms[i])) return static_cast<int>(i);
  }
  return -1;
}

// Carves the room's inside to floor labelled `id` and lists it in the layout. Tunnel cells it
// carves over stop being corridor.
void carve(StepContext& ctx, const RectangularRoom& room, int id) {
  const Rect inner = room.inner();
  for (int y = inner.y; y < inner.bottom(); ++y) {
    for (int x = inner.x; x < inner.right(); ++x) {
      if (ctx.grid().at(x, y) == Tile::Corridor) ctx.stats().add(kCorridorCells, -1);
      ctx.canvas().set_tile_label(x, y, Tile::Floor, id);
    }
  }
  ctx.stats().add(kPlaced, 1);
  ctx.layout().rooms.push_back({id, inner, true, inner.w * inner.h});
}

// The tunnel part: an L from the previous room's centre to the new room's, its corner picked by
// a coin, then dug one wall cell at a time (cells already open are passed over).
StepGenerator dig_tunnel(StepContext& ctx, Point from, Point to, int id) {
  // The tutorial draws random.random() < 0.5: horizontal first, else vertical first.
  const bool horizontal_first = ctx.draw_coin("corner");
  const Point corner = horizontal_first ? Point{to.x, from.y} : Point{from.x, to.y};
  std::vector<Point> path = bresenham_line(from, corner);
  const std::vector<Point> second = bresenham_line(corner, to);
  path.insert(path.end(), second.begin() + 1, second.end());  // the corner only once
  const int prev = id - 1;
  co_yield tunnel_planned_step(id, prev, horizontal_first ? kHorizontalFirst : kVerticalFirst,
                               path);

  Step dig = tunnel_cell_step(id, prev, from);
  for (const Point c : path) {
    if (ctx.grid().at(c.x, c.y) != Tile::Wall) continue;
    ctx.canvas().set_tile(c.x, c.y, Tile::Corridor);
    ctx.stats().add(kTunnelCells, 1);
    ctx.stats().add(kCorridorCells, 1);
    dig_at(dig, c);
    co_yield dig;
  }
}

// The body: the tutorial's generate_dungeon, a step wherever it draws, decides or digs.
StepGenerator body(StepContext& ctx, ParamValues p) {
  const int map_w = p.get_int("width");
  const int map_h = p.get_int("height");
  const int max_rooms = p.get_int("max_rooms");
  const int min_size = p.get_int("room_min_size");
  const int max_size = p.get_int("room_max_size");
  StatSheet& stats = ctx.stats();
  std::vector<RectangularRoom> rooms;

  co_yield begin_step();
  for (int attempt = 0; attempt < max_rooms; ++attempt) {
    stats.add(kAttempts, 1);
    co_yield attempt_step(attempt);

    const int w = ctx.draw_int("w", min_size, max_size);
    const int h = ctx.draw_int("h", min_size, max_size);
    co_yield size_step(attempt, w, h);

    const int x = ctx.draw_int("x", 0, map_w - w - 1);
    const int y = ctx.draw_int("y", 0, map_h - h - 1);
    const RectangularRoom room{x, y, x + w, y + h};
    co_yield position_step(attempt, room);

    if (const int hit = first_hit(rooms, room); hit >= 0) {
      stats.add(kRejected, 1);
      co_yield rejected_step(attempt, hit, room, rooms[static_cast<std::size_t>(hit)]);
      continue;
    }

    const int id = static_cast<int>(rooms.size());
    carve(ctx, room, id);
    co_yield carved_step(id, attempt, room);

    if (rooms.empty()) {
      ctx.layout().start = room.center();
      co_yield player_start_step(id, room.center());
    } else {
      co_yield dig_tunnel(ctx, rooms.back().center(), room.center(), id);
    }
    rooms.push_back(room);
    co_yield added_step(id, rooms.size(), room.inner());
  }
  co_yield done_step(rooms.size());
}

// What every finished map promises, whatever the parameters (the random sweep checks them).
void promises(MapPromises& map) {
  const Grid& g = map.grid();
  map.only_tiles({Tile::Wall, Tile::Floor, Tile::Corridor});
  std::int64_t floor = 0;
  bool carved = true;
  for (const Layout::Room& r : map.layout().rooms) {
    floor += r.cells;
    for (int y = r.bounds.y; y < r.bounds.bottom(); ++y) {
      for (int x = r.bounds.x; x < r.bounds.right(); ++x) {
        carved = carved && g.at(x, y) == Tile::Floor && g.label_at(x, y) == r.id;
      }
    }
  }
  map.expect(carved, "every room's floor is carved and labelled with its id (no two share a cell)");
  const auto rooms = static_cast<std::int64_t>(map.layout().rooms.size());
  map.expect(rooms == map.stat("rooms"), "the rooms stat counts the listed rooms");
  map.expect(map.stat("attempts") == map.param("max_rooms"), "every one of max_rooms is attempted");
  map.expect(map.stat("attempts") >= rooms, "no more rooms than attempts");
  map.expect(static_cast<std::int64_t>(g.count_walkable()) >= floor,
             "the walkable cells include every room's floor");
  std::int64_t corridor = 0;
  for (std::size_t i = 0; i < g.size(); ++i) corridor += g.tile(i) == Tile::Corridor;
  map.expect(map.stat("corridor_cells") == corridor,
             "\"corridor cells now\" is what the map shows");
  // The dug cells that are no longer corridor are the ones a later room was carved over.
  map.expect(map.stat("tunnel_cells") >= corridor, "every corridor cell was dug by a tunnel");
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
                    .question = question,
                    .stat_slots = kStatCount,
                    .stat_rows = stat_rows},
      .background = Tile::Wall,
      .body = body,
      .line_settings = {},  // the defaults reach every line
      .promises = promises,
      .worst_case =
          "max_rooms\u00b2 / 2 overlap checks + max_rooms x (width + height) tunnel cells + C",
      .bounded_by = "the schema (10000 rooms)",
      .range_x = "critical_path",
      .range_y = "room_loops",
  };
  return spec;
}

}  // namespace dungen
