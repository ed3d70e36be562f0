// Room accretion: rooms grown one cell at a time until they tile the map, as the room-accretion
// seed describes under "What Do We Want?".
//
// Every cell starts in a bank of free cells, and the first room's start is a random one. Each
// room draws its size uniform in [room_min_size, room_max_size], takes its start cell from the
// bank, and grows: each growth step takes a random free neighbour (4-neighbourhood) of a random
// room cell that still has one, which is the distribution of the seed's find_adjacent_cell (room
// cells in random order, the first one with a free neighbour). The next room starts on a free
// cell next to the room just finished (found the same way), or, when there is none, on any free
// cell. Rooms are made until the bank is empty, so they tile the map: every cell ends as floor
// labelled with its room's id, and the renderer draws a wall on every edge between different
// rooms (the text export prints each room's id).
//
// A room is boxed in when no room cell has a free neighbour before it reaches its size. What it
// does then is the parameter boxed_in:
// - 0, end the room (the default, and this generator's behaviour before the parameter existed):
//   the room ends there, smaller than drawn, possibly under room_min_size.
// - 1, continue elsewhere (the seed's build()): the room goes on from a random free cell of the
//   bank, which touches none of its cells, until it has its size (or the bank is empty). Such a
//   room is in more than one piece; its layout entry has the bounding box of all its pieces.
// - 2, merge if small: a room that ended boxed in under room_min_size is merged into the room it
//   shares the most cell edges with (ties: the lowest id), which gets its cells, and its id is
//   reused by the next room, so ids stay dense. No room stays under room_min_size: the last room
//   is merged like any other. (A boxed-in room that touched no other room would stay, but that
//   is only the first room filling the whole map, which room_min_size <= the map's cells keeps
//   from being small.) Mode 2 makes the same draws as mode 0: its cells are mode 0's map with
//   small boxed-in rooms relabelled.
//
// Deliberate differences from the seed:
// - The default boxed_in 0 never splits a room; the seed's behaviour is boxed_in 1.
// - The first room starts on a random cell, not (0, 0) (the seed allows either).
// - Where the seed's code falls back to bank.available_cell() (a room boxed in mid-growth in
//   its build(), and a next start with no free cell next to the room), which is the first cell
//   of a Python set in its iteration order, arbitrary but not random, ours draws a random free
//   cell, as the seed's plan in prose says ("a random available cell").
// - The bank is an array with swap removal and each room keeps a list of cells that may still
//   have free neighbours, pruned when picked: every cell taken costs O(1) work on average,
//   instead of the seed's scan of the whole room per cell (a set and random.sample).
//
// Cost: a cell taken is a step, so the per-cell path is kept lean without changing a single draw
// (the maps are the same bit for bit as before it was tuned): the bank, the free neighbours and
// the room's edge list are generators/free_cells.hpp (no division, no branch on which neighbours
// are free), one growth Step per room is updated in place, and a batch run writes tile and label
// without reading the cell first.
//
// Layout: each room with its bounding box and cell count (rectangular = false); the start is the
// first room's first cell.
//
// Steps: the bank (phase), the first start, then per room a header, its size drawn, its start
// cell and each cell it grows by (cell steps; a jump to a new piece is one), the boxed-in end
// (a cell step, only when it happens), the room added (feature), a merge (feature, mode 2) and
// the next start (cell).
//
// How the file reads: the pseudocode, each kind of step's factory beside its words, then the
// algorithm: the body adds rooms until the bank is empty; its parts grow a room (grow_room, the
// seed's build()) and merge a small one (merge_small).

#include "generators/room_accretion.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "generators/free_cells.hpp"
#include "generators/map_promises.hpp"

