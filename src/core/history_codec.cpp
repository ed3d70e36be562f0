#include "core/history_codec.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/varint.hpp"

namespace dungen::history {
namespace {

static_assert(kTileCount <= 16, "a tile is packed into 4 bits");

// The record layout, once. A record is its header fields in this order, then its cell changes.
// A field with a flag is written only when its flag is set in the flags word (which comes
// first); unwritten, it takes its usual value. "delta" is a zigzag varint of the value minus the
// base; the bases ("previous") are the CodecState, reset at each block's start.
//
//   field          flag            written when / usual value       coded as
//   flags          -               always                           varint (bits below; the
//                                                                   ones a cell step mostly
//                                                                   sets fit its first byte)
//   last           kLast           the body's final step            in the flags
//   phase changes  kPhaseChanges   overlay.show_phase_changes       in the flags
//   level          kLevel          != previous (usual: previous)    byte
//   line           kLine           != previous (usual: previous)    delta from previous
//   event kind     kKind           != previous (usual: previous)    byte
//   reason         kReason         != 0        (usual: 0)           byte
//   id             kId             != previous (usual: previous)    delta from previous
//   other          kOther          != previous (usual: previous)    delta from previous
//   value          kValueNext      previous + 1                     nothing (a count going on:
//                                                                   a room's cells, floor cells)
//                  kValue          otherwise != previous (usual:    delta from previous
//                                  previous)
//   at             kAt             != previous (usual: previous)    x, y: a pair of deltas from
//                                                                   previous (see put_pair)
//   rect           kRect           != {}       (usual: {})          x, y, w, h: deltas from 0
//   overlay items  kItemsAsBefore  markers at the event's at only,  nothing
//                                  with the roles of the last
//                                  record's items (at most 4)
//                  kItemsEdited    the roles of the last record's   each item: a byte saying how
//                                  items (at most 4), in order      it is made of the item
//                                                                   before (put_edited_item):
//                                                                   as before, its first cells
//                                                                   dropped and new ones added
//                                                                   (pairs of deltas), all moved
//                                                                   by one pair of deltas, a
//                                                                   marker on the event's cell,
//                                                                   or written whole (as below,
//                                                                   without the role)
//                  kItems          otherwise, any                   count, then each item:
//     role                                                          byte
//     what                                                          byte of ItemBit
//     rect           kItemRect     != {} and != the event's rect    x, y, w, h: deltas from 0
//                    kItemEventRect == the event's rect             nothing
//     cells          kItemCells    any                              count, then each cell's
//                                                                   x, y: a pair of deltas from
//                                                                   the one before (the first's
//                                                                   from the event's at)
//                    kItemAtEvent  one cell, the event's at         nothing
//     read tiles     kItemRead     any                              count, then two a byte (low
//                    + kItemReadBits  all wall or floor             nibble first), or one bit
//                                                                   each (1: floor)
//   stats          kStatsRepeat    the slots and deltas of the last nothing
//                                  record's that had any (at most 4)
//                  kStats          any changed                      count, then each: slot
//                                                                   varint, change delta from 0
//                  kStatsAsBefore  some of the slots remembered     byte: which of them << 4 |
//                                  (at most 4: the last list        the first change + 7 (15:
//                                  written, then the slots before   its delta follows); the
//                                  it), in that order               others' deltas from 0 two a
//                                                                   byte (see put_pair)
//   draws          kDraws          any                              count, then each: name id
//                                                                   varint, value delta from 0
//                  kDrawsAsBefore  the names of the last draws      each value: delta from 0
//                                  list written (at most 4)
//   runs           kRuns           any                              count, then each run (see
//                                                                   put_runs)
//   changes        kOneChangeAsBefore  one change, at the event's   nothing
//                                  cell, with the layers and values
//                                  of the record before's first
//                                  change (a room's next cell)
//                  -               otherwise                        count, then each change:
//     head                                                          byte: layer mask (LayerBit;
//                                                                   0: the layers and values of
//                                                                   the change it repeats,
//                                                                   nothing more follows: for a
//                                                                   record's first change, the
//                                                                   record before's first; for
//                                                                   the others, the last change
//                                                                   that was not a first)
//                                                                   | near code << 4 (see
//                                                                   near_code: a delta within
//                                                                   -4..4, or a row up or down
//                                                                   and -1..1 across), or
//                                                                   15 << 4 when not near
//     index        -               the delta is not near            delta from previous index
//                                                                   (the first change's from
//                                                                   the event's at, when that
//                                                                   is on the map)
//     tile         kTile (mask)    the tile changed                 byte: before << 4 | after
//     mark         kMark (mask)    the mark changed                 byte: before << 4 | after
//     label        kLabel (mask)   the label changed                before, after: a pair of
//                                                                   deltas from the previous
//                                                                   change's (see put_pair)
//     region       kRegion (mask)  the region changed               before, after: the same
//
// step_fields() and change_fields() list the header and a change in this order; the encoder and
// the decoder walk those same lists (with FlagPass, WritePass and ReadPass below), so the two
// cannot drift apart. Items, stats and draws are small mirrored pairs beside each other.
// Ordered by how often a step sets them: a cell step (its cell moved, its count, its marker,
// the same statistics and draws as the step before) fits the first byte of the flags varint.
enum Flag : std::uint64_t {
  kAlways = 0,                   // a field written in every record
  kValueNext = 1u << 0,          // the value is the one before plus one (a count that goes on)
  kOneChangeAsBefore = 1u << 1,  // (a room's cell, a tunnel's: most steps of those generators)
  kAt = 1u << 2,
  kStatsRepeat = 1u << 3,  // (a flood fill's step, a tunnel's, most walk and maze steps)
  kItemsAsBefore = 1u << 4,
  kStatsAsBefore = 1u << 5,
  kDrawsAsBefore = 1u << 6,
  kValue = 1u << 7,
  kItemsEdited = 1u << 8,  // (a walk step's items, a maze step's: they have the byte for kOther
  kOther = 1u << 9,        //  or kReason anyway; a walk step's direction is in every step)
  kItems = 1u << 10,
  kLine = 1u << 11,
  kKind = 1u << 12,
  kReason = 1u << 13,  // (a maze step's, a walk step's outcome: often, so in the second byte too)
  kDraws = 1u << 14,   // (written whole rarely: kDrawsAsBefore says most)
  kLevel = 1u << 15,   // (changes with the line and kind, a few steps in a hundred)
  kStats = 1u << 16,   // (written whole rarely: kStatsRepeat and kStatsAsBefore say most)
  kId = 1u << 17,
  kRect = 1u << 18,
  kRuns = 1u << 19,
  kPhaseChanges = 1u << 20,
  kLast = 1u << 21,  // (once a run: the only flag past the third byte)
};

// What follows an item's role byte (see the table).
enum ItemBit : std::uint8_t {
  kItemRect = 1,
  kItemEventRect = 2,
  kItemCells = 4,
  kItemRead = 8,
  kItemReadBits = 16,
  kItemAtEvent = 32,
};

// A cell change's index against the one before, in the head's high nibble: codes 0-8 are
// -4..4 along the row, 9-11 the row above (-1..1 across), 12-14 the row below, 15 none of these
// (the delta follows). A flood fill's neighbours and a tunnel's cells are near; a map row apart
// took three bytes a change.
constexpr unsigned kFar = 15;
unsigned near_code(std::int64_t d, std::int64_t width) {
  if (d >= -4 && d <= 4) return static_cast<unsigned>(d + 4);
  if (d + width >= -1 && d + width <= 1) return static_cast<unsigned>(d + width + 10);
  if (d - width >= -1 && d - width <= 1) return static_cast<unsigned>(d - width + 13);
  return kFar;
}
std::int64_t near_delta(unsigned code, std::int64_t width) {
  if (code <= 8) return std::int64_t{code} - 4;
  if (code <= 11) return -width + (std::int64_t{code} - 10);
  return width + (std::int64_t{code} - 13);
}

// Eight tiles at a time: a pass's read rows are three map rows a step.
constexpr std::uint64_t kWall8 = static_cast<unsigned>(Tile::Wall) * lanes::kOnes;
constexpr std::uint64_t kFloor8 = static_cast<unsigned>(Tile::Floor) * lanes::kOnes;

inline std::uint8_t* put(std::uint8_t* w, std::uint64_t v) {
  return put_varint(w, v);
}
inline std::uint8_t* put_signed(std::uint8_t* w, std::int64_t v) {
  return put_varint(w, zigzag(v));
}
inline const std::uint8_t* get(const std::uint8_t* r, std::uint64_t& v) {
  return get_varint(r, v);
}
inline const std::uint8_t* get_signed(const std::uint8_t* r, std::int64_t& v) {
  std::uint64_t u = 0;
  r = get(r, u);
  v = unzigzag(u);
  return r;
}
template <class T>
inline const std::uint8_t* get_int(const std::uint8_t* r, T& v, std::int64_t base = 0) {
  std::int64_t d = 0;
  r = get_signed(r, d);
  v = static_cast<T>(base + d);
  return r;
}

std::uint8_t* put_rect(std::uint8_t* w, const Rect& r) {
  w = put_signed(w, r.x);
  w = put_signed(w, r.y);
  w = put_signed(w, r.w);
  return put_signed(w, r.h);
}
const std::uint8_t* get_rect(const std::uint8_t* r, Rect& out) {
  r = get_int(r, out.x);
  r = get_int(r, out.y);
  r = get_int(r, out.w);
  return get_int(r, out.h);
}

// Two deltas that are both within -7..7 take a byte, (a + 7) << 4 | (b + 7). Both within
// -kMidPair..kMidPair take two: (a + kMidPair) * kMidSide + (b + kMidPair) is written as a high
// part, a code the byte above cannot be (its high nibble or its low nibble 15), and a byte. Others
// take the escape byte and two zigzag varints. An event's cell against the step before's (a room's
// next cell, anywhere in the room), a cell of an item against the one before, a label or region
// change's before and after values against the change before's: mostly a step apart or the same,
// often a room apart.
constexpr std::uint8_t kFarPair = 0xFF;
constexpr std::int64_t kMidPair = 43;
constexpr std::int64_t kMidSide = 2 * kMidPair + 1;
static_assert(kMidSide * kMidSide <= 30 * 256, "the two-byte pairs fit their 30 high codes");
// (Out of line: the two-byte and escaped forms are rare next to the one-byte form, which every
// step writes a few of and which is inlined where it is written.)
[[gnu::noinline]] std::uint8_t* put_wide_pair(std::uint8_t* w, std::int64_t a, std::int64_t b) {
  if (static_cast<std::uint64_t>(a + kMidPair) < kMidSide &&
      static_cast<std::uint64_t>(b + kMidPair) < kMidSide) {
    const auto v = static_cast<unsigned>((a + kMidPair) * kMidSide + (b + kMidPair));
    const unsigned high = v >> 8;  // 0..29: 0xF0 | high, then (high - 15) << 4 | 0x0F
    *w++ = static_cast<std::uint8_t>(high < 15 ? 0xF0u | high : (high - 15) << 4 | 0x0Fu);
    *w++ = static_cast<std::uint8_t>(v & 0xFFu);
  } else {
    *w++ = kFarPair;
    w = put_signed(w, a);
    w = put_signed(w, b);
  }
  return w;
}
[[gnu::always_inline]] inline std::uint8_t* put_pair(std::uint8_t* w, std::int64_t a,
                                                     std::int64_t b) {
  if (static_cast<std::uint64_t>(a + 7) <= 14 && static_cast<std::uint64_t>(b + 7) <= 14) {
    *w++ = static_cast<std::uint8_t>((a + 7) << 4 | (b + 7));
    return w;
  }
  return put_wide_pair(w, a, b);
}
template <class T>
const std::uint8_t* get_pair(const std::uint8_t* r, T& a, T& b) {
  const unsigned first = *r++;
  if (first == kFarPair) {
    r = get_int(r, a, a);
    return get_int(r, b, b);
  }
  if ((first >> 4) == 15 || (first & 15u) == 15) {
    const unsigned high = (first >> 4) == 15 ? first & 15u : 15 + (first >> 4);
    const auto v = static_cast<std::int64_t>(high << 8 | *r++);
    a = static_cast<T>(a + v / kMidSide - kMidPair);
    b = static_cast<T>(b + v % kMidSide - kMidPair);
    return r;
  }
  a = static_cast<T>(a + (first >> 4) - 7);
  b = static_cast<T>(b + (first & 15) - 7);
  return r;
}

// An item's cells (see the table): each a pair of deltas from the cell before.
std::uint8_t* put_points(std::uint8_t* w, const std::vector<Point>& pts, Point from) {
  // (Locals: a store through w could alias the vector's own pointers, reloaded otherwise.)
  const Point* p = pts.data();
  const Point* const end = p + pts.size();
  w = put(w, pts.size());
  int x = from.x, y = from.y;
  for (; p != end; ++p) {
    w = put_pair(w, std::int64_t{p->x} - x, std::int64_t{p->y} - y);
    x = p->x;
    y = p->y;
  }
  return w;
}
// The three passes over a record's fields. FlagPass sets the flag of each field that differs
// from its usual value; WritePass writes the fields whose flag is set; ReadPass reads them, or
// gives the usual value. Each takes a field as (flag, value, usual value, base).
struct FlagPass {
  std::uint64_t flags = 0;
  // A value that mostly goes on by one (a room's cells, a cave's floor): the one before plus one
  // is next's flag alone, any other change the delta.
  void count(std::uint64_t next, std::uint64_t flag, int v, int base) {
    if (std::int64_t{v} == std::int64_t{base} + 1) {
      flags |= next;
    } else if (v != base) {
      flags |= flag;
    }
  }
  template <class T>
  void number(std::uint64_t flag, const T& v, std::int64_t usual, std::int64_t /*base*/) {
    if (std::int64_t{v} != usual) flags |= flag;
  }
  template <class T>
  void byte(std::uint64_t flag, const T& v, T usual) {
    if (v != usual) flags |= flag;
  }
  void point(std::uint64_t flag, const Point& v, Point usual) {
    if (v != usual) flags |= flag;
  }
  void rect(std::uint64_t flag, const Rect& v) {
    if (v != Rect{}) flags |= flag;
  }
};

// The change a record's change `k` is measured against (CodecState::first, ::later).
PackedChange& repeated(CodecState& st, std::size_t k) {
  return k == 0 ? st.first : st.later;
}

// The change has the layers and values of `l`: only its index differs.
bool repeats(const PackedChange& c, const PackedChange& l) {
  if (c.mask != l.mask) return false;
  if ((c.mask & kTile) && (c.tile_before != l.tile_before || c.tile_after != l.tile_after)) {
    return false;
  }
  if ((c.mask & kMark) && (c.mark_before != l.mark_before || c.mark_after != l.mark_after)) {
    return false;
  }
  if ((c.mask & kLabel) && (c.label_before != l.label_before || c.label_after != l.label_after)) {
    return false;
  }
  return !(c.mask & kRegion) ||
         (c.region_before == l.region_before && c.region_after == l.region_after);
}

struct WritePass {
  std::uint8_t* w;
  std::uint64_t flags = 0;
  bool on(std::uint64_t flag) const { return flag == kAlways || (flags & flag) != 0; }
  void count(std::uint64_t /*next*/, std::uint64_t flag, int v, int base) {
    if (on(flag)) w = put_signed(w, std::int64_t{v} - base);
  }
  template <class T>
  void number(std::uint64_t flag, const T& v, std::int64_t /*usual*/, std::int64_t base) {
    if (on(flag)) w = put_signed(w, std::int64_t{v} - base);
  }
  template <class T>
  void byte(std::uint64_t flag, const T& v, T /*usual*/) {
    if (on(flag)) *w++ = static_cast<std::uint8_t>(v);
  }
  void point(std::uint64_t flag, const Point& v, Point base) {
    if (on(flag)) w = put_pair(w, std::int64_t{v.x} - base.x, std::int64_t{v.y} - base.y);
  }
  // Two values always written, as a pair of deltas.
  void pair(const std::int32_t& a, const std::int32_t& b, std::int32_t base_a,
            std::int32_t base_b) {
    w = put_pair(w, std::int64_t{a} - base_a, std::int64_t{b} - base_b);
  }
  void rect(std::uint64_t flag, const Rect& v) {
    if (on(flag)) w = put_rect(w, v);
  }
  template <class A, class B>
  void nibbles(const A& high, const B& low) {
    *w++ = static_cast<std::uint8_t>(static_cast<unsigned>(high) << 4 | static_cast<unsigned>(low));
  }
  // Writes the head; true when the change repeats `memo`'s layers and values (mask 0).
  bool change_head(const PackedChange& c, const PackedChange& memo, std::uint32_t index,
                   std::int64_t width) {
    const bool repeat = c.mask != 0 && repeats(c, memo);
    const std::int64_t d = std::int64_t{c.index} - std::int64_t{index};
    const unsigned code = near_code(d, width);
    *w++ = static_cast<std::uint8_t>((repeat ? 0u : c.mask) | code << 4);
    if (code == kFar) w = put_signed(w, d);
    return repeat;
  }
};

struct ReadPass {
  const std::uint8_t* r;
  std::uint64_t flags = 0;
  bool on(std::uint64_t flag) const { return flag == kAlways || (flags & flag) != 0; }
  void count(std::uint64_t next, std::uint64_t flag, int& v, int base) {
    v = on(next) ? static_cast<int>(std::int64_t{base} + 1) : base;
    if (on(flag)) r = get_int(r, v, base);
  }
  template <class T>
  void number(std::uint64_t flag, T& v, std::int64_t usual, std::int64_t base) {
    if (on(flag)) {
      r = get_int(r, v, base);
    } else {
      v = static_cast<T>(usual);
    }
  }
  template <class T>
  void byte(std::uint64_t flag, T& v, T usual) {
    v = on(flag) ? static_cast<T>(*r++) : usual;
  }
  void point(std::uint64_t flag, Point& v, Point base) {
    v = base;
    if (on(flag)) r = get_pair(r, v.x, v.y);
  }
  void pair(std::int32_t& a, std::int32_t& b, std::int32_t base_a, std::int32_t base_b) {
    a = base_a;
    b = base_b;
    r = get_pair(r, a, b);
  }
  void rect(std::uint64_t flag, Rect& v) {
    v = Rect{};
    if (on(flag)) r = get_rect(r, v);
  }
  template <class A, class B>
  void nibbles(A& high, B& low) {
    high = static_cast<A>(*r >> 4);
    low = static_cast<B>(*r & 15u);
    ++r;
  }
  bool change_head(PackedChange& c, const PackedChange& memo, std::uint32_t index,
                   std::int64_t width) {
    const std::uint8_t head = *r++;
    const unsigned code = head >> 4;
    std::int64_t d = 0;
    if (code == kFar) {
      r = get_signed(r, d);
    } else {
      d = near_delta(code, width);
    }
    const bool repeat = (head & 15u) == 0;
    if (repeat) {
      c = memo;  // the repeated change's layers and values, at this index
    } else {
      c.mask = head & 15u;
    }
    c.index = static_cast<std::uint32_t>(std::int64_t{index} + d);
    return repeat;
  }
};

// The header's event fields, in the table's order (S is Step, or const Step when writing).
template <class Pass, class S>
void step_fields(Pass& p, S& s, const CodecState& st) {
  auto& e = s.event;
  p.byte(kLevel, s.level, st.level);
  p.number(kLine, s.line, st.line, st.line);
  p.byte(kKind, e.kind, st.kind);
  p.byte(kReason, e.reason, std::uint8_t{0});
  p.number(kId, e.id, st.id, st.id);
  p.number(kOther, e.other, st.other, st.other);
  p.count(kValueNext, kValue, e.value, st.value);
  p.point(kAt, e.at, st.at);
  p.rect(kRect, e.rect);
}

// The next record's header is delta-coded against this one's.
void remember(CodecState& st, const Step& s) {
  st.level = s.level;
  st.line = s.line;
  st.kind = s.event.kind;
  st.id = s.event.id;
  st.other = s.event.other;
  st.value = s.event.value;
  st.at = s.event.at;
}

// A record's change `k`, in the table's order (P is PackedChange, or const PackedChange when
// writing). Its index, labels and regions are delta-coded against the change before it (width:
// the map's).
template <class Pass, class P>
void change_fields(Pass& p, P& c, std::size_t k, CodecState& st, std::int64_t width) {
  PackedChange& memo = repeated(st, k);
  const bool repeat = p.change_head(c, memo, st.index, width);
  st.index = c.index;
  if (repeat) return;
  if (c.mask & kTile) p.nibbles(c.tile_before, c.tile_after);
  if (c.mask & kMark) p.nibbles(c.mark_before, c.mark_after);
  if (c.mask & kLabel) {
    p.pair(c.label_before, c.label_after, st.label_before, st.label_after);
    st.label_before = c.label_before;
    st.label_after = c.label_after;
  }
  if (c.mask & kRegion) {
    p.pair(c.region_before, c.region_after, st.region_before, st.region_after);
    st.region_before = c.region_before;
    st.region_after = c.region_after;
  }
  memo = c;
}

// A cell change with only its changed layers kept, as the log stores it.
PackedChange pack(const CellChange& c) {
  PackedChange p;
  p.index = c.index;
  if (c.before.tile != c.after.tile) p.mask |= kTile;
  if (c.before.mark != c.after.mark) p.mask |= kMark;
  if (c.before.label != c.after.label) p.mask |= kLabel;
  if (c.before.region != c.after.region) p.mask |= kRegion;
  if (p.mask == 0) p.mask = kTile;  // (none is recorded, but mask 0 is the head's "repeat")
  p.tile_before = c.before.tile;
  p.tile_after = c.after.tile;
  p.mark_before = c.before.mark;
  p.mark_after = c.after.mark;
  p.label_before = c.before.label;
  p.label_after = c.after.label;
  p.region_before = c.before.region;
  p.region_after = c.after.region;
  return p;
}

// An item's read tiles a bit each (1: floor), or null when one is neither wall nor floor.
std::uint8_t* put_read_bits(std::uint8_t* w, const std::vector<Tile>& read) {
  w = put(w, read.size());
  // (Locals: a store through w could alias the vector's own pointers, reloaded otherwise.)
  const Tile* t = read.data();
  const std::size_t n = read.size();
  std::size_t k = 0;
#if defined(__SSE2__)
  // SSE2 is part of x86-64: sixteen tiles two compares, their verdicts gathered by movemask (a
  // cave pass step reads three map rows: this loop was most of recording one).
  const __m128i floor = _mm_set1_epi8(static_cast<char>(Tile::Floor));
  const __m128i wall = _mm_set1_epi8(static_cast<char>(Tile::Wall));
  for (; k + 16 <= n; k += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + k));
    const auto is_floor = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, floor)));
    const auto is_wall = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, wall)));
    if ((is_floor | is_wall) != 0xFFFFu) return nullptr;
    *w++ = static_cast<std::uint8_t>(is_floor);
    *w++ = static_cast<std::uint8_t>(is_floor >> 8);
  }
