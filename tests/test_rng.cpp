#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>

#include "core/rng.hpp"

using dungen::Rng;

// Golden values. (42, 54) are the seed and stream of PCG's own reference demo, whose published
// first outputs these are; if they change, every seed's dungeon changes on every platform.
TEST(Rng, FirstOutputsMatchPcg32Reference) {
  Rng rng(42, 54);
  std::array<std::uint32_t, 6> got{};
  for (auto& v : got) v = rng.next_u32();
  const std::array<std::uint32_t, 6> want = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u,
                                             0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
  EXPECT_EQ(got, want);
}

TEST(Rng, BoundedValuesArePinned) {
  Rng rng(1, Rng::stream_for("rooms-and-tunnels"));
  std::array<int, 8> got{};
  for (auto& v : got) v = rng.uniform_int(6, 10);
  Rng again(1, Rng::stream_for("rooms-and-tunnels"));
  for (int v : got) EXPECT_EQ(v, again.uniform_int(6, 10));
  const std::array<int, 8> want = {8, 9, 9, 9, 10, 10, 6, 6};
  EXPECT_EQ(got, want);
}

// below() takes shortcuts (powers of two, the threshold only worked out for small draws, 3 as a
// constant divisor): it must draw exactly what the plain rejection rule draws, for every bound.
TEST(Rng, BelowDrawsWhatThePlainRejectionRuleDraws) {
  const auto plain = [](Rng& r, std::uint32_t bound) -> std::uint32_t {
    if (bound <= 1) return 0;
    const std::uint32_t threshold = (0u - bound) % bound;
    std::uint32_t v = r.next_u32();
    for (int tries = 0; v < threshold && tries < 64; ++tries) v = r.next_u32();
    return v % bound;
  };
  // Bounds just over a power of two reject nearly half of all draws, so the redraw runs too.
  for (const std::uint32_t bound : {0u, 1u, 2u, 3u, 4u, 5u, 7u, 8u, 100u, 1000u, 65536u, 65537u,
                                    0x80000001u, 0xc0000000u, 0xfffffffeu, 0xffffffffu}) {
    Rng fast(9, 4), slow(9, 4);
    for (int k = 0; k < 2000; ++k) {
      ASSERT_EQ(fast.below(bound), plain(slow, bound)) << "bound " << bound << " draw " << k;
    }
    ASSERT_EQ(fast.next_u32(), slow.next_u32()) << "bound " << bound;  // same draws consumed
  }
}

TEST(Rng, UniformIntStaysInRangeAndHitsEveryValue) {
  Rng rng(7);
  std::map<int, int> seen;
  for (int i = 0; i < 20000; ++i) {
    const int v = rng.uniform_int(-3, 4);
    ASSERT_GE(v, -3);
    ASSERT_LE(v, 4);
    ++seen[v];
  }
  EXPECT_EQ(seen.size(), 8u);
  for (auto [v, n] : seen) {
    EXPECT_GT(n, 2000) << v;  // 2500 expected each
    EXPECT_LT(n, 3000) << v;
  }
}

TEST(Rng, DegenerateRangesAndFloats) {
  Rng rng(9);
  EXPECT_EQ(rng.uniform_int(5, 5), 5);
  EXPECT_EQ(rng.below(1), 0u);
  EXPECT_EQ(rng.uniform_int(INT32_MIN, INT32_MIN), INT32_MIN);
  for (int i = 0; i < 1000; ++i) {
    const float f = rng.uniform_float();
    ASSERT_GE(f, 0.0f);
    ASSERT_LT(f, 1.0f);
  }
  EXPECT_FALSE(rng.chance_percent(0));
  EXPECT_TRUE(rng.chance_percent(100));
}

TEST(Rng, StreamsDiffer) {
  Rng a(1, Rng::stream_for("a")), b(1, Rng::stream_for("b"));
  int same = 0;
  for (int i = 0; i < 100; ++i) same += a.next_u32() == b.next_u32();
  EXPECT_LT(same, 3);
}
