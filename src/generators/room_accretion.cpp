// Room accretion: rooms grown one cell at a time until they tile the map, as the room-accretion
// seed describes under "What Do We Want?".
//
// Every cell starts in a bank of free cells. A room starts on a cell, takes it from the bank, and
// grows to a size drawn uniform in [room_min_size, room_max_size]: each growth step takes a random
// free neighbour (4-neighbourhood) of a random room cell that still has one, which is the
// distribution of the seed's find_adjacent_cell (room cells in random order, the first one with a
// free neighbour). The next room starts on a free cell next to the room just finished (found the
// same way), or, when there is none, on any free cell. Rooms are made until the bank is empty, so
// they tile the map: every cell ends as floor labelled with its room's id, and the renderer draws
// a wall on every edge between different rooms (the text export prints each room's id).
//
// Deliberate differences from the seed:
// - A room with no free neighbour left before reaching its size (boxed in) ends there, smaller
//   than drawn. The seed's build() would instead fetch "any available cell" and keep adding it
//   to the same room, splitting the room into pieces; here no room is ever in two pieces.
// - The first room starts on a random cell, not (0, 0) (the seed allows either).
// - The bank is an array with swap removal and each room keeps a list of cells that may still
//   have free neighbours, pruned when picked: every cell taken costs O(1) work on average,
//   instead of the seed's scan of the whole room per cell (a set and random.sample).
//
// Layout: each room with its bounding box and cell count (rectangular = false); the start is the
// first room's first cell.
//
// Steps: every cell taken is a cell step (cursor on it); every room finished is a feature step,
// its event saying whether it was boxed in.

#include "generators/room_accretion.hpp"

#include <array>
#include <string>

namespace dungen {
namespace {

enum Line : int {
  kFillBank,
  kWhileBank,
  kStartRoom,
  kPickSize,
  kGrow,
  kBoxedIn,
  kNextStart,
  kDone,
};

constexpr std::array<std::string_view, 8> kPseudocode = {
    "put every cell in the bank of free cells",
    "while the bank is not empty:",
    "    start a room on the start cell (take it from the bank)",
    "    size = random in [room_min_size, room_max_size]",
    "    while the room is smaller than size: take a random free neighbour of a random room cell",
    "        if no room cell has a free neighbour: the room is boxed in, end it",
    "    next start = a free cell next to the room, else any free cell",
    "done",
};

// Free cells: a dense array for "a random free cell" and each cell's slot in it for O(1) removal.
class CellBank {
 public:
  explicit CellBank(std::size_t n) : cells_(n), slot_(n) {
    for (std::size_t i = 0; i < n; ++i) {
      cells_[i] = static_cast<std::uint32_t>(i);
      slot_[i] = static_cast<std::uint32_t>(i);
    }
  }
  bool empty() const { return cells_.empty(); }
  std::size_t random_cell(Rng& rng) const {
    return cells_[rng.below(static_cast<std::uint32_t>(cells_.size()))];
  }
  void take(std::size_t cell) {
    const std::uint32_t s = slot_[cell];
    const std::uint32_t last = cells_.back();
    cells_[s] = last;
    slot_[last] = s;
    cells_.pop_back();
  }