namespace dungen {
namespace {

using namespace room_accretion;

enum Line : int {
  kFillBank,
  kFirstStart,
  kWhileBank,
  kPickSize,
  kTakeStart,
  kGrow,
  kJump,
  kEndBoxedIn,
  kAddRoom,
  kMerge,
  kNextStart,
  kDone,
  kLineCount,
};

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "put every cell in the bank of free cells",
    "start = a random free cell",
    "while the bank is not empty:",
    "    size = random in [room_min_size, room_max_size]",
    "    start a room: take the start cell from the bank",
    "    while the room is smaller than size: take a random free neighbour of a random room cell",
    "        if there is none, boxed_in = 1 and a cell is free: take a random one (new piece)",
    "        else if there is none: the room is boxed in and ends here, smaller than size (with "
    "boxed_in 0, the default, it stays so, even under room_min_size: one cell, at worst)",
    "    add the room to the dungeon",
    "    if boxed_in = 2 and it is under room_min_size: merge it into the room it touches most",
    "    next start = a free cell next to the room, else a random free cell",
    "done",
};
static_assert(kPseudocode.size() == kLineCount);

enum BoxedInMode : int { kEndRoom = 0, kContinue = 1, kMergeSmall = 2 };

// The size histogram: under room_min_size, three even bins of [room_min_size, room_max_size]
// (the first ones a cell wider when it does not divide by 3), over room_max_size (merged rooms).
constexpr std::size_t kBinCount = 5;
struct SizeBins {
  std::array<std::int64_t, kBinCount> first{};  // bin k holds first[k] .. first[k + 1] - 1
  explicit SizeBins(const ParamValues& p) {
    const std::int64_t lo = p.get("room_min_size");
    const std::int64_t hi = p.get("room_max_size");
    const std::int64_t span = hi - lo + 1;
    first = {1, lo, lo + (span + 2) / 3, lo + (2 * span + 2) / 3, hi + 1};
  }
  std::size_t of(std::int64_t cells) const {
    std::size_t k = kBinCount - 1;
    while (k > 0 && first[k] > cells) --k;
    return k;
  }
};

enum Stat : std::size_t { kRooms, kBoxedInRooms, kSizeBin0, kStatCount = kSizeBin0 + kBinCount };

std::string room(int id) {
  return "room " + number_text(id);
}
std::string cells_text(int n) {
  return std::to_string(n) + (n == 1 ? " cell" : " cells");
}

// ---- The steps: each kind's factory, then its words --------------------------------------------
// The body says `co_yield added_step(...)`; the fields a factory packs are the ones the words
// beside it read back (the field list is in room_accretion.hpp).

// A cell step that puts the cursor on the cell it is about.
Step cell_step(Line line, Event event) {
  return make_step(StepLevel::Cell, line, event, {{marker(Role::Cursor, event.at)}});
}

Step begin_step(std::size_t free_cells) {
  return make_step(StepLevel::Phase, kFillBank,
                   {.kind = kEventBegin, .value = static_cast<int>(free_cells)});
}
std::string begin_words(const Event& e, const ParamValues& p) {
  return "every cell of the " + size_text(p.get_int("width"), p.get_int("height")) +
         " map goes in the bank: " + std::to_string(e.value) + " free cells";
}

Step first_start_step(Point at) {
  return cell_step(kFirstStart, {.kind = event_kind(Ev::FirstStart), .id = 0, .at = at});
}
std::string first_start_words(const Event& e, const ParamValues&) {
  return "the first room will start at " + xy_text(e.at) + ", a random free cell";
}

Step room_begun_step(int id, std::size_t free_cells) {
  return make_step(
      StepLevel::Cell, kWhileBank,
      {.kind = event_kind(Ev::RoomBegun), .id = id, .value = static_cast<int>(free_cells)});
}
std::string room_begun_words(const Event& e, const ParamValues&) {
  return room(e.id) + ": the bank still has " + cells_text(e.value) + " free";
}

Step size_step(int id, int size) {
  return make_step(StepLevel::Cell, kPickSize,
                   {.kind = event_kind(Ev::SizeDrawn), .id = id, .value = size});
}
std::string size_words(const Event& e, const ParamValues& p) {
  return room(e.id) + " will grow to " + cells_text(e.value) + " (drawn in [" +
         std::to_string(p.get("room_min_size")) + ", " + std::to_string(p.get("room_max_size")) +
         "])";
}

Step start_taken_step(int id, int size, Point at) {
  return cell_step(
      kTakeStart,
      {.kind = event_kind(Ev::StartTaken), .id = id, .other = size, .value = 1, .at = at});
}
std::string start_taken_words(const Event& e, const ParamValues&) {
  return room(e.id) + " starts at " + xy_text(e.at) + " (cell 1 of " + std::to_string(e.other) +
         ")";
}

// One step serves all of a room's growth, one step per cell: grow_to moves it to the next cell
// (only the cell and the count change, so a cell step costs no allocation).
Step grown_step(int id, int size) {
  return cell_step(kGrow, {.kind = event_kind(Ev::Grown), .id = id, .other = size});
}
void grow_to(Step& grown, Point cell, int cells) {
  grown.event.value = cells;
  grown.event.at = cell;
  grown.overlay.items[0].cells[0] = cell;
}
std::string grown_words(const Event& e, const ParamValues&) {
  return room(e.id) + " takes " + xy_text(e.at) + " (cell " + std::to_string(e.value) + " of " +
         std::to_string(e.other) + ")";
}

// piece: the new piece's number (the room's first piece is 0).
Step jumped_step(int id, int piece, int cells, Point at) {
  return cell_step(
      kJump, {.kind = event_kind(Ev::Jumped), .id = id, .other = piece, .value = cells, .at = at});
}
std::string jumped_words(const Event& e, const ParamValues&) {
  return room(e.id) + " is boxed in, so it jumps to " + xy_text(e.at) +
         ", a random free cell, and goes on there as piece " + number_text(e.other);
}

Step boxed_in_step(int id, int size, int cells, BoxedReason why) {
  return make_step(
      StepLevel::Cell, kEndBoxedIn,
      {.kind = event_kind(Ev::BoxedIn), .reason = why, .id = id, .other = size, .value = cells});
}
std::string boxed_in_words(const Event& e, const ParamValues&) {
  return room(e.id) + " is boxed in (" +
         (e.reason == kBankEmpty ? "the bank is empty" : "no free cell touches it") +
         "): it ends at " + std::to_string(e.value) + " of " + cells_text(e.other);
}

Step added_step(int id, int size, int cells, const Rect& bounds, bool boxed_in, bool in_pieces) {
  const auto bits =
      static_cast<std::uint8_t>((boxed_in ? kWasBoxedIn : 0) | (in_pieces ? kInPieces : 0));
  return make_step(StepLevel::Feature, kAddRoom,
                   {.kind = event_kind(Ev::RoomAdded),
                    .reason = bits,
                    .id = id,
                    .other = size,
                    .value = cells,
                    .rect = bounds},
                   {{box(Role::Finished, bounds)}});
}
std::string added_words(const Event& e, const ParamValues&) {
  std::string out = room(e.id) + " added to the dungeon: " + cells_text(e.value) + " in a " +
                    size_text(e.rect.w, e.rect.h) + " box at " + xy_text({e.rect.x, e.rect.y});
  if (e.value < e.other) out += ", smaller than its size " + std::to_string(e.other);
  if (e.reason & kInPieces) out += ", in more than one piece";
  return out;
}

// into: the room it joins, whose bounds (with the small room's cells) are `bounds`.
Step merged_step(int id, int into, int edges, const Rect& bounds) {
  return make_step(
      StepLevel::Feature, kMerge,
      {.kind = event_kind(Ev::Merged), .id = id, .other = into, .value = edges, .rect = bounds},
      {{box(Role::Finished, bounds)}});
}
std::string merged_words(const Event& e, const ParamValues& p) {
  return room(e.id) + " is under room_min_size " + std::to_string(p.get("room_min_size")) +
         ": merged into " + room(e.other) + ", the room it touches most (" +
         std::to_string(e.value) + (e.value == 1 ? " edge)" : " edges)") + "; number " +
         number_text(e.id) + " is free again: the next room, if any, takes it";
}

// id: the next room; done: the room just finished.
Step next_start_step(int id, int done, Point at, StartReason where) {
  return cell_step(
      kNextStart,
      {.kind = event_kind(Ev::NextStart), .reason = where, .id = id, .other = done, .at = at});
}
std::string next_start_words(const Event& e, const ParamValues&) {
  if (e.reason == kNextToRoom) {
    return room(e.id) + " will start at " + xy_text(e.at) + ", a free cell next to " +
           room(e.other);
  }
  return room(e.id) + " will start at " + xy_text(e.at) +
         ", a random free cell: none touches the last room";
}

Step done_step(std::size_t rooms) {
  Step s =
      make_step(StepLevel::Phase, kDone, {.kind = kEventDone, .value = static_cast<int>(rooms)});
  s.last = true;
  return s;
}
std::string done_words(const Event& e, const ParamValues&) {
  return "done: the bank is empty and " + std::to_string(e.value) + " rooms tile the map";
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin:
      return begin_words(e, p);
    case event_kind(Ev::FirstStart):
      return first_start_words(e, p);
    case event_kind(Ev::RoomBegun):
      return room_begun_words(e, p);
    case event_kind(Ev::SizeDrawn):
      return size_words(e, p);
    case event_kind(Ev::StartTaken):
      return start_taken_words(e, p);
    case event_kind(Ev::Grown):
      return grown_words(e, p);
    case event_kind(Ev::Jumped):
      return jumped_words(e, p);
    case event_kind(Ev::BoxedIn):
      return boxed_in_words(e, p);
    case event_kind(Ev::RoomAdded):
      return added_words(e, p);
    case event_kind(Ev::Merged):
      return merged_words(e, p);
    case event_kind(Ev::NextStart):
      return next_start_words(e, p);
    case kEventDone:
      return done_words(e, p);
  }
  return "?";
}

