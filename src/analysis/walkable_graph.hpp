#pragma once
// The walkable cells of a map as a graph, for the level analyses (distances, dead ends, loops,
// chokepoints): a cell is a node when its tile is walkable, and two cells are joined when they
// touch through an edge (connectivity 4) or through an edge or a corner (connectivity 8), the
// same rule as the flood fill's regions (analysis/regions.hpp).

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "core/grid.hpp"
#include "core/tile.hpp"

namespace dungen::analysis {

// The neighbours' offsets: the four edges first (N, E, S, W), then the corners.
inline constexpr std::array<int, 8> kDx = {0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr std::array<int, 8> kDy = {-1, 0, 1, 0, -1, 1, 1, -1};

inline void check_connectivity(int connectivity) {
  if (connectivity != 4 && connectivity != 8) {
    throw std::invalid_argument("connectivity must be 4 or 8");
  }
}

// Calls f(j) for each walkable neighbour j of cell i, in the order of kDx/kDy.
template <class F>
void for_each_walkable_neighbour(const Grid& g, std::size_t i, int connectivity, F&& f) {
  const Point p = g.point(i);
  for (int d = 0; d < connectivity; ++d) {
    const int x = p.x + kDx[static_cast<std::size_t>(d)];
    const int y = p.y + kDy[static_cast<std::size_t>(d)];
    if (!g.in_bounds(x, y)) continue;
    const std::size_t j = g.index(x, y);
    if (is_walkable(g.tile(j))) f(j);
  }
}

// How many walkable neighbours cell i has.
inline int walkable_neighbours(const Grid& g, std::size_t i, int connectivity) {
  int n = 0;
  for_each_walkable_neighbour(g, i, connectivity, [&](std::size_t) { ++n; });
  return n;
}

}  // namespace dungen::analysis
