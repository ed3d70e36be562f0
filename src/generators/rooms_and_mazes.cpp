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
//
// Each kind of step is built by its own factory beside the words that say it; the event kinds and
// their reasons are in rooms_and_mazes.hpp. The phases are parts (`co_yield place_rooms(...)`),
// and the long ones have parts of their own: a room try, a door opened, the drops after it, a
// dead-end pass.

#include "generators/rooms_and_mazes.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "generators/map_promises.hpp"

namespace dungen::rooms_and_mazes {
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
std::string try_text(int t) {
  return "room try " + number_text(t);
}

// ---- Steps, kind by kind: how each is built, and how it is worded ------------------------------

Step begin_step() {
  return make_step(StepLevel::Phase, kFillWall, {.kind = kEventBegin});
}
std::string begin_words(const ParamValues& p) {
  return "the map is filled with wall (" + size_text(p.get_int("width"), p.get_int("height")) + ")";
}

Step room_try_step(int t) {
  return make_step(StepLevel::Cell, kRoomLoop, {.kind = event_kind(Ev::RoomTry), .id = t});
}
std::string room_try_words(const Event& e, const ParamValues& p) {
  return try_text(e.id) + " of " + std::to_string(p.get("room_tries"));
}

// The room's sides drawn (size, then stretched): the rectangle holds them, at no place yet.
Step room_sized_step(int t, int size, int w, int h) {
  return make_step(
      StepLevel::Cell, kRoomSize,
      {.kind = event_kind(Ev::RoomSized), .id = t, .value = size, .rect = {0, 0, w, h}});
}
std::string room_sized_words(const Event& e) {
  return try_text(e.id) + ": size " + std::to_string(e.value) + ", stretched to " +
         size_text(e.rect.w, e.rect.h);
}

Step room_drawn_step(int t, const Rect& room) {
  return make_step(StepLevel::Cell, kRoomPosition,
                   {.kind = event_kind(Ev::RoomDrawn), .id = t, .rect = room},
                   {{box(Role::Candidate, room)}});
}
std::string room_drawn_words(const Event& e) {
  return try_text(e.id) + ": " + size_text(e.rect.w, e.rect.h) + " at " + span_text(e.rect);
}

// A refused room try: its box (none when it is bigger than the map, so has no place) and the
// room it overlaps (hit_room, with its index `hit`; none when too big).
Step room_rejected_step(int t, Misfit why, const Rect& room, int hit, const Rect* hit_room) {
  Overlay o;
  if (why == kOverlaps) o.items.push_back(box(Role::Rejected, room));
  if (hit_room) o.items.push_back(box(Role::Cause, *hit_room));
  return make_step(
      StepLevel::Action, kRoomReject,
      {.kind = event_kind(Ev::RoomRejected), .reason = why, .id = t, .other = hit, .rect = room},
      std::move(o));
}
std::string room_rejected_words(const Event& e) {
  return try_text(e.id) + " rejected: " +
         (e.reason == kTooBig ? "the room is bigger than the map"
                              : "it overlaps room " + number_text(e.other));
}

Step room_carved_step(int room, int t, const Rect& r) {
  return make_step(StepLevel::Feature, kRoomCarve,
                   {.kind = event_kind(Ev::RoomCarved), .id = room, .other = t, .rect = r},
                   {{box(Role::Accepted, r)}});
}
std::string room_carved_words(const Event& e) {
  return "room " + number_text(e.id) + " carved: " + size_text(e.rect.w, e.rect.h) + " at " +
         span_text(e.rect) + ", " + region_text(e.id);
}

Step rooms_done_step(int rooms, int tries) {
  return make_step(StepLevel::Phase, kRoomLoop,
                   {.kind = event_kind(Ev::RoomsDone), .other = tries, .value = rooms});
}
std::string rooms_done_words(const Event& e) {
  return "rooms done: " + plural(e.value, "room", "rooms") + " placed in " +
         plural(e.other, "try", "tries");
}

Step maze_start_step(int region, Point start) {
  return make_step(StepLevel::Action, kMazeStart,
                   {.kind = event_kind(Ev::MazeStart), .id = region, .at = start},
                   {{marker(Role::Cursor, start)}});
}
std::string maze_start_words(const Event& e) {
  return xy_text(e.at) + " is still solid: " + region_text(e.id) + "'s maze starts there";
}

// The open directions from a maze cell: each one's index into kDir and the cell two steps
// that way, in kDir order.
struct Ways {
  std::array<int, 4> dir{};
  std::array<Point, 4> cell{};
  int n = 0;
};

// A maze's carve step: one Step refilled for every carve of the maze, so its overlay items (the
// three cells carved through, the cursor, the open directions) keep their storage.
class MazeCarveStep {
 public:
  MazeCarveStep(int region, Point start)
      : step_{.level = StepLevel::Cell,
              .line = kMazeCarve,
              .event = {.kind = event_kind(Ev::MazeCarve), .id = region},
              .overlay = {{line(Role::Tunnel, {}), marker(Role::Cursor, start),
                           cells(Role::Choices, {})}}} {}
  // From c through `between` to `next` (direction d, chosen `how` among `ways`); the maze's
  // list now holds `listed` cells.
  const Step& refill(Point c, Point between, Point next, int d, Turn how, std::size_t listed,
                     const Ways& ways) {
    step_.event.reason = how;
    step_.event.other = d;
    step_.event.value = static_cast<int>(listed);
    step_.event.at = next;
    step_.overlay.items[kPath].cells = {c, between, next};
    step_.overlay.items[kCursor].cells[0] = next;
    // The open directions, when one was drawn from them (going on straight draws nothing).
    std::vector<Point>& choices = step_.overlay.items[kChoices].cells;
    choices.clear();
    if (how != kStraight) choices.assign(ways.cell.begin(), ways.cell.begin() + ways.n);
    return step_;
  }

