// Rooms and mazes, as Bob Nystrom's article "Rooms and Mazes: A Procedural Dungeon Generator"
// (2014) describes it and Hauberk's dungeon generator does it.
//
// The map is odd-aligned: the cells at odd x and odd y are the maze's cells, the cells between
// them are walls or the passages joining them, and the map's outer ring stays wall. (An even
// width or height leaves its last column or row as extra wall: the odd area is the largest odd
// size that fits.)
//
// 1. Rooms. room_tries times: size = 2 * random(1, 2 + room_extra_size) + 1 (an odd side);
//    a coin picks which side is stretched by 2 * random(0, size / 2) (the article's
//    "rectangularity"); the corner is drawn at odd x, y so the room covers odd..odd cells and
//    keeps the border. A room that overlaps a placed one (or does not fit in the map at all) is
//    rejected. Because corners and sizes are odd, two rooms that do not overlap always have at
//    least one wall between them. Each room is a new region.
// 2. Mazes. Every odd cell still solid, in row-major order, starts a new region's maze, grown as
//    a growing tree that always takes the newest cell (a recursive backtracker): from the newest
//    cell, the directions whose cell two steps away is still solid (and inside the border) are
//    open. If the last direction is open, a roll r uniform in 0..99 is drawn and the direction is
//    kept when r >= winding_percent; when r < winding_percent (and always on a maze's first move
//    or when the last direction is closed) a direction is drawn uniform among all the open ones,
//    the last one included, so with n open directions the maze changes direction with
//    winding_percent % x (n - 1) / n. (At 0 and 100 the outcome is certain and no roll is
//    drawn.) Straight is one of few open ways, so a re-pick often goes straight on: over 200
//    seeds of the defaults, of the steps where straight was open, 30.0% re-picked and 12.4%
//    changed direction (59% of re-picks went straight on); at winding_percent 100, 43.5%
//    changed direction. The wall between and the cell beyond are carved. A cell with no open
//    direction is dropped (the maze backs up).
// 3. Connect. A connector is a wall cell (off the border) with walkable cells of two or more
//    regions among its four neighbours. While more than one region remains, a random connector
//    is opened as a door and the regions it joins are merged into one; then every connector next
//    to the new door (its eight neighbours, so no two doors stand side by side) and every one
//    that now joins a region to itself is dropped, and each of the latter opens anyway with
//    extra_connector_percent % (the article's extra connectors that make loops).
// 4. Uncarve. With remove_dead_ends, dead ends (walkable cells with exactly one walkable
//    neighbour) are filled with wall, pass after pass, until none remain or dead_end_passes passes
//    have run (0: no limit). Rooms are at least 3x3, so every room cell has two walkable
//    neighbours: only maze passages and doors are ever filled, and the map stays connected.
//
// Regions are the label layer: each room and each maze carries its region id (rooms first, in
// the order placed, then mazes), so the viewer colours every region apart while it runs. A merge
// recolours the smaller region with the larger one's id (small into large: a cell is recoloured
// at most log2(cells) times), so the regions visibly flow together until the map is one colour.
//
// Deliberate differences from the seed:
// - Region ids live in the grid's label layer and a merge relabels the cells (Hauberk keeps a
//   separate region map and merges ids in a lookup table), so the viewer can colour them.
// - Hauberk's connect loop picks any connector at random (the article's prose grows one main
//   region instead); we follow the code. If the connectors run out while regions remain (the
//   side-by-side rule dropped the only way into a region), they are found again: a connector
//   always exists then, because the odd cells form a connected lattice.
// - The winding roll is turned round. Hauberk keeps the last direction when
//   rng.range(100) > windingPercent and otherwise re-picks among the open directions, so it
//   re-picks when the roll is <= windingPercent: with probability (windingPercent + 1) %, which
//   is 1 % at windingPercent 0 and every time at 100. Ours re-picks when the roll is
//   < winding_percent: with probability exactly winding_percent %, so the parameter is the
//   chance its help names, and 0 means a maze never leaves a straight run it can continue. As
//   the outcome is then certain, 0 and 100 draw no roll (Hauberk rolls at every cell where the
//   last direction is open). The re-pick itself is Hauberk's: uniform over the open directions,
//   the last one included.
// - Junctions are always doors (Hauberk picks floor, open or closed door at random).
// - A dead-end pass fills every cell that is a dead end at the start of the pass (so each pass
//   shortens every dead-end passage by one cell; the cells a fill turns into dead ends wait for
//   the next pass), instead of Hauberk's rescans of the whole map until a scan finds nothing:
//   the same final map for full removal, in time proportional to the cells filled, and a pass
//   count a student can follow.
// - The map size is any width and height (the odd area is used); Hauberk requires odd sizes.
// - At the end, room floors take their room's id and maze passages become Tile::Corridor with no
//   label (as the other generators label their maps, for the exports): a final phase of its own.
//
// Steps: a room try is a header cell step, a cell step for the candidate drawn and an action step
// for its verdict (a carved room is a feature). Each maze start is an action, each carve a cell
// step (cursor on the new cell, the open directions it drew from as choices), each back-up run
// one cell step (cursor where growth resumes), each finished maze a feature. The connector scan
// is an action; each opening is an action (the door opened), the merge a feature (the joining
// region's bounding box), the drops an action (the dropped connectors, with the extra-connector
// rolls of those that joined a region to itself), and each extra connector that opens an action.
// Each dead-end pass begins with an action listing the cells that are dead ends as it starts;
// each filled cell is a cell step (cursor on it). Every phase ends with a phase step.
//
// Waiting cells carry a map mark, so they show from step to step: Mark::Connector from the scan
// until each is opened or dropped, Mark::DeadEnd for a pass's dead ends until each is filled. No
// mark is left at the end.