#endif
  for (; k + 8 <= n; k += 8) {
    std::uint64_t x = 0;
    std::memcpy(&x, t + k, 8);
    const std::uint64_t not_floor = lanes::nonzero(x ^ kFloor8);
    if (not_floor & lanes::nonzero(x ^ kWall8)) return nullptr;
    *w++ = lanes::bits_of(~not_floor & ~lanes::kLow7);
  }
  if (k < n) {
    unsigned byte = 0;
    for (std::size_t b = 0; k + b < n; ++b) {
      if (t[k + b] != Tile::Wall && t[k + b] != Tile::Floor) return nullptr;
      byte |= static_cast<unsigned>(t[k + b] == Tile::Floor) << b;
    }
    *w++ = static_cast<std::uint8_t>(byte);
  }
  return w;
}

// An item's read tiles two a byte (any tiles).
std::uint8_t* put_read_nibbles(std::uint8_t* w, const std::vector<Tile>& read) {
  w = put(w, read.size());
  for (std::size_t k = 0; k < read.size(); k += 2) {
    unsigned byte = static_cast<unsigned>(read[k]);
    if (k + 1 < read.size()) byte |= static_cast<unsigned>(read[k + 1]) << 4;
    *w++ = static_cast<std::uint8_t>(byte);
  }
  return w;
}
const std::uint8_t* get_read(const std::uint8_t* r, std::vector<Tile>* out, bool bits) {
  std::uint64_t m = 0;
  r = get(r, m);
  const std::uint64_t per_byte = bits ? 8 : 2;
  if (!out) return r + (m + per_byte - 1) / per_byte;
  for (std::uint64_t k = 0; k < m; k += per_byte) {
    const std::uint8_t byte = *r++;
    for (std::uint64_t b = 0; b < per_byte && k + b < m; ++b) {
      out->push_back(bits ? ((byte >> b) & 1u ? Tile::Floor : Tile::Wall)
                          : static_cast<Tile>((byte >> (4 * b)) & 15u));
    }
  }
  return r;
}

