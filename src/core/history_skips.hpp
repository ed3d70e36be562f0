#pragma once
// Skips: what lets a seek cross millions of steps without replaying them. Every kSkipSteps
// steps the timeline packs a segment's net effect: each cell the segment changed, with its state
// at the segment's start and at its end (sorted by position, values run-length coded per layer).
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
inline constexpr std::uint64_t kSkipSteps = std::uint64_t{1} << 16;

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
  // Packs the segment that just ended (`grid` is the map at its end) and starts the next.
  std::vector<std::uint8_t> finish(const Grid& grid);
  std::size_t bytes() const {
    return seen_.capacity() * sizeof(std::uint64_t) +
           first_.capacity() * sizeof(std::pair<std::uint32_t, Cell>);
  }

 private:
  std::vector<std::uint64_t> seen_;  // one bit per cell: changed in this segment
  std::vector<std::pair<std::uint32_t, Cell>> first_;
};

// Moves the map across a packed segment: forward to its end state, backward to its start.
// Returns the lowest and highest index written (lo > hi when none).
std::pair<std::uint32_t, std::uint32_t> apply_skip(std::span<const std::uint8_t> skip, Grid& grid,
                                                   bool forward,
                                                   std::vector<std::uint32_t>& scratch);

}  // namespace dungen::history