 private:
  std::vector<std::uint32_t> cells_;
  std::vector<std::uint32_t> slot_;
};

std::optional<std::string> check_room_accretion(const ParamValues& p) {
  const auto min_size = p.get("room_min_size");
  const auto max_size = p.get("room_max_size");
  if (min_size > max_size) {
    return "room_min_size " + std::to_string(min_size) + " is greater than room_max_size " +
           std::to_string(max_size);
  }
  const auto cells = p.get("width") * p.get("height");
  if (min_size > cells) {
    return "room_min_size " + std::to_string(min_size) + " does not fit the " +
           std::to_string(p.get("width")) + "x" + std::to_string(p.get("height")) +
           " map: allowed up to " + std::to_string(cells) + " cells";
  }
  return std::nullopt;
}

constexpr std::int64_t kMaxRoomCells = std::int64_t{kMaxMapSide} * kMaxMapSide;

const Schema& schema() {
  static const Schema s{
      {
          width_param(64),
          height_param(56),
          {"room_min_size", ParamKind::Int, 1, kMaxRoomCells, 50, "smallest room, in cells"},
          {"room_max_size", ParamKind::Int, 1, kMaxRoomCells, 150, "largest room, in cells"},
      },
      check_room_accretion,
  };
  return s;
}

StepGenerator room_accretion(StepContext& ctx, ParamValues p) {
  const int min_size = p.get_int("room_min_size");
  const int max_size = p.get_int("room_max_size");
  const Grid& grid = ctx.grid();
  const int map_w = grid.width();
  const int map_h = grid.height();
  Rng& rng = ctx.rng();
  Canvas& canvas = ctx.canvas();
  Layout& layout = ctx.layout();
  Counters counters;
  CellBank bank(grid.size());
  // Cells of the current room that may still have a free neighbour. A cell leaves the list only
  // when it is picked and found to have none, so each room's growth loop runs at most twice per
  // cell it takes (one pick that grows, at most one that prunes).
  std::vector<std::uint32_t> edge;

  // The free 4-neighbours of cell i.
  // Rows are told apart by index alone and the column by a 32-bit remainder (maps have at most
  // 2^24 cells): this runs once or twice per cell taken, where a 64-bit division shows.
  const std::size_t row = grid.index(0, 1);
  const std::size_t last_row = grid.size() - row;
  const auto width32 = static_cast<std::uint32_t>(map_w);
  auto free_neighbours = [&](std::uint32_t i, std::array<std::size_t, 4>& out) {
    const std::uint32_t x = i % width32;
    int n = 0;
    if (i >= row && grid.tile(i - row) == Tile::Empty) out[n++] = i - row;
    if (x + 1 < width32 && grid.tile(i + 1) == Tile::Empty) out[n++] = i + 1;
    if (i < last_row && grid.tile(i + row) == Tile::Empty) out[n++] = i + row;
    if (x > 0 && grid.tile(i - 1) == Tile::Empty) out[n++] = i - 1;
    return n;
  };
  // A random free neighbour of a random room cell that has one, pruning the edge list on the
  // way; nothing when no room cell has a free neighbour.
  auto adjacent_free = [&]() -> std::optional<std::size_t> {
    std::array<std::size_t, 4> around{};
    while (!edge.empty()) {
      const std::uint32_t k = rng.below(static_cast<std::uint32_t>(edge.size()));
      const int n = free_neighbours(edge[k], around);
      if (n > 0) return around[rng.below(static_cast<std::uint32_t>(n))];
      edge[k] = edge.back();
      edge.pop_back();
    }
    return std::nullopt;
  };

  std::size_t start = bank.random_cell(rng);
  layout.start = grid.point(start);
  for (int id = 0; !bank.empty(); ++id) {
    const int size = rng.uniform_int(min_size, max_size);
    edge.clear();
    int x0 = map_w, y0 = map_h, x1 = -1, y1 = -1;
    int cells = 0;
    // The seed's build(): take the cell, then look for the next one next to the room. When the
    // room has its size, that next cell is where the following room starts.
    std::optional<std::size_t> next = start;
    while (next && cells < size) {
      const std::size_t cell = *next;
      bank.take(cell);
      canvas.set_tile_label(cell, Tile::Floor, id);
      const auto cell32 = static_cast<std::uint32_t>(cell);
      edge.push_back(cell32);
      const Point c{static_cast<int>(cell32 % width32), static_cast<int>(cell32 / width32)};
      x0 = std::min(x0, c.x);
      y0 = std::min(y0, c.y);
      x1 = std::max(x1, c.x);
      y1 = std::max(y1, c.y);
      ++cells;
      ++counters.cells;
      const Step taken{StepLevel::Cell, cells == 1 ? kStartRoom : kGrow,
                       Event{EventKind::CellTaken, Reason::None, id, -1, cells, c, {}},
                       Overlay{{}, Verdict::None, {}, c}, counters};
      co_yield taken;
      next = adjacent_free();
    }
    const bool boxed_in = cells < size;
    const Rect bounds{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    layout.rooms.push_back({id, bounds, false, cells});
    ++counters.placed;
    const Step grown{StepLevel::Feature, boxed_in ? kBoxedIn : kNextStart,
                     Event{EventKind::RoomGrown,
                           boxed_in ? Reason::BoxedIn : Reason::None,
                           id,
                           size,
                           cells,
                           {},
                           bounds},
                     Overlay{bounds, Verdict::Accepted, {}, {}}, counters};
    co_yield grown;
    if (bank.empty()) break;
    start = next ? *next : bank.random_cell(rng);
  }

  const Step done{
      StepLevel::Phase,
      kDone,
      Event{EventKind::Done, Reason::None, -1, -1, static_cast<int>(layout.rooms.size()), {}, {}},
      Overlay{},
      counters,
      true};
  co_yield done;
}

}  // namespace

const GeneratorSpec& room_accretion_spec() {
  static const GeneratorSpec spec{
      "room-accretion",
      "rooms grown cell by cell until they tile the map (room accretion over a cell bank)",
      schema(),
      kPseudocode,
      Tile::Empty,
      room_accretion,
      /*text_shows_labels=*/true,
  };
  return spec;
}

}  // namespace dungen
