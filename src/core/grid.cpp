#include "core/grid.hpp"

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
  tiles_.assign(n, fill);
  marks_.assign(n, Mark::None);
  labels_.assign(n, -1);
  regions_.assign(n, -1);
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
  return labels_[index(x, y)];
}
std::int32_t Grid::region_at(int x, int y) const {
  check(*this, x, y);
  return regions_[index(x, y)];
}
Cell Grid::cell_at(int x, int y) const {
  check(*this, x, y);
  return cell(index(x, y));
}

void Grid::assign_regions(std::vector<std::int32_t> regions) {
  if (regions.size() != regions_.size()) {
    throw std::invalid_argument("region layer size does not match the map");
  }
  regions_ = std::move(regions);
}

void Grid::clear_regions() {
  regions_.assign(regions_.size(), -1);
}

std::size_t Grid::count_walkable() const {
  std::size_t n = 0;
  for (Tile t : tiles_) n += is_walkable(t) ? 1 : 0;
  return n;
}

}  // namespace dungen
