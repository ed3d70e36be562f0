#pragma once
// How a step's changes to the map are recorded: as cell changes (one cell, every layer's value
// before and after) and as runs.
//
// A run: consecutive cells that one write changed alike (a row of a cave pass, a row of a room
// carved). Recording a whole row as one run instead of one change per cell is what keeps a
// stepped run of a big map close to the cost of the batch run (issue 29).
//
// A run keeps which of its cells changed, one bit each, and one flip per layer: the XOR of a
// changed cell's value before and after, the same for every changed cell of the run. A cave pass
// turns wall into floor and floor into wall, and both are the one flip Wall ^ Floor. Because a
// flip is an XOR, undoing a run and redoing it are the same operation, and the flips of a cell
// over many steps combine into one (the timeline's skips, core/history_skips.hpp).
//
// Runs carry the tile, mark and label layers; region writes (the flood fill) stay cell changes.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "core/grid.hpp"

namespace dungen {

struct CellChange {
  std::uint32_t index = 0;
  Cell before;
  Cell after;
  friend constexpr bool operator==(const CellChange&, const CellChange&) = default;
};

// Eight cells at a time, for the bulk writes and the runs: a cell's byte lane in a little-endian
// 8-byte word, and its bit in a run's bit-byte.
namespace lanes {
// A lane is its bit position / 8 only on a little-endian machine: say so rather than record wrong
// cells.
static_assert(std::endian::native == std::endian::little, "lanes assume a little-endian machine");
inline constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
inline constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
// The high bit of each byte of x that is not zero.
inline std::uint64_t nonzero(std::uint64_t x) {
  return (((x & kLow7) + kLow7) | x) & ~kLow7;
}
// Those high bits gathered into one bit-byte: bit k for lane k.
inline std::uint8_t bits_of(std::uint64_t high) {
  return static_cast<std::uint8_t>(((high >> 7) * 0x0102040810204080ULL) >> 56);
}
// How many lanes those high bits mark (a multiply, not a popcount: this machine's baseline has
// no popcount instruction).
inline unsigned count(std::uint64_t high) {
  return static_cast<unsigned>(((high >> 7) * kOnes) >> 56);
}
// The bits set in a word, counted in parallel: std::popcount is a library call where the
// baseline x86-64 has no popcount instruction (a skip's sort counts a word per cell).
inline unsigned bit_count(std::uint64_t word) {
  word -= (word >> 1) & 0x5555555555555555ULL;
  word = (word & 0x3333333333333333ULL) + ((word >> 2) & 0x3333333333333333ULL);
  word = (word + (word >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<unsigned>((word * kOnes) >> 56);
}
// The first k' in [k, end) where p[k'] is not v (end if none), eight bytes at a time.
inline std::size_t same_until(const std::uint8_t* p, std::size_t k, std::size_t end,
                              std::uint8_t v) {
  const std::uint64_t word = v * kOnes;
  for (; k + 8 <= end; k += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, p + k, 8);
    if (const std::uint64_t x = w ^ word)
      return k + static_cast<std::size_t>(std::countr_zero(x) / 8);
  }
  while (k < end && p[k] == v) ++k;
  return k;
}
// The other way: kMask[bits] has 0xff in each lane whose bit is set.
constexpr std::array<std::uint64_t, 256> make_masks() {
  std::array<std::uint64_t, 256> t{};
  for (unsigned b = 0; b < 256; ++b) {
    for (unsigned k = 0; k < 8; ++k) {
      if ((b >> k) & 1u) t[b] |= std::uint64_t{0xff} << (8 * k);
    }
  }
  return t;
}
inline constexpr std::array<std::uint64_t, 256> kMask = make_masks();
}  // namespace lanes

// The XOR of a cell's value before and after a change, layer by layer (0: unchanged).
struct LayerFlip {
  std::uint8_t tile = 0;
  std::uint8_t mark = 0;
  std::uint32_t label = 0;
  bool any() const { return tile != 0 || mark != 0 || label != 0; }
  friend constexpr bool operator==(const LayerFlip&, const LayerFlip&) = default;
};

// c with the flip applied (forward and backward alike).
Cell flipped(Cell c, const LayerFlip& f);

struct CellRun {
  std::uint32_t first = 0;  // the run covers cells first .. first + count - 1
  std::uint32_t count = 0;
  LayerFlip flip;
  // (count + 7) / 8 bytes: bit k (byte k / 8, bit k % 8) is set when cell first + k changed.
  const std::uint8_t* bits = nullptr;