// The few words drawn on the map beside the cell or room.
std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  switch (e.kind) {
    case event_kind(Ev::Jumped):
      return "new piece";
    case event_kind(Ev::BoxedIn):
      return "boxed in";
    case event_kind(Ev::RoomAdded):
      return room(e.id) + ": " + cells_text(e.value);
    case event_kind(Ev::Merged):
      return "into " + room(e.other);
  }
  return "";
}

// "picks" is a count, not a value drawn: how many room cells were drawn until one had a free
// neighbour (each one without was dropped from the room's edge list).
std::string draw_text(const Draw& d, const Step&, const ParamValues&) {
  if (d.name != "picks") return "";
  return "picks = " + std::to_string(d.value) + (d.value == 1 ? " room cell" : " room cells") +
         " drawn until one had a free neighbour";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues& p) {
  const auto n = [](std::int64_t x) { return std::to_string(x); };
  const SizeBins bins(p);
  std::vector<std::int64_t> hist(v.begin() + kSizeBin0, v.begin() + kSizeBin0 + kBinCount);
  std::string text;
  for (std::size_t k = 0; k < kBinCount; ++k) {
    const bool last = k + 1 == kBinCount;
    const std::int64_t lo = bins.first[k];
    const std::int64_t hi = last ? lo : bins.first[k + 1] - 1;
    if (hi < lo) continue;  // an empty range (nothing is under room_min_size 1)
    if (last && p.get("boxed_in") != kMergeSmall && hist[k] == 0) continue;  // only merges
    if (!text.empty()) text += " \u00b7 ";
    text += n(lo);
    if (last) {
      text += '+';
    } else if (hi > lo) {
      text += '-';
      text += n(hi);
    }
    text += ": ";
    text += n(hist[k]);
  }
  return {
      count_row("rooms", "rooms", v[kRooms]),
      count_row("boxed_in_rooms", "boxed in", v[kBoxedInRooms]),
      {"rooms_under_min_size", "under min size", n(hist[0]), hist[0]},
      {"size_histogram", "rooms by size", text, hist},
  };
}

