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
// (the maps are the same bit for bit as before it was tuned): no division (the map's width is
// divided by a multiply), no branch on which neighbours are free, one growth Step per room
// updated in place, and a batch run writes tile and label without reading the cell first.
//
// Layout: each room with its bounding box and cell count (rectangular = false); the start is the
// first room's first cell.
//
// Steps: the bank (phase), the first start, then per room a header, its size drawn, its start
// cell and each cell it grows by (cell steps; a jump to a new piece is one), the boxed-in end
// (a cell step, only when it happens), the room added (feature), a merge (feature, mode 2) and
// the next start (cell).

#include "generators/room_accretion.hpp"

#include "core/big_buffer.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

namespace dungen {
namespace {

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

// Event fields: id is the room; `other` the size drawn unless said otherwise.
enum class Ev : EventKind {
  FirstStart = kFirstOwnEvent,  // at = the first room's start cell
  RoomBegun,                    // value = free cells in the bank
  SizeDrawn,                    // value = size
  StartTaken,                   // at = cell, value = 1 (cells so far)
  Grown,                        // at = cell, value = cells so far
  Jumped,                       // at = cell, value = cells so far, other = piece (0-based)
  BoxedIn,                      // value = cells, reason = BoxedReason
  RoomAdded,                    // value = cells, rect = bounds, reason = AddedBits
  Merged,                       // other = room joined, value = shared edges, rect = its bounds
  NextStart,                    // id = next room, other = room just done, at = cell, reason
};
// BoxedIn: why the room cannot grow.
enum BoxedReason : std::uint8_t { kNoFreeNeighbour = 1, kBankEmpty = 2 };
// RoomAdded: bits.
enum AddedBits : std::uint8_t { kWasBoxedIn = 1, kInPieces = 2 };
// NextStart: where the cell came from.
enum StartReason : std::uint8_t { kNextToRoom = 1, kRandomCell = 2 };

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

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  const std::string of_size = " of " + std::to_string(e.other) + ")";
  switch (e.kind) {
    case kEventBegin:
      return "every cell of the " + size_text(p.get_int("width"), p.get_int("height")) +
             " map goes in the bank: " + std::to_string(e.value) + " free cells";
    case kEventDone:
      return "done: the bank is empty and " + std::to_string(e.value) + " rooms tile the map";
    case event_kind(Ev::FirstStart):
      return "the first room will start at " + xy_text(e.at) + ", a random free cell";
    case event_kind(Ev::RoomBegun):
      return room(e.id) + ": the bank still has " + cells_text(e.value) + " free";
    case event_kind(Ev::SizeDrawn):
      return room(e.id) + " will grow to " + cells_text(e.value) + " (drawn in [" +
             std::to_string(p.get("room_min_size")) + ", " +
             std::to_string(p.get("room_max_size")) + "])";
    case event_kind(Ev::StartTaken):
      return room(e.id) + " starts at " + xy_text(e.at) + " (cell 1" + of_size;
    case event_kind(Ev::Grown):
      return room(e.id) + " takes " + xy_text(e.at) + " (cell " + std::to_string(e.value) + of_size;
    case event_kind(Ev::Jumped):
      return room(e.id) + " is boxed in, so it jumps to " + xy_text(e.at) +
             ", a random free cell, and goes on there as piece " + number_text(e.other);
    case event_kind(Ev::BoxedIn):
      return room(e.id) + " is boxed in (" +
             (e.reason == kBankEmpty ? "the bank is empty" : "no free cell touches it") +
             "): it ends at " + std::to_string(e.value) + " of " + cells_text(e.other);
    case event_kind(Ev::RoomAdded): {
      std::string out = room(e.id) + " added to the dungeon: " + cells_text(e.value) + " in a " +
                        size_text(e.rect.w, e.rect.h) + " box at " + xy_text({e.rect.x, e.rect.y});
      if (e.value < e.other) out += ", smaller than its size " + std::to_string(e.other);
      if (e.reason & kInPieces) out += ", in more than one piece";
      return out;
    }
    case event_kind(Ev::Merged):
      return room(e.id) + " is under room_min_size " + std::to_string(p.get("room_min_size")) +
             ": merged into " + room(e.other) + ", the room it touches most (" +
             std::to_string(e.value) + (e.value == 1 ? " edge)" : " edges)") + "; number " +
             number_text(e.id) + " is free again: the next room, if any, takes it";
    case event_kind(Ev::NextStart):
      if (e.reason == kNextToRoom) {
        return room(e.id) + " will start at " + xy_text(e.at) + ", a free cell next to " +
               room(e.other);
      }
      return room(e.id) + " will start at " + xy_text(e.at) +
             ", a random free cell: none touches the last room";
  }
  return "?";
}

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

// Free cells: a dense array for "a random free cell" and each cell's slot in it for O(1) removal.
// Uninitialised arrays rather than vectors: a vector would zero its 8 bytes per cell before the
// loop below writes them again (at 4096x4096 that is a 128 MB pass for nothing).
class CellBank {
 public:
  explicit CellBank(std::size_t n) : cells_(n), slot_(n), size_(n) {
    for (std::size_t i = 0; i < n; ++i) {
      cells_[i] = static_cast<std::uint32_t>(i);
      slot_[i] = static_cast<std::uint32_t>(i);
    }
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::size_t random_cell(Rng& rng) const {
    return cells_[rng.below(static_cast<std::uint32_t>(size_))];
  }
  void take(std::size_t cell) {
    const std::uint32_t s = slot_[cell];
    const std::uint32_t last = cells_[--size_];
    cells_[s] = last;
    slot_[last] = s;
  }

 private:
  BigArray<std::uint32_t> cells_;
  BigArray<std::uint32_t> slot_;
  std::size_t size_;
};

// Division and remainder by the map's width without a divide instruction (Lemire, Kaser and
// Kurz, "Faster remainder by direct computation", 2019): with m = ceil(2^64 / d), both are exact
// for every 32-bit numerator and divisor d >= 2 (maps are at least 4 wide). They run once or
// twice per cell taken.
__extension__ using U128 = unsigned __int128;  // gcc and clang; __extension__: not ISO C++
class WidthDivider {
 public:
  explicit WidthDivider(std::uint32_t d) : m_(UINT64_MAX / d + 1), d_(d) {}
  std::uint32_t div(std::uint32_t n) const {
    return static_cast<std::uint32_t>((static_cast<U128>(m_) * n) >> 64);
  }
  std::uint32_t mod(std::uint32_t n) const {
    const std::uint64_t low = m_ * n;
    return static_cast<std::uint32_t>((static_cast<U128>(low) * d_) >> 64);
  }

