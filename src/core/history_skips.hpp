#pragma once
// Skips: what lets a seek cross millions of steps without replaying them. Every kSkipSteps
// steps (or sooner, see kSkipMaxCells) the timeline packs a segment's net effect: each cell the
// segment changed, with its state at the segment's start and at its end (sorted by position as
// spans of consecutive cells, values run-length coded per layer, so applying one is mostly fills).
// Applying a skip forward or backward moves the map across the whole segment at the cost of one
// write per changed cell, however many steps and changes it took; a seek replays steps only to
// and from the nearest segment boundaries.
//
// Every kSkipGroup segments also make a group skip: the net effect of the whole group, built from
// its segments' changed cells as each ends (no extra work per change). A far seek crosses groups,
// not segments: where a flood fill's segments each touch a thin band of every row (a cache line
// a row for a few cells), a group's band is wide, so the same cells cost far fewer memory lines.

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/canvas.hpp"
#include "core/grid.hpp"

namespace dungen::history {

// Steps per segment: a seek replays at most half of one at each end.
inline constexpr std::uint64_t kSkipSteps = std::uint64_t{1} << 14;

// A segment may also end early, once it has changed this many cells: the builder's scratch
// (16 bytes a cell) stays small even where every step changes a whole row of a 4096-wide map.
inline constexpr std::size_t kSkipMaxCells = std::size_t{1} << 18;

// Segments per group skip.
inline constexpr std::size_t kSkipGroup = 16;

// A group that changes more cells than this gets no group skip (seeks cross its segments one by
// one): the builder's scratch stays within 16 bytes times this. A flood fill's group changes at
// most two cells a step (2^19 for 16 segments of 2^14 steps); a cave pass changes whole rows, and
// its segments are already few.
inline constexpr std::size_t kGroupMaxCells = std::size_t{1} << 19;

// How a timeline cuts its history into skips (tests make everything small, to cross many).
struct SkipShape {
  std::uint64_t steps = kSkipSteps;
  std::size_t max_cells = kSkipMaxCells;
  std::size_t group = kSkipGroup;
  std::size_t group_max_cells = kGroupMaxCells;
};

// Cells start .. start + length - 1: a segment's changed cells, sorted, come in such runs.
struct Span {
  std::uint32_t start = 0;
  std::uint32_t length = 0;
};

// A cell and its state when a segment (or group) first changed it.
using FirstState = std::pair<std::uint32_t, Cell>;

// Collects each cell's state when the current segment first changed it: from every step's
// changes while recording (a segment's builder), or from each finished segment's cells (a
// group's builder).
class SkipBuilder {
 public:
  // max_cells: a builder given more cells than this overflows (absorb): it drops what it has and
  // its skip is none. A segment's builder is not capped (the timeline ends the segment early).
  explicit SkipBuilder(std::size_t max_cells = SIZE_MAX) : max_cells_(max_cells) {}

  void note(std::span<const CellChange> changes, std::size_t cells) {
    if (seen_.empty() && !changes.empty()) seen_.assign((cells + 63) / 64, 0);
    for (const CellChange& c : changes) {
      std::uint64_t& word = seen_[c.index >> 6];
      const std::uint64_t bit = std::uint64_t{1} << (c.index & 63u);
      if (word & bit) continue;
      word |= bit;
      first_.push_back({c.index, c.before});
    }
  }
  // The cells of a segment that just ended (see finish), for the group it belongs to.
  void absorb(std::span<const FirstState> cells, std::size_t grid_cells);
  // Overflows now: the skip being built will be none.
  void give_up();
  std::size_t cells() const { return first_.size(); }
  // Packs the segment that just ended (`grid` is the map at its end) and starts the next; an
  // overflowed builder's skip is empty (none). The cells it packs are handed to `group` first.
  std::vector<std::uint8_t> finish(const Grid& grid, SkipBuilder* group = nullptr);
  // Gives back the scratch memory (when the run is over).
  void release();
  std::size_t bytes() const {
    return seen_.capacity() * sizeof(std::uint64_t) +
           (first_.capacity() + spare_.capacity()) * sizeof(FirstState) +
           spans_.capacity() * sizeof(Span);
  }

 private:
  std::size_t max_cells_;
  bool overflowed_ = false;
  std::vector<std::uint64_t> seen_;  // one bit per cell: changed in this segment
  std::vector<FirstState> first_;
  std::vector<FirstState> spare_;  // the radix sort's other buffer
  std::vector<Span> spans_;        // finish's, kept for the next segment
  void sort_by_index();
  void clear_seen();
};

// A cell's layers, as a skip's observer is told of them.
enum class CellLayer : std::uint8_t { Tile, Mark, Label, Region };

// Told, run by run, what a skip does to the cells' values, for tallies kept beside the map
// (walkable cells, region sizes): `cells` cells leave a layer's `value`, or take it.
class RunObserver {
 public:
  virtual void run(CellLayer layer, std::int64_t value, std::uint64_t cells, bool taken) = 0;

 protected:
  ~RunObserver() = default;
};

// Moves the map across a packed segment: forward to its end state, backward to its start.
// Returns the lowest and highest index written (lo > hi when none).
std::pair<std::uint32_t, std::uint32_t> apply_skip(std::span<const std::uint8_t> skip, Grid& grid,
                                                   bool forward, std::vector<Span>& spans,
                                                   RunObserver* observer = nullptr);

}  // namespace dungen::history
