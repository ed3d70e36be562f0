#pragma once
// The history's one integer coding (core/history_codec.cpp, core/history_skips.cpp): LEB128
// varints, 7 bits a byte, low first; signed values zigzag-coded first so small negatives stay
// small. Internal to core.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dungen::history {

inline std::uint64_t zigzag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
inline std::int64_t unzigzag(std::uint64_t u) {
  return static_cast<std::int64_t>(u >> 1) ^ -static_cast<std::int64_t>(u & 1);
}

// Writes v at w (at most 10 bytes); returns the byte after it.
inline std::uint8_t* put_varint(std::uint8_t* w, std::uint64_t v) {
  while (v >= 0x80) {
    *w++ = static_cast<std::uint8_t>(v | 0x80);
    v >>= 7;
  }
  *w++ = static_cast<std::uint8_t>(v);
  return w;
}
inline void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
  if (v < 0x80) {  // most: a count of one, a small value (a range insert cost ten times more)
    out.push_back(static_cast<std::uint8_t>(v));
    return;
  }
  std::uint8_t buf[10];
  out.insert(out.end(), buf, put_varint(buf, v));
}

// How many bytes put_varint writes for v.
inline std::size_t varint_size(std::uint64_t v) {
  std::size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

// Reads a varint at r into v; returns the byte after it.
inline const std::uint8_t* get_varint(const std::uint8_t* r, std::uint64_t& v) {
  std::uint64_t x = *r++;
  if (x < 0x80) {
    v = x;
    return r;
  }
  x &= 0x7f;
  for (unsigned shift = 7;; shift += 7) {
    const std::uint64_t b = *r++;
    x |= (b & 0x7f) << shift;
    if (b < 0x80) break;
  }
  v = x;
  return r;
}

}  // namespace dungen::history
