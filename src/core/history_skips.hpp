#pragma once
// Skips: what lets a seek cross millions of steps without replaying them. Every kSkipSteps
// steps (or sooner, see kSkipMaxCells) the timeline packs a segment's net effect: each cell the
// segment changed, with its state at the segment's start and at its end (sorted by position as
// spans of consecutive cells, values run-length coded per layer, so applying one is mostly fills).
// Applying a skip forward or backward moves the map across the whole segment at the cost of one
// write per changed cell, however many steps and changes it took; a seek replays steps only to
// and from the nearest segment boundaries.

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

// Cells start .. start + length - 1: a segment's changed cells, sorted, come in such runs.
struct Span {
  std::uint32_t start = 0;
  std::uint32_t length = 0;
};

// Collects, while recording, each cell's state when the current segment first changed it.
class SkipBuilder {
 public:
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
  std::size_t cells() const { return first_.size(); }
  // Packs the segment that just ended (`grid` is the map at its end) and starts the next.
  std::vector<std::uint8_t> finish(const Grid& grid);
  std::size_t bytes() const {
    return seen_.capacity() * sizeof(std::uint64_t) +
           (first_.capacity() + spare_.capacity()) * sizeof(std::pair<std::uint32_t, Cell>) +
           spans_.capacity() * sizeof(Span);
  }

 private:
  std::vector<std::uint64_t> seen_;  // one bit per cell: changed in this segment
  std::vector<std::pair<std::uint32_t, Cell>> first_;
  std::vector<std::pair<std::uint32_t, Cell>> spare_;  // the radix sort's other buffer
  std::vector<Span> spans_;                            // finish's, kept for the next segment
  void sort_by_index();
};

// Moves the map across a packed segment: forward to its end state, backward to its start.
// Returns the lowest and highest index written (lo > hi when none).
std::pair<std::uint32_t, std::uint32_t> apply_skip(std::span<const std::uint8_t> skip, Grid& grid,
                                                   bool forward, std::vector<Span>& spans);

}  // namespace dungen::history