 private:
  enum Item : std::size_t { kPath, kCursor, kChoices };
  Step step_;
};
std::string maze_carve_words(const Event& e) {
  const std::string dir(kDirName[e.other]);
  const std::string how = e.reason == kStraight   ? "goes on straight, " + dir + ","
                          : e.reason == kTurned   ? "turns " + dir
                          : e.reason == kRepicked ? "re-picks " + dir + " (the same direction)"
                          : e.reason == kBlocked  ? "cannot go straight: turns " + dir
                                                  : "sets off " + dir;
  return region_text(e.id) + " " + how + " to " + xy_text(e.at) + " (" +
         plural(e.value, "cell", "cells") + " in the list)";
}

Step maze_back_step(int region, int dropped, Point resume) {
  return make_step(StepLevel::Cell, kMazeBack,
                   {.kind = event_kind(Ev::MazeBack), .id = region, .value = dropped, .at = resume},
                   {{marker(Role::Cursor, resume)}});
}
std::string maze_back_words(const Event& e) {
  return region_text(e.id) + ": dead end, backs up " + plural(e.value, "cell", "cells") + " to " +
         xy_text(e.at);
}

Step maze_done_step(int region, int carved, int dropped_last, const Rect& bounds) {
  return make_step(StepLevel::Feature, kMazeLoop,
                   {.kind = event_kind(Ev::MazeDone),
                    .id = region,
                    .other = dropped_last,
                    .value = carved,
                    .rect = bounds},
                   {{box(Role::Finished, bounds)}});
}
std::string maze_done_words(const Event& e) {
  return region_text(e.id) + "'s maze is finished: " + plural(e.value, "cell", "cells") +
         " (backed up the last " + std::to_string(e.other) + ")";
}

Step mazes_done_step(int mazes, int regions) {
  return make_step(StepLevel::Phase, kMazeStart,
                   {.kind = event_kind(Ev::MazesDone), .other = regions, .value = mazes});
}
std::string mazes_done_words(const Event& e) {
  return "every solid area is a maze: " + plural(e.value, "maze", "mazes") + ", " +
         plural(e.other, "region", "regions") + " in all";
}

// The connector scan: the whole odd interior outlined (the connectors carry map marks).
Step connectors_found_step(Scan scan, int regions, std::size_t found, const Rect& interior) {
  return make_step(StepLevel::Action, kFindConnectors,
                   {.kind = event_kind(Ev::ConnectorsFound),
                    .reason = scan,
                    .other = regions,
                    .value = static_cast<int>(found)},
                   {{box(Role::Candidate, interior)}});
}
std::string connectors_found_words(const Event& e) {
  return std::string(e.reason == kFoundAgain ? "connectors ran out: found again, " : "") +
         plural(e.value, "connector", "connectors") + " between " +
         plural(e.other, "region", "regions");
}

Step opened_step(int keep, int joining, int regions, Point door) {
  return make_step(
      StepLevel::Action, kOpen,
      {.kind = event_kind(Ev::Opened), .id = keep, .other = joining, .value = regions, .at = door},
      {{marker(Role::Opened, door), marker(Role::Cursor, door)}});
}
std::string opened_words(const Event& e) {
  return "door at " + xy_text(e.at) + " joins " + std::to_string(e.value) +
         " regions: " + region_text(e.other) + " and " + region_text(e.id) +
         (e.value > 2 ? " and more" : "");
}

Step merged_step(int keep, int from, int moved, Point door, const Rect& from_box) {
  return make_step(StepLevel::Feature, kMerge,
                   {.kind = event_kind(Ev::Merged),
                    .id = keep,
                    .other = from,
                    .value = moved,
                    .at = door,
                    .rect = from_box},
                   {{box(Role::Finished, from_box), marker(Role::Cursor, door)}});
}
std::string merged_words(const Event& e) {
  return region_text(e.other) + " merges into " + region_text(e.id) + ": " +
         plural(e.value, "cell", "cells") + " recoloured";
}

// The connectors dropped after a door opened: `inside` for joining a region to itself, `beside`
// for standing next to the door (the first kMaxShownCells of them drawn).
Step dropped_step(int keep, int beside, std::size_t inside, std::vector<Point> dropped,
                  Point door) {
  return make_step(StepLevel::Action, kDrop,
                   {.kind = event_kind(Ev::Dropped),
                    .id = keep,
                    .other = beside,
                    .value = static_cast<int>(inside)},
                   {{cells(Role::Dropped, std::move(dropped)), marker(Role::Cursor, door)}});
}
std::string dropped_words(const Event& e) {
  return "dropped " + plural(e.value, "connector", "connectors") + " now inside " +
         region_text(e.id) + " and " + std::to_string(e.other) + " next to the door";
}

Step extra_step(int region, Point door) {
  return make_step(StepLevel::Action, kExtra,
                   {.kind = event_kind(Ev::Extra), .id = region, .at = door},
                   {{marker(Role::Opened, door), marker(Role::Cursor, door)}});
}
std::string extra_words(const Event& e) {
  return "extra connector at " + xy_text(e.at) + " opens anyway (a loop in " + region_text(e.id) +
         ")";
}

Step connected_step(int opened, int extra) {
  return make_step(StepLevel::Phase, kOpen,
                   {.kind = event_kind(Ev::Connected), .other = extra, .value = opened});
}
std::string connected_words(const Event& e) {
  return "one region: " + plural(e.value, "connector", "connectors") + " opened, " +
         std::to_string(e.other) + " extra";
}

// A dead-end pass begins: the odd interior outlined (its dead ends carry map marks).
Step pass_start_step(int pass, std::size_t dead_ends, const Rect& interior) {
  return make_step(
      StepLevel::Action, kPassLoop,
      {.kind = event_kind(Ev::PassStart), .id = pass, .value = static_cast<int>(dead_ends)},
      {{box(Role::Candidate, interior)}});
}
std::string pass_start_words(const Event& e) {
  return "dead-end pass " + number_text(e.id) + ": " + plural(e.value, "dead end", "dead ends");
}

Step filled_step(int pass, Point cell) {
  return make_step(StepLevel::Cell, kFill, {.kind = event_kind(Ev::Filled), .id = pass, .at = cell},
                   {{marker(Role::Cursor, cell)}});
}
std::string filled_words(const Event& e) {
  return "pass " + number_text(e.id) + ": dead end " + xy_text(e.at) + " filled with wall";
}

// The end of the dead-end phase: `filled` cells in `passes` passes, or kept (remove_dead_ends
// off: no pass ran).
Step uncarve_done_step(StopWhy why, int passes, int filled) {
  return make_step(
      StepLevel::Phase, kPassLoop,
      {.kind = event_kind(Ev::UncarveDone), .reason = why, .other = passes, .value = filled});
}
std::string uncarve_done_words(const Event& e) {
  if (e.reason == kKept) return "dead ends are kept (remove_dead_ends is off)";
  return plural(e.value, "dead-end cell", "dead-end cells") + " filled in " +
         plural(e.other, "pass", "passes") +
         (e.reason == kNoneLeft ? ": no dead ends left" : ": the pass limit is reached");
}

Step numbered_step(int rooms, int corridor_cells) {
  return make_step(StepLevel::Phase, kNumber,
                   {.kind = event_kind(Ev::Numbered), .other = corridor_cells, .value = rooms});
}
std::string numbered_words(const Event& e) {
  return plural(e.value, "room", "rooms") + " numbered, " +
         plural(e.other, "maze cell", "maze cells") + " now corridor";
}

Step done_step(int rooms, int corridor_cells) {
  Step s = make_step(StepLevel::Phase, kDone,
                     {.kind = kEventDone, .other = corridor_cells, .value = rooms});
  s.last = true;
  return s;
}
std::string done_words(const Event& e) {
  return "done: " + plural(e.value, "room", "rooms") + " and " +
         plural(e.other, "corridor cell", "corridor cells") + ", one region";
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin:
      return begin_words(p);
    case kEventDone:
      return done_words(e);
    case event_kind(Ev::RoomTry):
      return room_try_words(e, p);
    case event_kind(Ev::RoomSized):
      return room_sized_words(e);
    case event_kind(Ev::RoomDrawn):
      return room_drawn_words(e);
    case event_kind(Ev::RoomRejected):
      return room_rejected_words(e);
    case event_kind(Ev::RoomCarved):
      return room_carved_words(e);
    case event_kind(Ev::RoomsDone):
      return rooms_done_words(e);
    case event_kind(Ev::MazeStart):
      return maze_start_words(e);
    case event_kind(Ev::MazeCarve):
      return maze_carve_words(e);
    case event_kind(Ev::MazeBack):
      return maze_back_words(e);
    case event_kind(Ev::MazeDone):
      return maze_done_words(e);
    case event_kind(Ev::MazesDone):
      return mazes_done_words(e);
    case event_kind(Ev::ConnectorsFound):
      return connectors_found_words(e);
    case event_kind(Ev::Opened):
      return opened_words(e);
    case event_kind(Ev::Merged):
      return merged_words(e);
    case event_kind(Ev::Dropped):
      return dropped_words(e);
    case event_kind(Ev::Extra):
      return extra_words(e);
    case event_kind(Ev::Connected):
      return connected_words(e);
    case event_kind(Ev::PassStart):
      return pass_start_words(e);
    case event_kind(Ev::Filled):
      return filled_words(e);
    case event_kind(Ev::UncarveDone):
      return uncarve_done_words(e);
    case event_kind(Ev::Numbered):
      return numbered_words(e);
  }
  return "?";
}

