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

  std::uint32_t next_u32();
  // Uniform in [0, bound), bound >= 1; unbiased (rejects the short tail of the 2^32 range).
  std::uint32_t below(std::uint32_t bound);
  // Uniform in [lo, hi], both included; lo <= hi.
  int uniform_int(int lo, int hi);
  // Uniform in [0, 1) with 24 bits of precision.
  float uniform_float();
  // True with probability percent/100 (percent clamped to 0..100).
  bool chance_percent(int percent);

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 1;
};

}  // namespace dungen