constexpr std::int64_t kMaxRoomCells = std::int64_t{kMaxMapSide} * kMaxMapSide;

const Schema& schema() {
  static const Schema s{
      {
          width_param(64),
          height_param(56),
          {"room_min_size", ParamKind::Int, 1, kMaxRoomCells, 50,
           "smallest size a room aims for, in cells (its size is drawn in [room_min_size, "
           "room_max_size]). A room can still end smaller: with boxed_in 0 any room boxed in "
           "early (even at one cell); with 1 only the last room, when the bank runs out; with 2 "
           "none, as a room under it is merged into a neighbour"},
          {"room_max_size", ParamKind::Int, 1, kMaxRoomCells, 150,
           "largest size a room aims for, in cells. With boxed_in 0 and 1 no room ends larger; "
           "with 2 a room that small rooms were merged into can"},
          {.name = "boxed_in",
           .kind = ParamKind::Choice,
           .min = kEndRoom,
           .max = kMergeSmall,
           .def = kEndRoom,
           .help =
               "what a room does when it is boxed in (no free neighbour) before it has its size",
           .choices = {kEndRoom, kContinue, kMergeSmall},
           .choice_names = {"end the room", "continue elsewhere", "merge if small"}},
      },
      {
          {.param = "room_min_size", .bound = BoundKind::Param, .other = "room_max_size"},
          {.param = "room_min_size",
           .bound = BoundKind::Area,
           .why = "a room cannot have more cells than the map"},
      },
  };
  return s;
}