// Predict mode: after a door has merged regions, is a connector near it dropped (it no longer
// joins two regions, or stands next to the door) or kept? Asked of the nearest connector not
// next to the door, within kAskRadius cells (the ones beside it are always dropped).
constexpr int kAskRadius = 12;
std::optional<Question> question(const Step& s, const QuestionContext& c) {
  if (s.event.kind != event_kind(Ev::Dropped) || s.overlay.items.size() < 2) return std::nullopt;
  const std::vector<Point>& dropped = s.overlay.items[0].cells;
  if (dropped.size() >= kMaxShownCells) return std::nullopt;  // the list is cut short
  const Point door = s.overlay.items[1].cells.at(0);
  const Grid& g = c.grid;
  std::optional<Point> ask;
  int best = kAskRadius + 1;
  for (int y = std::max(0, door.y - kAskRadius); y <= std::min(g.height() - 1, door.y + kAskRadius);
       ++y) {
    for (int x = std::max(0, door.x - kAskRadius);
         x <= std::min(g.width() - 1, door.x + kAskRadius); ++x) {
      const int d = std::max(std::abs(x - door.x), std::abs(y - door.y));
      if (d < 2 || d >= best || g.mark(g.index(x, y)) != Mark::Connector) continue;
      best = d;
      ask = Point{x, y};
    }
  }
  if (!ask) return std::nullopt;
  const bool gone = std::find(dropped.begin(), dropped.end(), *ask) != dropped.end();
  return Question{
      .line = kDrop,
      .prompt = "The door at " + xy_text(door) + " has merged its regions into " +
                region_text(s.event.id) + ". The connector at " + xy_text(*ask) +
                ": kept (it still joins two regions) or dropped?",
      .choices = {{"kept", {}}, {"dropped", {}}},
      .answer = gone ? 1 : 0,
      .focus = {{marker(Role::Opened, door), box(Role::Candidate, {ask->x, ask->y, 1, 1})}}};
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
  std::vector<std::uint32_t>& cells_of(int r) { return cells[static_cast<std::size_t>(r)]; }
  Rect& box_of(int r) { return box[static_cast<std::size_t>(r)]; }
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
  st.cells_of(r).push_back(static_cast<std::uint32_t>(i));
  st.box_of(r) = bounding(st.box_of(r), {p.x, p.y, 1, 1});
}

