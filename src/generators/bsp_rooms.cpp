// BSP rooms: binary space partitioning, as libtcod's bsp toolkit and its BSP sample (and
// RogueBasin's "Basic BSP Dungeon generation") describe it.
//
// The map starts empty (Tile::Empty: nothing decided yet). split(node, depth) cuts a rectangle in
// two: across its longer side when that side is at least 1.5 times the other (libtcod's
// maxHRatio), else across a side picked by a coin; the cut falls at split_min_percent ..
// split_max_percent of that side, moved in if need be so that both parts keep at least
// min_leaf_size cells across. A node is a leaf when its depth is the depth limit or neither side
// is 2 x min_leaf_size long. The cut is drawn as a line of wall across the empty map (the first
// row or column of the second part), so the partition builds up on screen. Then each leaf, left
// to right in the tree, is filled with wall and gets one room: a random size between
// room_min_size and what the leaf holds, room_margin cells in from the leaf's edges (and never on
// the map's outermost cells). Last, from the deepest cut up, the two parts of every node are
// joined: the room of the first part nearest the cut, to the room of the second part nearest
// that room; a straight corridor where the two rooms face each other across the cut, else a
// Z-shaped one (out of the first room, along the cut's direction in the gap, into the second).
// Corridor cells that were wall become Tile::Corridor; rooms are Tile::Floor, labelled with
// their room id (room k is in leaf k: both are numbered left to right in the tree).
//
// Why it is always one connected region: a node's corridor runs inside the node's rectangle
// (its ends are in rooms of its two parts and it stays in their bounding box), so by induction
// from the leaves up every node's walkable cells are connected once its two parts are joined.
// Rooms never overlap because leaves do not and every room lies inside its leaf.
//
// Deliberate differences from libtcod's sample:
// - libtcod's cut position is uniform over every position leaving both parts min size; ours is
//   limited to the split ratio range as well (the "min/max ratio"), then clamped.
//   (split_min_percent 1 and split_max_percent 99 give libtcod's range on any side of up to
//   100 x min_leaf_size cells: the clamp makes it [min_leaf_size, side - min_leaf_size].)
// - The ratio test is >= where libtcod's is >: libtcod cuts across the longer side when it is
//   more than maxHRatio (1.5) times the other, we when it is 1.5 times or more, as the steps
//   word it ("the longer side by 1.5x or more"). Only a node of exactly 3:2 (30x20, 12x8, ...)
//   differs: we always cut its longer side, libtcod tosses its coin.
// - A room's size is uniform: w uniform in [room_min_size, the width the leaf leaves for it],
//   h likewise, then the corner uniform where the room fits. libtcod's sample (with randomRoom
//   on) draws the two corners instead: the left uniform in [minx, maxx - minRoomSize + 1], then
//   the right uniform in [left + minRoomSize - 1, maxx]. The right corner's range shrinks as
//   the left one moves right, so small rooms are likelier: on a span of S cells the mean side is
//   (S + 3 min) / 4 there against (S + min) / 2 here. Measured on the leaves of the defaults
//   (2,000 seeds, 131,239 rooms, each leaf's span computed as place_rooms computes it), our
//   rooms average 24.0 cells against 19.8 for the two-corner draw on the same spans: about 21%
//   more area. (The sample's default, randomRoom off, has each room fill its leaf but for a
//   wall on its top and left; we have no such mode.)
// - libtcod connects the bounding boxes of the two parts by digging until it meets floor (which
//   can run off into rock); ours joins two chosen rooms, so every corridor ends in a room.
// - The margin is a parameter (libtcod has walls or no walls) and shrinks where a leaf is too
//   small for room_min_size plus the margin on both sides.
// - The split lines are drawn on an empty map so the partition can be watched; each leaf is
//   filled with wall when its room is carved, so the finished map holds no empty cell.
//
// Steps: the split is recursive, a child stepper per node (`co_yield split(...)`): a cell step
// visits the node, then either a cell step says it is a leaf or an action step cuts it (the node
// outlined, the cut line drawn, its depth in the caption). A phase step ends the splitting. Each
// leaf's room is a feature step (the leaf outlined). Joining goes level by level from the
// deepest: a cell step opens the level, an action step per node plans its corridor (its two
// parts outlined, the path drawn), a cell step digs each wall cell, a phase step closes the
// level. The node visits for rooms and joins are child steppers too.

