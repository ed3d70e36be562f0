#pragma once
// Breadth-first searches over one map's walkable cells, again and again (the distance map's one,
// the farthest pair's several): the fast path the level analyses share.
//
// A search walks a padded layer of bytes (a closed border one cell wide; 1 on a walkable cell not
// reached yet), so one load says "walkable and not reached yet" and a step to a neighbour is an
// index offset with no bounds check. It takes the cells ring by ring (every cell of distance d
// before any of d + 1), each cell once; the queue is its order and the rings' starts in it give
// every cell's distance, written out afterwards: the search itself touches a quarter of the
// memory a layer of distances would.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "analysis/walkable_graph.hpp"
#include "core/grid.hpp"

namespace dungen::analysis {

class BreadthFirst {
 public:
  // connectivity 4 or 8 (throws std::invalid_argument otherwise). With `padded_distances`, each
  // search also leaves its distances in a padded layer, for distance_padded() and walk_back().
  BreadthFirst(const Grid& g, int connectivity, bool padded_distances);

  // Searches from `cell` (walkable; not checked here); the farthest distance reached.
  std::int32_t search(std::size_t cell);

  // The last search's cells as padded indices, in the order taken.
  std::span<const std::uint32_t> taken() const { return {queue_.data(), taken_}; }
  // The first cell taken at the last search's farthest distance (a cell of the map).
  std::size_t farthest() const { return cell(queue_[ring_start_.back()]); }
  // The last search's distance of padded cell p (negative where it was not reached).
  std::int32_t distance_padded(std::size_t p) const { return dist_[p]; }

  std::size_t padded(std::size_t cell) const { return grid_.padded(cell); }
  std::size_t cell(std::size_t p) const { return grid_.cell(p); }

  // The cell the last search started from.
  std::size_t last_start() const { return cell(queue_[0]); }
  // The walk from `to` towards the last search's start (`to` first), `steps` steps or until the
  // start, each step to the first neighbour one nearer (kDx/kDy's order): path_to's rule.
  // Needs padded_distances.
  std::vector<std::size_t> walk_back(std::size_t to, std::int32_t steps) const;

  // The last search's distances as the map's layer (kUnreached where not reached), and its cells
  // in the order taken, as cells of the map.
  void distances(std::vector<std::int32_t>& out) const;
  void taken_cells(std::vector<std::uint32_t>& out) const;
  // The last search's cells as padded indices, in row-major order.
  void reached_in_row_order(std::vector<std::uint32_t>& out) const;

 private:
  template <int Dirs>
  void search_from(std::size_t p);
  // Calls f(ring, padded cell) for each cell the last search took, in order.
  template <class F>
  void for_each_taken(F&& f) const;

  PaddedGrid grid_;                    // the walkable cells, as a byte layer
  std::vector<std::uint8_t> waiting_;  // 1: walkable and not reached by this search
  std::vector<std::int32_t> dist_;     // with padded_distances only
  std::vector<std::uint32_t> queue_;
  std::size_t taken_ = 0;
  std::vector<std::size_t> ring_start_;  // where each ring starts in the queue
};

}  // namespace dungen::analysis