int new_region(State& st, Rect first) {
  st.cells.emplace_back();
  st.box.push_back(first);
  ++st.open_regions;
  return static_cast<int>(st.cells.size()) - 1;
}

// One room try: its size drawn, then (if it fits the map) its corner; rejected if it overlaps a
// placed room, else carved as a new region.
StepGenerator try_room(StepContext& ctx, Settings s, State& st, int t) {
  StatSheet& stats = ctx.stats();
  stats.add(kRoomTries, 1);
  co_yield room_try_step(t);

  const int size = ctx.draw_int("size", 1, 2 + s.room_extra) * 2 + 1;
  const int stretch = ctx.draw_int("stretch", 0, size / 2) * 2;
  const bool wide = ctx.draw_coin("wide");
  Rect room{0, 0, size + (wide ? stretch : 0), size + (wide ? 0 : stretch)};
  co_yield room_sized_step(t, size, room.w, room.h);

  // Odd corners from 1 while the room keeps the border: (odd - w) / 2 choices each way.
  const bool fits = room.w <= s.odd_w - 2 && room.h <= s.odd_h - 2;
  if (fits) {
    room.x = ctx.draw_int("x", 0, (s.odd_w - room.w) / 2 - 1) * 2 + 1;
    room.y = ctx.draw_int("y", 0, (s.odd_h - room.h) / 2 - 1) * 2 + 1;
    co_yield room_drawn_step(t, room);
  }
  int hit = -1;
  for (std::size_t i = 0; fits && i < st.rooms.size() && hit < 0; ++i) {
    if (overlap(room, st.rooms[i])) hit = static_cast<int>(i);
  }
  if (!fits || hit >= 0) {
    stats.add(kRejected, 1);
    const Rect* hit_room = hit >= 0 ? &st.rooms[static_cast<std::size_t>(hit)] : nullptr;
    co_yield room_rejected_step(t, fits ? kOverlaps : kTooBig, room, hit, hit_room);
    co_return;
  }
  const int id = new_region(st, room);
  st.rooms.push_back(room);
  for (int y = room.y; y < room.bottom(); ++y) {
    for (int x = room.x; x < room.right(); ++x) {
      carve(ctx.canvas(), st, ctx.grid().index(x, y), {x, y}, id);
    }
  }
  ctx.layout().rooms.push_back({id, room, true, room.w * room.h});
  if (id == 0) ctx.layout().start = Point{room.x + room.w / 2, room.y + room.h / 2};
  stats.add(kRooms, 1);
  stats.add(kRegions, 1);
  co_yield room_carved_step(id, t, room);
}

