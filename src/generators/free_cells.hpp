#pragma once
// Free cells, fast: what room accretion (room_accretion.cpp) asks of the map once or twice for
// every cell it takes, where every cell taken is a step. Each helper is the plain idea written
// for speed without changing a single random draw; tests/test_room_accretion.cpp holds each one
// to the plain version.
//
// - CellBank: the free cells, for "a random free cell" and O(1) removal.
// - WidthDivider: a cell index's row and column without a divide instruction.
// - FreeNeighbours: a cell's free 4-neighbours without a branch on which are free.
// - GrowthEdge: a room's cells that may still have a free neighbour, and "a random free
//   neighbour of a random room cell" from them.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/big_buffer.hpp"
#include "core/grid.hpp"
#include "core/rng.hpp"

namespace dungen {

// No cell: what a search for a free cell finds when there is none. (A plain index, not a
// std::optional: gcc returns an optional through memory and reads it back wider than it wrote
// it, a store-forwarding stall once per cell.)
inline constexpr std::size_t kNoCell = SIZE_MAX;

// Cell indices three bytes each: a map has at most 2^24 cells (4096 x 4096), so the top byte of
// a 32-bit index is always zero. Read four bytes at a time (one byte of padding at the end, the
// next entry's first byte masked off), written three.
class Index24Array {
 public:
  static constexpr std::size_t kMaxCells = std::size_t{1} << 24;
  explicit Index24Array(std::size_t n) : bytes_(3 * n + 1) {}
  std::uint32_t get(std::size_t i) const {
    std::uint32_t w;
    std::memcpy(&w, &bytes_[3 * i], sizeof w);
    return w & 0xFFFFFFu;
  }
  // Three bytes stored (little-endian: the index's low three), none read: a write to a cell far
  // away waits for no cache miss.
  void set(std::size_t i, std::uint32_t v) {
    static_assert(std::endian::native == std::endian::little);
    std::memcpy(&bytes_[3 * i], &v, 3);
  }
  // Entries [from, to) will not be read again: their memory goes back.
  void release(std::size_t from, std::size_t to) { bytes_.release(3 * from, 3 * to); }

 private:
  BigArray<std::uint8_t> bytes_;
};
static_assert(static_cast<std::size_t>(kMaxMapSide) * kMaxMapSide <= Index24Array::kMaxCells);

// Free cells: a dense array for "a random free cell" and each cell's slot in it for O(1) removal,
// three bytes an entry (Index24Array: 96 MB at 4096x4096 where 32-bit entries took 128).
// Uninitialised arrays rather than vectors: a vector would zero them before the constructor
// writes them again (at 4096x4096 a 96 MB pass for nothing).
class CellBank {
 public:
  // Every cell 0..n-1 free (n at most 2^24).
  explicit CellBank(std::size_t n) : cells_(n), slot_(n), size_(n), released_from_(n) {
    for (std::size_t i = 0; i < n; ++i) {
      cells_.set(i, static_cast<std::uint32_t>(i));
      slot_.set(i, static_cast<std::uint32_t>(i));
    }
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  // One draw: below(free cells). Only when not empty.
  std::size_t random_cell(Rng& rng) const {
    return cells_.get(rng.below(static_cast<std::uint32_t>(size_)));
  }
  // Removes a free cell: the last free cell takes its slot.
  void take(std::size_t cell) {
    const std::uint32_t s = slot_.get(cell);
    const std::uint32_t last = cells_.get(--size_);
    cells_.set(s, last);
    slot_.set(last, s);
    // The array's end is never read again: every kReleaseCells freed, its memory goes back (a
    // bank of 4096x4096 cells holds 48 MB in it when full, nothing when empty).
    if (size_ + kReleaseCells <= released_from_) {
      // (From size_ + 2: the entry at size_ may still be read or written, four bytes from its own.)
      cells_.release(size_ + 2, released_from_);
      released_from_ = size_;
    }
  }

 private:
  // 1.5 MB of cells, and few enough system calls not to be felt.
  static constexpr std::size_t kReleaseCells = std::size_t{1} << 19;
  Index24Array cells_;
  Index24Array slot_;
  std::size_t size_;
  std::size_t released_from_;  // cells_ from here on have been given back
};

// Division and remainder by the map's width without a divide instruction (Lemire, Kaser and
// Kurz, "Faster remainder by direct computation", 2019): with m = ceil(2^64 / d), both are exact
// for every 32-bit numerator and divisor d >= 2 (maps are at least 4 wide).
__extension__ using U128 = unsigned __int128;  // gcc and clang; __extension__: not ISO C++
class WidthDivider {
 public:
  explicit WidthDivider(std::uint32_t d) : m_(UINT64_MAX / d + 1), d_(d) {}
  std::uint32_t div(std::uint32_t n) const {
    return static_cast<std::uint32_t>((static_cast<U128>(m_) * n) >> 64);
  }
  std::uint32_t mod(std::uint32_t n) const {
    const std::uint64_t low = m_ * n;
    return static_cast<std::uint32_t>((static_cast<U128>(low) * d_) >> 64);
  }