 private:
  std::uint64_t m_;
  std::uint32_t d_;
};

// No cell: what adjacent_free finds when no room cell has a free neighbour.
constexpr std::size_t kNoCell = SIZE_MAX;

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

StepGenerator room_accretion(StepContext& ctx, ParamValues p) {
  const int min_size = p.get_int("room_min_size");
  const int max_size = p.get_int("room_max_size");
  const auto mode = static_cast<BoxedInMode>(p.get("boxed_in"));
  const SizeBins bins(p);
  const Grid& grid = ctx.grid();
  Rng& rng = ctx.rng();
  Canvas& canvas = ctx.canvas();
  StatSheet& stats = ctx.stats();
  Layout& layout = ctx.layout();
  CellBank bank(grid.size());
  // Cells of the current room that may still have a free neighbour. A cell leaves the list only
  // when it is picked and found to have none, so each room's growth runs at most twice per cell
  // it takes (one pick that grows, at most one that prunes).
  std::vector<std::uint32_t> edge;
  // boxed_in 2: the current room's cells while it is under room_min_size (so it can be merged).
  std::vector<std::uint32_t> small_room;

  // The free 4-neighbours of cell i.
  // Rows are told apart by index alone and the column by a remainder without a division (maps
  // have at most 2^24 cells): this runs once or twice per cell taken, where a division shows.
  const std::size_t row = grid.index(0, 1);
  const std::size_t last_row = grid.size() - row;
  const auto width32 = static_cast<std::uint32_t>(grid.width());
  const WidthDivider by_width(width32);
  auto free_neighbours = [&](std::uint32_t i, std::array<std::size_t, 4>& out) {
    const std::uint32_t x = by_width.mod(i);
    // Without branches (which neighbour is free is a coin flip the predictor loses): each
    // candidate is written, and counted when free. A neighbour outside the map reads cell i
    // itself instead, a room cell, so it never counts.
    const Tile* tiles = grid.tiles().data();
    int n = 0;
    const auto consider = [&](std::size_t cell, bool inside) {
      out[static_cast<std::size_t>(n)] = cell;
      n += tiles[inside ? cell : i] == Tile::Empty;
    };
    consider(i - row, i >= row);
    consider(i + 1, x + 1 < width32);
    consider(i + row, i < last_row);
    consider(i - 1, x > 0);
    return n;
  };
  // A random free neighbour of a random room cell that has one, pruning the edge list on the
  // way; kNoCell when no room cell has a free neighbour. Notes how many room cells it picked.
  // (A plain index, not a std::optional: gcc returns an optional through memory and reads it
  // back wider than it wrote it, a store-forwarding stall once per cell.)
  auto adjacent_free = [&]() -> std::size_t {
    std::array<std::size_t, 4> around{};
    std::int64_t picks = 0;
    std::size_t found = kNoCell;
    while (!edge.empty() && found == kNoCell) {
      const std::uint32_t k = rng.below(static_cast<std::uint32_t>(edge.size()));
      ++picks;
      const int n = free_neighbours(edge[k], around);
      if (n > 0) {
        found = around[rng.below(static_cast<std::uint32_t>(n))];
      } else {
        edge[k] = edge.back();
        edge.pop_back();
      }
    }
    if (picks > 0) ctx.note_draw("picks", picks);
    return found;
  };
  auto random_free = [&]() {
    const std::size_t cell = bank.random_cell(rng);
    const Point c = grid.point(cell);
    ctx.note_draw("x", c.x);
    ctx.note_draw("y", c.y);
    return cell;
  };

  // The room being grown.
  int id = 0, cells = 0;
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  auto take = [&](std::size_t cell) {
    bank.take(cell);
    canvas.set_tile_label(cell, Tile::Floor, id);
    const auto cell32 = static_cast<std::uint32_t>(cell);
    edge.push_back(cell32);
    const std::uint32_t y = by_width.div(cell32);
    const Point c{static_cast<int>(cell32 - y * width32), static_cast<int>(y)};
    x0 = std::min(x0, c.x);
    y0 = std::min(y0, c.y);
    x1 = std::max(x1, c.x);
    y1 = std::max(y1, c.y);
    ++cells;
    if (mode == kMergeSmall && cells < min_size) small_room.push_back(cell32);
    return c;
  };

  const Step begin{.level = StepLevel::Phase,
                   .line = kFillBank,
                   .event = {.kind = kEventBegin, .value = static_cast<int>(bank.size())}};
  co_yield begin;

  std::size_t start = random_free();
  layout.start = grid.point(start);
  const Step first{.level = StepLevel::Cell,
                   .line = kFirstStart,
                   .event = {.kind = event_kind(Ev::FirstStart), .id = 0, .at = *layout.start},
                   .overlay = {{marker(Role::Cursor, *layout.start)}}};
  co_yield first;

  while (!bank.empty()) {
    id = static_cast<int>(layout.rooms.size());
    const Step header{
        .level = StepLevel::Cell,
        .line = kWhileBank,
        .event = {
            .kind = event_kind(Ev::RoomBegun), .id = id, .value = static_cast<int>(bank.size())}};
    co_yield header;

    const int size = ctx.draw_int("size", min_size, max_size);
    const Step sized{.level = StepLevel::Cell,
                     .line = kPickSize,
                     .event = {.kind = event_kind(Ev::SizeDrawn), .id = id, .value = size}};
    co_yield sized;

    edge.clear();
    small_room.clear();
    cells = 0;
    x0 = grid.width(), y0 = grid.height(), x1 = -1, y1 = -1;
    const Point at = take(start);
    const Step started{.level = StepLevel::Cell,
                       .line = kTakeStart,
                       .event = {.kind = event_kind(Ev::StartTaken),
                                 .id = id,
                                 .other = size,
                                 .value = 1,
                                 .at = at},
                       .overlay = {{marker(Role::Cursor, at)}}};
    co_yield started;

    // The seed's build(): grow next to the room until it has its size.
    bool boxed_in = false;
    int pieces = 1;
    // One step object for all of the room's growth steps, of which there is one per cell: only
    // the cell and the count change, so only they are written each time.
    Step grown{.level = StepLevel::Cell,
               .line = kGrow,
               .event = {.kind = event_kind(Ev::Grown), .id = id, .other = size},
               .overlay = {{marker(Role::Cursor, {})}}};
    while (cells < size) {
      const std::size_t next = bank.empty() ? kNoCell : adjacent_free();
      if (next != kNoCell) {
        const Point c = take(next);
        grown.event.value = cells;
        grown.event.at = c;
        grown.overlay.items[0].cells[0] = c;
        co_yield grown;
        continue;
      }
      boxed_in = true;
      if (mode == kContinue && !bank.empty()) {
        const Point c = take(random_free());
        const Step jumped{.level = StepLevel::Cell,
                          .line = kJump,
                          .event = {.kind = event_kind(Ev::Jumped),
                                    .id = id,
                                    .other = pieces++,
                                    .value = cells,
                                    .at = c},
                          .overlay = {{marker(Role::Cursor, c)}}};
        co_yield jumped;
        continue;
      }
      const Step ended{.level = StepLevel::Cell,
                       .line = kEndBoxedIn,
                       .event = {.kind = event_kind(Ev::BoxedIn),
                                 .reason = bank.empty() ? kBankEmpty : kNoFreeNeighbour,
                                 .id = id,
                                 .other = size,
                                 .value = cells}};
      co_yield ended;
      break;
    }

    const Rect box{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    layout.rooms.push_back({id, box, false, cells});
    stats.add(kRooms, 1);
    if (boxed_in) stats.add(kBoxedInRooms, 1);
    stats.add(kSizeBin0 + bins.of(cells), 1);
    const auto bits =
        static_cast<std::uint8_t>((boxed_in ? kWasBoxedIn : 0) | (pieces > 1 ? kInPieces : 0));
    const Step added{.level = StepLevel::Feature,
                     .line = kAddRoom,
                     .event = {.kind = event_kind(Ev::RoomAdded),
                               .reason = bits,
                               .id = id,
                               .other = size,
                               .value = cells,
                               .rect = box},
                     .overlay = {{dungen::box(Role::Finished, box)}}};
    co_yield added;

    if (mode == kMergeSmall && cells < min_size) {
      const auto [into, edges] = most_touching(grid, small_room, id);
      if (into >= 0) {
        for (const std::uint32_t i : small_room) canvas.set_label(i, into);
        Layout::Room& target = layout.rooms[static_cast<std::size_t>(into)];
        stats.add(kSizeBin0 + bins.of(target.cells), -1);
        target.cells += cells;
        target.bounds = bounds_union(target.bounds, box);
        stats.add(kSizeBin0 + bins.of(target.cells), 1);
        stats.add(kSizeBin0 + bins.of(cells), -1);
        stats.add(kBoxedInRooms, -1);
        stats.add(kRooms, -1);
        layout.rooms.pop_back();
        const Step merged{.level = StepLevel::Feature,
                          .line = kMerge,
                          .event = {.kind = event_kind(Ev::Merged),
                                    .id = id,
                                    .other = into,
                                    .value = edges,
                                    .rect = target.bounds},
                          .overlay = {{dungen::box(Role::Finished, target.bounds)}}};
        co_yield merged;
      }
    }

    if (bank.empty()) break;
    const std::size_t next = adjacent_free();
    start = next != kNoCell ? next : random_free();
    const Point s = grid.point(start);
    const Step next_start{.level = StepLevel::Cell,
                          .line = kNextStart,
                          .event = {.kind = event_kind(Ev::NextStart),
                                    .reason = next != kNoCell ? kNextToRoom : kRandomCell,
                                    .id = static_cast<int>(layout.rooms.size()),
                                    .other = id,
                                    .at = s},
                          .overlay = {{marker(Role::Cursor, s)}}};
    co_yield next_start;
  }

  const Step done{.level = StepLevel::Phase,
                  .line = kDone,
                  .event = {.kind = kEventDone, .value = static_cast<int>(layout.rooms.size())},
                  .last = true};
  co_yield done;
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
      .body = room_accretion,
      .text_shows_labels = true,
  };
  return spec;
}

}  // namespace dungen