StepGenerator place_rooms(StepContext& ctx, Settings s, State& st) {
  for (int t = 0; t < s.room_tries; ++t) co_yield try_room(ctx, s, st, t);
  co_yield rooms_done_step(static_cast<int>(st.rooms.size()), s.room_tries);
}

// The directions from c whose cell two steps away is solid and keeps the border (Hauberk:
// pos + 3 * dir in bounds).
Ways open_ways(const Grid& grid, const Settings& s, Point c) {
  Ways w;
  for (int d = 0; d < 4; ++d) {
    const Point q{c.x + 2 * kDir[d].x, c.y + 2 * kDir[d].y};
    if (q.x < 1 || q.y < 1 || q.x > s.odd_w - 2 || q.y > s.odd_h - 2) continue;
    if (grid.tile(grid.index(q.x, q.y)) != Tile::Wall) continue;
    w.dir[static_cast<std::size_t>(w.n)] = d;
    w.cell[static_cast<std::size_t>(w.n++)] = q;
  }
  return w;
}

// The winding rule: straight on (the last direction) while it is open, unless a winding_percent
// roll says re-pick; a re-pick, a first move or a blocked straight draws among all open ways.
struct Way {
  int dir;
  Turn how;
};
Way choose_way(StepContext& ctx, int winding, const Ways& w, int last) {
  const bool straight_open =
      last >= 0 && std::find(w.dir.begin(), w.dir.begin() + w.n, last) != w.dir.begin() + w.n;
  if (straight_open && !ctx.draw_chance("turn", winding)) return {last, kStraight};
  const int d = w.dir[static_cast<std::size_t>(ctx.draw_int("dir", 0, w.n - 1))];
  return {d, last < 0 ? kFirstMove : !straight_open ? kBlocked : d == last ? kRepicked : kTurned};
}