// Rect{} (an item without a box), in one test rather than four.
bool no_rect(const Rect& r) {
  return (r.x | r.y | r.w | r.h) == 0;
}

// One overlay item after its role (the table's "overlay items" rows); its rect and cells lean on
// the event's.
std::uint8_t* put_item_body(std::uint8_t* w, const OverlayItem& i, const Event& e) {
  std::uint8_t what = 0;
  if (!no_rect(i.rect)) what |= i.rect == e.rect ? kItemEventRect : kItemRect;
  if (i.cells.size() == 1 && i.cells[0] == e.at) {
    what |= kItemAtEvent;
  } else if (!i.cells.empty()) {
    what |= kItemCells;
  }
  if (!i.read.empty()) what |= kItemRead | kItemReadBits;
  std::uint8_t* what_at = w++;
  if (what & kItemRect) w = put_rect(w, i.rect);
  if (what & kItemCells) w = put_points(w, i.cells, e.at);
  if (what & kItemRead) {
    // Read tiles a bit each, if they turn out to be all wall or floor; else over again, two a byte.
    std::uint8_t* read_at = w;
    w = put_read_bits(w, i.read);
    if (!w) {
      what &= static_cast<std::uint8_t>(~kItemReadBits);
      w = put_read_nibbles(read_at, i.read);
    }
  }
  *what_at = what;
  return w;
}
std::uint8_t* put_item(std::uint8_t* w, const OverlayItem& i, const Event& e) {
  *w++ = static_cast<std::uint8_t>(i.role);
  return put_item_body(w, i, e);
}

