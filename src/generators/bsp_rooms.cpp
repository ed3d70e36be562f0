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
// level. The node visits for rooms and joins are child steppers too. Each kind of step is built
// by its own factory (visit_step, cut_step, ...) beside the words that say it; the event kinds
// and their reasons are in bsp_rooms.hpp.

#include "generators/bsp_rooms.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "generators/map_promises.hpp"

namespace dungen::bsp_rooms {
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

// ---- Steps, kind by kind: how each is built, and how it is worded ------------------------------

Step begin_step() {
  return make_step(StepLevel::Phase, kStart, {.kind = kEventBegin});
}
std::string begin_words(const ParamValues& p) {
  return "the map starts empty (" + size_text(p.get_int("width"), p.get_int("height")) +
         "): nothing is decided yet";
}

// A node split() visits: the root from the first call, every other node from its parent's
// recursive call (the line each one lights).
Step visit_step(int node, int parent, Part part, int depth, const Rect& rect) {
  return make_step(StepLevel::Cell, parent < 0 ? kSplitMap : kRecurse,
                   {.kind = event_kind(Ev::Visit),
                    .reason = part,
                    .id = node,
                    .other = parent,
                    .value = depth,
                    .rect = rect},
                   {{box(Role::Part, rect)}});
}
std::string visit_words(const Event& e) {
  static constexpr std::array<std::string_view, 5> kPartName = {"", "left", "right", "top",
                                                                "bottom"};
  if (e.other < 0) return "split the whole map (" + rect_size(e.rect) + ") at depth 0";
  return "split " + node_text(e.id) + ", the " + std::string(kPartName[e.reason]) + " part of " +
         node_text(e.other) + ": " + rect_size(e.rect) + " at depth " + std::to_string(e.value);
}

Step leaf_step(int node, int leaf, LeafWhy why, int depth, const Rect& rect) {
  return make_step(StepLevel::Cell, kLeaf,
                   {.kind = event_kind(Ev::Leaf),
                    .reason = why,
                    .id = node,
                    .other = leaf,
                    .value = depth,
                    .rect = rect},
                   {{box(Role::Part, rect)}});
}
std::string leaf_words(const Event& e, const ParamValues& p) {
  const std::int64_t min_leaf = p.get("min_leaf_size");
  return node_text(e.id) + " (" + rect_size(e.rect) + ", depth " + std::to_string(e.value) +
         ") is leaf " + number_text(e.other) + ": " +
         (e.reason == kDepthLimit
              ? "the depth limit " + std::to_string(p.get("depth")) + " is reached"
              : "no side is 2 x " + std::to_string(min_leaf) + " = " +
                    std::to_string(2 * min_leaf) + " long");
}

// The cut of a node: its outline and the line of wall drawn across it (from its first cell).
Step cut_step(int node, int depth, CutLine dir, SideWhy why, const Rect& rect,
              std::vector<Point> wall) {
  const Point first = wall.front();
  return make_step(StepLevel::Action, kCut,
                   {.kind = event_kind(Ev::Cut),
                    .reason = dir,
                    .id = node,
                    .other = why,
                    .value = depth,
                    .at = first,
                    .rect = rect},
                   {{box(Role::Part, rect), line(Role::Cut, std::move(wall))}});
}
std::string cut_words(const Event& e) {
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

Step split_done_step(int leaves, int depth_reached) {
  return make_step(StepLevel::Phase, kSplitMap,
                   {.kind = event_kind(Ev::SplitDone), .other = depth_reached, .value = leaves});
}
std::string split_done_words(const Event& e) {
  return "the map is split into " + plural(e.value, "leaf", "leaves") + "; depth reached " +
         std::to_string(e.other);
}

// A room carved in a leaf: the leaf outlined, the room accepted.
Step room_step(int room, int node, const Rect& leaf, const Rect& floor) {
  return make_step(StepLevel::Feature, kRoom,
                   {.kind = event_kind(Ev::Room), .id = room, .other = node, .rect = floor},
                   {{box(Role::Part, leaf), box(Role::Accepted, floor)}});
}
std::string room_words(const Event& e) {
  return "leaf " + number_text(e.id) + " (" + node_text(e.other) + ") filled with wall; room " +
         number_text(e.id) + " carved: " + rect_size(e.rect) + " floor at " +
         xy_text({e.rect.x, e.rect.y});
}

Step rooms_done_step(int rooms) {
  return make_step(StepLevel::Phase, kRoom, {.kind = event_kind(Ev::RoomsDone), .value = rooms});
}
std::string rooms_done_words(const Event& e) {
  return plural(e.value, "room", "rooms") + " carved, one in each leaf";
}

Step level_step(int depth, int nodes) {
  return make_step(StepLevel::Cell, kLevel,
                   {.kind = event_kind(Ev::Level), .other = nodes, .value = depth});
}
std::string level_words(const Event& e) {
  return "depth " + std::to_string(e.value) + ": join the two parts of " +
         plural(e.other, "node", "nodes") + " cut at this depth";
}

// Which two rooms a node's corridor joins, and the outlines of its two parts.
struct Ends {
  int node, from_room, to_room;
  Rect first, second;
};

// A corridor planned: both parts outlined, its whole path drawn (the words count its cells).
Step join_step(const Ends& j, Shape shape, const Rect& node, const std::vector<Point>& path) {
  return make_step(
      StepLevel::Action, kJoin,
      {.kind = event_kind(Ev::Join),
       .reason = shape,
       .id = j.node,
       .other = j.from_room,
       .value = j.to_room,
       .at = path.front(),
       .rect = node},
      {{box(Role::Part, j.first), box(Role::Part, j.second), line(Role::Tunnel, path)}});
}
std::string join_words(const Step& s) {
  const Event& e = s.event;
  const OverlayItem* path = s.overlay.find(Role::Tunnel);
  const auto cells = static_cast<std::int64_t>(path ? path->cells.size() : 0);
  return "join the parts of " + node_text(e.id) + ": room " + number_text(e.other) + " to room " +
         number_text(e.value) + ", a " + (e.reason == kStraight ? "straight" : "Z-shaped") +
         " corridor of " + plural(cells, "cell", "cells");
}

// One wall cell of the corridor dug (a cell already walkable is passed over without a step).
Step dig_step(const Ends& j, Point cell) {
  return make_step(
      StepLevel::Cell, kJoin,
      {.kind = event_kind(Ev::Dig),
       .id = j.node,
       .other = j.from_room,
       .value = j.to_room,
       .at = cell},
      {{box(Role::Part, j.first), box(Role::Part, j.second), marker(Role::Cursor, cell)}});
}
std::string dig_words(const Event& e) {
  return "the corridor from room " + number_text(e.other) + " to room " + number_text(e.value) +
         " digs " + xy_text(e.at);
}

Step level_done_step(int depth, int corridors, int dug) {
  return make_step(
      StepLevel::Phase, kLevel,
      {.kind = event_kind(Ev::LevelDone), .id = corridors, .other = dug, .value = depth});
}
std::string level_done_words(const Event& e) {
  return "depth " + std::to_string(e.value) + " joined: " + plural(e.id, "corridor", "corridors") +
         ", " + plural(e.other, "cell dug", "cells dug");
}

Step done_step(int rooms, int corridors, int corridor_cells) {
  Step s =
      make_step(StepLevel::Phase, kDone,
                {.kind = kEventDone, .id = corridors, .other = corridor_cells, .value = rooms});
  s.last = true;
  return s;
}
std::string done_words(const Event& e) {
  return "done: " + plural(e.value, "room", "rooms") + ", " +
         plural(e.id, "corridor", "corridors") + ", " +
         plural(e.other, "corridor cell", "corridor cells");
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin:
      return begin_words(p);
    case kEventDone:
      return done_words(e);
    case event_kind(Ev::Visit):
      return visit_words(e);
    case event_kind(Ev::Leaf):
      return leaf_words(e, p);
    case event_kind(Ev::Cut):
      return cut_words(e);
    case event_kind(Ev::SplitDone):
      return split_done_words(e);
    case event_kind(Ev::Room):
      return room_words(e);
    case event_kind(Ev::RoomsDone):
      return rooms_done_words(e);
    case event_kind(Ev::Level):
      return level_words(e);
    case event_kind(Ev::Join):
      return join_words(s);
    case event_kind(Ev::Dig):
      return dig_words(e);
    case event_kind(Ev::LevelDone):
      return level_done_words(e);
  }
  return "?";
}

// Predict mode: before a cut is shown, which half of its node the line falls in (the line's
// direction is told: the question is where the draw puts it). Each half is clicked on the map.
std::optional<Question> question(const Step& s, const QuestionContext&) {
  const Event& e = s.event;
  if (e.kind != event_kind(Ev::Cut)) return std::nullopt;
  const Rect& r = e.rect;
  const bool vertical = e.reason == kVertical;
  Question q{.line = kCut,
             .prompt = node_text(e.id) + " (" + rect_size(r) + ") is cut by a " +
                       (vertical ? "vertical" : "horizontal") + " line: where will it fall?",
             .focus = {{box(Role::Part, r)}}};
  if (vertical) {
    q.choices = {{"left half", {{r.x, r.y, r.w / 2, r.h}}},
                 {"right half", {{r.x + r.w / 2, r.y, r.w - r.w / 2, r.h}}}};
    q.answer = e.at.x - r.x < r.w / 2 ? 0 : 1;
  } else {
    q.choices = {{"top half", {{r.x, r.y, r.w, r.h / 2}}},
                 {"bottom half", {{r.x, r.y + r.h / 2, r.w, r.h - r.h / 2}}}};
    q.answer = e.at.y - r.y < r.h / 2 ? 0 : 1;
  }
  return q;
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
  Node& node(int id) { return nodes[static_cast<std::size_t>(id)]; }
  const Node& node(int id) const { return nodes[static_cast<std::size_t>(id)]; }
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

// Which side of a node to cut: the only one long enough, the longer by 1.5x or more, or the
// coin's pick.
struct Side {
  bool vertical;
  SideWhy why;
};
Side pick_side(StepContext& ctx, const Rect& r, bool can_vertical, bool can_horizontal) {
  if (!can_vertical || !can_horizontal) return {can_vertical, kOnlyWay};
  if (r.w * 100 >= r.h * kLongerSidePercent) return {true, kLonger};
  if (r.h * 100 >= r.w * kLongerSidePercent) return {false, kLonger};
  return {ctx.draw_coin("vertical"), kCoin};
}

// Cuts node `id` `offset` cells along its side: its two parts join the tree, and the line of
// wall along the second part's first row or column is drawn. Returns that line.
std::vector<Point> cut_node(Canvas& canvas, Tree& t, int id, bool vertical, int offset) {
  const Node n = t.node(id);
  Node first = {.depth = n.depth + 1}, second = {.depth = n.depth + 1};
  const Rect& r = n.rect;
  std::vector<Point> wall;
  if (vertical) {
    first.rect = {r.x, r.y, offset, r.h};
    second.rect = {r.x + offset, r.y, r.w - offset, r.h};
    append_leg(wall, {second.rect.x, r.y}, {second.rect.x, r.bottom() - 1});
  } else {
    first.rect = {r.x, r.y, r.w, offset};
    second.rect = {r.x, r.y + offset, r.w, r.h - offset};
    append_leg(wall, {r.x, second.rect.y}, {r.right() - 1, second.rect.y});
  }
  for (const Point c : wall) canvas.set_tile(c.x, c.y, Tile::Wall);
  const int first_id = static_cast<int>(t.nodes.size());
  t.nodes.push_back(first);
  t.nodes.push_back(second);
  Node& cut = t.node(id);
  cut.first = first_id;
  cut.second = first_id + 1;
  cut.vertical = vertical;
  t.deepest_cut = std::max(t.deepest_cut, n.depth);
  return wall;
}

StepGenerator split(StepContext& ctx, Settings s, Tree& t, int id, int parent, Part part) {
  StatSheet& stats = ctx.stats();
  const Node n = t.node(id);
  stats.set(kDepthReached, std::max<std::int64_t>(stats[kDepthReached], n.depth));
  co_yield visit_step(id, parent, part, n.depth, n.rect);

  const bool can_vertical = n.rect.w >= 2 * s.min_leaf;  // a vertical line cuts the width
  const bool can_horizontal = n.rect.h >= 2 * s.min_leaf;
  if (n.depth >= s.depth || (!can_vertical && !can_horizontal)) {
    const int leaf = t.leaves++;
    stats.add(kLeaves, 1);
    co_yield leaf_step(id, leaf, n.depth >= s.depth ? kDepthLimit : kTooSmall, n.depth, n.rect);
    co_return;
  }

  const Side side = pick_side(ctx, n.rect, can_vertical, can_horizontal);
  const int length = side.vertical ? n.rect.w : n.rect.h;
  // The ratio range in cells, then moved in so both parts keep min_leaf cells.
  const int lo = std::clamp(length * s.split_min / 100, s.min_leaf, length - s.min_leaf);
  const int hi = std::clamp(length * s.split_max / 100, s.min_leaf, length - s.min_leaf);
  const int offset = ctx.draw_int("cut", lo, hi);
  std::vector<Point> wall = cut_node(ctx.canvas(), t, id, side.vertical, offset);
  stats.add(kSplits, 1);
  co_yield cut_step(id, n.depth, side.vertical ? kVertical : kHorizontal, side.why, n.rect,
                    std::move(wall));

  const int first = t.node(id).first;
  co_yield split(ctx, s, t, first, id, side.vertical ? kLeft : kTop);
  co_yield split(ctx, s, t, first + 1, id, side.vertical ? kRight : kBottom);
}

// Fills a leaf with wall and carves its room, labelled room_id: row by row, the wall left of the
// room, the room's floor, the wall right of it.
void carve_room(Canvas& canvas, const Rect& leaf, const Rect& room, int room_id) {
  const Grid& g = canvas.grid();
  const int x0 = std::clamp(room.x, leaf.x, leaf.right());
  const int x1 = std::clamp(room.right(), x0, leaf.right());
  const auto cells = [](int a, int b) { return static_cast<std::size_t>(b - a); };
  for (int y = leaf.y; y < leaf.bottom(); ++y) {
    if (y < room.y || y >= room.bottom() || x0 == x1) {
      canvas.fill_tiles(g.index(leaf.x, y), cells(leaf.x, leaf.right()), Tile::Wall);
      continue;
    }
    canvas.fill_tiles(g.index(leaf.x, y), cells(leaf.x, x0), Tile::Wall);
    canvas.fill_tile_label(g.index(x0, y), cells(x0, x1), Tile::Floor, room_id);
    canvas.fill_tiles(g.index(x1, y), cells(x1, leaf.right()), Tile::Wall);
  }
}

// Rooms, leaf by leaf from the left; each node learns which run of room ids is under it.
StepGenerator place_rooms(StepContext& ctx, Settings s, Tree& t, int id) {
  t.node(id).rooms_begin = static_cast<int>(t.rooms.size());
  if (!t.node(id).leaf()) {
    co_yield place_rooms(ctx, s, t, t.node(id).first);
    co_yield place_rooms(ctx, s, t, t.node(id).second);
    t.node(id).rooms_end = static_cast<int>(t.rooms.size());
    co_return;
  }
  const Rect leaf = t.node(id).rect;
  const Span xs = room_space(leaf.x, leaf.right(), s.map_w, s.margin, s.room_min);
  const Span ys = room_space(leaf.y, leaf.bottom(), s.map_h, s.margin, s.room_min);
  const int w = ctx.draw_int("w", s.room_min, xs.size());
  const int h = ctx.draw_int("h", s.room_min, ys.size());
  const int x = ctx.draw_int("x", xs.lo, xs.hi - w);
  const int y = ctx.draw_int("y", ys.lo, ys.hi - h);
  const Rect room{x, y, w, h};
  const int room_id = static_cast<int>(t.rooms.size());
  carve_room(ctx.canvas(), leaf, room, room_id);
  t.rooms.push_back(room);
  t.node(id).rooms_end = room_id + 1;
  Layout& layout = ctx.layout();
  layout.rooms.push_back({room_id, room, true, w * h});
  if (!layout.start) layout.start = Point{x + w / 2, y + h / 2};
  ctx.stats().add(kRooms, 1);
  co_yield room_step(room_id, id, leaf, room);
}

// The gap between two rooms in cells, across and along (0 where they overlap on an axis).
int gap(const Rect& a, const Rect& b) {
  const int dx = std::max({0, b.x - a.right(), a.x - b.right()});
  const int dy = std::max({0, b.y - a.bottom(), a.y - b.bottom()});
  return dx + dy;
}

// A node's two axes: "across" crosses its cut line (x for a vertical cut), "along" follows it.
struct Axes {
  bool vertical;
  Span across(const Rect& r) const {
    return vertical ? Span{r.x, r.right()} : Span{r.y, r.bottom()};
  }
  Span along(const Rect& r) const {
    return vertical ? Span{r.y, r.bottom()} : Span{r.x, r.right()};
  }
  Point at(int u, int w) const { return vertical ? Point{u, w} : Point{w, u}; }
};

// The rooms a node's corridor joins: the first part's room nearest the cut (the first such),
// and the second part's room nearest that one.
Ends pick_ends(const Tree& t, int id) {
  const Node& n = t.node(id);
  const Node& first = t.node(n.first);
  const Node& second = t.node(n.second);
  const Axes ax{n.vertical};
  int a = first.rooms_begin;
  for (int r = first.rooms_begin; r < first.rooms_end; ++r) {
    if (ax.across(t.rooms[r]).hi > ax.across(t.rooms[a]).hi) a = r;
  }
  int b = second.rooms_begin;
  for (int r = second.rooms_begin; r < second.rooms_end; ++r) {
    if (gap(t.rooms[a], t.rooms[r]) < gap(t.rooms[a], t.rooms[b])) b = r;
  }
  return {id, a, b, first.rect, second.rect};
}

// The corridor's cells from room a (before the cut) to room b (after it): straight where they
// face each other, else out of a, along the cut in the gap, and into b.
std::vector<Point> plan_corridor(StepContext& ctx, Axes ax, const Rect& ra, const Rect& rb,
                                 Shape& shape) {
  const Span a_across = ax.across(ra), b_across = ax.across(rb);  // a_across.hi <= b_across.lo
  const Span a_along = ax.along(ra), b_along = ax.along(rb);
  std::vector<Point> path;
  const int lo = std::max(a_along.lo, b_along.lo), hi = std::min(a_along.hi, b_along.hi);
  if (lo < hi) {
    shape = kStraight;
    const int w = ctx.draw_int("along", lo, hi - 1);
    append_leg(path, ax.at(a_across.hi - 1, w), ax.at(b_across.lo, w));
    return path;
  }
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
  append_leg(path, ax.at(a_across.hi - 1, from), ax.at(bend, from));
  append_leg(path, ax.at(bend, from), ax.at(bend, to));
  append_leg(path, ax.at(bend, to), ax.at(b_across.lo, to));
  return path;
}

// Digging the corridor that joins the two parts of one node; `dug` counts its new cells.
StepGenerator join(StepContext& ctx, const Tree& t, int id, int& dug) {
  const Ends ends = pick_ends(t, id);
  Shape shape = kStraight;
  const std::vector<Point> path = plan_corridor(
      ctx, Axes{t.node(id).vertical}, t.rooms[ends.from_room], t.rooms[ends.to_room], shape);
  ctx.stats().add(kCorridors, 1);
  co_yield join_step(ends, shape, t.node(id).rect, path);

  for (const Point c : path) {
    if (ctx.grid().at(c.x, c.y) != Tile::Wall) continue;  // a room or an earlier corridor
    ctx.canvas().set_tile(c.x, c.y, Tile::Corridor);
    ctx.stats().add(kCorridorCells, 1);
    ++dug;
    co_yield dig_step(ends, c);
  }
}

// Joins the two parts of every node cut at `depth` under node `id`, left to right.
StepGenerator join_depth(StepContext& ctx, const Tree& t, int id, int depth, int& corridors,
                         int& dug) {
  const Node& n = t.node(id);
  if (n.leaf()) co_return;
  if (n.depth == depth) {
    ++corridors;
    co_yield join(ctx, t, id, dug);
    co_return;
  }
  co_yield join_depth(ctx, t, n.first, depth, corridors, dug);
  co_yield join_depth(ctx, t, n.second, depth, corridors, dug);
}

StepGenerator body(StepContext& ctx, ParamValues p) {
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
  co_yield begin_step();

  co_yield split(ctx, s, t, 0, -1, kRootPart);
  co_yield split_done_step(t.leaves, static_cast<int>(stats[kDepthReached]));

  co_yield place_rooms(ctx, s, t, 0);
  co_yield rooms_done_step(static_cast<int>(t.rooms.size()));

  for (int depth = t.deepest_cut; depth >= 0; --depth) {
    int nodes = 0;
    for (const Node& n : t.nodes) nodes += !n.leaf() && n.depth == depth ? 1 : 0;
    co_yield level_step(depth, nodes);
    int corridors = 0, dug = 0;
    co_yield join_depth(ctx, t, 0, depth, corridors, dug);
    co_yield level_done_step(depth, corridors, dug);
  }

  co_yield done_step(static_cast<int>(stats[kRooms]), static_cast<int>(stats[kCorridors]),
                     static_cast<int>(stats[kCorridorCells]));
}

// What every finished map promises (the random sweep checks it).
void promises(MapPromises& map) {
  map.only_tiles({Tile::Wall, Tile::Floor, Tile::Corridor});
  map.one_walkable_region();
  const auto& rooms = map.layout().rooms;
  bool apart = true;
  for (std::size_t a = 0; a < rooms.size(); ++a) {
    for (std::size_t b = a + 1; b < rooms.size(); ++b) {
      const Rect& p = rooms[a].bounds;
      const Rect& q = rooms[b].bounds;
      apart =
          apart && (p.right() <= q.x || q.right() <= p.x || p.bottom() <= q.y || q.bottom() <= p.y);
    }
  }
  map.expect(apart, "no two rooms share a cell");
  map.expect(static_cast<std::int64_t>(rooms.size()) == map.stat("rooms"),
             "the layout lists every room the stats count");
}

}  // namespace
}  // namespace dungen::bsp_rooms

namespace dungen {

const GeneratorSpec& bsp_rooms_spec() {
  static const GeneratorSpec spec{
      .name = "bsp-rooms",
      .summary =
          "the map cut in two again and again, a room in each leaf, siblings joined from "
          "the leaves up (libtcod BSP)",
      .schema = bsp_rooms::schema(),
      .narration = {.pseudocode = bsp_rooms::kPseudocode,
                    .words = bsp_rooms::words,
                    .caption = bsp_rooms::caption,
                    .question = bsp_rooms::question,
                    .stat_slots = bsp_rooms::kStatCount,
                    .stat_rows = bsp_rooms::stat_rows},
      .background = Tile::Empty,
      .body = bsp_rooms::body,
      .promises = bsp_rooms::promises,
      .worst_case =
          "C cells filled and carved, and for each of the fewer than 2 x leaves nodes: "
          "its rooms compared (leaves x depth in all) and a corridor of up to width + "
          "height cells; leaves <= min(2^depth, C / min_leaf_size²)",
      .bounded_by = "the schema (depth <= 16: at most 65536 leaves)",
      .range_x = "critical_path",
      .range_y = "chokepoints",
  };
  return spec;
}

}  // namespace dungen