// One maze from `start`, a growing tree that always takes the newest cell.
StepGenerator grow_maze(StepContext& ctx, Settings s, State& st, Point start) {
  StatSheet& stats = ctx.stats();
  const Grid& grid = ctx.grid();
  const int region = new_region(st, {start.x, start.y, 1, 1});
  carve(ctx.canvas(), st, grid.index(start.x, start.y), start, region);
  stats.add(kMazes, 1);
  stats.add(kMazeCells, 1);
  stats.add(kRegions, 1);
  co_yield maze_start_step(region, start);

  std::vector<Point> cells(1, start);
  MazeCarveStep carve_step(region, start);
  int last = -1, backed = 0, carved = 1;
  // Every turn of the loop carves a cell or drops one, and each cell is added once.
  const std::size_t loop_cap = 2 * grid.size();
  for (std::size_t turn = 0; !cells.empty() && turn < loop_cap; ++turn) {
    const Point c = cells.back();
    const Ways ways = open_ways(grid, s, c);
    if (ways.n == 0) {
      cells.pop_back();
      last = -1;
      ++backed;
      continue;
    }
    if (backed > 0) co_yield maze_back_step(region, std::exchange(backed, 0), c);
    const Way way = choose_way(ctx, s.winding, ways, last);
    const Point between{c.x + kDir[way.dir].x, c.y + kDir[way.dir].y};
    const Point next{c.x + 2 * kDir[way.dir].x, c.y + 2 * kDir[way.dir].y};
    carve(ctx.canvas(), st, grid.index(between.x, between.y), between, region);
    carve(ctx.canvas(), st, grid.index(next.x, next.y), next, region);
    stats.add(kMazeCells, 2);
    carved += 2;
    cells.push_back(next);
    last = way.dir;
    co_yield carve_step.refill(c, between, next, way.dir, way.how, cells.size(), ways);
  }
  co_yield maze_done_step(region, carved, backed, st.box_of(region));
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
  co_yield mazes_done_step(mazes, static_cast<int>(st.cells.size()));
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

// The region that keeps its id when these join: the largest (the smallest id among equals).
int largest_region(State& st, const std::array<int, 4>& joined, int n) {
  int keep = joined[0];
  for (int k = 1; k < n; ++k) {
    const int r = joined[static_cast<std::size_t>(k)];
    const std::size_t a = st.cells_of(r).size(), b = st.cells_of(keep).size();
    if (a > b || (a == b && r < keep)) keep = r;
  }
  return keep;
}

// Recolours region `from` into `keep`; returns how many cells were recoloured.
int merge_into(Canvas& canvas, State& st, int from, int keep) {
  std::vector<std::uint32_t>& src = st.cells_of(from);
  std::vector<std::uint32_t>& dst = st.cells_of(keep);
  for (const std::uint32_t i : src) canvas.set_label(i, keep);
  const int moved = static_cast<int>(src.size());
  dst.insert(dst.end(), src.begin(), src.end());
  std::vector<std::uint32_t>().swap(src);
  st.box_of(keep) = bounding(st.box_of(keep), st.box_of(from));
  --st.open_regions;
  return moved;
}

// After a door at `door` merged into region `keep`: drop the connectors next to the door and
// those that now join a region to itself; each of the latter opens anyway with
// extra_connector_percent % (the rolls are shown with the drop step; the ones that win open next).
StepGenerator drop_connectors(StepContext& ctx, Settings s, State& st,
                              std::vector<std::uint32_t>& connectors, Point door, int keep) {
  const Grid& grid = ctx.grid();
  Canvas& canvas = ctx.canvas();
  std::vector<std::uint32_t> kept, inside, extras;
  std::vector<Point> dropped;
  int beside = 0;
  std::array<int, 4> around{};
  for (const std::uint32_t c : connectors) {
    const Point p = grid.point(c);
    if (std::abs(p.x - door.x) <= 1 && std::abs(p.y - door.y) <= 1) {
      ++beside;
    } else if (regions_around(grid, c, around) < 2) {
      inside.push_back(c);
    } else {
      kept.push_back(c);
      continue;
    }
    canvas.set_mark(c, Mark::None);
    if (dropped.size() < kMaxShownCells) dropped.push_back(p);
  }
  connectors = std::move(kept);
  for (const std::uint32_t c : inside) {
    if (s.extra_percent <= 0) break;
    if (ctx.draw_chance("extra", s.extra_percent)) extras.push_back(c);
  }
  if (!dropped.empty())
    co_yield dropped_step(keep, beside, inside.size(), std::move(dropped), door);
  for (const std::uint32_t c : extras) {
    const int r = regions_around(grid, c, around) > 0 ? around[0] : keep;
    open_cell(canvas, grid, c, Tile::Door, r);
    st.cells_of(r).push_back(c);
    ctx.stats().add(kExtraStat, 1);
    co_yield extra_step(r, grid.point(c));
  }
}

// One round of joining: a random connector opened as a door, the regions it joins merged into
// the largest, then the drops.
StepGenerator open_connector(StepContext& ctx, Settings s, State& st,
                             std::vector<std::uint32_t>& connectors) {
  const Grid& grid = ctx.grid();
  const auto pick = static_cast<std::size_t>(
      ctx.draw_int("connector", 0, static_cast<int>(connectors.size()) - 1));
  const std::uint32_t door = connectors[pick];
  const Point at = grid.point(door);
  std::array<int, 4> joined{};
  const int n = regions_around(grid, door, joined);
  if (n < 2) throw std::logic_error("rooms-and-mazes: a connector joins fewer than two regions");
  const int keep = largest_region(st, joined, n);
  open_cell(ctx.canvas(), grid, door, Tile::Door, keep);
  st.cells_of(keep).push_back(door);
  ctx.stats().add(kOpenedStat, 1);
  connectors.erase(connectors.begin() + static_cast<std::ptrdiff_t>(pick));
  co_yield opened_step(keep, joined[0] == keep ? joined[1] : joined[0], n, at);

  for (int k = 0; k < n; ++k) {
    const int from = joined[static_cast<std::size_t>(k)];
    if (from == keep) continue;
    const Rect from_box = st.box_of(from);
    const int moved = merge_into(ctx.canvas(), st, from, keep);
    ctx.stats().add(kRegions, -1);
    co_yield merged_step(keep, from, moved, at, from_box);
  }
  co_yield drop_connectors(ctx, s, st, connectors, at, keep);
}

StepGenerator connect(StepContext& ctx, Settings s, State& st) {
  StatSheet& stats = ctx.stats();
  std::vector<std::uint32_t> connectors;
  // Each round opens a door that merges at least two regions, or (rarely) finds the connectors
  // again first, which is always followed by a merge.
  const int round_cap = 2 * st.open_regions + 1;
  Scan scan = kFirstScan;
  for (int round = 0; st.open_regions > 1 && round < round_cap; ++round) {
    if (!connectors.empty()) {
      co_yield open_connector(ctx, s, st, connectors);
      continue;
    }
    connectors = find_connectors(ctx.grid());
    for (const std::uint32_t c : connectors) ctx.canvas().set_mark(c, Mark::Connector);
    stats.add(kConnectors, static_cast<std::int64_t>(connectors.size()));
    co_yield connectors_found_step(std::exchange(scan, kFoundAgain), st.open_regions,
                                   connectors.size(), interior(s));
    if (connectors.empty()) break;  // cannot happen: the odd lattice is connected
  }
  if (st.open_regions > 1) throw std::logic_error("rooms-and-mazes: regions left unconnected");
  // One region now: its list of cells (every carved cell, 32 MB at 4096x4096) is not needed again.
  std::vector<std::vector<std::uint32_t>>().swap(st.cells);
  co_yield connected_step(static_cast<int>(stats[kOpenedStat]),
                          static_cast<int>(stats[kExtraStat]));
}

int walkable_sides(const Grid& g, std::size_t i) {
  const Point p = g.point(i);
  int n = 0;
  for (const Point d : kDir) n += is_walkable(g.tile(g.index(p.x + d.x, p.y + d.y))) ? 1 : 0;
  return n;
}
bool dead_end(const Grid& g, std::size_t i) {
  return is_walkable(g.tile(i)) && walkable_sides(g, i) == 1;
}

// The dead ends inside the border, in row-major order.
std::vector<std::uint32_t> dead_ends(const Grid& g) {
  std::vector<std::uint32_t> found;
  for (int y = 1; y < g.height() - 1; ++y) {
    for (int x = 1; x < g.width() - 1; ++x) {
      if (dead_end(g, g.index(x, y))) found.push_back(static_cast<std::uint32_t>(g.index(x, y)));
    }
  }
  return found;
}

// The cells found next to filled ones that are dead ends now, each once (a cell beside two
// filled ones was found twice; one whose last neighbour was filled is no dead end). `seen` is
// all false before and after (a bit a cell: 2 MB at 4096x4096).
std::vector<std::uint32_t> still_dead_ends(const Grid& g, const std::vector<std::uint32_t>& found,
                                           std::vector<bool>& seen) {
  std::vector<std::uint32_t> listed;
  for (const std::uint32_t i : found) {
    if (seen[i] || !dead_end(g, i)) continue;
    seen[i] = true;
    listed.push_back(i);
  }
  for (const std::uint32_t i : listed) seen[i] = false;
  return listed;
}

// One dead-end pass: every cell listed at its start that is still a dead end is filled; the
// neighbours that became dead ends go to `next`.
StepGenerator fill_pass(StepContext& ctx, Settings s, int pass,
                        const std::vector<std::uint32_t>& listed, std::vector<std::uint32_t>& next,
                        int& filled) {
  Canvas& canvas = ctx.canvas();
  const Grid& grid = ctx.grid();
  ctx.stats().add(kPasses, 1);
  for (const std::uint32_t i : listed) canvas.set_mark(i, Mark::DeadEnd);
  co_yield pass_start_step(pass, listed.size(), interior(s));
  next.clear();
  for (const std::uint32_t i : listed) {
    if (!dead_end(grid, i)) {  // its partner in a two-cell stub was filled first
      canvas.set_mark(i, Mark::None);
      continue;
    }
    const Point p = grid.point(i);
    open_cell(canvas, grid, i, Tile::Wall, -1);
    ctx.stats().add(kDeadEndCells, 1);
    ++filled;
    for (const Point d : kDir) {
      const std::size_t j = grid.index(p.x + d.x, p.y + d.y);
      if (dead_end(grid, j)) next.push_back(static_cast<std::uint32_t>(j));
    }
    co_yield filled_step(pass, p);
  }
}

StepGenerator uncarve(StepContext& ctx, Settings s) {
  if (!s.remove_dead_ends) {
    co_yield uncarve_done_step(kKept, 0, 0);
    co_return;
  }
  const Grid& grid = ctx.grid();
  std::vector<std::uint32_t> current = dead_ends(grid), next;
  std::vector<bool> seen(grid.size(), false);
  // Every pass fills at least one cell, so there are never more passes than cells.
  const std::size_t pass_cap = s.passes > 0 ? static_cast<std::size_t>(s.passes) : grid.size();
  int pass = 0, filled = 0;
  for (; !current.empty() && static_cast<std::size_t>(pass) < pass_cap; ++pass) {
    co_yield fill_pass(ctx, s, pass, current, next, filled);
    current = still_dead_ends(grid, next, seen);
  }
  co_yield uncarve_done_step(current.empty() ? kNoneLeft : kPassLimit, pass, filled);
}

// Rooms take their own number again; whatever else is walkable is maze (or door). Returns the
// corridor cells. At 4096x4096 this renumbers millions of cells in one step, so it writes a row
// a run at a time: consecutive cells that change alike (same tile and label before, same after),
// the walls between them left out of the run, rather than a change per cell.
int number_rooms(Canvas& canvas, const Grid& grid, const std::vector<Rect>& rooms) {
  // Each row of each room, in map order. Rooms never overlap, so the rows are walked alongside
  // the cells (no map-sized array of room numbers).
  struct RoomRow {
    int y, x, right, room;
  };
  std::vector<RoomRow> room_rows;
  for (std::size_t r = 0; r < rooms.size(); ++r) {
    for (int y = rooms[r].y; y < rooms[r].bottom(); ++y) {
      room_rows.push_back({y, rooms[r].x, rooms[r].right(), static_cast<int>(r)});
    }
  }
  std::sort(room_rows.begin(), room_rows.end(),
            [](const RoomRow& a, const RoomRow& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
  struct Write {
    Tile from_tile, to_tile;
    std::int32_t from_label, to_label;
    bool operator==(const Write&) const = default;
  };
  const int w = grid.width();
  std::vector<std::uint8_t> which(static_cast<std::size_t>(w + 7) / 8);  // the run's cells
  int corridor = 0;
  std::size_t next = 0;  // the first room row not yet passed
  for (int y = 0; y < grid.height(); ++y) {
    const std::size_t row = grid.index(0, y);
    std::optional<Write> run;  // the run being gathered, from column `first`
    int first = 0;
    const auto flush = [&](int end) {
      if (!run) return;
      const auto count = static_cast<std::size_t>(end - first);
      canvas.fill_tile_label_where(row + first, count, which.data(), run->to_tile, run->to_label);
      std::fill_n(which.begin(), (count + 7) / 8, std::uint8_t{0});
      run.reset();
    };
    for (int x = 0; x < w; ++x) {
      while (next < room_rows.size() &&
             (room_rows[next].y < y || (room_rows[next].y == y && room_rows[next].right <= x))) {
        ++next;
      }
      const bool in_room =
          next < room_rows.size() && room_rows[next].y == y && room_rows[next].x <= x;
      const Tile t = grid.tile(row + x);
      const std::int32_t label = grid.label(row + x);
      Write write{t, t, label, -1};
      if (t == Tile::Floor && !in_room) {
        write.to_tile = Tile::Corridor;
        ++corridor;
      } else if (t == Tile::Floor) {
        write.to_label = room_rows[next].room;
      } else if (t != Tile::Door) {
        continue;  // a wall stays as it is
      }
      if (write.to_tile == t && write.to_label == label) continue;  // already so
      if (run && *run != write) flush(x);
      if (!run) {
        run = write;
        first = x;
      }
      const int k = x - first;
      which[static_cast<std::size_t>(k / 8)] |= static_cast<std::uint8_t>(1u << (k % 8));
    }
    flush(w);
  }
  return corridor;
}

StepGenerator body(StepContext& ctx, ParamValues p) {
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
  co_yield begin_step();

  co_yield place_rooms(ctx, s, st);
  co_yield grow_mazes(ctx, s, st);
  co_yield connect(ctx, s, st);
  co_yield uncarve(ctx, s);

  const int corridor = number_rooms(ctx.canvas(), ctx.grid(), st.rooms);
  co_yield numbered_step(static_cast<int>(st.rooms.size()), corridor);
  co_yield done_step(static_cast<int>(st.rooms.size()), corridor);
}

// What every finished map promises (the random sweep checks it).
void promises(MapPromises& map) {
  map.only_tiles({Tile::Wall, Tile::Floor, Tile::Corridor, Tile::Door});
  map.one_walkable_region();
  map.expect(static_cast<std::int64_t>(map.layout().rooms.size()) == map.stat("rooms"),
             "the layout lists every room the stats count");
  // Full dead-end removal leaves no walkable cell with a single walkable neighbour.
  const Grid& g = map.grid();
  if (map.param("remove_dead_ends") != 1 || map.param("dead_end_passes") != 0 ||
      g.count_walkable() <= 1) {
    return;
  }
  bool none = true;
  for (int y = 0; y < g.height() && none; ++y) {
    for (int x = 0; x < g.width() && none; ++x) {
      if (!is_walkable(g.at(x, y))) continue;
      int open = 0;
      for (const Point d : kDir) {
        open += g.in_bounds(x + d.x, y + d.y) && is_walkable(g.at(x + d.x, y + d.y)) ? 1 : 0;
      }
      none = open >= 2;
    }
  }
  map.expect(none, "full dead-end removal leaves no dead end");
}

}  // namespace
}  // namespace dungen::rooms_and_mazes

namespace dungen {

const GeneratorSpec& rooms_and_mazes_spec() {
  static const GeneratorSpec spec{
      .name = "rooms-and-mazes",
      .summary =
          "rooms, a maze filling the rest, connectors joining the regions, dead ends "
          "removed (Nystrom's Rooms and Mazes)",
      .schema = rooms_and_mazes::schema(),
      .narration = {.pseudocode = rooms_and_mazes::kPseudocode,
                    .words = rooms_and_mazes::words,
                    .caption = rooms_and_mazes::caption,
                    .draw_text = rooms_and_mazes::draw_text,
                    .question = rooms_and_mazes::question,
                    .stat_slots = rooms_and_mazes::kStatCount,
                    .stat_rows = rooms_and_mazes::stat_rows},
      .background = Tile::Wall,
      .body = rooms_and_mazes::body,
      .text_shows_labels = true,
      .line_settings = {{"--room-extra-size", "40", "--width", "21", "--height", "21"}},
      .promises = rooms_and_mazes::promises,
      .worst_case =
          "room_tries² / 2 overlap checks; C cells carved; per door opened, one pass "
          "over the connectors left (< C), one door per region joined (regions <= "
          "room_tries + C / 4); C log C cells recoloured; C dead-end cells filled",
      .bounded_by =
          "the schema (room_tries <= 5000) and the map: each odd cell starts at most "
          "one maze, and each door joins two or more regions into one",
      .range_x = "critical_path",
      .range_y = "room_loops",
  };
  return spec;
}

}  // namespace dungen
