#pragma once
// The walkable cells of a map as a graph, for the level analyses (distances, dead ends, loops,
// chokepoints): a cell is a node when its tile is walkable, and two cells are joined when they
// touch through an edge (connectivity 4) or through an edge or a corner (connectivity 8), the
// same rule as the flood fill's regions (analysis/regions.hpp).

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "core/big_buffer.hpp"
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

// Fills a padded layer (the map with a closed border one cell wide: (width + 2) x (height + 2)
// values, row by row) with `open` on walkable cells and `closed` on the rest and the border;
// returns how many cells are walkable. What the searches over whole maps (breadth_first.hpp,
// the chokepoints') keep their per-cell state in, so a step to a neighbour needs no bounds check.
template <class T>
std::size_t fill_padded(const Grid& g, T* layer, T open, T closed) {
  const auto w = static_cast<std::size_t>(g.width());
  const auto h = static_cast<std::size_t>(g.height());
  const std::size_t pw = w + 2;
  const auto* tiles = reinterpret_cast<const std::uint8_t*>(g.tiles().data());
  std::fill(layer, layer + pw, closed);
  std::fill(layer + (h + 1) * pw, layer + (h + 2) * pw, closed);
  std::size_t walkable = 0;
  for (std::size_t y = 0; y < h; ++y) {
    T* row = layer + (y + 1) * pw;
    const std::uint8_t* t = tiles + y * w;
    row[0] = row[w + 1] = closed;
    for (std::size_t x = 0; x < w; ++x) {
      const bool is_open = is_walkable(static_cast<Tile>(t[x]));
      row[x + 1] = is_open ? open : closed;
      walkable += is_open ? 1 : 0;
    }
  }
  return walkable;
}

// The walkable cells as bytes with a closed border one cell wide, so a step to a neighbour is an
// index offset with no bounds check: what the searches over a whole map (the farthest pair's,
// the loops', the chokepoints') walk. Neighbours in kDx/kDy's order.
class PaddedGrid {
 public:
  PaddedGrid(const Grid& g, int connectivity)
      : w_(static_cast<std::size_t>(g.width()) + 2),
        gw_(static_cast<std::size_t>(g.width())),
        gh_(static_cast<std::size_t>(g.height())),
        row_magic_(((std::uint64_t{1} << kRowShift) + w_ - 1) / w_),
        dirs_(connectivity) {
    check_connectivity(connectivity);
    resize_big(open_, w_ * (gh_ + 2));
    walkable_ = fill_padded<std::uint8_t>(g, open_.data(), 1, 0);
    const auto w = static_cast<std::ptrdiff_t>(w_);
    for (std::size_t d = 0; d < 8; ++d) step_[d] = kDy[d] * w + kDx[d];
  }
  std::size_t size() const { return open_.size(); }
  int dirs() const { return dirs_; }
  bool open(std::size_t p) const { return open_[p] != 0; }
  std::size_t walkable() const { return walkable_; }  // walkable cells
  std::size_t width() const { return gw_; }
  std::size_t height() const { return gh_; }
  // The padded index of the map's row y's first cell: row y's cells follow it in order.
  std::size_t row_start(std::size_t y) const { return (y + 1) * w_ + 1; }
  const std::uint8_t* data() const { return open_.data(); }
  std::size_t padded(std::size_t cell) const { return (cell / gw_ + 1) * w_ + cell % gw_ + 1; }
  // The map's cell at padded index p: the row by a multiply and a shift, not a division (the
  // searches convert millions of cells).
  std::size_t cell(std::size_t p) const {
    const std::size_t y = (static_cast<std::uint64_t>(p) * row_magic_) >> kRowShift;
    return (y - 1) * gw_ + (p - y * w_) - 1;
  }
  // The neighbour of padded cell p in direction d (0..7, kDx/kDy's order).
  std::size_t step(std::size_t p, int d) const {
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(p) +
                                    step_[static_cast<std::size_t>(d)]);
  }
  // Calls f(q) for each walkable neighbour q of padded cell p.
  template <class F>
  void for_each_open_neighbour(std::size_t p, F&& f) const {
    for (int d = 0; d < dirs_; ++d) {
      const std::size_t q = step(p, d);
      if (open_[q]) f(q);
    }
  }

 private:
  // A padded index is below 2^25 (4098 x 4098 cells) and a padded row below 2^13 cells, so
  // p / row == (p * ceil(2^38 / row)) >> 38 exactly: the rounding error, under row * p / 2^38,
  // stays below one row's share.
  static constexpr int kRowShift = 38;
  static_assert(static_cast<std::uint64_t>(kMaxMapSide + 2) * (kMaxMapSide + 2) < (1ull << 25) &&
                kMaxMapSide + 2 < (1 << 13));

  std::size_t w_, gw_, gh_;
  std::uint64_t row_magic_;
  std::size_t walkable_ = 0;
  std::vector<std::uint8_t> open_;
  std::array<std::ptrdiff_t, 8> step_{};
  int dirs_;
};

// How many walkable neighbours cell i has.
inline int walkable_neighbours(const Grid& g, std::size_t i, int connectivity) {
  int n = 0;
  for_each_walkable_neighbour(g, i, connectivity, [&](std::size_t) { ++n; });
  return n;
}

}  // namespace dungen::analysis
