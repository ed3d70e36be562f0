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

namespace {

// A maximal horizontal stretch of walkable cells in one row: columns [x0, x1).
struct Run {
  std::uint32_t x0;
  std::uint32_t x1;
};

// Union-find over runs. Every union keeps the smaller index as the root, so a region's root is
// its first run in row-major order, which holds the region's first cell.
std::uint32_t find_root(std::vector<std::uint32_t>& parent, std::uint32_t r) {
  while (parent[r] != r) {
    parent[r] = parent[parent[r]];  // path halving
    r = parent[r];
  }
  return r;
}

void unite(std::vector<std::uint32_t>& parent, std::uint32_t a, std::uint32_t b) {
  a = find_root(parent, a);
  b = find_root(parent, b);
  if (a < b) {
    parent[b] = a;
  } else if (b < a) {
    parent[a] = b;
  }
}

bool walkable_byte(std::uint8_t t) {
  return static_cast<std::uint8_t>(t - static_cast<std::uint8_t>(Tile::Floor)) <= 2;
}
static_assert(static_cast<int>(Tile::Corridor) == static_cast<int>(Tile::Floor) + 1 &&
              static_cast<int>(Tile::Door) == static_cast<int>(Tile::Floor) + 2);

}  // namespace

// Runs instead of cells: a cave row of 4096 cells has a few hundred runs, so the unions and the
// finds are a small fraction of the cells, and the label layer is written with whole-run fills.
RegionMap label_regions(const Grid& grid, int connectivity) {
  if (connectivity != 4 && connectivity != 8) {
    throw std::invalid_argument("connectivity must be 4 or 8");
  }
  const auto w = static_cast<std::uint32_t>(grid.width());
  const auto h = static_cast<std::size_t>(grid.height());
  const auto* tiles = reinterpret_cast<const std::uint8_t*>(grid.tiles().data());
  // Runs in consecutive rows touch when they overlap; with 8-connectivity a diagonal contact
  // counts too, which is an overlap once one of them is widened by a cell on each side.
  const std::uint32_t reach = connectivity == 8 ? 1 : 0;

  std::vector<Run> runs;
  std::vector<std::uint32_t> parent;
  std::vector<std::size_t> row_first(h + 1, 0);
  for (std::size_t y = 0; y < h; ++y) {
    row_first[y] = runs.size();
    const std::uint8_t* row = tiles + y * w;
    std::uint32_t x = 0;
    while (x < w) {
      while (x < w && !walkable_byte(row[x])) ++x;
      if (x == w) break;
      const std::uint32_t x0 = x;
      while (x < w && walkable_byte(row[x])) ++x;
      parent.push_back(static_cast<std::uint32_t>(runs.size()));
      runs.push_back({x0, x});
    }
    if (y == 0) continue;
    // Sweep the previous row's runs and this row's together, always stepping past the one that
    // ends first: every touching pair meets once.
    std::size_t i = row_first[y - 1];
    std::size_t j = row_first[y];
    const std::size_t i_end = row_first[y];
    const std::size_t j_end = runs.size();
    while (i < i_end && j < j_end) {
      const Run& a = runs[i];
      const Run& b = runs[j];
      if (a.x0 < b.x1 + reach && b.x0 < a.x1 + reach) {
        unite(parent, static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j));
      }
      if (a.x1 + reach <= b.x1) {
        ++i;
      } else {
        ++j;
      }
    }
  }
  row_first[h] = runs.size();

  // Number the roots in run order (= order of first cell). A run's parent always comes before
  // it, so one forward sweep turns parents into region ids in place.
  RegionMap out;
  out.connectivity = connectivity;
  std::vector<std::uint32_t>& id = parent;
  std::uint32_t next = 0;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const std::uint32_t p = parent[r];
    id[r] = p == r ? next++ : id[p];
  }
  out.sizes.assign(next, 0);
  out.labels.resize(grid.size());
  std::int32_t* labels = out.labels.data();
  for (std::size_t y = 0; y < h; ++y) {
    std::int32_t* row = labels + y * w;
    std::uint32_t x = 0;
    for (std::size_t r = row_first[y]; r < row_first[y + 1]; ++r) {
      const Run run = runs[r];
      std::fill(row + x, row + run.x0, -1);
      std::fill(row + run.x0, row + run.x1, static_cast<std::int32_t>(id[r]));
      out.sizes[id[r]] += static_cast<int>(run.x1 - run.x0);
      x = run.x1;
    }
    std::fill(row + x, row + w, -1);
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
