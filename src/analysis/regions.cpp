#include "analysis/regions.hpp"

#include "core/big_buffer.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
      "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  if (n < 0 || n >= static_cast<std::int64_t>(kGlyphs.size())) return kRegionGlyphOverflow;
  return kGlyphs[static_cast<std::size_t>(n)];
}

namespace {

// Union-find over runs. Every union keeps the smaller index as the root, so a region's root is
// its first run in row-major order, which holds the region's first cell.
std::uint32_t find_root(std::uint32_t* parent, std::uint32_t r) {
  while (parent[r] != r) {
    parent[r] = parent[parent[r]];  // path halving
    r = parent[r];
  }
  return r;
}

void unite(std::uint32_t* parent, std::uint32_t a, std::uint32_t b) {
  a = find_root(parent, a);
  b = find_root(parent, b);
  if (a < b) {
    parent[b] = a;
  } else if (b < a) {
    parent[a] = b;
  }
}

// Walkable tiles (floor 2, corridor 3, door 4) are exactly the tiles with bit 1 or bit 2 set, as
// long as there is no tile 5..7: that lets eight cells be tested at once.
static_assert(static_cast<int>(Tile::Floor) == 2 && static_cast<int>(Tile::Corridor) == 3 &&
              static_cast<int>(Tile::Door) == 4 && static_cast<int>(Tile::Wall) == 1 &&
              static_cast<int>(Tile::Empty) == 0 && kTileCount == 5);
static_assert(std::endian::native == std::endian::little);

bool walkable_byte(std::uint8_t t) {
  return (t & 6u) != 0;
}

#if !defined(__SSE2__)
// Bit k of the result: is cell p[k] walkable (k = 0..7).
std::uint64_t walkable_bits8(const std::uint8_t* p) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, 8);
  // Each byte's (tile & 6) is 0, 2, 4 or 6; adding 0x7e sets its top bit exactly when nonzero,
  // without carrying into the next byte. The multiply gathers the eight top bits into one byte.
  const std::uint64_t top =
      ((v & 0x0606060606060606ull) + 0x7e7e7e7e7e7e7e7eull) & 0x8080808080808080ull;
  return ((top >> 7) * 0x0102040810204080ull) >> 56;
}
#endif

// Bits 0..63 of the result: are cells p[0..63] walkable.
std::uint64_t walkable_bits64(const std::uint8_t* p) {
#if defined(__SSE2__)
  // SSE2 is part of x86-64: sixteen cells a compare, their verdicts gathered by movemask.
  const __m128i six = _mm_set1_epi8(6);
  const __m128i zero = _mm_setzero_si128();
  std::uint64_t blocked = 0;  // bit set: (tile & 6) == 0, not walkable
  for (int g = 0; g < 4; ++g) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * g));
    const auto m =
        static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(v, six), zero)));
    blocked |= static_cast<std::uint64_t>(m) << (16 * g);
  }
  return ~blocked;
#else
  std::uint64_t b = 0;
  for (std::uint32_t g = 0; g < 8; ++g) b |= walkable_bits8(p + 8 * g) << (8 * g);
  return b;
#endif
}

// The row's walkable cells as a bitset, 64 cells a word; bits past the row's end are 0.
void walkable_bits(const std::uint8_t* row, std::uint32_t w, std::uint64_t* words) {
  const std::uint32_t full = w / 64;
  for (std::uint32_t k = 0; k < full; ++k) words[k] = walkable_bits64(row + 64 * k);
  if (full * 64 == w) return;
  std::uint64_t b = 0;
  for (std::uint32_t x = full * 64; x < w; ++x) {
    b |= static_cast<std::uint64_t>(walkable_byte(row[x])) << (x - full * 64);
  }
  words[full] = b;
}

// Writes v to [from, to) in blocks of 8, so up to 7 cells past `to` are written too.
template <class T>
void fill_blocks(T* row, std::uint32_t from, std::uint32_t to, T v) {
  for (std::uint32_t x = from; x < to; x += 8) {
    for (std::uint32_t k = 0; k < 8; ++k) row[x + k] = v;
  }
}

}  // namespace

RegionMap label_regions(const Grid& grid, int connectivity) {
  RegionLabeller labeller;
  labeller.label(grid, connectivity);
  return labeller.release();
}

std::vector<int> label_regions_into(Grid& grid, int connectivity) {
  RegionLabeller labeller;
  const std::size_t count = labeller.number_walkable(grid, connectivity);
  std::vector<int> sizes(count, 0);
  if (count <= static_cast<std::size_t>(IdLayer::kNarrowMax) + 1) {
    labeller.write_labels(grid.fresh_narrow_regions(), std::uint8_t{0}, 1, sizes);
  } else {
    labeller.write_labels(grid.fresh_wide_regions(), std::int32_t{-1}, 0, sizes);
  }
  return sizes;
}

const RegionMap& RegionLabeller::label(const Grid& grid, int connectivity) {
  return into_map(number_walkable(grid, connectivity));
}

const RegionMap& RegionLabeller::label_cells(
    std::uint32_t w, std::size_t h, int connectivity,
    const std::function<void(std::size_t, std::uint64_t*)>& row_cells) {
  return into_map(number_runs(w, h, connectivity, row_cells));
}

std::size_t RegionLabeller::number_walkable(const Grid& grid, int connectivity) {
  const auto w = static_cast<std::uint32_t>(grid.width());
  const auto* tiles = reinterpret_cast<const std::uint8_t*>(grid.tiles().data());
  return number_runs(
      w, static_cast<std::size_t>(grid.height()), connectivity,
      [&](std::size_t y, std::uint64_t* words) { walkable_bits(tiles + y * w, w, words); });
}