// ---- The algorithm ----------------------------------------------------------------------------

Rect bounds_union(const Rect& a, const Rect& b) {
  const int x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
  return {x0, y0, std::max(a.right(), b.right()) - x0, std::max(a.bottom(), b.bottom()) - y0};
}

// The room that shares the most cell edges with `cells` (all labelled `id`), ties to the lowest
// id, and how many edges; {-1, 0} when they touch no other room.
std::pair<int, int> most_touching(const Grid& grid, std::span<const std::uint32_t> cells, int id) {
  std::vector<std::pair<int, int>> shared;  // (room, edges): a small room has few neighbours
  for (const std::uint32_t i : cells) {
    const Point c = grid.point(i);
    for (const Point d : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
      const Point q{c.x + d.x, c.y + d.y};
      if (!grid.in_bounds(q)) continue;
      const int other = grid.label_at(q.x, q.y);
      if (other < 0 || other == id) continue;
      auto it =
          std::find_if(shared.begin(), shared.end(), [&](auto& s) { return s.first == other; });
      if (it == shared.end()) {
        shared.push_back({other, 1});
      } else {
        ++it->second;
      }
    }
  }
  std::pair<int, int> best{-1, 0};
  for (const auto& [other, edges] : shared) {
    if (edges > best.second || (edges == best.second && other < best.first)) best = {other, edges};
  }
  return best;
}

// What the parts of the body share: the settings, the bank of free cells and the room being
// grown.
struct Accretion {
  Accretion(const ParamValues& p, const Grid& grid)
      : min_size(p.get_int("room_min_size")),
        max_size(p.get_int("room_max_size")),
        mode(static_cast<BoxedInMode>(p.get("boxed_in"))),
        bins(p),
        bank(grid.size()),
        free(grid) {}

  int min_size, max_size;
  BoxedInMode mode;
  SizeBins bins;
  CellBank bank;
  FreeNeighbours free;
  // The current room's cells that may still have a free neighbour.
  GrowthEdge edge;
  // boxed_in 2: the current room's cells while it is under room_min_size (so it can be merged).
  std::vector<std::uint32_t> small_room;

  // The room being grown: its id, the size drawn, its cells so far and bounding box (x0, y0)..
  // (x1, y1), whether it was boxed in and how many pieces it has.
  int id = 0, size = 0, cells = 0;
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool boxed_in = false;
  int pieces = 1;

  void begin_room(int room_id, int room_size, const Grid& grid) {
    id = room_id;
    size = room_size;
    boxed_in = false;
    pieces = 1;
    edge.clear();
    small_room.clear();
    cells = 0;
    x0 = grid.width(), y0 = grid.height(), x1 = -1, y1 = -1;
  }
  Rect bounds() const { return {x0, y0, x1 - x0 + 1, y1 - y0 + 1}; }

