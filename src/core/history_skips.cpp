#include "core/history_skips.hpp"

#include <algorithm>

#include "core/varint.hpp"

namespace dungen::history {

// A skip writes whole layers; a layer the grid has not allocated yet (it allocates the mark,
// label and region layers on first use) is allocated, at its default, before it is written.
struct LayerAccess {
  static Tile* tiles(Grid& g) { return g.tiles_.data(); }
  static Mark* marks(Grid& g) { return g.layer(g.marks_, Mark::None).data(); }
  static std::int32_t* labels(Grid& g) { return g.layer(g.labels_, std::int32_t{-1}).data(); }
  static std::int32_t* regions(Grid& g) { return g.layer(g.regions_, std::int32_t{-1}).data(); }
};

namespace {

// A skip's mask has a bit for each layer it changes.
constexpr std::uint8_t bit(CellLayer layer) {
  return static_cast<std::uint8_t>(1u << static_cast<unsigned>(layer));
}

using history::get_varint;
inline void put(std::vector<std::uint8_t>& out, std::uint64_t v) {
  put_varint(out, v);
}
inline const std::uint8_t* get(const std::uint8_t* r, std::uint64_t& v) {
  return get_varint(r, v);
}

// One layer's values for every entry, as runs of (count, value).
template <class Value>
void put_runs(std::vector<std::uint8_t>& out, std::size_t n, Value value) {
  std::size_t i = 0;
  while (i < n) {
    const std::int64_t v = value(i);
    std::size_t j = i + 1;
    while (j < n && value(j) == v) ++j;
    put(out, j - i);
    put(out, zigzag(v));
    i = j;
  }
}

// Reads runs of values covering n entries and, when layer is not null, writes them over the
// cells of the spans in order: a run that covers whole spans is a fill, not a loop of stores.
// The observer, if any, is told of each run: its cells take the value (`taken`) or leave it.
struct RunNote {
  RunObserver* observer = nullptr;
  CellLayer layer = CellLayer::Tile;
  bool taken = false;
};

template <class T>
const std::uint8_t* apply_runs(const std::uint8_t* r, std::size_t n, const Span* spans, T* layer,
                               RunNote note) {
  std::size_t i = 0, span = 0;
  std::uint32_t off = 0;
  while (i < n) {
    std::uint64_t count = 0, z = 0;
    r = get(r, count);
    r = get(r, z);
    i += static_cast<std::size_t>(count);
    if (note.observer) note.observer->run(note.layer, unzigzag(z), count, note.taken);
    if (!layer) continue;
    const auto v = static_cast<T>(unzigzag(z));
    auto left = static_cast<std::uint32_t>(count);
    while (left > 0) {
      const Span& s = spans[span];
      const std::uint32_t m = std::min(left, s.length - off);
      T* out = layer + s.start + off;
      if (m >= 16) {
        std::fill(out, out + m, v);
      } else {
        // Spans of a few cells are common (a flood fill's front crossing rows): a call to
        // memset each cost more than the stores.
        for (std::uint32_t j = 0; j < m; ++j) {
          out[j] = v;
          asm volatile("" ::: "memory");  // keeps gcc from turning this loop into memset
        }
      }
      left -= m;
      off += m;
      if (off == s.length) {
        ++span;
        off = 0;
      }
    }
  }
  return r;
}

}  // namespace

void SkipBuilder::sort_by_index() {
  const auto by_index = [](const auto& a, const auto& b) { return a.first < b.first; };
  if (std::is_sorted(first_.begin(), first_.end(), by_index)) return;  // a pass over rows
  // Radix sort, 12 bits of the index at a time (two passes cover a 4096x4096 map): a comparison
  // sort of a flood fill's segment cost about as much per step as the flood fill itself.
  constexpr unsigned kDigitBits = 12;
  constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
  std::uint32_t top = 0;
  for (const auto& e : first_) top = std::max(top, e.first);
  spare_.resize(first_.size());
  std::vector<std::size_t> start(kBuckets + 1);
  for (unsigned shift = 0; shift < 32 && (top >> shift) != 0; shift += kDigitBits) {
    std::fill(start.begin(), start.end(), 0);
    for (const auto& e : first_) ++start[((e.first >> shift) & (kBuckets - 1)) + 1];
    for (std::size_t b = 1; b <= kBuckets; ++b) start[b] += start[b - 1];
    for (const auto& e : first_) spare_[start[(e.first >> shift) & (kBuckets - 1)]++] = e;
    first_.swap(spare_);
  }
}

void SkipBuilder::clear_seen() {
  for (const FirstState& e : first_) seen_[e.first >> 6] = 0;
  first_.clear();
}

void SkipBuilder::give_up() {
  overflowed_ = true;
  clear_seen();
}

void SkipBuilder::absorb(std::span<const FirstState> cells, std::size_t grid_cells) {
  if (overflowed_ || cells.empty()) return;
  if (first_.size() + cells.size() > max_cells_) {
    give_up();
    return;
  }
  if (seen_.empty()) {
    seen_.assign((grid_cells + 63) / 64, 0);
    first_.reserve(std::min(max_cells_, grid_cells));  // never more: no doubling past the cap
  }
  for (const FirstState& e : cells) {
    std::uint64_t& word = seen_[e.first >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (e.first & 63u);
    if (word & bit) continue;  // an earlier segment of the group had it first
    word |= bit;
    first_.push_back(e);
  }
}

void SkipBuilder::release() {
  clear_seen();
  seen_ = {};
  first_ = {};
  spare_ = {};
  spans_ = {};
}

std::vector<std::uint8_t> SkipBuilder::finish(const Grid& grid, SkipBuilder* group) {
  if (overflowed_) {
    overflowed_ = false;
    return {};
  }
  sort_by_index();
  // Only cells whose state differs across the segment (one changed and changed back is none):
  // first_ is compacted in place to those, and their end states are read from the grid when
  // written (a copy of each entry with both states cost more than the rest, in fresh memory).
  std::uint8_t mask = 0;
  std::size_t n = 0;
  for (const auto& [index, before] : first_) {
    seen_[index >> 6] = 0;
    const Cell after = grid.cell(index);
    if (after == before) continue;
    if (after.tile != before.tile) mask |= bit(CellLayer::Tile);
    if (after.mark != before.mark) mask |= bit(CellLayer::Mark);
    if (after.label != before.label) mask |= bit(CellLayer::Label);
    if (after.region != before.region) mask |= bit(CellLayer::Region);
    first_[n++] = {index, before};
  }
  first_.resize(n);
  if (group) group->absorb(first_, grid.size());
  std::vector<std::uint8_t> out;
  out.reserve(16 + n / 2);
  out.push_back(mask);
  put(out, n);
  std::vector<Span>& spans = spans_;
  spans.clear();
  for (const auto& e : first_) {
    if (!spans.empty() && spans.back().start + spans.back().length == e.first) {
      ++spans.back().length;
    } else {
      spans.push_back({e.first, 1});
    }
  }
  put(out, spans.size());
  std::uint32_t prev = 0;  // the end of the span before
  for (const Span& sp : spans) {
    put(out, sp.start - prev);
    put(out, sp.length);
    prev = sp.start + sp.length;
  }
  const auto layer = [&](CellLayer which, auto field) {
    if (!(mask & bit(which))) return;
    put_runs(out, n, [&](std::size_t i) { return std::int64_t{field(first_[i].second)}; });
    put_runs(out, n,
             [&](std::size_t i) { return std::int64_t{field(grid.cell(first_[i].first))}; });
  };
  layer(CellLayer::Tile, [](const Cell& c) { return static_cast<int>(c.tile); });
  layer(CellLayer::Mark, [](const Cell& c) { return static_cast<int>(c.mark); });
  layer(CellLayer::Label, [](const Cell& c) { return c.label; });
  layer(CellLayer::Region, [](const Cell& c) { return c.region; });
  first_.clear();
  out.shrink_to_fit();
  return out;
}

std::pair<std::uint32_t, std::uint32_t> apply_skip(std::span<const std::uint8_t> skip, Grid& grid,
                                                   bool forward, std::vector<Span>& spans,
                                                   RunObserver* observer) {
  const std::uint8_t* r = skip.data();
  const std::uint8_t mask = *r++;
  std::uint64_t n64 = 0;
  r = get(r, n64);
  const auto n = static_cast<std::size_t>(n64);
  if (n == 0) return {1, 0};
  std::uint64_t span_count = 0;
  r = get(r, span_count);
  spans.resize(static_cast<std::size_t>(span_count));
  std::uint32_t at = 0;
  for (Span& sp : spans) {
    std::uint64_t gap = 0, length = 0;
    r = get(r, gap);
    r = get(r, length);
    sp = {at + static_cast<std::uint32_t>(gap), static_cast<std::uint32_t>(length)};
    at = sp.start + sp.length;
  }
  // Each layer: the cells' values at the segment's start, then at its end.
  const auto layer = [&](CellLayer which, auto data_of) {
    if (!(mask & bit(which))) return;
    auto* data = data_of(grid);
    r = apply_runs(r, n, spans.data(), forward ? nullptr : data, {observer, which, !forward});
    r = apply_runs(r, n, spans.data(), forward ? data : nullptr, {observer, which, forward});
  };
  layer(CellLayer::Tile, LayerAccess::tiles);
  layer(CellLayer::Mark, LayerAccess::marks);
  layer(CellLayer::Label, LayerAccess::labels);
  layer(CellLayer::Region, LayerAccess::regions);
  return {spans.front().start, spans.back().start + spans.back().length - 1};
}

}  // namespace dungen::history
