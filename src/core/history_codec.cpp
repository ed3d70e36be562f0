#include "core/history_codec.hpp"

#include <algorithm>
#include <cstring>

#include "core/varint.hpp"

namespace dungen::history {
namespace {

static_assert(kTileCount <= 16, "a tile is packed into 4 bits");

// A record starts with a varint of flags saying which fields follow (one byte for most steps;
// room to grow past 7 flags without a new format).
//
//   field            written when                     as
//   level            always                           flags bits 0-1
//   last             the body's final step            flag
//   phase changes    overlay.show_phase_changes       flag
//   line             differs from the previous step   signed delta
//   event kind       differs                          byte
//   reason           != 0                             byte
//   id               differs                          signed delta
//   other            != -1                            signed
//   value            differs                          signed delta
//   at               differs                          two signed deltas
//   rect             != {}                            four signed
//   overlay items    any                              count, then per item: role byte, what
//                                                     follows (rect / cells / read tiles), the
//                                                     rect (same as the event's: no bytes),
//                                                     cells delta-coded from the event's at,
//                                                     read tiles one bit each when all wall or
//                                                     floor, else two a byte
//   stats            any changed                      count, (slot, signed delta) each
//   draws            any                              count, (name id, signed value) each
//   changes          always                           count, then the changes (see below)
enum Flag : std::uint64_t {
  kLevelMask = 3,
  kLast = 1u << 2,
  kPhaseChanges = 1u << 3,
  kLine = 1u << 4,    // line differs from the previous step's
  kKind = 1u << 5,    // event kind differs
  kReason = 1u << 6,  // reason != 0
  kId = 1u << 7,      // id differs
  kOther = 1u << 8,   // other != -1
  kValue = 1u << 9,   // value differs
  kAt = 1u << 10,     // at differs
  kRect = 1u << 11,   // rect != {}
  kItems = 1u << 12,  // overlay items follow
  kStats = 1u << 13,
  kDraws = 1u << 14,
};

// What follows an item's role byte.
// Read tiles are packed 1 bit each when they are all wall or floor (a cave's window: 2 bytes for
// 9 cells), else 4 bits each.
enum ItemBit : std::uint8_t {
  kItemRect = 1,
  kItemEventRect = 2,
  kItemCells = 4,
  kItemRead = 8,
  kItemReadBits = 16,
};

bool wall_or_floor(const std::vector<Tile>& tiles) {
  return std::all_of(tiles.begin(), tiles.end(),
                     [](Tile t) { return t == Tile::Wall || t == Tile::Floor; });
}

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

// A list of points, each delta-coded against the one before (the first against `from`).
std::uint8_t* put_points(std::uint8_t* w, const std::vector<Point>& pts, Point from) {
  w = put(w, pts.size());
  for (const Point p : pts) {
    w = put_signed(w, std::int64_t{p.x} - from.x);
    w = put_signed(w, std::int64_t{p.y} - from.y);
    from = p;
  }
  return w;
}
const std::uint8_t* get_points(const std::uint8_t* r, std::vector<Point>* out, Point from) {
  std::uint64_t n = 0;
  r = get(r, n);
  if (out) out->clear();
  for (std::uint64_t i = 0; i < n; ++i) {
    r = get_int(r, from.x, from.x);
    r = get_int(r, from.y, from.y);
    if (out) out->push_back(from);
  }
  return r;
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

std::size_t max_record_bytes(const Step& step, std::size_t changes, std::size_t stats,
                             std::size_t draws) {
  std::size_t item_bytes = 0;
  for (const OverlayItem& i : step.overlay.items) {
    item_bytes += 2 + 20 + i.cells.size() * 20 + i.read.size();
  }
  return 256 + item_bytes + (stats + draws) * 15 + changes * kMaxChangeBytes;
}

std::uint8_t* encode_record(std::uint8_t* w, CodecState& st, NameTable& names, const Step& step,
                            std::span<const CellChange> changes, std::span<const StatChange> stats,
                            std::span<const Draw> draws, std::size_t& step_bytes) {
  const Event& e = step.event;
  const Overlay& o = step.overlay;
  std::uint64_t f = static_cast<std::uint64_t>(step.level) & kLevelMask;
  if (step.last) f |= kLast;
  if (o.show_phase_changes) f |= kPhaseChanges;
  if (step.line != st.line) f |= kLine;
  if (e.kind != st.kind) f |= kKind;
  if (e.reason != 0) f |= kReason;
  if (e.id != st.id) f |= kId;
  if (e.other != -1) f |= kOther;
  if (e.value != st.value) f |= kValue;
  if (e.at != st.at) f |= kAt;
  if (e.rect != Rect{}) f |= kRect;
  if (!o.items.empty()) f |= kItems;
  if (!stats.empty()) f |= kStats;
  if (!draws.empty()) f |= kDraws;
  std::uint8_t* const start = w;
  w = put(w, f);
  if (f & kLine) w = put_signed(w, std::int64_t{step.line} - st.line);
  if (f & kKind) *w++ = e.kind;
  if (f & kReason) *w++ = e.reason;
  if (f & kId) w = put_signed(w, std::int64_t{e.id} - st.id);
  if (f & kOther) w = put_signed(w, e.other);
  if (f & kValue) w = put_signed(w, std::int64_t{e.value} - st.value);
  if (f & kAt) {
    w = put_signed(w, std::int64_t{e.at.x} - st.at.x);
    w = put_signed(w, std::int64_t{e.at.y} - st.at.y);
  }
  if (f & kRect) w = put_rect(w, e.rect);
  if (f & kItems) {
    w = put(w, o.items.size());
    for (const OverlayItem& i : o.items) {
      std::uint8_t what = 0;
      if (i.rect != Rect{}) what |= i.rect == e.rect ? kItemEventRect : kItemRect;
      if (!i.cells.empty()) what |= kItemCells;
      if (!i.read.empty()) {
        what |= wall_or_floor(i.read) ? static_cast<std::uint8_t>(kItemRead | kItemReadBits)
                                      : static_cast<std::uint8_t>(kItemRead);
      }
      *w++ = static_cast<std::uint8_t>(i.role);
      *w++ = what;
      if (what & kItemRect) w = put_rect(w, i.rect);
      if (what & kItemCells) w = put_points(w, i.cells, e.at);
      if (what & kItemReadBits) {
        w = put(w, i.read.size());
        for (std::size_t k = 0; k < i.read.size(); k += 8) {
          unsigned byte = 0;
          for (std::size_t b = 0; b < 8 && k + b < i.read.size(); ++b) {
            byte |= static_cast<unsigned>(i.read[k + b] == Tile::Floor) << b;
          }
          *w++ = static_cast<std::uint8_t>(byte);
        }
      } else if (what & kItemRead) {
        w = put(w, i.read.size());
        for (std::size_t k = 0; k < i.read.size(); k += 2) {
          const unsigned hi = k + 1 < i.read.size() ? static_cast<unsigned>(i.read[k + 1]) : 0u;
          *w++ = static_cast<std::uint8_t>(static_cast<unsigned>(i.read[k]) | hi << 4);
        }
      }
    }
  }
  if (f & kStats) {
    w = put(w, stats.size());
    for (const StatChange& s : stats) {
      w = put(w, s.slot);
      w = put_signed(w, s.delta);
    }
  }
  if (f & kDraws) {
    w = put(w, draws.size());
    for (const Draw& d : draws) {
      w = put(w, names.id(d.name));
      w = put_signed(w, d.value);
    }
  }
  st.line = step.line;
  st.kind = e.kind;
  st.id = e.id;
  st.value = e.value;
  st.at = e.at;
  w = put(w, changes.size());
  step_bytes = static_cast<std::size_t>(w - start);

  for (const CellChange& c : changes) {
    std::uint8_t mask = 0;
    if (c.before.tile != c.after.tile) mask |= kTile;
    if (c.before.mark != c.after.mark) mask |= kMark;
    if (c.before.label != c.after.label) mask |= kLabel;
    if (c.before.region != c.after.region) mask |= kRegion;
    const std::int64_t d = std::int64_t{c.index} - std::int64_t{st.index};
    const bool small = d >= -7 && d <= 7;
    *w++ = static_cast<std::uint8_t>(mask | (small ? d + 7 : 15) << 4);
    if (!small) w = put_signed(w, d);
    st.index = c.index;
    if (mask & kTile) {
      *w++ = static_cast<std::uint8_t>(static_cast<unsigned>(c.before.tile) << 4 |
                                       static_cast<unsigned>(c.after.tile));
    }
    if (mask & kMark) {
      *w++ = static_cast<std::uint8_t>(static_cast<unsigned>(c.before.mark) << 4 |
                                       static_cast<unsigned>(c.after.mark));
    }
    if (mask & kLabel) {
      w = put_signed(w, std::int64_t{c.before.label} - st.label_before);
      w = put_signed(w, std::int64_t{c.after.label} - st.label_after);
      st.label_before = c.before.label;
      st.label_after = c.after.label;
    }
    if (mask & kRegion) {
      w = put_signed(w, std::int64_t{c.before.region} - st.region_before);
      w = put_signed(w, std::int64_t{c.after.region} - st.region_after);
      st.region_before = c.before.region;
      st.region_after = c.after.region;
    }
  }
  return w;
}

const std::uint8_t* decode_record(const std::uint8_t* r, CodecState& st, const NameTable& names,
                                  const RecordOut& out) {
  std::uint64_t f = 0;
  r = get(r, f);
  Step tmp_step;
  Step& s = out.step ? *out.step : tmp_step;
  Event& e = s.event;
  Overlay& o = s.overlay;
  s.level = static_cast<StepLevel>(f & kLevelMask);
  s.last = (f & kLast) != 0;
  o.show_phase_changes = (f & kPhaseChanges) != 0;
  s.line = st.line;
  if (f & kLine) r = get_int(r, s.line, st.line);
  e.kind = st.kind;
  if (f & kKind) e.kind = *r++;
  e.reason = 0;
  if (f & kReason) e.reason = *r++;
  e.id = st.id;
  if (f & kId) r = get_int(r, e.id, st.id);
  e.other = -1;
  if (f & kOther) r = get_int(r, e.other);
  e.value = st.value;
  if (f & kValue) r = get_int(r, e.value, st.value);
  e.at = st.at;
  if (f & kAt) {
    r = get_int(r, e.at.x, st.at.x);
    r = get_int(r, e.at.y, st.at.y);
  }
  e.rect = Rect{};
  if (f & kRect) r = get_rect(r, e.rect);
  o.items.clear();
  if (f & kItems) {
    std::uint64_t n = 0;
    r = get(r, n);
    if (out.step) o.items.resize(static_cast<std::size_t>(n));
    OverlayItem scratch;
    for (std::uint64_t k = 0; k < n; ++k) {
      OverlayItem& i = out.step ? o.items[static_cast<std::size_t>(k)] : scratch;
      i.role = static_cast<Role>(*r++);
      const std::uint8_t what = *r++;
      i.rect = Rect{};
      if (what & kItemEventRect) i.rect = e.rect;
      if (what & kItemRect) r = get_rect(r, i.rect);
      i.cells.clear();
      if (what & kItemCells) r = get_points(r, out.step ? &i.cells : nullptr, e.at);
      i.read.clear();
      if (what & kItemReadBits) {
        std::uint64_t m = 0;
        r = get(r, m);
        for (std::uint64_t t = 0; t < m; t += 8) {
          const std::uint8_t byte = *r++;
          if (!out.step) continue;
          for (std::uint64_t b = 0; b < 8 && t + b < m; ++b) {
            i.read.push_back((byte >> b) & 1u ? Tile::Floor : Tile::Wall);
          }
        }
      } else if (what & kItemRead) {
        std::uint64_t m = 0;
        r = get(r, m);
        for (std::uint64_t t = 0; t < m; t += 2) {
          const std::uint8_t b = *r++;
          if (!out.step) continue;
          i.read.push_back(static_cast<Tile>(b & 15u));
          if (t + 1 < m) i.read.push_back(static_cast<Tile>(b >> 4));
        }
      }
    }
  }
  if (out.stats) out.stats->clear();
  if (f & kStats) {
    std::uint64_t n = 0;
    r = get(r, n);
    for (std::uint64_t i = 0; i < n; ++i) {
      std::uint64_t slot = 0;
      std::int64_t delta = 0;
      r = get(r, slot);
      r = get_signed(r, delta);
      if (out.stats) out.stats->push_back({static_cast<std::uint32_t>(slot), delta});
    }
  }
  if (out.draws) out.draws->clear();
  if (f & kDraws) {
    std::uint64_t n = 0;
    r = get(r, n);
    for (std::uint64_t i = 0; i < n; ++i) {
      std::uint64_t id = 0;
      std::int64_t value = 0;
      r = get(r, id);
      r = get_signed(r, value);
      if (out.draws) out.draws->push_back({names.name(static_cast<std::uint32_t>(id)), value});
    }
  }
  st.line = s.line;
  st.kind = e.kind;
  st.id = e.id;
  st.value = e.value;
  st.at = e.at;

  std::uint64_t n = 0;
  r = get(r, n);
  if (out.changes) {
    out.changes->clear();
    out.changes->reserve(static_cast<std::size_t>(n));
  }
  for (std::uint64_t i = 0; i < n; ++i) {
    PackedChange c;
    const std::uint8_t head = *r++;
    c.mask = head & 15u;
    const unsigned code = head >> 4;
    std::int64_t d = static_cast<std::int64_t>(code) - 7;
    if (code == 15) r = get_signed(r, d);
    c.index = static_cast<std::uint32_t>(std::int64_t{st.index} + d);
    st.index = c.index;
    if (c.mask & kTile) {
      c.tile_before = static_cast<Tile>(*r >> 4);
      c.tile_after = static_cast<Tile>(*r & 15u);
      ++r;
    }
    if (c.mask & kMark) {
      c.mark_before = static_cast<Mark>(*r >> 4);
      c.mark_after = static_cast<Mark>(*r & 15u);
      ++r;
    }
    if (c.mask & kLabel) {
      r = get_int(r, c.label_before, st.label_before);
      r = get_int(r, c.label_after, st.label_after);
      st.label_before = c.label_before;
      st.label_after = c.label_after;
    }
    if (c.mask & kRegion) {
      r = get_int(r, c.region_before, st.region_before);
      r = get_int(r, c.region_after, st.region_after);
      st.region_before = c.region_before;
      st.region_after = c.region_after;
    }
    if (out.changes) out.changes->push_back(c);
  }
  return r;
}

}  // namespace dungen::history