  // Takes a free cell from the bank into the room.
  Point take(Canvas& canvas, std::size_t cell) {
    bank.take(cell);
    canvas.set_tile_label(cell, Tile::Floor, id);
    const auto cell32 = static_cast<std::uint32_t>(cell);
    edge.add(cell32);
    const Point c = free.point(cell32);
    x0 = std::min(x0, c.x);
    y0 = std::min(y0, c.y);
    x1 = std::max(x1, c.x);
    y1 = std::max(y1, c.y);
    ++cells;
    if (mode == kMergeSmall && cells < min_size) small_room.push_back(cell32);
    return c;
  }
};

// The seed's find_adjacent_cell: a random free neighbour of a random room cell that has one;
// kNoCell when no room cell has one. The step shows how many room cells it picked.
std::size_t adjacent_free(StepContext& ctx, Accretion& a) {
  std::int64_t picks = 0;
  const std::size_t cell = a.edge.random_free_neighbour(ctx.rng(), a.free, picks);
  if (picks > 0) ctx.note_draw("picks", picks);
  return cell;
}

// A random free cell from the bank, its x and y shown as the step's draws.
std::size_t random_free(StepContext& ctx, Accretion& a) {
  const std::size_t cell = a.bank.random_cell(ctx.rng());
  const Point c = ctx.grid().point(cell);
  ctx.note_draw("x", c.x);
  ctx.note_draw("y", c.y);
  return cell;
}

// The seed's build(): a room of a drawn size grown from `start`, one cell at a time, until it has
// its size or is boxed in (then, with boxed_in 1, it goes on from a random free cell). The room's
// size, cells, bounds, pieces and whether it was boxed in are left in `a`.
StepGenerator grow_room(StepContext& ctx, Accretion& a, int id, std::size_t start) {
  co_yield room_begun_step(id, a.bank.size());
  const int size = ctx.draw_int("size", a.min_size, a.max_size);
  co_yield size_step(id, size);

  a.begin_room(id, size, ctx.grid());
  const Point at = a.take(ctx.canvas(), start);
  co_yield start_taken_step(id, size, at);

  Step grown = grown_step(id, size);
  while (a.cells < size) {
    const std::size_t next = a.bank.empty() ? kNoCell : adjacent_free(ctx, a);
    if (next != kNoCell) {
      const Point c = a.take(ctx.canvas(), next);
      grow_to(grown, c, a.cells);
      co_yield grown;
      continue;
    }
    a.boxed_in = true;
    if (a.mode == kContinue && !a.bank.empty()) {
      const Point c = a.take(ctx.canvas(), random_free(ctx, a));
      co_yield jumped_step(id, a.pieces++, a.cells, c);
      continue;
    }
    co_yield boxed_in_step(id, size, a.cells, a.bank.empty() ? kBankEmpty : kNoFreeNeighbour);
    break;
  }
}

// boxed_in 2: the room just added, under room_min_size, goes into the room it touches most,
// which gets its cells; its id is free again. (A room that touches none stays.)
StepGenerator merge_small(StepContext& ctx, Accretion& a) {
  const auto [into, edges] = most_touching(ctx.grid(), a.small_room, a.id);
  if (into < 0) co_return;
  StatSheet& stats = ctx.stats();
  for (const std::uint32_t i : a.small_room) ctx.canvas().set_label(i, into);
  Layout::Room& target = ctx.layout().rooms[static_cast<std::size_t>(into)];
  stats.add(kSizeBin0 + a.bins.of(target.cells), -1);
  target.cells += a.cells;
  target.bounds = bounds_union(target.bounds, a.bounds());
  stats.add(kSizeBin0 + a.bins.of(target.cells), 1);
  stats.add(kSizeBin0 + a.bins.of(a.cells), -1);
  stats.add(kBoxedInRooms, -1);
  stats.add(kRooms, -1);
  ctx.layout().rooms.pop_back();
  co_yield merged_step(a.id, into, edges, target.bounds);
}

