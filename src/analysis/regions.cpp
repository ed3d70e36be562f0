#include "analysis/regions.hpp"

#include <algorithm>
#include <stdexcept>

namespace dungen {

const Schema& region_schema() {
  static const Schema s{{
      {"connectivity",
       ParamKind::Choice,
       4,
       8,
       8,
       "4: regions join through edges only; 8: through corners too (the series walks 8 ways)",
       {4, 8}},
  }};
  return s;
}

char region_glyph(std::int64_t n) {
  static constexpr std::string_view kGlyphs =
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  if (n < 0 || n >= static_cast<std::int64_t>(kGlyphs.size())) return kRegionGlyphOverflow;
  return kGlyphs[static_cast<std::size_t>(n)];
}

RegionMap label_regions(const Grid& grid, int connectivity) {
  if (connectivity != 4 && connectivity != 8) {
    throw std::invalid_argument("connectivity must be 4 or 8");
  }
  RegionMap out;
  out.connectivity = connectivity;
  out.labels.assign(grid.size(), -1);
  const int w = grid.width();
  const int h = grid.height();
  const auto& tiles = grid.tiles();
  std::vector<std::uint32_t> stack;
  for (std::size_t start = 0; start < grid.size(); ++start) {
    if (out.labels[start] >= 0 || !is_walkable(tiles[start])) continue;
    const auto id = static_cast<std::int32_t>(out.sizes.size());
    int size = 0;
    out.labels[start] = id;
    stack.push_back(static_cast<std::uint32_t>(start));
    while (!stack.empty()) {
      const std::uint32_t i = stack.back();
      stack.pop_back();
      ++size;
      const int x = static_cast<int>(i % static_cast<std::uint32_t>(w));
      const int y = static_cast<int>(i / static_cast<std::uint32_t>(w));
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          if ((dx == 0 && dy == 0) || (connectivity == 4 && dx != 0 && dy != 0)) continue;
          const int nx = x + dx, ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const std::size_t n = grid.index(nx, ny);
          if (out.labels[n] >= 0 || !is_walkable(tiles[n])) continue;
          out.labels[n] = id;
          stack.push_back(static_cast<std::uint32_t>(n));
        }
      }
    }
    out.sizes.push_back(size);
  }
  return out;
}

RegionSummary summarize(const RegionMap& regions) {
  RegionSummary s;
  s.connectivity = regions.connectivity;
  s.count = regions.count();
  s.sizes_desc = regions.sizes;
  std::sort(s.sizes_desc.begin(), s.sizes_desc.end(), std::greater<>());
  long long total = 0;
  for (int n : s.sizes_desc) total += n;
  s.largest_fraction =
      total > 0 ? static_cast<double>(s.sizes_desc.front()) / static_cast<double>(total) : 0.0;
  return s;
}

}  // namespace dungen
