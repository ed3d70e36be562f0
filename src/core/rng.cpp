#include "core/rng.hpp"

#include <cassert>

namespace dungen {

Rng::Rng(std::uint64_t seed, std::uint64_t stream) {
  state_ = 0;
  inc_ = (stream << 1u) | 1u;
  next_u32();
  state_ += seed;
  next_u32();
}

std::uint64_t Rng::stream_for(std::string_view name) {
  std::uint64_t h = 14695981039346656037ull;
  for (char c : name) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

std::uint32_t Rng::redraw_tail(std::uint32_t r, std::uint32_t bound) {
  // 2^32 mod bound values at the bottom of the range would be drawn once too often: reject them.
  // Each draw is rejected with probability < 1/2, so kMaxRejections failures in a row happen
  // with probability < 2^-64; the bound only exists so no loop is unbounded.
  constexpr int kMaxRejections = 64;
  const std::uint32_t threshold = (0u - bound) % bound;
  for (int tries = 0; r < threshold && tries < kMaxRejections; ++tries) r = next_u32();
  return r;
}

int Rng::uniform_int(int lo, int hi) {
  assert(lo <= hi);
  if (hi <= lo) return lo;
  const std::int64_t span = static_cast<std::int64_t>(hi) - lo + 1;
  // The whole int range is 2^32 values: every 32-bit draw is one of them.
  const std::uint32_t offset =
      span > UINT32_MAX ? next_u32() : below(static_cast<std::uint32_t>(span));
  return static_cast<int>(static_cast<std::int64_t>(lo) + offset);
}

float Rng::uniform_float() {
  return static_cast<float>(next_u32() >> 8) * (1.0f / 16777216.0f);
}

bool Rng::chance_percent(int percent) {
  if (percent <= 0) return false;
  if (percent >= 100) return true;
  return below(100) < static_cast<std::uint32_t>(percent);
}

}  // namespace dungen