// The body: rooms grown from the bank until it is empty, each added to the dungeon (and with
// boxed_in 2 merged when small), the next one started beside the last.
StepGenerator body(StepContext& ctx, ParamValues p) {
  const Grid& grid = ctx.grid();
  StatSheet& stats = ctx.stats();
  Layout& layout = ctx.layout();
  Accretion a(p, grid);

  co_yield begin_step(a.bank.size());
  std::size_t start = random_free(ctx, a);
  layout.start = grid.point(start);
  co_yield first_start_step(*layout.start);

  while (!a.bank.empty()) {
    const int id = static_cast<int>(layout.rooms.size());
    co_yield grow_room(ctx, a, id, start);

    const Rect bounds = a.bounds();
    layout.rooms.push_back({id, bounds, false, a.cells});
    stats.add(kRooms, 1);
    if (a.boxed_in) stats.add(kBoxedInRooms, 1);
    stats.add(kSizeBin0 + a.bins.of(a.cells), 1);
    co_yield added_step(id, a.size, a.cells, bounds, a.boxed_in, a.pieces > 1);
    if (a.mode == kMergeSmall && a.cells < a.min_size) co_yield merge_small(ctx, a);

    if (a.bank.empty()) break;
    const std::size_t next = adjacent_free(ctx, a);
    start = next != kNoCell ? next : random_free(ctx, a);
    co_yield next_start_step(static_cast<int>(layout.rooms.size()), id, grid.point(start),
                             next != kNoCell ? kNextToRoom : kRandomCell);
  }
  co_yield done_step(layout.rooms.size());
}

// What every finished map promises, whatever the parameters (the random sweep checks them).
void promises(MapPromises& map) {
  const Grid& g = map.grid();
  map.only_tiles({Tile::Floor});
  // The rooms tile the map: every cell labelled with a listed room, the counts add up.
  std::int64_t cells = 0;
  std::vector<bool> listed;
  bool unique = true, sizes_kept = true;
  const bool merging = map.param("boxed_in") == kMergeSmall;
  const std::int64_t least =
      std::min(map.param("room_min_size"), static_cast<std::int64_t>(g.size()));
  for (const Layout::Room& r : map.layout().rooms) {
    cells += r.cells;
    const auto id = static_cast<std::size_t>(r.id);
    if (id >= listed.size()) listed.resize(id + 1, false);
    unique = unique && !listed[id];
    listed[id] = true;
    // Merging never leaves a small room (a merged room may pass room_max_size).
    sizes_kept = sizes_kept && (merging ? r.cells >= least : r.cells <= map.param("room_max_size"));
  }
  map.expect(unique, "no two rooms share an id");
  map.expect(sizes_kept, merging ? "with boxed_in 2, no room under room_min_size (or the map)"
                                 : "no room over room_max_size");
  map.expect(cells == static_cast<std::int64_t>(g.size()), "the rooms' cells add up to the map's");
  bool labelled = true;
  for (std::size_t i = 0; i < g.size() && labelled; ++i) {
    const int label = g.label(i);
    labelled = label >= 0 && static_cast<std::size_t>(label) < listed.size() &&
               listed[static_cast<std::size_t>(label)];
  }
  map.expect(labelled, "every cell is labelled with a listed room");
}

}  // namespace

const GeneratorSpec& room_accretion_spec() {
  static const GeneratorSpec spec{
      .name = "room-accretion",
      .summary =
          "rooms grown cell by cell until they tile the map (room accretion over a cell bank)",
      .schema = schema(),
      .narration = {.pseudocode = kPseudocode,
                    .words = words,
                    .caption = caption,
                    .draw_text = draw_text,
                    .stat_slots = kStatCount,
                    .stat_rows = stat_rows},
      .background = Tile::Empty,
      .body = body,
      .text_shows_labels = true,
      .line_settings = {{"--boxed-in", "1"}, {"--boxed-in", "2"}},
      .promises = promises,
      .worst_case = "about 3 C (each cell taken once, picked at most twice) + C for merges",
      .bounded_by = "the map",
      .range_x = "stat.rooms",
      .range_y = "room_loops",
  };
  return spec;
}

}  // namespace dungen
