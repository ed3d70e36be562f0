#include "core/byte_pack.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/varint.hpp"

namespace dungen::history {

namespace {

// Table slots: a hash of four bytes names one, which holds the last place those bytes were seen.
constexpr unsigned kHashBits = 16;
constexpr std::uint32_t kNone = UINT32_MAX;
// A token's nibble at its most says that the rest of the count follows as a varint.
constexpr unsigned kNibbleMore = 15;

std::uint32_t read4(const std::uint8_t* p) {
  std::uint32_t v = 0;
  std::memcpy(&v, p, 4);
  return v;
}

std::uint32_t hash4(std::uint32_t v) {
  return (v * 2654435761u) >> (32 - kHashBits);  // a multiplicative hash: top bits
}

// How many bytes from `from` on agree with those from `at` on (at most up to n), knowing the
// first kMinMatch do: eight compared at a time, the first that differs found by its bit.
std::size_t match_length(const std::uint8_t* base, std::size_t from, std::size_t at,
                         std::size_t n) {
  std::size_t length = kMinMatch;
  while (at + length + 8 <= n) {
    std::uint64_t a = 0, b = 0;
    std::memcpy(&a, base + from + length, 8);
    std::memcpy(&b, base + at + length, 8);
    if (a != b) {
      if constexpr (std::endian::native == std::endian::little) {
        return length + static_cast<std::size_t>(std::countr_zero(a ^ b)) / 8;
      }
      break;
    }
    length += 8;
  }
  while (at + length < n && base[from + length] == base[at + length]) ++length;
  return length;
}

// One sequence: the literals [from, to), then a match of `length` bytes `offset` back (none when
// length is 0: the last sequence). Written at w, which has room for it; returns the byte after.
std::uint8_t* put_sequence(std::uint8_t* w, const std::uint8_t* from, const std::uint8_t* to,
                           std::size_t length, std::size_t offset) {
  const auto literals = static_cast<std::size_t>(to - from);
  const std::size_t extra = length == 0 ? 0 : length - kMinMatch;
  std::uint8_t* token = w++;
  *token = static_cast<std::uint8_t>(std::min<std::size_t>(literals, kNibbleMore) << 4 |
                                     std::min<std::size_t>(extra, kNibbleMore));
  if (literals >= kNibbleMore) w = put_varint(w, literals - kNibbleMore);
  if (literals > 0) std::memcpy(w, from, literals);  // (from is null for an empty input)
  w += literals;
  if (length == 0) return w;
  if (extra >= kNibbleMore) w = put_varint(w, extra - kNibbleMore);
  return put_varint(w, offset);
}

}  // namespace

std::vector<std::uint8_t> pack_bytes(std::span<const std::uint8_t> in,
                                     std::vector<std::uint32_t>& table) {
  const std::uint8_t* const base = in.data();
  const std::size_t n = in.size();
  // At worst every byte a literal: the token and its count's varint besides.
  std::vector<std::uint8_t> out(n + n / 64 + 32);
  std::uint8_t* w = out.data();
  table.assign(std::size_t{1} << kHashBits, kNone);
  std::size_t literal = 0;  // where the literals not yet written start
  std::size_t i = 0;
  // Each place is looked up once: its four bytes' slot gives the last place they were seen, and
  // the match found there is extended as far as the bytes agree; a match shorter than what
  // writing it costs is passed over. Past a run of misses the search steps further (bytes that
  // never repeat cost little to pass over).
  std::size_t misses = 0;
  while (n >= kMinMatch && i + kMinMatch <= n) {
    const std::uint32_t bytes = read4(base + i);
    std::uint32_t& slot = table[hash4(bytes)];
    const std::uint32_t seen = slot;
    slot = static_cast<std::uint32_t>(i);
    std::size_t length = 0;
    if (seen != kNone && read4(base + seen) == bytes) {
      length = match_length(base, seen, i, n);
      if (length < varint_size(i - seen) + 2) length = 0;
    }
    if (length == 0) {
      i += 1 + (++misses >> 5);
      continue;
    }
    misses = 0;
    w = put_sequence(w, base + literal, base + i, length, i - seen);
    // The places inside the match are not looked up, but the last two are remembered: the next
    // repeat of a pattern often starts right after it.
    for (std::size_t k = i + length - 2; k < i + length && k + kMinMatch <= n; ++k) {
      table[hash4(read4(base + k))] = static_cast<std::uint32_t>(k);
    }
    i += length;
    literal = i;
  }
  w = put_sequence(w, base + literal, base + n, 0, 0);
  out.resize(static_cast<std::size_t>(w - out.data()));
  out.shrink_to_fit();
  return out;
}

bool unpack_bytes(std::span<const std::uint8_t> packed, std::span<std::uint8_t> out) {
  const std::uint8_t* r = packed.data();
  const std::uint8_t* const end = packed.data() + packed.size();
  std::uint8_t* const first = out.data();
  std::uint8_t* w = out.data();
  std::uint8_t* const last = out.data() + out.size();
  // A varint read only where at least its longest form fits, or byte by byte near the end.
  const auto get = [&](std::uint64_t& v) {
    if (end - r >= 10) {
      r = get_varint(r, v);
      return true;
    }
    v = 0;
    for (unsigned shift = 0; r < end && shift < 64; shift += 7) {
      const std::uint8_t b = *r++;
      v |= std::uint64_t{b & 0x7fu} << shift;
      if (b < 0x80) return true;
    }
    return false;
  };
  while (r < end) {
    const std::uint8_t token = *r++;
    std::uint64_t literals = token >> 4;
    if (literals == kNibbleMore) {
      std::uint64_t more = 0;
      if (!get(more)) return false;
      literals += more;
    }
    if (literals > static_cast<std::uint64_t>(end - r) ||
        literals > static_cast<std::uint64_t>(last - w)) {
      return false;
    }
    if (literals <= 16 && end - r >= 16 && last - w >= 16) {
      std::memcpy(w, r, 16);  // a fixed copy (most runs are short); the rest is overwritten
    } else if (literals > 0) {
      std::memcpy(w, r, static_cast<std::size_t>(literals));
    }
    w += literals;
    r += literals;
    if (w == last) return r == end;
    std::uint64_t length = token & 15u;
    if (length == kNibbleMore) {
      std::uint64_t more = 0;
      if (!get(more)) return false;
      length += more;
    }
    length += kMinMatch;
    std::uint64_t offset = 0;
    if (!get(offset)) return false;
    if (offset == 0 || offset > static_cast<std::uint64_t>(w - first) ||
        length > static_cast<std::uint64_t>(last - w)) {
      return false;
    }
    const std::uint8_t* from = w - offset;
    if (offset >= 16 && last - w >= static_cast<std::ptrdiff_t>(length) + 16) {
      // Sixteen bytes at a time, each copy before the bytes it reads are overwritten.
      for (std::uint64_t k = 0; k < length; k += 16) std::memcpy(w + k, from + k, 16);
      w += length;
    } else if (offset >= length) {
      std::memcpy(w, from, static_cast<std::size_t>(length));
      w += length;
    } else {
      // An overlapping match repeats the last `offset` bytes: copied a byte at a time.
      for (std::uint64_t k = 0; k < length; ++k) *w++ = *from++;
    }
  }
  return false;  // the list ended before the output was complete
}

}  // namespace dungen::history