#include "generators/rooms_and_mazes.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dungen {
namespace {

enum Line : int {
  kFillWall,
  kRoomLoop,
  kRoomSize,
  kRoomPosition,
  kRoomReject,
  kRoomCarve,
  kMazeStart,
  kMazeLoop,
  kMazeCarve,
  kMazeBack,
  kFindConnectors,
  kOpen,
  kMerge,
  kDrop,
  kExtra,
  kPassLoop,
  kFill,
  kNumber,
  kDone,
  kLineCount,
};

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "fill the map with wall (the cells at odd x and y are the maze's cells)",
    "repeat room_tries times:",
    "    size = 2 * random(1, 2 + room_extra_size) + 1; a coin picks a side to stretch by 2 * "
    "random(0, size / 2)",
    "    x, y = random odd corner, so the room stays inside the border",
    "    if it overlaps a placed room (or is bigger than the map): reject it",
    "    carve it to floor: a new region",
    "for each odd cell still solid: grow a new region's maze from it, cells = [that cell]",
    "    while cells is not empty: look two steps away from the newest cell",
    "        if some cell there is solid: keep going straight unless a winding_percent % roll "
    "says re-pick (a random open direction, straight included); carve through to it and add it",
    "        else: the newest cell is finished; remove it (back up)",
    "find connectors: wall cells next to two or more different regions",
    "while more than one region remains: open a random connector as a door",
    "    merge the regions it joins into one (the smaller takes the larger's colour)",
    "    drop connectors next to the door or now joining a region to itself",
    "        each one dropped for joining a region to itself opens anyway with "
    "extra_connector_percent %",
    "if remove_dead_ends: repeat (at most dead_end_passes times; 0: no limit) while dead ends "
    "remain:",
    "    fill each dead end (a walkable cell with one walkable side) with wall",
    "number the rooms; maze passages become corridor (for the exports)",
    "done",
};
static_assert(kPseudocode.size() == kLineCount);

enum class Ev : EventKind {
  RoomTry = kFirstOwnEvent,  // id = try
  RoomSized,                 // id = try, rect.w/h = the room's sides, value = size before the
                             // stretch
  RoomDrawn,                 // id = try, rect = candidate
  RoomRejected,              // id = try, reason = Misfit, other = room hit (-1: too big), rect
  RoomCarved,                // id = room (= its region), other = try, rect = the room
  RoomsDone,                 // value = rooms placed, other = tries
  MazeStart,                 // id = region, at = first cell
  MazeCarve,                 // id = region, at = cell reached, other = direction, reason = Turn,
                             // value = cells in the maze's list
  MazeBack,                  // id = region, at = cell growth resumes from, value = cells dropped
  MazeDone,                  // id = region, value = cells carved, other = cells dropped last
  MazesDone,                 // value = mazes, other = regions in all
  ConnectorsFound,           // value = connectors, other = regions, reason = 1 when found again
  Opened,                    // at = door, id = region kept, other = a region joining, value = how
                             // many regions it joins, rect = its bounding box
  Merged,                    // id = region kept, other = region joining, value = cells
                             // recoloured, rect = the joining region's bounding box
  Dropped,                   // id = region kept, value = dropped for joining a region to itself,
                             // other = dropped for standing next to the door
  Extra,                     // at = door, id = its region
  Connected,                 // value = connectors opened, other = extra connectors
  PassStart,                 // id = pass, value = dead ends at its start
  Filled,                    // id = pass, at = cell filled
  UncarveDone,               // value = cells filled, other = passes, reason = StopWhy
  Numbered,                  // value = rooms, other = corridor cells
};
enum Misfit : std::uint8_t { kOverlaps = 1, kTooBig = 2 };
// kRepicked: the winding roll said re-pick, and the draw gave the same direction again.
enum Turn : std::uint8_t {
  kStraight = 1,
  kTurned = 2,
  kBlocked = 3,
  kFirstMove = 4,
  kRepicked = 5
};
enum StopWhy : std::uint8_t { kNoneLeft = 1, kPassLimit = 2, kKept = 3 };

enum Stat : std::size_t {
  kRoomTries,
  kRooms,
  kRejected,
  kMazes,
  kMazeCells,
  kRegions,
  kConnectors,
  kOpenedStat,
  kExtraStat,
  kDeadEndCells,
  kPasses,
  kStatCount,
};

// An overlay shows at most this many cells (connector candidates, dead ends of a pass).
constexpr std::size_t kMaxShownCells = 4096;

