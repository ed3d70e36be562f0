#pragma once
// PCG32 (O'Neill's permuted congruential generator, XSH-RR output) with our own unbiased
// bounded integers and floats. The standard <random> distributions are not used anywhere:
// their output differs between standard libraries, and a seed must give the same dungeon on
// every platform and compiler.

#include <cstdint>
#include <string_view>

namespace dungen {

class Rng {
 public:
  // seed picks the position in the sequence, stream picks one of 2^63 independent sequences.
  explicit Rng(std::uint64_t seed = 0, std::uint64_t stream = 0);

  // A stream number derived from a name (FNV-1a), so each generator has its own sequence.
  static std::uint64_t stream_for(std::string_view name);

  std::uint32_t next_u32() {
    const std::uint64_t old = state_;
    state_ = old * 6364136223846793005ull + inc_;
    const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    const auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
  }
  // Uniform in [0, bound), bound >= 1; unbiased (rejects the short tail of the 2^32 range).
  // Inline: generators draw once or twice per cell, where a call and its divisions show.
  std::uint32_t below(std::uint32_t bound) {
    if (bound <= 1) return 0;  // nothing is drawn (bound 0 is a caller's error)
    // A power of two divides 2^32: nothing to reject, and the remainder is a mask.
    if ((bound & (bound - 1)) == 0) return next_u32() & (bound - 1);
    std::uint32_t r = next_u32();
    // The rejected tail, 2^32 mod bound values, is below bound: only a draw under bound needs
    // the threshold (and its division) worked out.
    if (r < bound) r = redraw_tail(r, bound);
    // One of three neighbours is a common draw: a constant divisor is a multiply.
    return bound == 3 ? r % 3u : r % bound;
  }
  // Uniform in [lo, hi], both included; lo <= hi.
  int uniform_int(int lo, int hi);
  // Uniform in [0, 1) with 24 bits of precision.
  float uniform_float();
  // True with probability percent/100 (percent clamped to 0..100).
  bool chance_percent(int percent);

 private:
  // Draws again while r is in the rejected tail [0, 2^32 mod bound).
  std::uint32_t redraw_tail(std::uint32_t r, std::uint32_t bound);

  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 1;
};

}  // namespace dungen