// A cell, a box as words: one compare each, where Point's and Rect's == compare field by field.
static_assert(sizeof(Point) == sizeof(std::uint64_t));
inline std::uint64_t word(Point p) {
  std::uint64_t w = 0;  // (memcpy: the web build's library has no std::bit_cast)
  std::memcpy(&w, &p, sizeof w);
  return w;
}
inline bool same_rect(const Rect& a, const Rect& b) {
  return std::memcmp(&a, &b, sizeof(Rect)) == 0;
}
bool same_cells(const Point* a, const Point* b, std::size_t n) {
  return n == 0 || std::memcmp(a, b, n * sizeof(Point)) == 0;
}

// An item that is only a marker on the event's cell: what most cell steps show.
bool marks_event(const OverlayItem& i, const Event& e) {
  return i.cells.size() == 1 && word(i.cells[0]) == word(e.at) && i.read.empty() && no_rect(i.rect);
}

// How a record's items are written (the table's "overlay items" rows): none; as before, when
// they have the roles of the items before, in that order, and are all markers on the event's cell
// (nothing to write); edited, when they have those roles (each written as an edit of the one
// before it, put_edited_item); else whole. One pass over the items.
std::uint64_t items_flag(const ItemMemo& memo, std::span<const OverlayItem> items, const Event& e) {
  if (items.empty()) return 0;
  if (memo.n != items.size()) return kItems;  // (memo.n is 0 when nothing is remembered)
  bool markers = true;
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (items[k].role != memo.items[k].role) return kItems;
    markers = markers && marks_event(items[k], e);
  }
  return markers ? kItemsAsBefore : kItemsEdited;
}