constexpr std::array<Point, 4> kDir = {{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
constexpr std::array<std::string_view, 4> kDirName = {"north", "east", "south", "west"};

std::string plural(std::int64_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}
std::string region_text(int id) {
  return "region " + number_text(id);
}
std::string span_text(const Rect& r) {
  return xy_text({r.x, r.y}) + ".." + xy_text({r.right() - 1, r.bottom() - 1});
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  const std::string attempt = "room try " + number_text(e.id);
  switch (e.kind) {
    case kEventBegin:
      return "the map is filled with wall (" + size_text(p.get_int("width"), p.get_int("height")) +
             ")";
    case kEventDone:
      return "done: " + plural(e.value, "room", "rooms") + " and " +
             plural(e.other, "corridor cell", "corridor cells") + ", one region";
    case event_kind(Ev::RoomTry):
      return attempt + " of " + std::to_string(p.get("room_tries"));
    case event_kind(Ev::RoomSized):
      return attempt + ": size " + std::to_string(e.value) + ", stretched to " +
             size_text(e.rect.w, e.rect.h);
    case event_kind(Ev::RoomDrawn):
      return attempt + ": " + size_text(e.rect.w, e.rect.h) + " at " + span_text(e.rect);
    case event_kind(Ev::RoomRejected):
      return attempt + " rejected: " +
             (e.reason == kTooBig ? "the room is bigger than the map"
                                  : "it overlaps room " + number_text(e.other));
    case event_kind(Ev::RoomCarved):
      return "room " + number_text(e.id) + " carved: " + size_text(e.rect.w, e.rect.h) + " at " +
             span_text(e.rect) + ", " + region_text(e.id);
    case event_kind(Ev::RoomsDone):
      return "rooms done: " + plural(e.value, "room", "rooms") + " placed in " +
             plural(e.other, "try", "tries");
    case event_kind(Ev::MazeStart):
      return xy_text(e.at) + " is still solid: " + region_text(e.id) + "'s maze starts there";
    case event_kind(Ev::MazeCarve): {
      const std::string dir(kDirName[e.other]);
      const std::string how = e.reason == kStraight   ? "goes on straight, " + dir + ","
                              : e.reason == kTurned   ? "turns " + dir
                              : e.reason == kRepicked ? "re-picks " + dir + " (the same direction)"
                              : e.reason == kBlocked  ? "cannot go straight: turns " + dir
                                                      : "sets off " + dir;
      return region_text(e.id) + " " + how + " to " + xy_text(e.at) + " (" +
             plural(e.value, "cell", "cells") + " in the list)";
    }
    case event_kind(Ev::MazeBack):
      return region_text(e.id) + ": dead end, backs up " + plural(e.value, "cell", "cells") +
             " to " + xy_text(e.at);
    case event_kind(Ev::MazeDone):
      return region_text(e.id) + "'s maze is finished: " + plural(e.value, "cell", "cells") +
             " (backed up the last " + std::to_string(e.other) + ")";
    case event_kind(Ev::MazesDone):
      return "every solid area is a maze: " + plural(e.value, "maze", "mazes") + ", " +
             plural(e.other, "region", "regions") + " in all";
    case event_kind(Ev::ConnectorsFound):
      return std::string(e.reason == 1 ? "connectors ran out: found again, " : "") +
             plural(e.value, "connector", "connectors") + " between " +
             plural(e.other, "region", "regions");
    case event_kind(Ev::Opened):
      return "door at " + xy_text(e.at) + " joins " + std::to_string(e.value) +
             " regions: " + region_text(e.other) + " and " + region_text(e.id) +
             (e.value > 2 ? " and more" : "");
    case event_kind(Ev::Merged):
      return region_text(e.other) + " merges into " + region_text(e.id) + ": " +
             plural(e.value, "cell", "cells") + " recoloured";
    case event_kind(Ev::Dropped):
      return "dropped " + plural(e.value, "connector", "connectors") + " now inside " +
             region_text(e.id) + " and " + std::to_string(e.other) + " next to the door";
    case event_kind(Ev::Extra):
      return "extra connector at " + xy_text(e.at) + " opens anyway (a loop in " +
             region_text(e.id) + ")";
    case event_kind(Ev::Connected):
      return "one region: " + plural(e.value, "connector", "connectors") + " opened, " +
             std::to_string(e.other) + " extra";
    case event_kind(Ev::PassStart):
      return "dead-end pass " + number_text(e.id) + ": " + plural(e.value, "dead end", "dead ends");
    case event_kind(Ev::Filled):
      return "pass " + number_text(e.id) + ": dead end " + xy_text(e.at) + " filled with wall";
    case event_kind(Ev::UncarveDone):
      if (e.reason == kKept) return "dead ends are kept (remove_dead_ends is off)";
      return plural(e.value, "dead-end cell", "dead-end cells") + " filled in " +
             plural(e.other, "pass", "passes") +
             (e.reason == kNoneLeft ? ": no dead ends left" : ": the pass limit is reached");
    case event_kind(Ev::Numbered):
      return plural(e.value, "room", "rooms") + " numbered, " +
             plural(e.other, "maze cell", "maze cells") + " now corridor";
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  switch (e.kind) {
    case event_kind(Ev::RoomDrawn):
      return "try " + number_text(e.id);
    case event_kind(Ev::RoomRejected):
      return e.reason == kTooBig ? "too big" : "overlaps room " + number_text(e.other);
    case event_kind(Ev::RoomCarved):
      return "room " + number_text(e.id);
    case event_kind(Ev::Merged):
      return region_text(e.other) + " joins " + region_text(e.id);
    case event_kind(Ev::ConnectorsFound):
      return plural(e.value, "connector", "connectors");
    case event_kind(Ev::Opened):
      return "door";
    case event_kind(Ev::Dropped):
      return "dropped: " + std::to_string(e.value + e.other);
    case event_kind(Ev::PassStart):
      return "pass " + number_text(e.id) + ": " + plural(e.value, "dead end", "dead ends");
  }
  return "";
}

// Draws whose bare number would not say what was drawn: a direction is an index into the open
// directions, a connector an index into the list of connectors, a roll is compared with a
// percentage.
std::string draw_text(const Draw& d, const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  const std::string head = std::string(d.name) + " = " + std::to_string(d.value);
  if (d.name == "dir" && e.kind == event_kind(Ev::MazeCarve)) {
    const OverlayItem* choices = s.overlay.find(Role::Choices);
    if (!choices || choices->cells.empty()) return "";
    const Point from{e.at.x - 2 * kDir[e.other].x, e.at.y - 2 * kDir[e.other].y};
    std::string list;
    for (const Point c : choices->cells) {
      for (std::size_t k = 0; k < kDir.size(); ++k) {
        if (c.x - from.x != 2 * kDir[k].x || c.y - from.y != 2 * kDir[k].y) continue;
        list += (list.empty() ? "" : ", ") + std::string(kDirName[k]);
      }
    }
    if (choices->cells.size() == 1) return head + ": " + list + ", the only open way";
    return head + ": " + std::string(kDirName[e.other]) + " of " + list;
  }
  if (d.name == "turn") {
    const std::int64_t winding = p.get("winding_percent");
    return head + (d.value < winding ? " < " : " >= ") + std::to_string(winding) +
           (d.value < winding ? ": re-pick" : ": straight on");
  }
  if (d.name == "connector" && e.kind == event_kind(Ev::Opened)) {
    return head + " (0-based, in scan order): the door at " + xy_text(e.at);
  }
  if (d.name == "extra") {
    const std::int64_t extra = p.get("extra_connector_percent");
    return head + (d.value < extra ? " < " : " >= ") + std::to_string(extra) +
           (d.value < extra ? ": opens anyway" : ": stays wall");
  }
  return "";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues& p) {
  const auto n = [](std::int64_t x) { return std::to_string(x); };
  return {
      {"room_tries", "room tries", n(v[kRoomTries]) + " of " + n(p.get("room_tries")),
       v[kRoomTries]},
      count_row("rooms", "rooms", v[kRooms]),
      count_row("rooms_rejected", "rooms rejected", v[kRejected]),
      count_row("mazes", "mazes", v[kMazes]),
      count_row("maze_cells", "maze cells carved", v[kMazeCells]),
      count_row("regions", "regions to join", v[kRegions]),
      count_row("connectors_found", "connectors found", v[kConnectors]),
      count_row("connectors_opened", "connectors opened", v[kOpenedStat]),
      count_row("extra_connectors", "extra connectors", v[kExtraStat]),
      count_row("dead_end_cells_removed", "dead-end cells removed", v[kDeadEndCells]),
      count_row("dead_end_passes", "dead-end passes", v[kPasses]),
  };
}

const Schema& schema() {
  static const Schema s{
      {
          width_param(81, 5),
          height_param(45, 5),
          // At most 5000: the connect phase grows faster than linearly with the rooms placed
          // (10,000 small rooms on a 1024x1024 map already take about 7 s of CPU).
          {"room_tries", ParamKind::Int, 0, 5000, 60,
           "how many rooms to try to place (overlapping ones are rejected)"},
          {"room_extra_size", ParamKind::Int, 0, 1000, 1,
           "room sides are 3 to 5 + 2 * room_extra_size cells (odd), before the stretch"},
          {"winding_percent", ParamKind::Percent, 0, 100, 30,
           "chance in % that a maze that could go on straight re-picks its direction at random "
           "among the open ones, straight included, so it turns less often than this: on the "
           "default map about 12% of such steps at 30, 43% at 100"},
          {"extra_connector_percent", ParamKind::Percent, 0, 100, 5,
           "chance in % that a connector no longer needed opens anyway (a loop)"},
          {"remove_dead_ends", ParamKind::Bool, 0, 1, 1,
           "fill dead-end passages with wall after connecting"},
          {"dead_end_passes", ParamKind::Int, 0, 100000, 0,
           "at most this many dead-end passes (each shortens every dead end by a cell); 0: until "
           "none are left"},
      },
  };
  return s;
}

// ---- The algorithm ----------------------------------------------------------------------------

struct Settings {
  int map_w, map_h, room_tries, room_extra, winding, extra_percent, remove_dead_ends, passes;
  int odd_w, odd_h;  // the odd area: its last column and row are border wall
};

// What the parts share: the rooms, and each region's cells and bounding box.
struct State {
  std::vector<Rect> rooms;
  std::vector<std::vector<std::uint32_t>> cells;  // every cell carrying the region's label
  std::vector<Rect> box;
  int open_regions = 0;
};

// The odd area inside its border: what a scan for connectors or dead ends looks at.
Rect interior(const Settings& s) {
  return {1, 1, s.odd_w - 2, s.odd_h - 2};
}

bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

// Sets a cell's tile and label and clears its mark (a candidate or dead end no longer waiting).
void open_cell(Canvas& canvas, const Grid& g, std::size_t i, Tile t, std::int32_t label) {
  Cell c = g.cell(i);
  c.tile = t;
  c.label = label;
  c.mark = Mark::None;
  canvas.set_cell(i, c);
}

// Carves cell i to floor in region r.
void carve(Canvas& canvas, State& st, std::size_t i, Point p, int r) {
  canvas.set_tile_label(i, Tile::Floor, r);
  st.cells[static_cast<std::size_t>(r)].push_back(static_cast<std::uint32_t>(i));
  st.box[static_cast<std::size_t>(r)] =
      bounding(st.box[static_cast<std::size_t>(r)], {p.x, p.y, 1, 1});
}

int new_region(State& st, Rect first) {
  st.cells.emplace_back();
  st.box.push_back(first);
  ++st.open_regions;
  return static_cast<int>(st.cells.size()) - 1;
}

// A refused room try: its box (none when it does not fit the map at all) and the room it
// overlaps.
Overlay refused(bool fits, Rect room, const Rect* hit) {
  Overlay o;
  if (fits) o.items.push_back(box(Role::Rejected, room));
  if (hit) o.items.push_back(box(Role::Cause, *hit));
  return o;
}

StepGenerator place_rooms(StepContext& ctx, Settings s, State& st) {
  StatSheet& stats = ctx.stats();
  Canvas& canvas = ctx.canvas();
  const Grid& grid = ctx.grid();
  for (int t = 0; t < s.room_tries; ++t) {
    stats.add(kRoomTries, 1);
    const Step header{.level = StepLevel::Cell,
                      .line = kRoomLoop,
                      .event = {.kind = event_kind(Ev::RoomTry), .id = t}};
    co_yield header;

    const int size = ctx.draw_int("size", 1, 2 + s.room_extra) * 2 + 1;
    const int stretch = ctx.draw_int("stretch", 0, size / 2) * 2;
    const bool wide = ctx.draw_coin("wide");
    const int w = size + (wide ? stretch : 0);
    const int h = size + (wide ? 0 : stretch);
    Rect room{0, 0, w, h};
    const Step sized{
        .level = StepLevel::Cell,
        .line = kRoomSize,
        .event = {.kind = event_kind(Ev::RoomSized), .id = t, .value = size, .rect = room}};
    co_yield sized;

    // Odd corners from 1 while the room keeps the border: (odd - w) / 2 choices each way.
    const bool fits = w <= s.odd_w - 2 && h <= s.odd_h - 2;
    if (fits) {
      room.x = ctx.draw_int("x", 0, (s.odd_w - w) / 2 - 1) * 2 + 1;
      room.y = ctx.draw_int("y", 0, (s.odd_h - h) / 2 - 1) * 2 + 1;
      const Step placed{.level = StepLevel::Cell,
                        .line = kRoomPosition,
                        .event = {.kind = event_kind(Ev::RoomDrawn), .id = t, .rect = room},
                        .overlay = {{box(Role::Candidate, room)}}};
      co_yield placed;
    }

    int hit = -1;
    for (std::size_t i = 0; fits && i < st.rooms.size() && hit < 0; ++i) {
      if (overlap(room, st.rooms[i])) hit = static_cast<int>(i);
    }
    if (!fits || hit >= 0) {
      stats.add(kRejected, 1);
      const Step rejected{
          .level = StepLevel::Action,
          .line = kRoomReject,
          .event = {.kind = event_kind(Ev::RoomRejected),
                    .reason = fits ? kOverlaps : kTooBig,
                    .id = t,
                    .other = hit,
                    .rect = room},
          .overlay =
              refused(fits, room, hit >= 0 ? &st.rooms[static_cast<std::size_t>(hit)] : nullptr)};
      co_yield rejected;
      continue;
    }
    const int id = new_region(st, room);
    st.rooms.push_back(room);
    for (int y = room.y; y < room.bottom(); ++y) {
      for (int x = room.x; x < room.right(); ++x) carve(canvas, st, grid.index(x, y), {x, y}, id);
    }
    ctx.layout().rooms.push_back({id, room, true, room.w * room.h});
    if (id == 0) ctx.layout().start = Point{room.x + room.w / 2, room.y + room.h / 2};
    stats.add(kRooms, 1);
    stats.add(kRegions, 1);
    const Step carved{
        .level = StepLevel::Feature,
        .line = kRoomCarve,
        .event = {.kind = event_kind(Ev::RoomCarved), .id = id, .other = t, .rect = room},
        .overlay = {{box(Role::Accepted, room)}}};
    co_yield carved;
  }
  const Step done{.level = StepLevel::Phase,
                  .line = kRoomLoop,
                  .event = {.kind = event_kind(Ev::RoomsDone),
                            .other = s.room_tries,
                            .value = static_cast<int>(st.rooms.size())}};
  co_yield done;
}

// One maze from `start`, a growing tree that always takes the newest cell.
StepGenerator grow_maze(StepContext& ctx, Settings s, State& st, Point start) {
  StatSheet& stats = ctx.stats();
  Canvas& canvas = ctx.canvas();
  const Grid& grid = ctx.grid();
  const int region = new_region(st, {start.x, start.y, 1, 1});
  carve(canvas, st, grid.index(start.x, start.y), start, region);
  stats.add(kMazes, 1);
  stats.add(kMazeCells, 1);
  stats.add(kRegions, 1);
  const Step started{.level = StepLevel::Action,
                     .line = kMazeStart,
                     .event = {.kind = event_kind(Ev::MazeStart), .id = region, .at = start},
                     .overlay = {{marker(Role::Cursor, start)}}};
  co_yield started;

  // A cell two steps away must be solid and keep the border (Hauberk: pos + 3 * dir in bounds).
  const auto solid = [&](Point c, int d) {
    const Point q{c.x + 2 * kDir[d].x, c.y + 2 * kDir[d].y};
    return q.x >= 1 && q.y >= 1 && q.x <= s.odd_w - 2 && q.y <= s.odd_h - 2 &&
           grid.tile(grid.index(q.x, q.y)) == Tile::Wall;
  };
  std::vector<Point> cells = {start};
  std::vector<Point> choices;  // the open directions' cells, for the overlay
  choices.reserve(4);
  // One carve step for all of them (one per cell pair): its items keep their storage.
  Step step{.level = StepLevel::Cell,
            .line = kMazeCarve,
            .event = {.kind = event_kind(Ev::MazeCarve), .id = region},
            .overlay = {{line(Role::Tunnel, {}), marker(Role::Cursor, start),
                         dungen::cells(Role::Choices, {})}}};
  int last = -1, backed = 0, carved = 1;
  // Every turn of the loop carves a cell or drops one, and each cell is added once.
  const std::size_t loop_cap = 2 * grid.size();
  for (std::size_t turn = 0; !cells.empty() && turn < loop_cap; ++turn) {
    const Point c = cells.back();
    choices.clear();
    std::array<int, 4> open{};
    int n = 0;
    for (int d = 0; d < 4; ++d) {
      if (!solid(c, d)) continue;
      open[static_cast<std::size_t>(n++)] = d;
      choices.push_back({c.x + 2 * kDir[d].x, c.y + 2 * kDir[d].y});
    }
    if (n == 0) {
      cells.pop_back();
      last = -1;
      ++backed;
      continue;
    }
    if (backed > 0) {
      const Step back{.level = StepLevel::Cell,
                      .line = kMazeBack,
                      .event = {.kind = event_kind(Ev::MazeBack),
                                .id = region,
                                .value = std::exchange(backed, 0),
                                .at = c},
                      .overlay = {{marker(Role::Cursor, c)}}};
      co_yield back;
    }
    const bool straight_open =
        last >= 0 && std::find(open.begin(), open.begin() + n, last) != open.begin() + n;
    int d = last;
    Turn how = kStraight;
    if (!straight_open || ctx.draw_chance("turn", s.winding)) {
      d = open[static_cast<std::size_t>(ctx.draw_int("dir", 0, n - 1))];
      how = last < 0 ? kFirstMove : !straight_open ? kBlocked : d == last ? kRepicked : kTurned;
    }
    const Point between{c.x + kDir[d].x, c.y + kDir[d].y};
    const Point next{c.x + 2 * kDir[d].x, c.y + 2 * kDir[d].y};
    carve(canvas, st, grid.index(between.x, between.y), between, region);
    carve(canvas, st, grid.index(next.x, next.y), next, region);
    stats.add(kMazeCells, 2);
    carved += 2;
    cells.push_back(next);
    last = d;
    step.event.reason = how;
    step.event.other = d;
    step.event.value = static_cast<int>(cells.size());
    step.event.at = next;
    step.overlay.items[0].cells = {c, between, next};
    step.overlay.items[1].cells[0] = next;
    // The open directions, when one was drawn from them (going on straight draws nothing).
    step.overlay.items[2].cells.clear();
    if (how != kStraight) step.overlay.items[2].cells = choices;
    co_yield step;
  }
  const Step done{.level = StepLevel::Feature,
                  .line = kMazeLoop,
                  .event = {.kind = event_kind(Ev::MazeDone),
                            .id = region,
                            .other = backed,
                            .value = carved,
                            .rect = st.box[static_cast<std::size_t>(region)]},
                  .overlay = {{box(Role::Finished, st.box[static_cast<std::size_t>(region)])}}};
  co_yield done;
}

StepGenerator grow_mazes(StepContext& ctx, Settings s, State& st) {
  const Grid& grid = ctx.grid();
  int mazes = 0;
  for (int y = 1; y <= s.odd_h - 2; y += 2) {
    for (int x = 1; x <= s.odd_w - 2; x += 2) {
      if (grid.tile(grid.index(x, y)) != Tile::Wall) continue;
      co_yield grow_maze(ctx, s, st, {x, y});
      ++mazes;
    }
  }
  const Step done{.level = StepLevel::Phase,
                  .line = kMazeStart,
                  .event = {.kind = event_kind(Ev::MazesDone),
                            .other = static_cast<int>(st.cells.size()),
                            .value = mazes}};
  co_yield done;
}

// The distinct regions among a cell's four neighbours (at most four), in N, E, S, W order.
int regions_around(const Grid& g, std::size_t i, std::array<int, 4>& out) {
  const Point p = g.point(i);
  int n = 0;
  for (const Point d : kDir) {
    const int label = g.label(g.index(p.x + d.x, p.y + d.y));
    if (label < 0 || !is_walkable(g.tile(g.index(p.x + d.x, p.y + d.y)))) continue;
    if (std::find(out.begin(), out.begin() + n, label) == out.begin() + n)
      out[static_cast<std::size_t>(n++)] = label;
  }
  return n;
}

std::vector<std::uint32_t> find_connectors(const Grid& g) {
  std::vector<std::uint32_t> found;
  std::array<int, 4> around{};
  for (int y = 1; y < g.height() - 1; ++y) {
    for (int x = 1; x < g.width() - 1; ++x) {
      const std::size_t i = g.index(x, y);
      if (g.tile(i) == Tile::Wall && regions_around(g, i, around) >= 2) {
        found.push_back(static_cast<std::uint32_t>(i));
      }
    }
  }
  return found;
}

StepGenerator connect(StepContext& ctx, Settings s, State& st) {
  StatSheet& stats = ctx.stats();
  Canvas& canvas = ctx.canvas();
  const Grid& grid = ctx.grid();
  std::vector<std::uint32_t> connectors;
  // Each round opens a door that merges at least two regions, or (rarely) finds the connectors
  // again first, which is always followed by a merge.
  const int round_cap = 2 * st.open_regions + 1;
  bool first_scan = true;
  for (int round = 0; st.open_regions > 1 && round < round_cap; ++round) {
    if (connectors.empty()) {
      connectors = find_connectors(grid);
      for (const std::uint32_t c : connectors) canvas.set_mark(c, Mark::Connector);
      stats.add(kConnectors, static_cast<std::int64_t>(connectors.size()));
      const Step found{.level = StepLevel::Action,
                       .line = kFindConnectors,
                       .event = {.kind = event_kind(Ev::ConnectorsFound),
                                 .reason = static_cast<std::uint8_t>(first_scan ? 0 : 1),
                                 .other = st.open_regions,
                                 .value = static_cast<int>(connectors.size())},
                       .overlay = {{box(Role::Candidate, interior(s))}}};
      first_scan = false;
      co_yield found;
      if (connectors.empty()) break;  // cannot happen: the odd lattice is connected
      continue;
    }

    const std::size_t pick = static_cast<std::size_t>(
        ctx.draw_int("connector", 0, static_cast<int>(connectors.size()) - 1));
    const std::uint32_t door = connectors[pick];
    const Point at = grid.point(door);
    std::array<int, 4> joined{};
    const int n = regions_around(grid, door, joined);
    if (n < 2) throw std::logic_error("rooms-and-mazes: a connector joins fewer than two regions");
    // The largest region keeps its id: the others are recoloured into it.
    int keep = joined[0];
    for (int k = 1; k < n; ++k) {
      const int r = joined[static_cast<std::size_t>(k)];
      const std::size_t a = st.cells[static_cast<std::size_t>(r)].size();
      const std::size_t b = st.cells[static_cast<std::size_t>(keep)].size();
      if (a > b || (a == b && r < keep)) keep = r;
    }
    const int first_other = joined[0] == keep ? joined[1] : joined[0];
    open_cell(canvas, grid, door, Tile::Door, keep);
    st.cells[static_cast<std::size_t>(keep)].push_back(door);
    stats.add(kOpenedStat, 1);
    std::vector<std::uint32_t> rest;
    rest.reserve(connectors.size());
    for (std::size_t k = 0; k < connectors.size(); ++k) {
      if (k != pick) rest.push_back(connectors[k]);
    }
    const Step opened{.level = StepLevel::Action,
                      .line = kOpen,
                      .event = {.kind = event_kind(Ev::Opened),
                                .id = keep,
                                .other = first_other,
                                .value = n,
                                .at = at},
                      .overlay = {{marker(Role::Opened, at), marker(Role::Cursor, at)}}};
    co_yield opened;

    for (int k = 0; k < n; ++k) {
      const int from = joined[static_cast<std::size_t>(k)];
      if (from == keep) continue;
      auto& src = st.cells[static_cast<std::size_t>(from)];
      auto& dst = st.cells[static_cast<std::size_t>(keep)];
      for (const std::uint32_t i : src) canvas.set_label(i, keep);
      const int moved = static_cast<int>(src.size());
      dst.insert(dst.end(), src.begin(), src.end());
      std::vector<std::uint32_t>().swap(src);
      const Rect from_box = st.box[static_cast<std::size_t>(from)];
      st.box[static_cast<std::size_t>(keep)] =
          bounding(st.box[static_cast<std::size_t>(keep)], from_box);
      --st.open_regions;
      stats.add(kRegions, -1);
      const Step merged{.level = StepLevel::Feature,
                        .line = kMerge,
                        .event = {.kind = event_kind(Ev::Merged),
                                  .id = keep,
                                  .other = from,
                                  .value = moved,
                                  .at = at,
                                  .rect = from_box},
                        .overlay = {{box(Role::Finished, from_box), marker(Role::Cursor, at)}}};
      co_yield merged;
    }

    // Drop what is next to the new door, and what now joins a region to itself.
    std::vector<std::uint32_t> kept, inside;
    std::vector<Point> dropped;
    int beside = 0;
    std::array<int, 4> around{};
    for (const std::uint32_t c : rest) {
      const Point p = grid.point(c);
      if (std::abs(p.x - at.x) <= 1 && std::abs(p.y - at.y) <= 1) {
        ++beside;
        canvas.set_mark(c, Mark::None);
        if (dropped.size() < kMaxShownCells) dropped.push_back(p);
      } else if (regions_around(grid, c, around) < 2) {
        inside.push_back(c);
        canvas.set_mark(c, Mark::None);
        if (dropped.size() < kMaxShownCells) dropped.push_back(p);
      } else {
        kept.push_back(c);
      }
    }
    connectors = std::move(kept);
    // The extra-connector rolls, one for each connector dropped for joining a region to itself
    // (shown with the drop step; the ones that win open next).
    std::vector<std::uint32_t> extras;
    for (const std::uint32_t c : inside) {
      if (s.extra_percent <= 0) break;
      if (ctx.draw_chance("extra", s.extra_percent)) extras.push_back(c);
    }
    if (!dropped.empty()) {
      const Step drop{
          .level = StepLevel::Action,
          .line = kDrop,
          .event = {.kind = event_kind(Ev::Dropped),
                    .id = keep,
                    .other = beside,
                    .value = static_cast<int>(inside.size())},
          .overlay = {{cells(Role::Dropped, std::move(dropped)), marker(Role::Cursor, at)}}};
      co_yield drop;
    }
    for (const std::uint32_t c : extras) {
      const int r = regions_around(grid, c, around) > 0 ? around[0] : keep;
      open_cell(canvas, grid, c, Tile::Door, r);
      st.cells[static_cast<std::size_t>(r)].push_back(c);
      stats.add(kExtraStat, 1);
      const Point p = grid.point(c);
      const Step extra{.level = StepLevel::Action,
                       .line = kExtra,
                       .event = {.kind = event_kind(Ev::Extra), .id = r, .at = p},
                       .overlay = {{marker(Role::Opened, p), marker(Role::Cursor, p)}}};
      co_yield extra;
    }
  }
  if (st.open_regions > 1) throw std::logic_error("rooms-and-mazes: regions left unconnected");
  const Step done{.level = StepLevel::Phase,
                  .line = kOpen,
                  .event = {.kind = event_kind(Ev::Connected),
                            .other = static_cast<int>(stats[kExtraStat]),
                            .value = static_cast<int>(stats[kOpenedStat])}};
  co_yield done;
}

int walkable_sides(const Grid& g, std::size_t i) {
  const Point p = g.point(i);
  int n = 0;
  for (const Point d : kDir) n += is_walkable(g.tile(g.index(p.x + d.x, p.y + d.y))) ? 1 : 0;
  return n;
}

StepGenerator uncarve(StepContext& ctx, Settings s) {
  StatSheet& stats = ctx.stats();
  Canvas& canvas = ctx.canvas();
  const Grid& grid = ctx.grid();
  if (!s.remove_dead_ends) {
    const Step kept{.level = StepLevel::Phase,
                    .line = kPassLoop,
                    .event = {.kind = event_kind(Ev::UncarveDone), .reason = kKept}};
    co_yield kept;
    co_return;
  }
  const auto dead_end = [&](std::size_t i) {
    return is_walkable(grid.tile(i)) && walkable_sides(grid, i) == 1;
  };
  std::vector<std::uint32_t> current, next;
  std::vector<std::uint8_t> seen(grid.size(), 0);
  for (int y = 1; y < grid.height() - 1; ++y) {
    for (int x = 1; x < grid.width() - 1; ++x) {
      if (dead_end(grid.index(x, y)))
        current.push_back(static_cast<std::uint32_t>(grid.index(x, y)));
    }
  }
  // Every pass fills at least one cell, so there are never more passes than cells.
  const std::size_t pass_cap = s.passes > 0 ? static_cast<std::size_t>(s.passes) : grid.size();
  int pass = 0, filled = 0;
  for (; !current.empty() && static_cast<std::size_t>(pass) < pass_cap; ++pass) {
    stats.add(kPasses, 1);
    const Step header{.level = StepLevel::Action,
                      .line = kPassLoop,
                      .event = {.kind = event_kind(Ev::PassStart),
                                .id = pass,
                                .value = static_cast<int>(current.size())},
                      .overlay = {{box(Role::Candidate, interior(s))}}};
    for (const std::uint32_t i : current) canvas.set_mark(i, Mark::DeadEnd);
    co_yield header;
    next.clear();
    for (const std::uint32_t i : current) {
      if (!dead_end(i)) {  // its partner in a two-cell stub was filled first
        canvas.set_mark(i, Mark::None);
        continue;
      }
      const Point p = grid.point(i);
      open_cell(canvas, grid, i, Tile::Wall, -1);
      stats.add(kDeadEndCells, 1);
      ++filled;
      for (const Point d : kDir) {
        const std::size_t j = grid.index(p.x + d.x, p.y + d.y);
        if (dead_end(j)) next.push_back(static_cast<std::uint32_t>(j));
      }
      const Step fill{.level = StepLevel::Cell,
                      .line = kFill,
                      .event = {.kind = event_kind(Ev::Filled), .id = pass, .at = p},
                      .overlay = {{marker(Role::Cursor, p)}}};
      co_yield fill;
    }
    std::swap(current, next);
    // The next pass lists only what is a dead end when it starts, each cell once (a cell beside
    // two filled ones was found twice; one whose last neighbour was filled is no dead end).
    std::vector<std::uint32_t> listed;
    for (const std::uint32_t i : current) {
      if (seen[i] || !dead_end(i)) continue;
      seen[i] = 1;
      listed.push_back(i);
    }
    for (const std::uint32_t i : listed) seen[i] = 0;
    current = std::move(listed);
  }
  const Step done{.level = StepLevel::Phase,
                  .line = kPassLoop,
                  .event = {.kind = event_kind(Ev::UncarveDone),
                            .reason = current.empty() ? kNoneLeft : kPassLimit,
                            .other = pass,
                            .value = filled}};
  co_yield done;
}

StepGenerator rooms_and_mazes(StepContext& ctx, ParamValues p) {
  Settings s{p.get_int("width"),
             p.get_int("height"),
             p.get_int("room_tries"),
             p.get_int("room_extra_size"),
             p.get_int("winding_percent"),
             p.get_int("extra_connector_percent"),
             p.get_int("remove_dead_ends"),
             p.get_int("dead_end_passes"),
             0,
             0};
  s.odd_w = s.map_w % 2 == 1 ? s.map_w : s.map_w - 1;
  s.odd_h = s.map_h % 2 == 1 ? s.map_h : s.map_h - 1;
  State st;

  const Step begin{.level = StepLevel::Phase, .line = kFillWall, .event = {.kind = kEventBegin}};
  co_yield begin;

  co_yield place_rooms(ctx, s, st);
  co_yield grow_mazes(ctx, s, st);
  co_yield connect(ctx, s, st);
  co_yield uncarve(ctx, s);

  // Rooms take their own number again; whatever else is walkable is maze (or door).
  Canvas& canvas = ctx.canvas();
  const Grid& grid = ctx.grid();
  std::vector<std::int32_t> room_of(grid.size(), -1);
  for (std::size_t r = 0; r < st.rooms.size(); ++r) {
    const Rect& b = st.rooms[r];
    for (int y = b.y; y < b.bottom(); ++y) {
      for (int x = b.x; x < b.right(); ++x)
        room_of[grid.index(x, y)] = static_cast<std::int32_t>(r);
    }
  }
  int corridor = 0;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const Tile t = grid.tile(i);
    if (t == Tile::Floor && room_of[i] < 0) {
      canvas.set_tile_label(i, Tile::Corridor, -1);
      ++corridor;
    } else if (t == Tile::Floor) {
      canvas.set_label(i, room_of[i]);
    } else if (t == Tile::Door) {
      canvas.set_label(i, -1);
    }
  }
  const Step numbered{.level = StepLevel::Phase,
                      .line = kNumber,
                      .event = {.kind = event_kind(Ev::Numbered),
                                .other = corridor,
                                .value = static_cast<int>(st.rooms.size())}};
  co_yield numbered;

  const Step done{
      .level = StepLevel::Phase,
      .line = kDone,
      .event = {.kind = kEventDone, .other = corridor, .value = static_cast<int>(st.rooms.size())},
      .last = true};
  co_yield done;
}

}  // namespace

const GeneratorSpec& rooms_and_mazes_spec() {
  static const GeneratorSpec spec{
      .name = "rooms-and-mazes",
      .summary =
          "rooms, a maze filling the rest, connectors joining the regions, dead ends "
          "removed (Nystrom's Rooms and Mazes)",
      .schema = schema(),
      .narration = {.pseudocode = kPseudocode,
                    .words = words,
                    .caption = caption,
                    .draw_text = draw_text,
                    .stat_slots = kStatCount,
                    .stat_rows = stat_rows},
      .background = Tile::Wall,
      .body = rooms_and_mazes,
      .text_shows_labels = true,
  };
  return spec;
}

}  // namespace dungen
