#pragma once
// Breadth-first searches over one map's walkable cells, again and again (the distance map's one,
// the farthest pair's several): the fast path the level analyses share.
//
// Each cell's distance lives in one padded layer: a closed border one cell wide, and walls held
// below every distance (kWallDistance), so one compare says "walkable and not reached yet" and a
// step to a neighbour is an index offset with no bounds check. A search takes the cells ring by
// ring (every cell of distance d before any of d + 1), each cell once; the queue is its order.
// The next search clears only the cells the last one reached.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/big_buffer.hpp"
#include "core/grid.hpp"

namespace dungen::analysis {

class BreadthFirst {
 public:
  // connectivity 4 or 8 (throws std::invalid_argument otherwise).
  BreadthFirst(const Grid& g, int connectivity);

  // Searches from `cell` (walkable; not checked here); the farthest distance reached.
  std::int32_t search(std::size_t cell);

  // The last search's cells as padded indices, in the order taken.
  std::span<const std::uint32_t> taken() const { return {queue_.data(), taken_}; }
  // The first cell taken at the last search's farthest distance (a cell of the map).
  std::size_t farthest() const { return cell(queue_[last_ring_]); }
  // The last search's distance of padded cell p (negative where it was not reached).
  std::int32_t distance_padded(std::size_t p) const { return dist_[p]; }

  std::size_t padded(std::size_t cell) const { return (cell / w_ + 1) * pw_ + cell % w_ + 1; }
  std::size_t cell(std::size_t p) const;

  // The cell `steps` steps back from `to` towards the last search's start, each step to the first
  // neighbour one nearer (kDx/kDy's order).
  std::size_t back_from(std::size_t to, std::int32_t steps) const;

  // The last search's distances as the map's layer (kUnreached where not reached), and its cells
  // in the order taken, as cells of the map.
  void distances(std::vector<std::int32_t>& out) const;
  void taken_cells(std::vector<std::uint32_t>& out) const;
  // The last search's cells as padded indices, in row-major order.
  void reached_in_row_order(std::vector<std::uint32_t>& out) const;

 private:
  template <int Dirs>
  std::int32_t search_from(std::size_t p);

  std::size_t w_, h_, pw_, size_;
  int dirs_;
  std::array<std::ptrdiff_t, 8> step_{};
  std::uint64_t row_magic_;  // cell(): a padded index's row by a multiply and a shift
  BigArray<std::int32_t> dist_;
  std::vector<std::uint32_t> queue_;
  std::size_t taken_ = 0;
  std::size_t last_ring_ = 0;  // where the last ring starts in the queue
};

}  // namespace dungen::analysis