// How an edited item is written (the table's kItemsEdited rows): a byte, kind | drop << 2 | add <<
// 5 for kEdit (the cells before, the first `drop` dropped, then `add` cells, each a pair of deltas
// from the cell before it), kMoved followed by one pair of deltas (the cells and box before, all
// moved by it), kMarkerAtEvent alone, kWhole followed by the item as kItems writes it after the
// role.
enum EditKind : unsigned { kEdit = 0, kMoved = 1, kMarkerAtEvent = 2, kWhole = 3 };
constexpr std::size_t kMaxEditDrop = 7, kMaxEditAdd = 7;

// An item as the memo keeps it for the next record's edits: its cells when they fit.
void remember_item(ItemMemo::Item& m, const OverlayItem& i) {
  const Point* const cells = i.cells.data();
  const std::size_t count = i.cells.size();
  m.role = i.role;
  m.rect = i.rect;
  if (!i.read.empty() || count > ItemMemo::kCells) {
    m.count = ItemMemo::kUnknown;
    return;
  }
  if (count == 1) {
    m.cells[0] = cells[0];  // (a marker: most items; not worth a call)
  } else if (count > 0) {
    std::memcpy(m.cells.data(), cells, count * sizeof(Point));
  }
  m.count = static_cast<std::uint8_t>(count);
}

// Item i as an edit of the memo's item m (which has its role): the forms are tried in the order
// of what they cost to check (a marker on the event's cell, then the cells before with the first
// few dropped, then all of them moved), and the cheapest to write is kept: an edit that adds at
// most one cell, else moved, else any edit, else whole.
std::uint8_t* put_edit(std::uint8_t* w, const OverlayItem& i, const ItemMemo::Item& m,
                       const Event& e) {
  // (Locals: a store through w could alias the vector's own pointers, reloaded otherwise. The
  // marker test is marks_event's on them: calling it cost a walk step 34 instructions more.)
  const Point* const cells = i.cells.data();
  const std::size_t n = i.cells.size();
  const bool plain = i.read.empty();
  const Rect rect = i.rect;
  if (n == 1 && plain && word(cells[0]) == word(e.at) && no_rect(rect)) {
    *w++ = kMarkerAtEvent;
    return w;
  }
  const std::size_t before = m.count;
  // (Read tiles are never remembered: such an item is written whole.)
  if (plain && before != ItemMemo::kUnknown) {
    // An edit: the cells before from the first that begins this item's on (all dropped when
    // none does), then the new ones.
    std::size_t drop = before;
    if (n > 0) {
      const std::uint64_t first = word(cells[0]);
      for (std::size_t k = 0; k < before; ++k) {
        if (word(m.cells[k]) == first) {
          drop = k;
          break;
        }
      }
    }
    const std::size_t kept = before - drop;
    const bool edit = drop <= kMaxEditDrop && kept <= n && n - kept <= kMaxEditAdd &&
                      same_rect(rect, m.rect) && same_cells(cells, m.cells.data() + drop, kept);
    // Written in two bytes at most as an edit (as before, or a cell added); else moved, if it is.
    if ((!edit || n - kept > 1) && n > 0 && n == before) {
      const Point d{cells[0].x - m.cells[0].x, cells[0].y - m.cells[0].y};
      const Rect r = m.rect;
      bool moved = same_rect(rect, no_rect(r) ? Rect{} : Rect{r.x + d.x, r.y + d.y, r.w, r.h});
      for (std::size_t k = 1; moved && k < n; ++k) {
        moved = word(cells[k]) == word(Point{m.cells[k].x + d.x, m.cells[k].y + d.y});
      }
      if (moved) {
        *w++ = kMoved;
        return put_pair(w, d.x, d.y);
      }
    }
    if (edit) {
      *w++ = static_cast<std::uint8_t>(kEdit | drop << 2 | (n - kept) << 5);
      Point from = kept > 0 ? cells[kept - 1] : e.at;
      for (std::size_t k = kept; k < n; ++k) {
        w = put_pair(w, std::int64_t{cells[k].x} - from.x, std::int64_t{cells[k].y} - from.y);
        from = cells[k];
      }
      return w;
    }
  }
  *w++ = kWhole;
  return put_item_body(w, i, e);
}

// Writes item i as an edit of the memo's item m, then remembers it there for the next record: each
// item is looked at once, where remembering the items in a pass of their own read them again.
std::uint8_t* put_edited_item(std::uint8_t* w, const OverlayItem& i, ItemMemo::Item& m,
                              const Event& e) {
  w = put_edit(w, i, m, e);
  remember_item(m, i);
  return w;
}

// Items as before, markers on the event's cell `at`: only their cell moved.
void remember_markers(ItemMemo& memo, Point at) {
  for (std::size_t k = 0; k < memo.n; ++k) {
    ItemMemo::Item& m = memo.items[k];
    m.rect = Rect{};
    m.cells[0] = at;
    m.count = 1;
  }
}

// The items just written whole, for the next record that has items to edit.
void remember_items(ItemMemo& memo, std::span<const OverlayItem> items) {
  const std::size_t n = items.size() <= ItemMemo::kMax ? items.size() : 0;
  for (std::size_t k = 0; k < n; ++k) remember_item(memo.items[k], items[k]);
  memo.n = static_cast<std::uint8_t>(n);
}

// Reading an item: into the step's item when the step is wanted (out, else null) and into the
// memo's item for the next record (its cells when they fit).
struct ItemReader {
  OverlayItem* out;
  ItemMemo::Item& m;
  void begin(Role role, Rect rect) {
    m.role = role;
    m.rect = rect;
    m.count = 0;
    if (out) {
      out->role = role;
      out->rect = rect;
      out->cells.clear();
      out->read.clear();
    }
  }
  void add(Point p) {
    if (m.count < ItemMemo::kCells) {
      m.cells[m.count++] = p;
    } else {
      m.count = ItemMemo::kUnknown;
    }
    if (out) out->cells.push_back(p);
  }
};

