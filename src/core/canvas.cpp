#include "core/canvas.hpp"

#include <bit>
#include <cstdint>
#include <cstring>

namespace dungen {

void Canvas::write_tiles(std::size_t first, const Tile* src, std::size_t count) {
  Tile* dst = grid_->tiles_.data() + first;
  if (!log_) {
    std::memcpy(dst, src, count);
    return;
  }
  // Eight cells at a time: a random fill changes about every other cell, and a branch per cell
  // on "did it change" mispredicted so often that it cost more than recording the change.
  const auto record = [&](std::size_t k) {
    const std::size_t i = first + k;
    const Cell before = grid_->cell(i);
    Cell after = before;
    after.tile = src[k];
    log_->push_back({static_cast<std::uint32_t>(i), before, after});
  };
  // A cell's byte lane in the 8-byte word is its bit position / 8 only on a little-endian machine
  // (and the lanes are visited from the lowest cell up): say so rather than record wrong cells.
  static_assert(std::endian::native == std::endian::little,
                "write_tiles' byte lanes assume a little-endian machine");
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
  std::size_t k = 0;
  for (; k + 8 <= count; k += 8) {
    std::uint64_t a = 0, b = 0;
    std::memcpy(&a, dst + k, 8);
    std::memcpy(&b, src + k, 8);
    const std::uint64_t x = a ^ b;
    // The high bit of each byte that differs.
    std::uint64_t m = (((x & kLow7) + kLow7) | x) & ~kLow7;
    while (m) {
      record(k + static_cast<std::size_t>(std::countr_zero(m) >> 3));
      m &= m - 1;
    }
    std::memcpy(dst + k, &b, 8);
  }
  for (; k < count; ++k) {
    if (dst[k] == src[k]) continue;
    record(k);
    dst[k] = src[k];
  }
}

}  // namespace dungen