#include "generators/bsp_rooms.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace dungen {
namespace {

enum Line : int {
  kStart,
  kSplitMap,
  kLeaf,
  kCut,
  kRecurse,
  kRoom,
  kLevel,
  kJoin,
  kDone,
  kLineCount,
};

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "start with an empty map: nothing is decided yet",
    "split(the whole map, depth 0), where split(node, depth) is:",
    "    if depth = depth limit, or no side is 2 x min_leaf_size long: node is a leaf",
    "    else cut the longer side (if 1.5x the other, else a coin picks) at split_min..split_max "
    "% of it, both parts >= min_leaf_size; draw the cut",
    "        split(each part, depth + 1)",
    "for each leaf: fill it with wall; carve a room of random size, room_margin cells in from its "
    "edges",
    "for each depth from the deepest cut up to 0:",
    "    join each node cut at that depth: its first part's room nearest the cut to the second "
    "part's room nearest that one (straight if they face each other, else Z-shaped)",
    "done",
};
static_assert(kPseudocode.size() == kLineCount);

enum class Ev : EventKind {
  Visit = kFirstOwnEvent,  // id = node, other = parent (-1: the root), value = depth,
                           // reason = Part (which part of the parent), rect = node
  Leaf,       // id = node, other = leaf number, value = depth, reason = LeafWhy, rect = node
  Cut,        // id = node, value = depth, reason = Cut, other = SideWhy, at = the line's first
              // cell, rect = node
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

enum Part : std::uint8_t { kRootPart, kLeft, kRight, kTop, kBottom };
enum LeafWhy : std::uint8_t { kDepthLimit = 1, kTooSmall = 2 };
enum Cut : std::uint8_t { kVertical = 1, kHorizontal = 2 };  // the line's direction
enum SideWhy : int { kOnlyWay = 0, kLonger = 1, kCoin = 2 };
enum Shape : std::uint8_t { kStraight = 1, kZ = 2 };

enum Stat : std::size_t {
  kSplits,
  kLeaves,
  kDepthReached,
  kRooms,
  kCorridors,
  kCorridorCells,
  kStatCount,
};

// libtcod's maxHRatio of its sample: a side at least this many percent of the other is cut.
constexpr int kLongerSidePercent = 150;
// The deepest tree the depth parameter allows: at most 2^16 leaves, 2^17 - 1 nodes (the work cap
// of every phase: each visits the nodes a bounded number of times, each join scans its rooms).
constexpr int kMaxDepth = 16;

std::string plural(std::int64_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}
std::string node_text(int id) {
  return "node " + number_text(id);
}
std::string rect_size(const Rect& r) {
  return size_text(r.w, r.h);
}

std::int64_t tunnel_cells(const Step& s) {
  const OverlayItem* t = s.overlay.find(Role::Tunnel);
  return t ? static_cast<std::int64_t>(t->cells.size()) : 0;
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  static constexpr std::array<std::string_view, 5> kPartName = {"", "left", "right", "top",
                                                                "bottom"};
  switch (e.kind) {
    case kEventBegin:
      return "the map starts empty (" + size_text(p.get_int("width"), p.get_int("height")) +
             "): nothing is decided yet";
    case kEventDone:
      return "done: " + plural(e.value, "room", "rooms") + ", " +
             plural(e.id, "corridor", "corridors") + ", " +
             plural(e.other, "corridor cell", "corridor cells");
    case event_kind(Ev::Visit):
      if (e.other < 0) return "split the whole map (" + rect_size(e.rect) + ") at depth 0";
      return "split " + node_text(e.id) + ", the " + std::string(kPartName[e.reason]) +
             " part of " + node_text(e.other) + ": " + rect_size(e.rect) + " at depth " +
             std::to_string(e.value);
    case event_kind(Ev::Leaf):
      return node_text(e.id) + " (" + rect_size(e.rect) + ", depth " + std::to_string(e.value) +
             ") is leaf " + number_text(e.other) + ": " +
             (e.reason == kDepthLimit
                  ? "the depth limit " + std::to_string(p.get("depth")) + " is reached"
                  : "no side is 2 x " + std::to_string(p.get("min_leaf_size")) + " = " +
                        std::to_string(2 * p.get("min_leaf_size")) + " long");
    case event_kind(Ev::Cut): {
      const bool vertical = e.reason == kVertical;
      const int side = vertical ? e.rect.w : e.rect.h;
      const int offset = vertical ? e.at.x - e.rect.x : e.at.y - e.rect.y;
      const std::string why = e.other == kOnlyWay  ? "the only side long enough"
                              : e.other == kLonger ? "the longer side by 1.5x or more"
                                                   : "the coin's pick";
      return node_text(e.id) + " (depth " + std::to_string(e.value) + ") cut by a " +
             (vertical ? "vertical line at x = " + std::to_string(e.at.x)
                       : "horizontal line at y = " + std::to_string(e.at.y)) +
             ", " + std::to_string(offset) + " of " + std::to_string(side) + " cells (" +
             std::to_string(offset * 100 / side) + "%; " + why + ")";
    }
    case event_kind(Ev::SplitDone):
      return "the map is split into " + plural(e.value, "leaf", "leaves") + "; depth reached " +
             std::to_string(e.other);
    case event_kind(Ev::Room):
      return "leaf " + number_text(e.id) + " (" + node_text(e.other) + ") filled with wall; room " +
             number_text(e.id) + " carved: " + rect_size(e.rect) + " floor at " +
             xy_text({e.rect.x, e.rect.y});
    case event_kind(Ev::RoomsDone):
      return plural(e.value, "room", "rooms") + " carved, one in each leaf";
    case event_kind(Ev::Level):
      return "depth " + std::to_string(e.value) + ": join the two parts of " +
             plural(e.other, "node", "nodes") + " cut at this depth";
    case event_kind(Ev::Join):
      return "join the parts of " + node_text(e.id) + ": room " + number_text(e.other) +
             " to room " + number_text(e.value) + ", a " +
             (e.reason == kStraight ? "straight" : "Z-shaped") + " corridor of " +
             plural(tunnel_cells(s), "cell", "cells");
    case event_kind(Ev::Dig):
      return "the corridor from room " + number_text(e.other) + " to room " + number_text(e.value) +
             " digs " + xy_text(e.at);
    case event_kind(Ev::LevelDone):
      return "depth " + std::to_string(e.value) +
             " joined: " + plural(e.id, "corridor", "corridors") + ", " +
             plural(e.other, "cell dug", "cells dug");
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  switch (e.kind) {
    case event_kind(Ev::Visit):
      return "depth " + std::to_string(e.value);
    case event_kind(Ev::Leaf):
      return "leaf " + number_text(e.other);
    case event_kind(Ev::Cut):
      return "depth " + std::to_string(e.value) + " cut";
    case event_kind(Ev::Room):
      return "room " + number_text(e.id);
  }
  // A join outlines both parts, and each would carry the same
  // caption: the outlines and the corridor speak for themselves, the log names the rooms.
  return "";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues& p) {
  const auto n = [](std::int64_t x) { return std::to_string(x); };
  return {
      count_row("splits", "splits", v[kSplits]),
      count_row("leaves", "leaves", v[kLeaves]),
      {"depth_reached", "depth reached", n(v[kDepthReached]) + " of " + n(p.get("depth")),
       v[kDepthReached]},
      count_row("rooms", "rooms", v[kRooms]),
      count_row("corridors", "corridors", v[kCorridors]),
      count_row("corridor_cells", "corridor cells", v[kCorridorCells]),
  };
}

const Schema& schema() {
  static const Schema s{
      {
          width_param(80),
          height_param(50),
          {"depth", ParamKind::Int, 0, kMaxDepth, 8,
           "how many times the map may be cut in two along any branch (the tree's depth limit)"},
          {"min_leaf_size", ParamKind::Int, 3, kMaxMapSide, 6,
           "a part is cut only if both pieces keep at least this many cells across"},
          {"split_min_percent", ParamKind::Percent, 1, 99, 20,
           "the cut falls at least this far along the side being cut, in %"},
          {"split_max_percent", ParamKind::Percent, 1, 99, 80,
           "the cut falls at most this far along the side being cut, in %"},
          {"room_margin", ParamKind::Int, 0, 100, 1,
           "cells of wall between a room and its leaf's edges (less where the leaf is too small "
           "for the smallest room and this margin)"},
          {"room_min_size", ParamKind::Int, 1, kMaxMapSide, 4, "smallest room side, in cells"},
      },
      {
          {.param = "split_min_percent", .bound = BoundKind::Param, .other = "split_max_percent"},
          {.param = "min_leaf_size",
           .bound = BoundKind::SmallerSide,
           .why = "the whole map is the first part"},
          {.param = "room_min_size",
           .bound = BoundKind::Param,
           .other = "min_leaf_size",
           .offset = -2,
           .why = "the smallest room and a wall on each side fit in the smallest leaf"},
      },
  };
  return s;
}

// ---- The algorithm ----------------------------------------------------------------------------

struct Settings {
  int map_w, map_h, depth, min_leaf, split_min, split_max, margin, room_min;
};

struct Node {
  Rect rect;
  int depth = 0;
  int first = -1, second = -1;         // the parts (left or top, right or bottom); -1 for a leaf
  bool vertical = false;               // cut by a vertical line (the parts side by side)
  int rooms_begin = 0, rooms_end = 0;  // the rooms of this subtree: a run of room ids
  bool leaf() const { return first < 0; }
};

struct Tree {
  std::vector<Node> nodes;  // node 0 is the whole map; parts are numbered as they are cut
  std::vector<Rect> rooms;  // room k lies in the k-th leaf from the left
  int leaves = 0;
  int deepest_cut = -1;
};

// A half-open span [lo, hi) of one axis.
struct Span {
  int lo, hi;
  int size() const { return hi - lo; }
};

// One axis of a leaf [lo, hi), less up to `margin` cells at each end (but leaving at least
// room_min cells), then less the map's outermost cell. With a margin of 1 or more the margin left
// is at least 1 (min_leaf_size >= room_min_size + 2), so the map's edge is already off the room
// and two rooms always have two walls between them; only margin 0 lets the edge cut in.
Span room_space(int lo, int hi, int map_side, int margin, int room_min) {
  const int m = std::min(margin, (hi - lo - room_min) / 2);
  return {std::max(lo + m, 1), std::min(hi - m, map_side - 1)};
}

// The straight cells from a to b (same row or column), both ends included, appended to path
// (a itself skipped when the path already ends on it).
void append_leg(std::vector<Point>& path, Point a, Point b) {
  const int dx = (b.x > a.x) - (b.x < a.x), dy = (b.y > a.y) - (b.y < a.y);
  if (path.empty() || path.back() != a) path.push_back(a);
  for (Point c = a; c != b;) {
    c = {c.x + dx, c.y + dy};
    path.push_back(c);
  }
}

StepGenerator split(StepContext& ctx, Settings s, Tree& t, int id, int parent, Part part) {
  Canvas& canvas = ctx.canvas();
  StatSheet& stats = ctx.stats();
  const Node n = t.nodes[static_cast<std::size_t>(id)];
  stats.set(kDepthReached, std::max<std::int64_t>(stats[kDepthReached], n.depth));
  const Step visit{.level = StepLevel::Cell,
                   .line = parent < 0 ? kSplitMap : kRecurse,
                   .event = {.kind = event_kind(Ev::Visit),
                             .reason = part,
                             .id = id,
                             .other = parent,
                             .value = n.depth,
                             .rect = n.rect},
                   .overlay = {{box(Role::Part, n.rect)}}};
  co_yield visit;

  const bool can_vertical = n.rect.w >= 2 * s.min_leaf;  // a vertical line cuts the width
  const bool can_horizontal = n.rect.h >= 2 * s.min_leaf;
  if (n.depth >= s.depth || (!can_vertical && !can_horizontal)) {
    const int leaf = t.leaves++;
    stats.add(kLeaves, 1);
    const Step is_leaf{.level = StepLevel::Cell,
                       .line = kLeaf,
                       .event = {.kind = event_kind(Ev::Leaf),
                                 .reason = n.depth >= s.depth ? kDepthLimit : kTooSmall,
                                 .id = id,
                                 .other = leaf,
                                 .value = n.depth,
                                 .rect = n.rect},
                       .overlay = {{box(Role::Part, n.rect)}}};
    co_yield is_leaf;
    co_return;
  }

  bool vertical = can_vertical;
  SideWhy why = kOnlyWay;
  if (can_vertical && can_horizontal) {
    if (n.rect.w * 100 >= n.rect.h * kLongerSidePercent) {
      why = kLonger;
    } else if (n.rect.h * 100 >= n.rect.w * kLongerSidePercent) {
      vertical = false;
      why = kLonger;
    } else {
      vertical = ctx.draw_coin("vertical");
      why = kCoin;
    }
  }
  const int side = vertical ? n.rect.w : n.rect.h;
  // The ratio range in cells, then moved in so both parts keep min_leaf cells.
  const int lo = std::clamp(side * s.split_min / 100, s.min_leaf, side - s.min_leaf);
  const int hi = std::clamp(side * s.split_max / 100, s.min_leaf, side - s.min_leaf);
  const int offset = ctx.draw_int("cut", lo, hi);

  Node first = {.depth = n.depth + 1}, second = {.depth = n.depth + 1};
  std::vector<Point> line;
  if (vertical) {
    first.rect = {n.rect.x, n.rect.y, offset, n.rect.h};
    second.rect = {n.rect.x + offset, n.rect.y, side - offset, n.rect.h};
    append_leg(line, {second.rect.x, n.rect.y}, {second.rect.x, n.rect.bottom() - 1});
  } else {
    first.rect = {n.rect.x, n.rect.y, n.rect.w, offset};
    second.rect = {n.rect.x, n.rect.y + offset, n.rect.w, side - offset};
    append_leg(line, {n.rect.x, second.rect.y}, {n.rect.right() - 1, second.rect.y});
  }
  for (const Point c : line) canvas.set_tile(c.x, c.y, Tile::Wall);
  const int first_id = static_cast<int>(t.nodes.size());
  t.nodes.push_back(first);
  t.nodes.push_back(second);
  Node& cut = t.nodes[static_cast<std::size_t>(id)];
  cut.first = first_id;
  cut.second = first_id + 1;
  cut.vertical = vertical;
  t.deepest_cut = std::max(t.deepest_cut, n.depth);
  stats.add(kSplits, 1);
  const Point start = line.front();
  const Step cut_step{
      .level = StepLevel::Action,
      .line = kCut,
      .event = {.kind = event_kind(Ev::Cut),
                .reason = vertical ? kVertical : kHorizontal,
                .id = id,
                .other = why,
                .value = n.depth,
                .at = start,
                .rect = n.rect},
      .overlay = {{box(Role::Part, n.rect), dungen::line(Role::Cut, std::move(line))}}};
  co_yield cut_step;

  co_yield split(ctx, s, t, first_id, id, vertical ? kLeft : kTop);
  co_yield split(ctx, s, t, first_id + 1, id, vertical ? kRight : kBottom);
}

// Rooms, leaf by leaf from the left; each node learns which run of room ids is under it.
StepGenerator place_rooms(StepContext& ctx, Settings s, Tree& t, int id) {
  Canvas& canvas = ctx.canvas();
  const auto node = [&]() -> Node& { return t.nodes[static_cast<std::size_t>(id)]; };
  node().rooms_begin = static_cast<int>(t.rooms.size());
  if (!node().leaf()) {
    co_yield place_rooms(ctx, s, t, node().first);
    co_yield place_rooms(ctx, s, t, node().second);
    node().rooms_end = static_cast<int>(t.rooms.size());
    co_return;
  }
  const Rect leaf = node().rect;
  const Span xs = room_space(leaf.x, leaf.right(), s.map_w, s.margin, s.room_min);
  const Span ys = room_space(leaf.y, leaf.bottom(), s.map_h, s.margin, s.room_min);
  const int w = ctx.draw_int("w", s.room_min, xs.size());
  const int h = ctx.draw_int("h", s.room_min, ys.size());
  const int x = ctx.draw_int("x", xs.lo, xs.hi - w);
  const int y = ctx.draw_int("y", ys.lo, ys.hi - h);
  const Rect room{x, y, w, h};
  const int room_id = static_cast<int>(t.rooms.size());
  for (int yy = leaf.y; yy < leaf.bottom(); ++yy) {
    for (int xx = leaf.x; xx < leaf.right(); ++xx) {
      if (room.contains({xx, yy})) {
        canvas.set_tile_label(xx, yy, Tile::Floor, room_id);
      } else {
        canvas.set_tile(xx, yy, Tile::Wall);
      }
    }
  }
  t.rooms.push_back(room);
  node().rooms_end = room_id + 1;
  Layout& layout = ctx.layout();
  layout.rooms.push_back({room_id, room, true, w * h});
  if (!layout.start) layout.start = Point{x + w / 2, y + h / 2};
  ctx.stats().add(kRooms, 1);
  const Step carved{
      .level = StepLevel::Feature,
      .line = kRoom,
      .event = {.kind = event_kind(Ev::Room), .id = room_id, .other = id, .rect = room},
      .overlay = {{box(Role::Part, leaf), box(Role::Accepted, room)}}};
  co_yield carved;
}

// The gap between two rooms in cells, across and along (0 where they overlap on an axis).
int gap(const Rect& a, const Rect& b) {
  const int dx = std::max({0, b.x - a.right(), a.x - b.right()});
  const int dy = std::max({0, b.y - a.bottom(), a.y - b.bottom()});
  return dx + dy;
}

// Digging the corridor that joins the two parts of one node; `dug` counts its new cells.
StepGenerator join(StepContext& ctx, const Tree& t, int id, int& dug) {
  const Node& n = t.nodes[static_cast<std::size_t>(id)];
  const Node& first = t.nodes[static_cast<std::size_t>(n.first)];
  const Node& second = t.nodes[static_cast<std::size_t>(n.second)];
  const bool v = n.vertical;
  // Axes: "across" crosses the cut line (x for a vertical cut), "along" follows it.
  const auto across = [v](const Rect& r) {
    return v ? Span{r.x, r.right()} : Span{r.y, r.bottom()};
  };
  const auto along = [v](const Rect& r) {
    return v ? Span{r.y, r.bottom()} : Span{r.x, r.right()};
  };
  const auto at = [v](int u, int w) { return v ? Point{u, w} : Point{w, u}; };

  int a = first.rooms_begin;  // the first part's room nearest the cut (the first such)
  for (int r = first.rooms_begin; r < first.rooms_end; ++r) {
    if (across(t.rooms[r]).hi > across(t.rooms[a]).hi) a = r;
  }
  const Rect& ra = t.rooms[a];
  int b = second.rooms_begin;  // the second part's room nearest that one
  for (int r = second.rooms_begin; r < second.rooms_end; ++r) {
    if (gap(ra, t.rooms[r]) < gap(ra, t.rooms[b])) b = r;
  }
  const Rect& rb = t.rooms[b];
  const Span a_across = across(ra), b_across = across(rb);
  const Span a_along = along(ra), b_along = along(rb);
  // The first part lies before the cut, the second after it: a_across.hi <= b_across.lo.
  std::vector<Point> path;
  Shape shape = kStraight;
  const int lo = std::max(a_along.lo, b_along.lo), hi = std::min(a_along.hi, b_along.hi);
  if (lo < hi) {
    const int w = ctx.draw_int("along", lo, hi - 1);
    append_leg(path, at(a_across.hi - 1, w), at(b_across.lo, w));
  } else {
    shape = kZ;
    const int from = ctx.draw_int("from", a_along.lo, a_along.hi - 1);
    const int to = ctx.draw_int("to", b_along.lo, b_along.hi - 1);
    // The bend in the gap between the rooms, or on their facing edges when they have none.
    int bend_lo = a_across.hi, bend_hi = b_across.lo - 1;
    if (bend_lo > bend_hi) {
      bend_lo = a_across.hi - 1;
      bend_hi = b_across.lo;
    }
    const int bend = ctx.draw_int("bend", bend_lo, bend_hi);
    append_leg(path, at(a_across.hi - 1, from), at(bend, from));
    append_leg(path, at(bend, from), at(bend, to));
    append_leg(path, at(bend, to), at(b_across.lo, to));
  }
  ctx.stats().add(kCorridors, 1);
  const Step planned{.level = StepLevel::Action,
                     .line = kJoin,
                     .event = {.kind = event_kind(Ev::Join),
                               .reason = shape,
                               .id = id,
                               .other = a,
                               .value = b,
                               .at = path.front(),
                               .rect = n.rect},
                     .overlay = {{box(Role::Part, first.rect), box(Role::Part, second.rect),
                                  dungen::line(Role::Tunnel, path)}}};
  co_yield planned;

  for (const Point c : path) {
    if (ctx.grid().at(c.x, c.y) != Tile::Wall) continue;  // a room or an earlier corridor
    ctx.canvas().set_tile(c.x, c.y, Tile::Corridor);
    ctx.stats().add(kCorridorCells, 1);
    ++dug;
    const Step dig{
        .level = StepLevel::Cell,
        .line = kJoin,
        .event = {.kind = event_kind(Ev::Dig), .id = id, .other = a, .value = b, .at = c},
        .overlay = {
            {box(Role::Part, first.rect), box(Role::Part, second.rect), marker(Role::Cursor, c)}}};
    co_yield dig;
  }
}

// Joins the two parts of every node cut at `depth` under node `id`, left to right.
StepGenerator join_depth(StepContext& ctx, const Tree& t, int id, int depth, int& corridors,
                         int& dug) {
  const Node& n = t.nodes[static_cast<std::size_t>(id)];
  if (n.leaf()) co_return;
  if (n.depth == depth) {
    ++corridors;
    co_yield join(ctx, t, id, dug);
    co_return;
  }
  co_yield join_depth(ctx, t, n.first, depth, corridors, dug);
  co_yield join_depth(ctx, t, n.second, depth, corridors, dug);
}

StepGenerator bsp_rooms(StepContext& ctx, ParamValues p) {
  const Settings s{p.get_int("width"),
                   p.get_int("height"),
                   p.get_int("depth"),
                   p.get_int("min_leaf_size"),
                   p.get_int("split_min_percent"),
                   p.get_int("split_max_percent"),
                   p.get_int("room_margin"),
                   p.get_int("room_min_size")};
  StatSheet& stats = ctx.stats();
  Tree t;
  t.nodes.push_back({.rect = {0, 0, s.map_w, s.map_h}});

  const Step begin{.level = StepLevel::Phase, .line = kStart, .event = {.kind = kEventBegin}};
  co_yield begin;

  co_yield split(ctx, s, t, 0, -1, kRootPart);
  const Step split_done{.level = StepLevel::Phase,
                        .line = kSplitMap,
                        .event = {.kind = event_kind(Ev::SplitDone),
                                  .other = static_cast<int>(stats[kDepthReached]),
                                  .value = t.leaves}};
  co_yield split_done;

  co_yield place_rooms(ctx, s, t, 0);
  const Step rooms_done{
      .level = StepLevel::Phase,
      .line = kRoom,
      .event = {.kind = event_kind(Ev::RoomsDone), .value = static_cast<int>(t.rooms.size())}};
  co_yield rooms_done;

  for (int depth = t.deepest_cut; depth >= 0; --depth) {
    int nodes = 0;
    for (const Node& n : t.nodes) nodes += !n.leaf() && n.depth == depth ? 1 : 0;
    const Step level{.level = StepLevel::Cell,
                     .line = kLevel,
                     .event = {.kind = event_kind(Ev::Level), .other = nodes, .value = depth}};
    co_yield level;
    int corridors = 0, dug = 0;
    co_yield join_depth(ctx, t, 0, depth, corridors, dug);
    const Step level_done{
        .level = StepLevel::Phase,
        .line = kLevel,
        .event = {
            .kind = event_kind(Ev::LevelDone), .id = corridors, .other = dug, .value = depth}};
    co_yield level_done;
  }

  const Step done{.level = StepLevel::Phase,
                  .line = kDone,
                  .event = {.kind = kEventDone,
                            .id = static_cast<int>(stats[kCorridors]),
                            .other = static_cast<int>(stats[kCorridorCells]),
                            .value = static_cast<int>(stats[kRooms])},
                  .last = true};
  co_yield done;
}

}  // namespace

const GeneratorSpec& bsp_rooms_spec() {
  static const GeneratorSpec spec{
      .name = "bsp-rooms",
      .summary =
          "the map cut in two again and again, a room in each leaf, siblings joined from "
          "the leaves up (libtcod BSP)",
      .schema = schema(),
      .narration = {.pseudocode = kPseudocode,
                    .words = words,
                    .caption = caption,
                    .stat_slots = kStatCount,
                    .stat_rows = stat_rows},
      .background = Tile::Empty,
      .body = bsp_rooms,
  };
  return spec;
}

}  // namespace dungen