// The item after its role (the table's kItems rows).
const std::uint8_t* get_item_body(const std::uint8_t* r, ItemReader& in, Role role,
                                  const Event& e) {
  const std::uint8_t what = *r++;
  Rect rect{};
  if (what & kItemEventRect) rect = e.rect;
  if (what & kItemRect) r = get_rect(r, rect);
  in.begin(role, rect);
  if (what & kItemCells) {
    std::uint64_t n = 0;
    r = get(r, n);
    Point p = e.at;
    if (n > ItemMemo::kCells) in.m.count = ItemMemo::kUnknown;
    for (std::uint64_t k = 0; k < n; ++k) {
      r = get_pair(r, p.x, p.y);
      if (in.out || n <= ItemMemo::kCells) in.add(p);
    }
  }
  if (what & kItemAtEvent) in.add(e.at);
  if (what & kItemRead) {
    in.m.count = ItemMemo::kUnknown;
    r = get_read(r, in.out ? &in.out->read : nullptr, (what & kItemReadBits) != 0);
  }
  return r;
}

// An edited item (put_edited_item); `before` is a copy of the memo's item it edits.
const std::uint8_t* get_edited_item(const std::uint8_t* r, ItemReader& in,
                                    const ItemMemo::Item& before, const Event& e) {
  const std::uint8_t how = *r++;
  switch (how & 3u) {
    case kMarkerAtEvent:
      in.begin(before.role, Rect{});
      in.add(e.at);
      return r;
    case kMoved: {
      Point d{};
      r = get_pair(r, d.x, d.y);
      const Rect& b = before.rect;
      in.begin(before.role, no_rect(b) ? Rect{} : Rect{b.x + d.x, b.y + d.y, b.w, b.h});
      for (std::size_t k = 0; k < before.count; ++k) {
        in.add({before.cells[k].x + d.x, before.cells[k].y + d.y});
      }
      return r;
    }
    case kEdit: {
      const std::size_t drop = (how >> 2) & 7u, add = how >> 5;
      in.begin(before.role, before.rect);
      Point p = e.at;
      for (std::size_t k = drop; k < before.count; ++k) in.add(p = before.cells[k]);
      for (std::size_t k = 0; k < add; ++k) {
        r = get_pair(r, p.x, p.y);
        in.add(p);
      }
      return r;
    }
    default:
      return get_item_body(r, in, before.role, e);
  }
}

// The stats and draws lists: a count, then (key, signed value) pairs.
template <class List, class Key>
std::uint8_t* put_pairs(std::uint8_t* w, const List& list, Key key) {
  w = put(w, list.size());
  for (const auto& x : list) {
    const auto [k, v] = key(x);
    w = put(w, k);
    w = put_signed(w, v);
  }
  return w;
}
template <class Add>
const std::uint8_t* get_pairs(const std::uint8_t* r, KeyMemo& memo, Add add) {
  std::uint64_t n = 0;
  r = get(r, n);
  memo.n = n <= KeyMemo::kMax ? static_cast<std::uint8_t>(n) : 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    std::uint64_t k = 0;
    std::int64_t v = 0;
    r = get(r, k);
    r = get_signed(r, v);
    if (i < KeyMemo::kMax) memo.keys[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(k);
    add(k, v);
  }
  return r;
}

// A list whose keys are the memo's: only the values.
template <class List, class Key>
bool same_keys(const KeyMemo& memo, const List& list, Key key) {
  if (memo.n == 0 || memo.n != list.size()) return false;
  for (std::size_t i = 0; i < memo.n; ++i) {
    if (key(list[i]).first != memo.keys[i]) return false;
  }
  return true;
}
template <class List, class Key>
std::uint8_t* put_values(std::uint8_t* w, const List& list, Key key) {
  for (const auto& x : list) w = put_signed(w, key(x).second);
  return w;
}
// A stat list whose slots are all remembered, in the memo's order (a step changes some of the
// statistics it changed before: a flood fill's frontier, its largest region, or both): which
// ones, as bit i for memo.keys[i]; 0 when it is not such a list.
template <class List, class Key>
unsigned remembered_subset(const KeyMemo& memo, const List& list, Key key) {
  unsigned mask = 0;
  std::size_t at = 0;
  for (const auto& x : list) {
    const auto k = key(x).first;
    while (at < memo.n && memo.keys[at] != k) ++at;
    if (at == memo.n) return 0;
    mask |= 1u << at++;
  }
  return mask;
}
// Its values: the subset and the first change in one byte where that change is small, the
// others two a byte (each mostly moves by a little).
constexpr unsigned kNibbleFar = 15;
template <class List, class Key>
std::uint8_t* put_subset_values(std::uint8_t* w, unsigned mask, const List& list, Key key) {
  const std::int64_t first = key(list[0]).second;
  const bool near = first >= -7 && first <= 7;
  *w++ =
      static_cast<std::uint8_t>(mask << 4 | (near ? static_cast<unsigned>(first + 7) : kNibbleFar));
  if (!near) w = put_signed(w, first);
  std::size_t i = 1;
  for (; i + 1 < list.size(); i += 2) {
    w = put_pair(w, key(list[i]).second, key(list[i + 1]).second);
  }
  if (i < list.size()) w = put_signed(w, key(list[i]).second);
  return w;
}
template <class Add>
const std::uint8_t* get_subset_values(const std::uint8_t* r, const KeyMemo& memo, Add add) {
  const std::uint8_t head = *r++;
  std::array<std::uint32_t, KeyMemo::kMax> keys{};
  std::size_t n = 0;
  for (std::size_t k = 0; k < memo.n; ++k) {
    if ((head >> 4) & (1u << k)) keys[n++] = memo.keys[k];
  }
  std::int64_t first = static_cast<std::int64_t>(head & 15u) - 7;
  if ((head & 15u) == kNibbleFar) r = get_signed(r, first);
  add(keys[0], first);
  std::size_t i = 1;
  for (; i + 1 < n; i += 2) {
    std::int64_t a = 0, b = 0;
    r = get_pair(r, a, b);
    add(keys[i], a);
    add(keys[i + 1], b);
  }
  if (i < n) {
    std::int64_t v = 0;
    r = get_signed(r, v);
    add(keys[i], v);
  }
  return r;
}
// Whether a record's stat changes are those of the last record that had any, in order.
bool repeats_stats(const StatsMemo& memo, std::span<const StatChange> stats) {
  if (stats.empty() || stats.size() != memo.n) return false;
  for (std::size_t k = 0; k < stats.size(); ++k) {
    if (stats[k].slot != memo.slots[k] || stats[k].delta != memo.deltas[k]) return false;
  }
  return true;
}
void remember_stats(StatsMemo& memo, std::span<const StatChange> stats) {
  memo.n = stats.size() <= StatsMemo::kMax ? static_cast<std::uint8_t>(stats.size()) : 0;
  for (std::size_t k = 0; k < memo.n; ++k) {
    memo.slots[k] = stats[k].slot;
    memo.deltas[k] = stats[k].delta;
  }
}
// After a stat list written in full (its slots now remembered first): the slots remembered before
// that it did not have stay behind them, as many as fit.
void keep_earlier_keys(KeyMemo& memo, const KeyMemo& earlier) {
  if (memo.n == 0) return;  // a list too long to remember
  for (std::size_t k = 0; k < earlier.n && memo.n < KeyMemo::kMax; ++k) {
    const std::uint32_t key = earlier.keys[k];
    if (std::find(memo.keys.begin(), memo.keys.begin() + memo.n, key) ==
        memo.keys.begin() + memo.n) {
      memo.keys[memo.n++] = key;
    }
  }
}
template <class Add>
const std::uint8_t* get_values(const std::uint8_t* r, const KeyMemo& memo, Add add) {
  for (std::size_t i = 0; i < memo.n; ++i) {
    std::int64_t v = 0;
    r = get_signed(r, v);
    add(memo.keys[i], v);
  }
  return r;
}
template <class List, class Key>
void remember_keys(KeyMemo& memo, const List& list, Key key) {
  memo.n = list.size() <= KeyMemo::kMax ? static_cast<std::uint8_t>(list.size()) : 0;
  for (std::size_t i = 0; i < memo.n; ++i)
    memo.keys[i] = static_cast<std::uint32_t>(key(list[i]).first);
}

