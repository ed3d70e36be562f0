#include "core/grid.hpp"

#include "core/big_buffer.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace dungen {

Grid::Grid(int width, int height, Tile fill) : width_(width), height_(height) {
  if (width < 1 || height < 1 || width > kMaxMapSide || height > kMaxMapSide) {
    throw std::invalid_argument("map size " + std::to_string(width) + "x" + std::to_string(height) +
                                " is outside 1x1.." + std::to_string(kMaxMapSide) + "x" +
                                std::to_string(kMaxMapSide));
  }
  const std::size_t n = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  assign_big(tiles_, n, fill);
}

// Out of line: the first write of a layer is rare, and its allocation big.
void Grid::allocate(std::vector<Mark>& v, Mark fill) {
  assign_big(v, tiles_.size(), fill);
}
void Grid::allocate(std::vector<std::int32_t>& v, std::int32_t fill) {
  assign_big(v, tiles_.size(), fill);
}

static void check(const Grid& g, int x, int y) {
  if (!g.in_bounds(x, y)) {
    throw std::out_of_range("cell (" + std::to_string(x) + "," + std::to_string(y) +
                            ") is outside the " + std::to_string(g.width()) + "x" +
                            std::to_string(g.height()) + " map");
  }
}

Tile Grid::at(int x, int y) const {
  check(*this, x, y);
  return tiles_[index(x, y)];
}
std::int32_t Grid::label_at(int x, int y) const {
  check(*this, x, y);
  return label(index(x, y));
}
std::int32_t Grid::region_at(int x, int y) const {
  check(*this, x, y);
  return region(index(x, y));
}
Cell Grid::cell_at(int x, int y) const {
  check(*this, x, y);
  return cell(index(x, y));
}

void Grid::assign_regions(std::vector<std::int32_t> regions) {
  if (regions.size() != tiles_.size()) {
    throw std::invalid_argument("region layer size does not match the map");
  }
  regions_ = std::move(regions);
}

void Grid::clear_regions() {
  std::vector<std::int32_t>().swap(regions_);
}

namespace {

// Layers equal, an absent one (empty) standing for a layer of `fill`.
template <class T>
bool same_layer(const std::vector<T>& a, const std::vector<T>& b, T fill) {
  if (a.size() == b.size()) return a == b;
  const std::vector<T>& present = a.empty() ? b : a;
  return std::all_of(present.begin(), present.end(), [fill](T v) { return v == fill; });
}

}  // namespace

bool operator==(const Grid& a, const Grid& b) {
  return a.width_ == b.width_ && a.height_ == b.height_ && a.tiles_ == b.tiles_ &&
         same_layer(a.marks_, b.marks_, Mark::None) &&
         same_layer(a.labels_, b.labels_, std::int32_t{-1}) &&
         same_layer(a.regions_, b.regions_, std::int32_t{-1});
}

std::size_t Grid::count_walkable() const {
  std::size_t n = 0;
  for (Tile t : tiles_) n += is_walkable(t) ? 1 : 0;
  return n;
}

}  // namespace dungen
