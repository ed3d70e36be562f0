// The history's chunk packer (core/byte_pack.hpp): whatever goes in comes back out, repeats
// shrink, and a list that is not a packing of that size is refused, not read past its end.

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "core/byte_pack.hpp"

using namespace dungen::history;

namespace {

std::vector<std::uint8_t> round_trip(const std::vector<std::uint8_t>& in) {
  std::vector<std::uint32_t> table;
  const std::vector<std::uint8_t> packed = pack_bytes(in, table);
  std::vector<std::uint8_t> out(in.size(), 0xAB);
  EXPECT_TRUE(unpack_bytes(packed, out));
  return out;
}

std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint64_t seed, unsigned range = 256) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> v(n);
  for (auto& b : v) b = static_cast<std::uint8_t>(rng() % range);
  return v;
}

}  // namespace

// Empty, a byte or three (shorter than a match), bytes that never repeat, bytes from a small
// alphabet (short matches everywhere), long literal runs and long matches (their counts past a
// token's nibble), a byte repeated (a match overlapping what it writes, offset 1), and a pattern
// of 3 repeated (offset 3 < its length).
TEST(BytePack, WhatGoesInComesBackOut) {
  std::vector<std::vector<std::uint8_t>> cases = {{},
                                                  {7},
                                                  {1, 2, 3},
                                                  random_bytes(5000, 1),
                                                  random_bytes(20000, 2, 4),
                                                  std::vector<std::uint8_t>(100000, 9)};
  std::vector<std::uint8_t> pattern;
  for (int i = 0; i < 3000; ++i) pattern.push_back(static_cast<std::uint8_t>(i % 3));
  cases.push_back(pattern);
  // Records like the history's: a few kinds of record, each with a varying byte or two.
  std::vector<std::uint8_t> records;
  std::mt19937_64 rng(3);
  for (int i = 0; i < 20000; ++i) {
    const std::uint8_t kind = static_cast<std::uint8_t>(rng() % 5);
    records.insert(records.end(), {0x4F, kind, static_cast<std::uint8_t>(i & 3), 0x12, 0x01});
    if (kind == 0) records.push_back(static_cast<std::uint8_t>(rng()));
  }
  cases.push_back(records);
  for (std::size_t k = 0; k < cases.size(); ++k) {
    EXPECT_EQ(round_trip(cases[k]), cases[k]) << "case " << k;
  }
}

// Repeats shrink: a byte repeated 100,000 times packs into a few bytes, history-like records to
// well under half; random bytes grow by at most a token a few thousand bytes.
TEST(BytePack, RepeatsShrink) {
  std::vector<std::uint32_t> table;
  EXPECT_LT(pack_bytes(std::vector<std::uint8_t>(100000, 9), table).size(), 16u);
  std::vector<std::uint8_t> records;
  for (int i = 0; i < 20000; ++i) {
    records.insert(records.end(), {0x4F, static_cast<std::uint8_t>(i % 7), 0x12, 0x01});
  }
  EXPECT_LT(pack_bytes(records, table).size(), records.size() / 2);
  const std::vector<std::uint8_t> noise = random_bytes(50000, 4);
  EXPECT_LE(pack_bytes(noise, table).size(), noise.size() + noise.size() / 1000 + 8);
}

// A packed list cut short, with a byte changed, or unpacked to the wrong size is refused.
TEST(BytePack, AListThatIsNotAPackingOfThatSizeIsRefused) {
  std::vector<std::uint32_t> table;
  std::vector<std::uint8_t> in;
  for (int i = 0; i < 4000; ++i) in.push_back(static_cast<std::uint8_t>(i % 10 + i / 1000));
  const std::vector<std::uint8_t> packed = pack_bytes(in, table);
  std::vector<std::uint8_t> out(in.size());
  ASSERT_TRUE(unpack_bytes(packed, out));
  for (std::size_t cut = 0; cut < packed.size(); ++cut) {
    EXPECT_FALSE(unpack_bytes({packed.data(), cut}, out)) << "cut to " << cut;
  }
  std::vector<std::uint8_t> longer(in.size() + 1), shorter(in.size() - 1);
  EXPECT_FALSE(unpack_bytes(packed, longer));
  EXPECT_FALSE(unpack_bytes(packed, shorter));
  // An offset before the start: a first sequence of no literals and a match 5 back.
  const std::vector<std::uint8_t> before_start = {0x00, 0x05};
  EXPECT_FALSE(unpack_bytes(before_start, out));
  // Any byte changed either still unpacks to that size or is refused; never read past the end
  // (AddressSanitizer watches).
  for (std::size_t k = 0; k < packed.size(); ++k) {
    std::vector<std::uint8_t> bad = packed;
    bad[k] ^= 0x5A;
    std::vector<std::uint8_t> into(in.size());
    (void)unpack_bytes(bad, into);
  }
}