// The index of the cell an event is at, when that is on the map (a row below the last is
// never an event's).
std::optional<std::uint32_t> event_index(Point at, int width) {
  if (at.x < 0 || at.y < 0 || at.x >= width) return std::nullopt;
  return static_cast<std::uint32_t>(at.y) * static_cast<std::uint32_t>(width) +
         static_cast<std::uint32_t>(at.x);
}

// Where a record's cell changes are delta-coded from: the cell its event is at, when that is on
// the map (most steps change the cell they are about first), else the change before.
void base_changes_at(CodecState& st, Point at, int width) {
  if (const auto i = event_index(at, width)) st.index = *i;
}

// A step's runs: each is its first cell (delta from the previous index), its cell count, which
// layers it flips (a byte: 1 tile, 2 mark, 4 label), the flips of those (tile and mark a byte,
// label a varint), then its bits as they are, (count + 7) / 8 bytes.
std::uint8_t* put_runs(std::uint8_t* w, std::span<const CellRun> runs, CodecState& st) {
  w = put(w, runs.size());
  for (const CellRun& run : runs) {
    w = put_signed(w, std::int64_t{run.first} - std::int64_t{st.index});
    st.index = run.first;
    w = put(w, run.count);
    const LayerFlip& f = run.flip;
    *w++ = static_cast<std::uint8_t>((f.tile ? 1 : 0) | (f.mark ? 2 : 0) | (f.label ? 4 : 0));
    if (f.tile) *w++ = f.tile;
    if (f.mark) *w++ = f.mark;
    if (f.label) w = put(w, f.label);
    std::memcpy(w, run.bits, run.bit_bytes());
    w += run.bit_bytes();
  }
  return w;
}
const std::uint8_t* get_runs(const std::uint8_t* r, std::vector<CellRun>* out, CodecState& st) {
  std::uint64_t n = 0;
  r = get(r, n);
  for (std::uint64_t i = 0; i < n; ++i) {
    CellRun run;
    r = get_int(r, run.first, st.index);
    st.index = run.first;
    std::uint64_t v = 0;
    r = get(r, v);
    run.count = static_cast<std::uint32_t>(v);
    const std::uint8_t layers = *r++;
    if (layers & 1) run.flip.tile = *r++;
    if (layers & 2) run.flip.mark = *r++;
    if (layers & 4) {
      r = get(r, v);
      run.flip.label = static_cast<std::uint32_t>(v);
    }
    run.bits = r;
    r += run.bit_bytes();
    if (out) out->push_back(run);
  }
  return r;
}

// The record's one change is at its event's cell (on the map, no runs before it) and repeats the
// record before's first change: the flags say it all (kOneChangeAsBefore).
bool one_change_as_before(const StepChanges& changes, const CodecState& st, Point at, int width) {
  if (changes.cells.size() != 1 || !changes.runs.empty() || st.first.mask == 0) return false;
  const PackedChange c = pack(changes.cells[0]);
  return c.index == event_index(at, width) && repeats(c, st.first);
}

}  // namespace

Cell PackedChange::before_of(Cell after) const {
  if (mask & kTile) after.tile = tile_before;
  if (mask & kMark) after.mark = mark_before;
  if (mask & kLabel) after.label = label_before;
  if (mask & kRegion) after.region = region_before;
  return after;
}

Cell PackedChange::after_of(Cell before) const {
  if (mask & kTile) before.tile = tile_after;
  if (mask & kMark) before.mark = mark_after;
  if (mask & kLabel) before.label = label_after;
  if (mask & kRegion) before.region = region_after;
  return before;
}

std::size_t max_record_bytes(const Step& step, const StepChanges& changes, std::size_t stats,
                             std::size_t draws) {
  std::size_t item_bytes = 0;
  for (const OverlayItem& i : step.overlay.items) {
    // How it is edited, role and what, a rect, the counts of cells and read tiles, each cell,
    // the tiles.
    item_bytes += 3 + 20 + 2 * 10 + i.cells.size() * 20 + i.read.size();
  }
  std::size_t run_bytes = 10;
  for (const CellRun& run : changes.runs) run_bytes += 10 + 5 + 1 + 2 + 5 + run.bit_bytes();
  return 256 + item_bytes + (stats + draws) * 15 + run_bytes +
         changes.cells.size() * kMaxChangeBytes;
}

