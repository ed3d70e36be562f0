#include "generators/cave_smoothing.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

namespace dungen {
namespace {

// The rows are read and written as bytes, a tile per byte, so the loops below have no branch and
// the compiler turns them into vector instructions.
constexpr auto kWallByte = static_cast<std::uint8_t>(Tile::Wall);
constexpr auto kFloorByte = static_cast<std::uint8_t>(Tile::Floor);
static_assert(sizeof(Tile) == 1, "a tile is one byte");
// The kernel picks a tile without branching: Wall + (floor? 1 : 0).
static_assert(kFloorByte == kWallByte + 1);

constexpr std::array<Tile, kMaxMapSide> kWalls = [] {
  std::array<Tile, kMaxMapSide> a{};
  a.fill(Tile::Wall);
  return a;
}();

const std::uint8_t* bytes(const Tile* t) {
  return reinterpret_cast<const std::uint8_t*>(t);
}

// The border rule applied to one computed row (smooth_pass only: the stepper walls the edge in
// a step of its own).
void apply_border(Tile* row, int w, int y, int h) {
  if (y == 0 || y == h - 1) {
    std::fill(row, row + w, Tile::Wall);
  } else {
    row[0] = Tile::Wall;
    row[w - 1] = Tile::Wall;
  }
}

}  // namespace

const Tile* const kWallRow = kWalls.data();

int count_floor(const Tile* row, int w) {
  const std::uint8_t* r = bytes(row);
  int n = 0;
  for (int x = 0; x < w; ++x) n += r[x] == kFloorByte;
  return n;
}

int count_changed(const Tile* a, const Tile* b, int w) {
  const std::uint8_t* pa = bytes(a);
  const std::uint8_t* pb = bytes(b);
  int n = 0;
  for (int x = 0; x < w; ++x) n += pa[x] != pb[x];
  return n;
}

// On x86-64 the kernel is also built for AVX2 and picked at load time (twice the bytes per
// instruction of the SSE2 baseline); the arithmetic is the same integer rule either way.
// (Not under ThreadSanitizer, whose runtime is not up yet when the load-time picker runs.)
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
__attribute__((target_clones("avx2", "default")))
#endif
void smooth_row(const Tile* above, const Tile* row, const Tile* below, Tile* out, int w,
                int threshold) {
  const std::uint8_t* a = bytes(above);
  const std::uint8_t* r = bytes(row);
  const std::uint8_t* b = bytes(below);
  auto* o = reinterpret_cast<std::uint8_t*>(out);
  // Column sums of the three rows, padded with a zero column on each side (outside = wall);
  // then each cell adds three neighbouring column sums. Both loops are branch-free over bytes,
  // so the compiler vectorises them.
  std::array<std::uint8_t, kMaxMapSide + 2> cols;
  cols[0] = 0;
  cols[static_cast<std::size_t>(w) + 1] = 0;
  for (int x = 0; x < w; ++x) {
    cols[static_cast<std::size_t>(x) + 1] = static_cast<std::uint8_t>(
        (a[x] == kFloorByte) + (r[x] == kFloorByte) + (b[x] == kFloorByte));
  }
  const auto t = static_cast<std::uint8_t>(std::clamp(threshold, 0, 10));
  for (int x = 0; x < w; ++x) {
    const auto i = static_cast<std::size_t>(x);
    const auto sum = static_cast<std::uint8_t>(cols[i] + cols[i + 1] + cols[i + 2]);
    o[x] = static_cast<std::uint8_t>(kWallByte + (sum >= t));
  }
}

void smooth_pass(const Tile* in, Tile* out, int w, int h, int threshold, bool border) {
  const auto width = static_cast<std::size_t>(w);
  for (int y = 0; y < h; ++y) {
    const Tile* here = in + static_cast<std::size_t>(y) * width;
    Tile* dst = out + static_cast<std::size_t>(y) * width;
    smooth_row(y > 0 ? here - width : kWallRow, here, y + 1 < h ? here + width : kWallRow, dst, w,
               threshold);
    if (border) apply_border(dst, w, y, h);
  }
}

}  // namespace dungen