 private:
  std::uint64_t m_;
  std::uint32_t d_;
};

// A cell's point and its free (Tile::Empty) 4-neighbours, on a map of at most 2^24 cells. Rows
// are told apart by index alone and the column by a remainder without a division.
class FreeNeighbours {
 public:
  explicit FreeNeighbours(const Grid& grid)
      : grid_(grid),
        row_(grid.index(0, 1)),
        last_row_(grid.size() - row_),
        width_(static_cast<std::uint32_t>(grid.width())),
        by_width_(width_) {}

  Point point(std::uint32_t i) const {
    const std::uint32_t y = by_width_.div(i);
    return {static_cast<int>(i - y * width_), static_cast<int>(y)};
  }

  // Writes the free neighbours of cell i to out[0..n) (north, east, south, west, the free ones in
  // that order) and returns n. Without branches, since which neighbour is free is a coin flip
  // the predictor loses: each candidate is written, and counted when free. A neighbour outside
  // the map reads cell i itself instead, which is not free (i is a room cell), so it never
  // counts.
  int of(std::uint32_t i, std::array<std::size_t, 4>& out) const {
    const std::uint32_t x = by_width_.mod(i);
    const Tile* tiles = grid_.tiles().data();
    int n = 0;
    const auto consider = [&](std::size_t cell, bool inside) {
      out[static_cast<std::size_t>(n)] = cell;
      n += tiles[inside ? cell : i] == Tile::Empty;
    };
    consider(i - row_, i >= row_);
    consider(i + 1, x + 1 < width_);
    consider(i + row_, i < last_row_);
    consider(i - 1, x > 0);
    return n;
  }

 private:
  const Grid& grid_;
  std::size_t row_;
  std::size_t last_row_;
  std::uint32_t width_;
  WidthDivider by_width_;
};

// The cells of a room that may still have a free neighbour. A cell leaves the list only when it
// is picked and found to have none, so a room's growth picks at most twice per cell it takes
// (one pick that grows, at most one that prunes): O(1) per cell on average, where the seed scans
// the whole room for every cell.
class GrowthEdge {
 public:
  void clear() { cells_.clear(); }
  void add(std::uint32_t cell) { cells_.push_back(cell); }
  std::size_t size() const { return cells_.size(); }

  // A random free neighbour of a random listed cell that has one: draws below(listed cells),
  // then below(its free neighbours); a picked cell without one is dropped and the draw repeated.
  // kNoCell when no listed cell has a free neighbour. Adds the cells picked to `picks`.
  std::size_t random_free_neighbour(Rng& rng, const FreeNeighbours& free, std::int64_t& picks) {
    std::array<std::size_t, 4> around{};
    while (!cells_.empty()) {
      const std::uint32_t k = rng.below(static_cast<std::uint32_t>(cells_.size()));
      ++picks;
      const int n = free.of(cells_[k], around);
      if (n > 0) return around[rng.below(static_cast<std::uint32_t>(n))];
      cells_[k] = cells_.back();
      cells_.pop_back();
    }
    return kNoCell;
  }

 private:
  std::vector<std::uint32_t> cells_;
};

}  // namespace dungen
