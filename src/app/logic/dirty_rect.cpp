#include "app/logic/dirty_rect.hpp"

#include <algorithm>
#include <bit>

namespace dungen::app {

// row_of() is exact for indices below 2^24 and widths up to 2^12.
static_assert(kMaxMapSide <= 4096);

DirtyRect::DirtyRect(int width)
    : width_(static_cast<std::uint32_t>(std::max(1, width))),
      row_magic_(((std::uint64_t{1} << kRowShift) + width_ - 1) / width_) {}

void DirtyRect::mark_rows(std::uint32_t lo, std::uint32_t hi) {
  if (lo > hi) return;
  const auto y0 = static_cast<int>(row_of(lo)), y1 = static_cast<int>(row_of(hi));
  const bool was_empty = empty();
  x0_ = 0;
  x1_ = static_cast<int>(width_) - 1;
  y0_ = was_empty ? y0 : std::min(y0_, y0);
  y1_ = was_empty ? y1 : std::max(y1_, y1);
}

void DirtyRect::mark(const CellRun& run) {
  // Its first and last changed cells, from the bits at either end.
  const std::size_t bytes = run.bit_bytes();
  std::size_t b0 = 0, b1 = bytes;
  while (b0 < bytes && run.bits[b0] == 0) ++b0;
  if (b0 == bytes) return;
  while (run.bits[b1 - 1] == 0) --b1;
  const std::uint32_t lo = run.first + static_cast<std::uint32_t>(8 * b0) +
                           static_cast<std::uint32_t>(std::countr_zero(unsigned{run.bits[b0]}));
  const std::uint32_t hi = run.first + static_cast<std::uint32_t>(8 * (b1 - 1)) + 31u -
                           static_cast<std::uint32_t>(std::countl_zero(unsigned{run.bits[b1 - 1]}));
  const std::uint32_t ylo = row_of(lo), yhi = row_of(hi);
  int xa = static_cast<int>(lo - ylo * width_), xb = static_cast<int>(hi - ylo * width_);
  if (ylo != yhi) {
    // Over several rows: the columns of every changed cell, until they span the map.
    const int full = static_cast<int>(width_) - 1;
    xa = full;
    xb = 0;
    run.for_each([&](std::uint32_t i) {
      if (xa == 0 && xb == full) return;
      const auto x = static_cast<int>(i - row_of(i) * width_);
      xa = std::min(xa, x);
      xb = std::max(xb, x);
    });
  }
  if (empty()) {
    x0_ = xa;
    x1_ = xb;
    y0_ = static_cast<int>(ylo);
    y1_ = static_cast<int>(yhi);
    return;
  }
  x0_ = std::min(x0_, xa);
  x1_ = std::max(x1_, xb);
  y0_ = std::min(y0_, static_cast<int>(ylo));
  y1_ = std::max(y1_, static_cast<int>(yhi));
}

void DirtyRect::mark(std::span<const CellChange> changes) {
  if (changes.empty()) return;
  // This runs for every step recorded: the rows come from the lowest and highest index, and the
  // columns need a row per change only while the box is narrower than the map. Rows are found by
  // a multiply (row_of), not a division.
  const std::uint32_t w = width_;
  std::uint32_t lo = changes.front().index, hi = lo;
  for (const CellChange& c : changes) {
    lo = std::min(lo, c.index);
    hi = std::max(hi, c.index);
  }
  const auto ylo = static_cast<int>(row_of(lo)), yhi = static_cast<int>(row_of(hi));
  int x0 = x0_, y0 = y0_, x1 = x1_, y1 = y1_;
  if (empty()) {
    x0 = x1 = static_cast<int>(lo - static_cast<std::uint32_t>(ylo) * w);
    y0 = y1 = ylo;
  }
  y0 = std::min(y0, ylo);
  y1 = std::max(y1, yhi);
  if (ylo == yhi) {
    x0 = std::min(x0, static_cast<int>(lo - static_cast<std::uint32_t>(ylo) * w));
    x1 = std::max(x1, static_cast<int>(hi - static_cast<std::uint32_t>(ylo) * w));
  } else {
    const int full = static_cast<int>(w) - 1;
    for (std::size_t k = 0; k < changes.size() && (x0 > 0 || x1 < full); ++k) {
      const std::uint32_t i = changes[k].index;
      const auto x = static_cast<int>(i - row_of(i) * w);
      x0 = std::min(x0, x);
      x1 = std::max(x1, x);
    }
  }
  x0_ = x0;
  y0_ = y0;
  x1_ = x1;
  y1_ = y1;
}

std::optional<Rect> DirtyRect::take() {
  if (empty()) return std::nullopt;
  const Rect r{x0_, y0_, x1_ - x0_ + 1, y1_ - y0_ + 1};
  x0_ = y0_ = 0;
  x1_ = y1_ = -1;
  return r;
}

}  // namespace dungen::app