std::uint8_t* encode_record(std::uint8_t* w, CodecState& st, NameTable& names, int width,
                            const Step& step, const StepChanges& changes,
                            std::span<const StatChange> stats, std::span<const Draw> draws,
                            std::size_t& step_bytes) {
  const Overlay& o = step.overlay;
  const auto stat_key = [](const StatChange& c) {
    return std::pair<std::uint64_t, std::int64_t>{c.slot, c.delta};
  };
  // The draws' name ids, looked up once: each draw is then (its place in these, value).
  const std::span<const std::uint32_t> ids = names.ids(draws);
  const auto draw_key = [&](const Draw& d) {
    return std::pair<std::uint64_t, std::int64_t>{ids[static_cast<std::size_t>(&d - draws.data())],
                                                  d.value};
  };
  FlagPass flags;
  step_fields(flags, step, st);
  std::uint64_t f = flags.flags;
  if (step.last) f |= kLast;
  if (o.show_phase_changes) f |= kPhaseChanges;
  // (A span: a byte stored through w could be the vector's own pointers, reloaded otherwise.)
  const std::span<const OverlayItem> items = o.items;
  f |= items_flag(st.items, items, step.event);
  const bool stats_repeat = repeats_stats(st.last_stats, stats);
  const unsigned stat_subset =
      stats.empty() || stats_repeat ? 0u : remembered_subset(st.stats, stats, stat_key);
  if (stats_repeat) {
    f |= kStatsRepeat;
  } else if (!stats.empty()) {
    f |= stat_subset != 0 ? kStatsAsBefore : kStats;
  }
  if (!draws.empty()) f |= same_keys(st.draws, draws, draw_key) ? kDrawsAsBefore : kDraws;
  if (!changes.runs.empty()) f |= kRuns;
  if (one_change_as_before(changes, st, step.event.at, width)) f |= kOneChangeAsBefore;
  std::uint8_t* const start = w;
  WritePass out{put(w, f), f};
  step_fields(out, step, st);
  w = out.w;
  if (f & kItemsEdited) {
    for (std::size_t k = 0; k < items.size(); ++k) {
      w = put_edited_item(w, items[k], st.items.items[k], step.event);  // (and remembers it)
    }
  } else if (f & kItems) {
    w = put(w, items.size());
    for (const OverlayItem& i : items) w = put_item(w, i, step.event);
    remember_items(st.items, items);
  } else if (f & kItemsAsBefore) {
    remember_markers(st.items, step.event.at);
  }
  if (f & kStatsAsBefore) w = put_subset_values(w, stat_subset, stats, stat_key);
  if (f & kStats) {
    w = put_pairs(w, stats, stat_key);
    const KeyMemo earlier = st.stats;
    remember_keys(st.stats, stats, stat_key);
    keep_earlier_keys(st.stats, earlier);
  }
  if (!stats.empty()) remember_stats(st.last_stats, stats);
  if (f & kDrawsAsBefore) w = put_values(w, draws, draw_key);
  if (f & kDraws) {
    w = put_pairs(w, draws, draw_key);
    remember_keys(st.draws, draws, draw_key);
  }
  remember(st, step);
  step_bytes = static_cast<std::size_t>(w - start);
  if (f & kRuns) w = put_runs(w, changes.runs, st);
  base_changes_at(st, step.event.at, width);
  if (f & kOneChangeAsBefore) return w;  // (st.index is the change's cell, and st.first it)
  w = put(w, changes.cells.size());
  WritePass cells{w};
  for (std::size_t k = 0; k < changes.cells.size(); ++k) {
    const PackedChange p = pack(changes.cells[k]);
    change_fields(cells, p, k, st, width);
  }
  return cells.w;
}

const std::uint8_t* decode_record(const std::uint8_t* r, CodecState& st, const NameTable& names,
                                  int width, const RecordOut& out) {
  std::uint64_t f = 0;
  r = get(r, f);
  Step tmp_step;
  Step& s = out.step ? *out.step : tmp_step;
  s.last = (f & kLast) != 0;
  s.overlay.show_phase_changes = (f & kPhaseChanges) != 0;
  ReadPass in{r, f};
  step_fields(in, s, st);
  r = in.r;
  std::vector<OverlayItem>& items = s.overlay.items;
  ItemMemo& memo = st.items;
  if (f & kItemsAsBefore) {
    if (out.step) {
      items.clear();
      for (std::size_t k = 0; k < memo.n; ++k) {
        items.push_back(marker(memo.items[k].role, s.event.at));
      }
    }
    remember_markers(memo, s.event.at);
  } else if (f & kItemsEdited) {
    if (out.step) items.resize(memo.n);
    for (std::size_t k = 0; k < memo.n; ++k) {
      const ItemMemo::Item before = memo.items[k];
      ItemReader item{out.step ? &items[k] : nullptr, memo.items[k]};
      r = get_edited_item(r, item, before, s.event);
    }
  } else if (f & kItems) {
    std::uint64_t n = 0;
    r = get(r, n);
    if (out.step) items.resize(static_cast<std::size_t>(n));
    memo.n = n <= ItemMemo::kMax ? static_cast<std::uint8_t>(n) : 0;
    ItemMemo::Item spare;  // where an item past the memo's kMax is read
    for (std::uint64_t k = 0; k < n; ++k) {
      const auto role = static_cast<Role>(*r++);
      ItemReader item{out.step ? &items[static_cast<std::size_t>(k)] : nullptr,
                      k < memo.n ? memo.items[static_cast<std::size_t>(k)] : spare};
      r = get_item_body(r, item, role, s.event);
    }
  } else {
    items.clear();  // (a step without items leaves the memo to the next that has some)
  }
  if (out.stats) out.stats->clear();
  // This record's, to remember as the encoder does (one more than the memo holds tells a list
  // too long to remember).
  std::array<StatChange, StatsMemo::kMax + 1> read{};
  std::size_t read_count = 0;
  const auto add_stat = [&](std::uint64_t slot, std::int64_t delta) {
    const StatChange c{static_cast<std::uint32_t>(slot), delta};
    if (out.stats) out.stats->push_back(c);
    if (read_count < read.size()) read[read_count++] = c;
  };
  if (f & kStatsRepeat) {
    for (std::size_t k = 0; k < st.last_stats.n; ++k) {
      add_stat(st.last_stats.slots[k], st.last_stats.deltas[k]);
    }
  }
  if (f & kStatsAsBefore) r = get_subset_values(r, st.stats, add_stat);
  if (f & kStats) {
    const KeyMemo earlier = st.stats;
    r = get_pairs(r, st.stats, add_stat);
    keep_earlier_keys(st.stats, earlier);
  }
  if (read_count > 0) remember_stats(st.last_stats, {read.data(), read_count});
  if (out.draws) out.draws->clear();
  const auto add_draw = [&](std::uint64_t id, std::int64_t value) {
    if (out.draws) out.draws->push_back(names.draw(static_cast<std::uint32_t>(id), value));
  };
  if (f & kDrawsAsBefore) r = get_values(r, st.draws, add_draw);
  if (f & kDraws) r = get_pairs(r, st.draws, add_draw);
  remember(st, s);
  if (out.runs) out.runs->clear();
  if (f & kRuns) r = get_runs(r, out.runs, st);
  base_changes_at(st, s.event.at, width);
  if (f & kOneChangeAsBefore) {
    if (out.changes) {
      out.changes->clear();
      PackedChange c = st.first;
      c.index = st.index;
      out.changes->push_back(c);
    }
    return r;
  }
  std::uint64_t n = 0;
  r = get(r, n);
  if (out.changes) {
    out.changes->clear();
    out.changes->reserve(static_cast<std::size_t>(n));
  }
  ReadPass cells{r};
  for (std::uint64_t i = 0; i < n; ++i) {
    PackedChange c;
    change_fields(cells, c, static_cast<std::size_t>(i), st, width);
    if (out.changes) out.changes->push_back(c);
  }
  return cells.r;
}

}  // namespace dungen::history