  std::size_t bit_bytes() const { return (std::size_t{count} + 7) / 8; }
  bool changed(std::uint32_t k) const { return (bits[k >> 3] >> (k & 7u)) & 1u; }
  // How many of its cells changed.
  std::uint32_t changed_cells() const;
  // The first k' >= k (counted from the run's first cell) whose cell changed, or did not
  // (`changed`); count if none.
  std::uint32_t next(std::uint32_t k, bool changed) const;
  // f(index, cells) for each stretch of consecutive changed cells, in order (a fill's run is one).
  template <class F>
  void for_each_stretch(F f) const {
    for (std::uint32_t k = next(0, true); k < count;) {
      const std::uint32_t end = next(k, false);
      f(first + k, end - k);
      k = next(end, true);
    }
  }
  // f(index) for each changed cell, in order.
  template <class F>
  void for_each(F f) const {
    const std::size_t bytes = bit_bytes();
    std::size_t b = 0;
    for (; b + 8 <= bytes; b += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, bits + b, 8);
      while (word) {
        f(first + static_cast<std::uint32_t>(8 * b + std::countr_zero(word)));
        word &= word - 1;
      }
    }
    for (; b < bytes; ++b) {
      unsigned byte = bits[b];
      while (byte) {
        f(first + static_cast<std::uint32_t>(8 * b + std::countr_zero(byte)));
        byte &= byte - 1;
      }
    }
  }
};

// Applies the run to the grid: forward and backward alike.
void apply_run(const CellRun& run, Grid& grid);

// The runs one step recorded, owning their bits. The Canvas appends; the stepper hands out the
// list when the step is done (runs() points into this log: valid until the next clear or add).
class RunLog {
 public:
  void clear() {
    runs_.clear();
    bits_.clear();
    views_valid_ = false;
  }
  bool empty() const { return runs_.empty(); }
  // A run of count cells from first; returns its bit bytes ((count + 7) / 8, zeroed) to fill.
  std::uint8_t* add(std::uint32_t first, std::uint32_t count, LayerFlip flip);
  void set_flip(LayerFlip flip) {  // the newest run's
    runs_.back().flip = flip;
    views_valid_ = false;
  }
  // Drops the newest run (its write turned out not to fit one run).
  void drop_last();
  // The end (one past the last cell) of the newest run, 0 when none.
  std::uint32_t end() const { return runs_.empty() ? 0 : runs_.back().first + runs_.back().count; }
  // (Most steps have none: that answer is inline, a test of one vector.)
  std::span<const CellRun> runs() const {
    return runs_.empty() ? std::span<const CellRun>{} : views();
  }

 private:
  struct Entry {
    std::uint32_t first, count;
    LayerFlip flip;
    std::size_t offset;  // of its bits in bits_
  };
  std::vector<Entry> runs_;
  std::vector<std::uint8_t> bits_;
  std::span<const CellRun> views() const;  // runs(), when there are some
  mutable std::vector<CellRun> views_;     // runs(), built once a step
  mutable bool views_valid_ = false;
};

// What one step changed, as recorded: its runs first, then its cell changes.
struct StepChanges {
  std::span<const CellRun> runs;
  std::span<const CellChange> cells;
};

// The changes of a step as one list of cell changes, runs first (each run's cells in order),
// then `cells` (recorded after the runs). `after` is the map after the step.
void expand_changes(std::span<const CellRun> runs, std::span<const CellChange> cells,
                    const Grid& after, std::vector<CellChange>& out);

}  // namespace dungen