const RegionMap& RegionLabeller::into_map(std::size_t count) {
  map_.sizes.assign(count, 0);
  // Reused memory is not cleared: every cell is written.
  resize_big(map_.labels, static_cast<std::size_t>(w_) * h_);
  write_labels(map_.labels.data(), std::int32_t{-1}, 0, map_.sizes);
  return map_;
}

// Runs instead of cells: a cave row of 4096 cells has a few hundred runs, so the unions and the
// finds are a small fraction of the cells, and the label layer is written with whole-run fills.
// Three passes (runs and their unions row by row, then ids, here; then the labels, in
// write_labels, which writes them 32 or 8 bits a cell) kept long on purpose: it is the fast path
// the regions/* benchmarks hold to their goals, the passes share the row index and the reused
// buffers, and the stepped labelling (region_stepper.cpp) is the one to read for the algorithm.
// (The level analyses' fast paths, farthest_pair and chokepoints, are long for the same reason,
// and their steppers are the ones to read.)
std::size_t RegionLabeller::number_runs(
    std::uint32_t w, std::size_t h, int connectivity,
    const std::function<void(std::size_t, std::uint64_t*)>& row_cells) {
  if (connectivity != 4 && connectivity != 8) {
    throw std::invalid_argument("connectivity must be 4 or 8");
  }
  // Runs in consecutive rows touch when they overlap; with 8-connectivity a diagonal contact
  // counts too, which is an overlap once one of them is widened by a cell on each side.
  const std::uint32_t reach = connectivity == 8 ? 1 : 0;

  runs_.clear();
  parent_.clear();
  row_first_.assign(h + 1, 0);
  const std::uint32_t word_count = (w + 63) / 64;
  words_.resize(word_count);
  for (std::size_t y = 0; y < h; ++y) {
    row_first_[y] = runs_.size();
    // Runs from the bitset: a run starts where a walkable cell follows a non-walkable one (or
    // the row's start) and ends where the reverse happens. Runs alternate, so the k-th end of
    // the row closes its k-th run. The cost is per run, not per cell.
    row_cells(y, words_.data());
    std::size_t closing = runs_.size();
    std::uint64_t carry = 0;  // is the cell before this word walkable
    for (std::uint32_t k = 0; k < word_count; ++k) {
      const std::uint64_t b = words_[k];
      const std::uint64_t before = (b << 1) | carry;
      carry = b >> 63;
      for (std::uint64_t starts = b & ~before; starts != 0; starts &= starts - 1) {
        parent_.push_back(static_cast<std::uint32_t>(runs_.size()));
        runs_.push_back({64 * k + static_cast<std::uint32_t>(std::countr_zero(starts)), w});
      }
      for (std::uint64_t ends = ~b & before; ends != 0; ends &= ends - 1) {
        runs_[closing++].x1 = 64 * k + static_cast<std::uint32_t>(std::countr_zero(ends));
      }
    }
    if (y == 0) continue;
    // Sweep the previous row's runs and this row's together, always stepping past the one that
    // ends first: every touching pair meets once.
    std::uint32_t* parent = parent_.data();
    std::size_t i = row_first_[y - 1];
    std::size_t j = row_first_[y];
    const std::size_t i_end = row_first_[y];
    const std::size_t j_end = runs_.size();
    while (i < i_end && j < j_end) {
      const Run a = runs_[i];
      const Run b = runs_[j];
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
  row_first_[h] = runs_.size();

  // Number the roots in run order (= order of first cell). A run's parent always comes before
  // it, so one forward sweep turns parents into region ids in place.
  std::vector<std::uint32_t>& id = parent_;
  std::uint32_t next = 0;
  for (std::size_t r = 0; r < runs_.size(); ++r) {
    const std::uint32_t p = parent_[r];
    id[r] = p == r ? next++ : id[p];
  }
  map_.connectivity = connectivity;
  w_ = w;
  h_ = h;
  return next;
}

template <class T>
void RegionLabeller::write_labels(T* labels, T none, int offset, std::vector<int>& sizes) const {
  const std::uint32_t w = w_;
  const std::size_t h = h_;
  const std::vector<std::uint32_t>& id = parent_;
  for (std::size_t y = 0; y < h; ++y) {
    T* row = labels + y * w;
    // Gaps and runs alternate; each is written in whole blocks of 8 that may run past its end
    // into what comes next, which is written afterwards (the next gap or run, or the next
    // rows' first cells). Short runs then cost one block store, not a loop with a remainder.
    // Rows with fewer than 8 cells after them in the layer are written exactly.
    const bool overshoot = (h - 1 - y) * w >= 8;
    std::uint32_t x = 0;
    for (std::size_t r = row_first_[y]; r < row_first_[y + 1]; ++r) {
      const Run run = runs_[r];
      const auto region = static_cast<T>(static_cast<std::int64_t>(id[r]) + offset);
      if (overshoot) {
        fill_blocks(row, x, run.x0, none);
        fill_blocks(row, run.x0, run.x1, region);
      } else {
        std::fill(row + x, row + run.x0, none);
        std::fill(row + run.x0, row + run.x1, region);
      }
      sizes[id[r]] += static_cast<int>(run.x1 - run.x0);
      x = run.x1;
    }
    std::fill(row + x, row + w, none);
  }
}

template void RegionLabeller::write_labels(std::int32_t*, std::int32_t, int,
                                           std::vector<int>&) const;
template void RegionLabeller::write_labels(std::uint8_t*, std::uint8_t, int,
                                           std::vector<int>&) const;

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
