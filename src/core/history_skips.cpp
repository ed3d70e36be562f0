#include "core/history_skips.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "core/big_buffer.hpp"
#include "core/varint.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dungen::history {

// A skip writes whole layers; a layer the grid has not allocated yet (it allocates the mark,
// label and region layers on first use) is allocated, at its default, before it is written. The
// label and region layers are written a byte a cell (value + 1) while narrow and the values
// written fit (see IdLayer), else 32 bits a cell.
struct LayerAccess {
  static Tile* tiles(Grid& g) { return g.tile_cells(); }
  static Mark* marks(Grid& g) { return g.layer(g.marks_, Mark::None); }
  static IdLayer& labels(Grid& g) { return g.labels_; }
  static IdLayer& regions(Grid& g) { return g.regions_; }
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

// One layer's values for every entry, in whichever of two forms is smaller: runs of
// (count, value) (a form byte 0), or, where the entries take at most kMaxPalette values, the
// values once (a form byte k, then k values) and each entry's place among them in `palette_bits(k)`
// bits, low bits first. Runs suit a room's cells written alike; the places suit a flood fill's
// front, whose marks alternate cell by cell among two or three values.
inline constexpr std::size_t kMaxPalette = 16;
constexpr unsigned palette_bits(std::size_t k) {
  return k <= 2 ? 1 : k <= 4 ? 2 : 4;
}

// Varints written through a pointer into a buffer of a few KB that goes to `out` when full: a
// skip's streams put a varint or two a cell, and a push_back each checked the vector's room.
class VarintWriter {
 public:
  explicit VarintWriter(std::vector<std::uint8_t>& out) : out_(out) {}
  VarintWriter(const VarintWriter&) = delete;
  VarintWriter& operator=(const VarintWriter&) = delete;
  ~VarintWriter() { flush(); }
  void put(std::uint64_t v) {
    if (w_ + kMaxVarint > buf_.data() + buf_.size()) flush();
    w_ = put_varint(w_, v);
  }
  // What was put so far is in `out` (before its size is read).
  void flush() {
    out_.insert(out_.end(), buf_.data(), w_);
    w_ = buf_.data();
  }

 private:
  static constexpr std::size_t kMaxVarint = 10;
  std::vector<std::uint8_t>& out_;
  std::array<std::uint8_t, 4096> buf_;
  std::uint8_t* w_ = buf_.data();
};

template <class Value>
void put_values(std::vector<std::uint8_t>& out, std::size_t n, Value value) {
  // Written as runs first, the values met noted as they come; replaced by the palette form if
  // that turns out smaller.
  const std::size_t form_at = out.size();
  out.push_back(0);
  std::array<std::int64_t, kMaxPalette> palette{};
  std::size_t k = 0;
  bool few = true;  // the values so far fit the palette
  // The run of equal values from entry i: its end.
  const auto run_end = [&](std::size_t i, std::int64_t v) {
    std::size_t j = i + 1;
    while (j < n && value(j) == v) ++j;
    return j;
  };
  {
    VarintWriter w(out);
    for (std::size_t i = 0; i < n;) {
      const std::int64_t v = value(i);
      const std::size_t j = run_end(i, v);
      w.put(j - i);
      w.put(zigzag(v));
      if (few && std::find(palette.begin(), palette.begin() + k, v) == palette.begin() + k) {
        few = k < kMaxPalette;
        if (few) palette[k++] = v;
      }
      i = j;
    }
  }
  if (!few || k < 2) return;
  const unsigned bits = palette_bits(k);
  std::size_t palette_bytes = (n * bits + 7) / 8;
  for (std::size_t p = 0; p < k; ++p) palette_bytes += varint_size(zigzag(palette[p]));
  if (out.size() - form_at - 1 <= palette_bytes) return;
  out.resize(form_at);
  out.push_back(static_cast<std::uint8_t>(k));
  for (std::size_t p = 0; p < k; ++p) put(out, zigzag(palette[p]));
  const std::size_t at = out.size();
  out.resize(at + (n * bits + 7) / 8, 0);
  // Each run's place among the values found once, and set for its entries (place 0 is no bits).
  for (std::size_t i = 0; i < n;) {
    const std::int64_t v = value(i);
    const std::size_t j = run_end(i, v);
    const auto place =
        static_cast<unsigned>(std::find(palette.begin(), palette.begin() + k, v) - palette.begin());
    for (std::size_t e = i; place != 0 && e < j; ++e) {
      const std::size_t bit_at = e * bits;
      out[at + bit_at / 8] |= static_cast<std::uint8_t>(place << (bit_at % 8));
    }
    i = j;
  }
}

// Reads one layer's values for n entries (put_values) and, when layer is not null, writes them
// over the cells of the spans in order: a run that covers whole spans is a fill, not a loop of
// stores. The observer, if any, is told how many cells take each value (`taken`) or leave it.
struct RunNote {
  RunObserver* observer = nullptr;
  CellLayer layer = CellLayer::Tile;
  bool taken = false;
};

// `offset` is added to each value written (1 for a narrow id layer's value + 1).
template <class T>
const std::uint8_t* apply_values(const std::uint8_t* r, std::size_t n, const Span* spans, T* layer,
                                 RunNote note, std::int64_t offset = 0) {
  const std::size_t k = *r++;
  if (k != 0) {  // the values once, then each entry's place among them
    std::array<std::int64_t, kMaxPalette> palette{};
    for (std::size_t p = 0; p < k; ++p) {
      std::uint64_t z = 0;
      r = get(r, z);
      palette[p] = unzigzag(z);
    }
    const unsigned bits = palette_bits(k);
    const unsigned mask = (1u << bits) - 1;
    const auto place = [&](std::size_t i) {
      const std::size_t bit_at = i * bits;
      return (r[bit_at / 8] >> (bit_at % 8)) & mask;
    };
    if (note.observer) {
      std::array<std::uint64_t, kMaxPalette> cells{};
      for (std::size_t i = 0; i < n; ++i) ++cells[place(i)];
      for (std::size_t p = 0; p < k; ++p) {
        if (cells[p] > 0) note.observer->run(note.layer, palette[p], cells[p], note.taken);
      }
    }
    if (layer) {
      std::array<T, kMaxPalette> as_cell{};
      for (std::size_t p = 0; p < k; ++p) as_cell[p] = static_cast<T>(palette[p] + offset);
      std::size_t i = 0;
      for (const Span* s = spans; i < n; ++s) {
        T* out = layer + s->start;
        for (std::uint32_t j = 0; j < s->length; ++j) out[j] = as_cell[place(i++)];
      }
    }
    return r + (n * bits + 7) / 8;
  }
  std::size_t i = 0, span = 0;
  std::uint32_t off = 0;
  while (i < n) {
    std::uint64_t count = 0, z = 0;
    r = get(r, count);
    r = get(r, z);
    i += static_cast<std::size_t>(count);
    if (note.observer) note.observer->run(note.layer, unzigzag(z), count, note.taken);
    if (!layer) continue;
    const auto v = static_cast<T>(unzigzag(z) + offset);
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

// Reads one layer's values for n entries, as apply_values does; says whether every value fits a
// narrow id layer.
const std::uint8_t* values_fit_narrow(const std::uint8_t* r, std::size_t n, bool& fit) {
  fit = true;
  const auto fits = [](std::int64_t v) { return v >= -1 && v <= IdLayer::kNarrowMax; };
  const std::size_t k = *r++;
  if (k != 0) {
    for (std::size_t p = 0; p < k; ++p) {
      std::uint64_t z = 0;
      r = get(r, z);
      fit = fit && fits(unzigzag(z));
    }
    return r + (n * palette_bits(k) + 7) / 8;
  }
  for (std::size_t i = 0; i < n;) {
    std::uint64_t count = 0, z = 0;
    r = get(r, count);
    r = get(r, z);
    i += static_cast<std::size_t>(count);
    fit = fit && fits(unzigzag(z));
  }
  return r;
}

// A segment's changed cells as spans: each is its gap from the span before (from cell 0 for the
// first) and its length. Most spans of a maze's or a room's growth are one cell: the gap, doubled,
// carries that in its low bit, and only a longer span's length (less 2) follows.
void put_spans(std::vector<std::uint8_t>& out, std::span<const Span> spans) {
  VarintWriter w(out);
  w.put(spans.size());
  std::uint32_t prev = 0;  // the end of the span before
  for (const Span& sp : spans) {
    const std::uint64_t gap = sp.start - prev;
    w.put(gap << 1 | (sp.length == 1 ? 1u : 0u));
    if (sp.length != 1) w.put(sp.length - 2);
    prev = sp.start + sp.length;
  }
}
const std::uint8_t* get_spans(const std::uint8_t* r, std::vector<Span>& spans) {
  std::uint64_t count = 0;
  r = get(r, count);
  spans.resize(static_cast<std::size_t>(count));
  std::uint32_t at = 0;
  for (Span& sp : spans) {
    std::uint64_t code = 0, length = 1;
    r = get(r, code);
    if (!(code & 1)) {
      r = get(r, length);
      length += 2;
    }
    sp = {at + static_cast<std::uint32_t>(code >> 1), static_cast<std::uint32_t>(length)};
    at = sp.start + sp.length;
  }
  return r;
}

}  // namespace

void SkipBuilder::sort_by_index() {
  const auto by_index = [](const auto& a, const auto& b) { return a.first < b.first; };
  if (std::is_sorted(first_.begin(), first_.end(), by_index)) return;  // a pass over rows
  std::uint32_t low = UINT32_MAX, top = 0;
  for (const auto& e : first_) {
    low = std::min(low, e.first);
    top = std::max(top, e.first);
  }
  spare_.resize(first_.size());
  // Where the cells are dense in the words of seen_ they span (a maze's segment, a group), each
  // one's place is its rank among the cells noted, which seen_ holds a bit each: the bits set
  // before it in its word, plus those of the words before (counted once, into `ranks`: 4 bytes a
  // word, not kept from sort to sort, since a run's peak is where kept scratch would still sit).
  // One pass over the words and one over the cells, against the radix sort's four over the cells.
  const std::size_t w0 = low >> 6, words = (top >> 6) - w0 + 1;
  if (words <= 2 * first_.size()) {
    std::vector<std::uint32_t> ranks(words);
    std::uint32_t before = 0;
    for (std::size_t w = 0; w < words; ++w) {
      ranks[w] = before;
      before += lanes::bit_count(seen_[w0 + w]);
    }
    for (const auto& e : first_) {
      const std::size_t w = e.first >> 6;
      const std::uint64_t below = (std::uint64_t{1} << (e.first & 63u)) - 1;
      spare_[ranks[w - w0] + lanes::bit_count(seen_[w] & below)] = e;
    }
    first_.swap(spare_);
    return;
  }
  // Else a radix sort, 12 bits of the index at a time (two passes cover a 4096x4096 map): a
  // comparison sort of a flood fill's segment cost about as much per step as the flood fill
  // itself.
  constexpr unsigned kDigitBits = 12;
  constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
  std::vector<std::size_t> start(kBuckets + 1);
  for (unsigned shift = 0; shift < 32 && (top >> shift) != 0; shift += kDigitBits) {
    std::fill(start.begin(), start.end(), 0);
    for (const auto& e : first_) ++start[((e.first >> shift) & (kBuckets - 1)) + 1];
    for (std::size_t b = 1; b <= kBuckets; ++b) start[b] += start[b - 1];
    for (const auto& e : first_) spare_[start[(e.first >> shift) & (kBuckets - 1)]++] = e;
    first_.swap(spare_);
  }
}

void SkipBuilder::note(std::span<const CellChange> changes, std::size_t cells,
                       const RunBand* band) {
  if (seen_.empty() && !changes.empty()) seen_.assign((cells + 63) / 64, 0);
  // (Two loops, one with the band and one without: a before-value chosen per change went through
  // memory on its way, which was a tenth of recording a tunnel step.)
  const auto each_first = [&](auto first_state) {
    for (const CellChange& c : changes) {
      std::uint64_t& word = seen_[c.index >> 6];
      const std::uint64_t bit = std::uint64_t{1} << (c.index & 63u);
      if (word & bit) continue;
      word |= bit;
      first_.push_back(first_state(c));
    }
  };
  if (band && !band->empty()) {
    each_first([&](const CellChange& c) {
      return FirstState{c.index, flipped(c.before, band->at(c.index))};
    });
  } else {
    each_first([](const CellChange& c) { return FirstState{c.index, c.before}; });
  }
}

void SkipBuilder::clear_seen() {
  for (const FirstState& e : first_) seen_[e.first >> 6] = 0;
  first_.clear();
  given_cells_ = given_spans_ = 0;
}

void SkipBuilder::give_up() {
  overflowed_ = true;
  clear_seen();
  trim_scratch(0);  // nothing more is noted until the next skip
}

void SkipBuilder::absorb(std::span<const FirstState> cells, std::size_t grid_cells) {
  if (overflowed_ || cells.empty()) return;
  if (first_.size() + cells.size() > max_cells_) {
    give_up();
    return;
  }
  if (seen_.empty()) seen_.assign((grid_cells + 63) / 64, 0);
  // Grown by doubling, as far as the cap and no further: a group of few cells keeps little.
  const std::size_t needed = first_.size() + cells.size();
  if (needed > first_.capacity()) {
    first_.reserve(std::min(max_cells_, std::max(needed, 2 * first_.capacity())));
  }
  given_cells_ += cells.size();
  std::uint32_t next = UINT32_MAX;  // the cell after the span so far (the cells come sorted)
  for (const FirstState& e : cells) {
    given_spans_ += e.first != next;
    next = e.first + 1;
    std::uint64_t& word = seen_[e.first >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (e.first & 63u);
    if (word & bit) continue;  // an earlier segment of the group had it first
    word |= bit;
    first_.push_back(e);
  }
}

bool SkipBuilder::segments_meet() const {
  if (first_.empty()) return true;
  if (first_.size() * 200 <= given_cells_ * 199) return true;
  // The spans of the cells noted: each word's bits that start a run of ones, the bit before a
  // word's first being the last of the word before.
  std::size_t spans = 0;
  std::uint64_t carry = 0;
  for (const std::uint64_t word : seen_) {
    spans += lanes::bit_count(word & ~(word << 1 | carry));
    carry = word >> 63;
  }
  return spans * 20 <= given_spans_ * 19;
}

void SkipBuilder::free_sort_scratch() {
  free_buffer(first_);
  free_buffer(spare_);
  free_buffer(spans_);
}

void SkipBuilder::trim_scratch(std::size_t noted) {
  // Scratch far bigger than the skips now need (a group grown to its cap, then given up; one
  // big segment among small ones) would otherwise sit in the run's memory to its end, which is
  // where a run's peak is (rooms-and-mazes at 4096x4096: 40 MB of it).
  const std::size_t keep = std::min(keep_cells_, std::max(kKeepScratchCells, 4 * noted));
  if (first_.capacity() > keep || spare_.capacity() > keep) free_sort_scratch();
}

void SkipBuilder::release() {
  clear_seen();
  free_buffer(seen_);
  free_sort_scratch();
}

std::vector<std::uint8_t> SkipBuilder::finish(const Grid& grid, SkipBuilder* group, RunBand* band) {
  if (band && !band->empty()) {
    for (const FirstState& e : first_) band->forget(e.first);
  }
  if (overflowed_) {
    overflowed_ = false;
    return {};
  }
  const std::size_t noted = first_.size();
  sort_by_index();
  // Only cells whose state differs across the segment (one changed and changed back is none):
  // first_ is compacted in place to those, and each one's end state is read from the grid once,
  // into the sort's other buffer (kept from segment to segment, so no fresh memory): the cells
  // lie all over the map, and reading the grid again for each layer written missed the cache
  // each time (a quarter and more of recording a maze at 1024x1024 went to its skips).
  std::uint8_t mask = 0;
  std::size_t n = 0;
  std::vector<FirstState>& last = spare_;
  last.resize(first_.size());
  for (const auto& [index, before] : first_) {
    seen_[index >> 6] = 0;
    const Cell after = grid.cell(index);
    if (after == before) continue;
    if (after.tile != before.tile) mask |= bit(CellLayer::Tile);
    if (after.mark != before.mark) mask |= bit(CellLayer::Mark);
    if (after.label != before.label) mask |= bit(CellLayer::Label);
    if (after.region != before.region) mask |= bit(CellLayer::Region);
    last[n] = {index, after};
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
  put_spans(out, spans);
  const auto layer = [&](CellLayer which, auto field) {
    if (!(mask & bit(which))) return;
    put_values(out, n, [&](std::size_t i) { return std::int64_t{field(first_[i].second)}; });
    put_values(out, n, [&](std::size_t i) { return std::int64_t{field(last[i].second)}; });
  };
  layer(CellLayer::Tile, [](const Cell& c) { return static_cast<int>(c.tile); });
  layer(CellLayer::Mark, [](const Cell& c) { return static_cast<int>(c.mark); });
  layer(CellLayer::Label, [](const Cell& c) { return c.label; });
  layer(CellLayer::Region, [](const Cell& c) { return c.region; });
  first_.clear();
  given_cells_ = given_spans_ = 0;
  trim_scratch(noted);
  out.shrink_to_fit();
  return out;
}

Written apply_skip(std::span<const std::uint8_t> skip, Grid& grid, bool forward,
                   std::vector<Span>& spans, RunObserver* observer) {
  const std::uint8_t* r = skip.data();
  const std::uint8_t mask = *r++;
  std::uint64_t n64 = 0;
  r = get(r, n64);
  const auto n = static_cast<std::size_t>(n64);
  if (n == 0) return {};
  r = get_spans(r, spans);
  // Each layer: the cells' values at the segment's start, then at its end.
  const auto layer = [&](CellLayer which, auto data_of, std::int64_t offset = 0) {
    if (!(mask & bit(which))) return;
    auto* data = data_of(grid);
    r = apply_values(r, n, spans.data(), forward ? nullptr : data, {observer, which, !forward},
                     offset);
    r = apply_values(r, n, spans.data(), forward ? data : nullptr, {observer, which, forward},
                     offset);
  };
  // An id layer (IdLayer): a narrow one stays narrow if the values this crossing writes fit: the
  // segment's start values (the first runs) backward, its end values (the second) forward.
  const auto ids = [&](CellLayer which, IdLayer& (*access)(Grid&)) {
    if (!(mask & bit(which))) return;
    bool fit = false;
    if (!access(grid).is_wide()) {
      const std::uint8_t* end_runs = values_fit_narrow(r, n, fit);
      if (forward) values_fit_narrow(end_runs, n, fit);
    }
    if (fit) {
      layer(
          which, [&](Grid& g) { return access(g).narrow_cells(g.size()); }, 1);
    } else {
      layer(which, [&](Grid& g) { return access(g).wide_cells(g.size()); });
    }
  };
  layer(CellLayer::Tile, LayerAccess::tiles);
  layer(CellLayer::Mark, LayerAccess::marks);
  ids(CellLayer::Label, LayerAccess::labels);
  ids(CellLayer::Region, LayerAccess::regions);
  return {spans.front().start, spans.back().start + spans.back().length - 1, n};
}

RunBand::Chunk& RunBand::chunk(std::uint32_t id) {
  std::int32_t& slot = slot_[id];
  if (slot < 0) {
    if (used_ == chunks_.size()) chunks_.emplace_back();
    chunks_[used_].id = id;
    slot = static_cast<std::int32_t>(used_++);
  }
  return chunks_[static_cast<std::size_t>(slot)];
}

template <class F>
void RunBand::for_each_piece(const CellRun& run, F f) {
  run.for_each_stretch([&](std::uint32_t i, std::uint32_t n) {
    while (n > 0) {  // the stretch, a chunk at a time
      const std::uint32_t k = i & (kChunkCells - 1);
      const std::uint32_t cells = std::min(n, kChunkCells - k);
      f(chunk(i >> kChunkShift), k, cells);
      i += cells;
      n -= cells;
    }
  });
}

void RunBand::note(std::span<const CellRun> runs, std::size_t grid_cells) {
  if (slot_.empty() && !runs.empty()) slot_.assign((grid_cells >> kChunkShift) + 1, -1);
  constexpr std::uint32_t kInChunk = kChunkCells - 1;
  for (const CellRun& run : runs) {
    if (const std::uint8_t flip = run.flip.tile) note_tiles(run, flip);
    if (const std::uint8_t flip = run.flip.mark) {
      run.for_each([&](std::uint32_t i) {
        Chunk& c = chunk(i >> kChunkShift);
        if (c.mark.empty()) c.mark.assign(kChunkCells, 0);
        c.mark[i & kInChunk] ^= flip;
      });
    }
    if (const std::uint32_t flip = run.flip.label) {
      for_each_piece(run, [&](Chunk& c, std::uint32_t k, std::uint32_t cells) {
        flip_labels(c, k, cells, flip);
      });
    }
  }
}

namespace {

// Flips bits k .. end - 1.
void flip_bit_range(std::uint8_t* bits, std::uint32_t k, std::uint32_t end) {
  for (; k < end && k % 8 != 0; ++k) bits[k / 8] ^= static_cast<std::uint8_t>(1u << (k % 8));
  for (; k + 8 <= end; k += 8) bits[k / 8] ^= 0xffu;
  for (; k < end; ++k) bits[k / 8] ^= static_cast<std::uint8_t>(1u << (k % 8));
}

}  // namespace

void RunBand::flip_labels(Chunk& c, std::uint32_t k, std::uint32_t n, std::uint32_t flip) {
  LabelMemo memo;
  const std::uint32_t end = k + n;
  while (k < end) {
    if (!c.label.empty()) {  // a flip a cell
      for (; k < end; ++k) c.label[k] ^= flip;
      return;
    }
    if (!c.label_pick.empty()) {
      // The cells from k that hold the same pick take the same new one.
      const std::uint8_t from = c.label_pick[k];
      const auto same =
          static_cast<std::uint32_t>(lanes::same_until(c.label_pick.data(), k, end, from));
      flip_label(c, k, flip, memo);
      if (!c.label.empty()) {  // (the chunk went over to a flip a cell at k)
        for (std::uint32_t j = k + 1; j < same; ++j) c.label[j] ^= flip;
      } else {
        std::memset(c.label_pick.data() + k + 1, c.label_pick[k], same - k - 1);
      }
      k = same;
      continue;
    }
    if (!c.label_bits.empty() && c.label_values[1] == flip) {
      // The chunk's one flip again: its cells' bits flip (set ones back to no flip).
      flip_bit_range(c.label_bits.data(), k, end);
      return;
    }
    // The chunk's first label flip (its bits begin), or another value (it goes over to picks).
    flip_label(c, k, flip, memo);
    ++k;
  }
}

void RunBand::flip_label(Chunk& c, std::uint32_t k, std::uint32_t flip, LabelMemo& memo) {
  if (!c.label.empty()) {
    c.label[k] ^= flip;
    return;
  }
  if (c.label_pick.empty()) {
    if (c.label_bits.empty()) {
      c.label_bits.assign(kChunkCells / 8, 0);
      c.label_values.assign({0, flip});
    }
    const auto bit = static_cast<std::uint8_t>(1u << (k % 8));
    const bool on = c.label_bits[k / 8] & bit;
    const std::uint32_t value = (on ? c.label_values[1] : 0u) ^ flip;
    if (value == 0 || value == c.label_values[1]) {
      c.label_bits[k / 8] =
          static_cast<std::uint8_t>(value ? c.label_bits[k / 8] | bit : c.label_bits[k / 8] & ~bit);
      return;
    }
    // A second value: the chunk goes over to a byte a cell.
    // (Eight cells a bit-byte: its lanes' low bits are the picks, 0 or 1.)
    c.label_pick.resize(kChunkCells);
    for (std::uint32_t w = 0; w < kChunkCells / 8; ++w) {
      const std::uint64_t picks = lanes::kMask[c.label_bits[w]] & lanes::kOnes;
      std::memcpy(c.label_pick.data() + 8 * w, &picks, 8);
    }
    free_buffer(c.label_bits);
    memo.valid = false;
  }
  const std::uint8_t from = c.label_pick[k];
  if (!memo.valid || memo.from != from) {
    const std::uint32_t value = c.label_values[from] ^ flip;
    auto it = std::find(c.label_values.begin(), c.label_values.end(), value);
    if (it == c.label_values.end()) {
      if (c.label_values.size() == 256) {
        // A 257th value: the chunk goes over to a flip a cell.
        c.label.resize(kChunkCells);
        for (std::uint32_t j = 0; j < kChunkCells; ++j) {
          c.label[j] = c.label_values[c.label_pick[j]];
        }
        free_buffer(c.label_pick);
        free_buffer(c.label_values);
        memo.valid = false;
        c.label[k] ^= flip;
        return;
      }
      it = c.label_values.insert(c.label_values.end(), value);
    }
    memo = {true, from, static_cast<std::uint8_t>(it - c.label_values.begin())};
  }
  c.label_pick[k] = memo.to;
}

void RunBand::keep_tiles(Chunk& c, std::uint8_t flip) {
  if (c.tile.empty() && c.tile_bits.empty()) {
    c.tile_bits.assign(kChunkCells / 8, 0);
    c.tile_flip = flip;
  }
  if (c.tile.empty() && c.tile_flip != flip) {
    // Another flip: the chunk goes over to a byte a cell.
    std::vector<std::uint8_t> bytes(kChunkCells);
    const std::uint64_t was = c.tile_flip * lanes::kOnes;
    for (std::uint32_t w = 0; w < kChunkCells / 8; ++w) {
      const std::uint64_t word = lanes::kMask[c.tile_bits[w]] & was;
      std::memcpy(bytes.data() + 8 * w, &word, 8);
    }
    c.tile = std::move(bytes);
    c.tile_bits.clear();
  }
}

void RunBand::note_tiles(const CellRun& run, std::uint8_t flip) {
  constexpr std::uint32_t kInChunk = kChunkCells - 1;
  // A run whose changed cells come in long stretches (a fill, but for the cells it found so
  // already): its cells flip a stretch at a time, a chunk at a time.
  const std::uint32_t start = run.next(0, true);
  if (start < run.count && run.next(start, false) - start >= kLongStretch) {
    for_each_piece(run, [&](Chunk& c, std::uint32_t k, std::uint32_t cells) {
      keep_tiles(c, flip);
      if (c.tile.empty()) {
        flip_bit_range(c.tile_bits.data(), k, k + cells);
      } else {
        std::uint8_t* tiles = c.tile.data() + k;
        for (std::uint32_t j = 0; j < cells; ++j) tiles[j] ^= flip;
      }
    });
    return;
  }
  // The run's bit-bytes, eight cells each, chunk by chunk: XORed bit-wise into a chunk that keeps
  // bits of this flip, byte-wise into one that keeps bytes.
  std::uint32_t id = UINT32_MAX;
  Chunk* c = nullptr;
  const auto enter = [&](std::uint32_t i) {
    id = i >> kChunkShift;
    c = &chunk(id);
    keep_tiles(*c, flip);
  };
  const auto one = [&](std::uint32_t i) {
    if ((i >> kChunkShift) != id) enter(i);
    const std::uint32_t k = i & kInChunk;
    if (c->tile.empty()) {
      c->tile_bits[k / 8] ^= static_cast<std::uint8_t>(1u << (k % 8));
    } else {
      c->tile[k] ^= flip;
    }
  };
  const std::uint32_t whole = run.count / 8;
  for (std::uint32_t b = 0; b < whole; ++b) {
    const std::uint32_t i = run.first + 8 * b;
    const std::uint32_t k = i & kInChunk;
    // Sixty-four cells a word, where the run's bits line up with a chunk that keeps bits (a cave
    // row whose width is a multiple of 8).
    if (k % 8 == 0 && b + 8 <= whole && k + 64 <= kChunkCells) {
      if ((i >> kChunkShift) != id) enter(i);
      if (c->tile.empty()) {
        std::uint64_t word = 0, into = 0;
        std::memcpy(&word, run.bits + b, 8);
        std::memcpy(&into, c->tile_bits.data() + k / 8, 8);
        into ^= word;
        std::memcpy(c->tile_bits.data() + k / 8, &into, 8);
        b += 7;
        continue;
      }
    }
    const std::uint8_t byte = run.bits[b];
    if (byte == 0) continue;
    if (k + 8 > kChunkCells) {  // across a chunk's edge: cell by cell
      for (std::uint32_t j = 0; j < 8; ++j) {
        if ((byte >> j) & 1u) one(i + j);
      }
      continue;
    }
    if ((i >> kChunkShift) != id) enter(i);
    if (!c->tile.empty()) {
      std::uint64_t word = 0;
      std::memcpy(&word, c->tile.data() + k, 8);
      word ^= lanes::kMask[byte] & (flip * lanes::kOnes);
      std::memcpy(c->tile.data() + k, &word, 8);
    } else if (k % 8 == 0) {
      c->tile_bits[k / 8] ^= byte;
    } else {
      const unsigned shift = k % 8;
      c->tile_bits[k / 8] ^= static_cast<std::uint8_t>(byte << shift);
      c->tile_bits[k / 8 + 1] ^= static_cast<std::uint8_t>(byte >> (8 - shift));
    }
  }
  for (std::uint32_t k = 8 * whole; k < run.count; ++k) {
    if (run.changed(k)) one(run.first + k);
  }
}

LayerFlip RunBand::at(std::uint32_t index) const {
  if (slot_.empty() || slot_[index >> kChunkShift] < 0) return {};
  const Chunk& c = chunks_[static_cast<std::size_t>(slot_[index >> kChunkShift])];
  const std::uint32_t k = index & (kChunkCells - 1);
  return {c.tile_at(k), c.mark.empty() ? std::uint8_t{0} : c.mark[k], c.label_at(k)};
}

void RunBand::forget(std::uint32_t index) {
  if (slot_.empty() || slot_[index >> kChunkShift] < 0) return;
  Chunk& c = chunks_[static_cast<std::size_t>(slot_[index >> kChunkShift])];
  const std::uint32_t k = index & (kChunkCells - 1);
  if (!c.tile.empty()) c.tile[k] = 0;
  if (!c.tile_bits.empty()) c.tile_bits[k / 8] &= static_cast<std::uint8_t>(~(1u << (k % 8)));
  if (!c.mark.empty()) c.mark[k] = 0;
  if (!c.label.empty()) c.label[k] = 0;
  if (!c.label_pick.empty()) c.label_pick[k] = 0;
  if (!c.label_bits.empty()) c.label_bits[k / 8] &= static_cast<std::uint8_t>(~(1u << (k % 8)));
}

namespace {

// A band's layers, as its packed chunks name them.
enum BandLayer : std::uint8_t { kBandTile = 1, kBandMark = 2, kBandLabel = 4 };

// One layer of a chunk: a bit per cell whose flip is not zero, then the flips of those cells as
// runs of (count, flip). Returns false (writing nothing) when every flip is zero.
class LayerPacker {
 public:
  void add(std::uint32_t k, std::uint32_t flip) {
    bits_[k / 8] |= static_cast<std::uint8_t>(1u << (k % 8));
    add_flips(flip, 1);
  }
  void add_flips(std::uint32_t flip, std::uint32_t cells) {
    if (!runs_.empty() && runs_.back().second == flip) {
      runs_.back().first += cells;
    } else {
      runs_.push_back({cells, flip});
    }
  }
  // Cells k .. k + n - 1, each with the same flip.
  void add_range(std::uint32_t k, std::uint32_t n, std::uint32_t flip) {
    flip_bit_range(bits_.data(), k, k + n);  // (their bits are clear: a cell is added once)
    add_flips(flip, n);
  }
  std::uint8_t* bits() { return bits_.data(); }
  std::uint32_t last() const { return runs_.empty() ? 0 : runs_.back().second; }
  bool put(std::vector<std::uint8_t>& out) {
    if (runs_.empty()) return false;
    // Only the bytes from the first cell that changed to the last: a room's row in a chunk (a
    // map row of 4096 cells) takes a few bytes, not 512.
    std::size_t lo = 0, hi = bits_.size();
    while (lo < hi && bits_[lo] == 0) ++lo;
    while (hi > lo && bits_[hi - 1] == 0) --hi;
    history::put(out, lo);
    history::put(out, hi - lo);
    out.insert(out.end(), bits_.begin() + static_cast<std::ptrdiff_t>(lo),
               bits_.begin() + static_cast<std::ptrdiff_t>(hi));
    history::put(out, runs_.size());
    for (const auto& [count, v] : runs_) {
      history::put(out, count);
      history::put(out, v);
    }
    bits_.fill(0);
    runs_.clear();
    return true;
  }

 private:
  std::array<std::uint8_t, RunBand::kChunkCells / 8> bits_{};
  std::vector<std::pair<std::uint32_t, std::uint32_t>> runs_;
};

// A tally of a byte layer's values, for the observer: how many of the band's cells held each
// value at the segment's start, and at its end.
struct ValueCounts {
  std::array<std::uint64_t, 16> start{}, end{};
  void add(unsigned end_value, unsigned flip, std::uint64_t cells = 1) {
    end[end_value & 15u] += cells;
    start[(end_value ^ flip) & 15u] += cells;
  }
};

// Sixty-four cells of a byte layer, compared with one value at a time: bit k of equal(v) is set
// when cell k holds v. SSE2 (part of x86-64) compares sixteen cells an instruction and gathers
// the verdicts with movemask; elsewhere eight cells a word.
class Cells64 {
 public:
  explicit Cells64(const std::uint8_t* p) {
#if defined(__SSE2__)
    for (std::size_t k = 0; k < 4; ++k) {
      block_[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    }
#else
    std::memcpy(word_.data(), p, 64);
#endif
  }
  std::uint64_t equal(std::uint8_t v) const {
    std::uint64_t bits = 0;
#if defined(__SSE2__)
    const __m128i value = _mm_set1_epi8(static_cast<char>(v));
    for (std::size_t k = 0; k < 4; ++k) {
      const auto m = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block_[k], value)));
      bits |= std::uint64_t{m} << (16 * k);
    }
#else
    for (std::size_t k = 0; k < 8; ++k) {
      const std::uint64_t high = ~lanes::nonzero(word_[k] ^ v * lanes::kOnes) & ~lanes::kLow7;
      bits |= std::uint64_t{lanes::bits_of(high)} << (8 * k);
    }
#endif
    return bits;
  }

 private:
#if defined(__SSE2__)
  __m128i block_[4];  // (an array of it as std::array would drop its alignment attribute)
#else
  std::array<std::uint64_t, 8> word_;
#endif
};

// The cells of `set` among sixty-four (`end`: their values at the segment's end) that all
// flipped by `flip`, tallied by their end values a value at a time until every one is (a cave's
// are wall or floor: two compares); those at or past `values` count as 0.
void tally_ends(const Cells64& end, std::uint64_t set, unsigned flip, unsigned values,
                ValueCounts& counts) {
  for (unsigned v = 1; v < values && set != 0; ++v) {
    const std::uint64_t hit = end.equal(static_cast<std::uint8_t>(v)) & set;
    if (hit) counts.add(v, flip, lanes::bit_count(hit));
    set &= ~hit;
  }
  if (set) counts.add(0, flip, lanes::bit_count(set));
}

// A chunk's tiles kept as bits of one flip (a cave's): the bits are the layer's bits as they are.
// Sixty-four cells at a time.
void pack_bits(LayerPacker& p, const std::vector<std::uint8_t>& bits, std::uint8_t flip,
               const std::uint8_t* now, std::size_t base, std::size_t size, unsigned values,
               ValueCounts& counts) {
  if (bits.empty()) return;
  std::uint64_t cells = 0;
  for (std::uint32_t w = 0; w < RunBand::kChunkCells / 64; ++w) {
    std::uint64_t set = 0;
    std::memcpy(&set, bits.data() + 8 * w, 8);
    if (set == 0) continue;
    std::memcpy(p.bits() + 8 * w, &set, 8);
    const std::size_t i = base + 64 * std::size_t{w};
    cells += lanes::bit_count(set);
    if (i + 64 <= size) {
      tally_ends(Cells64(now + i), set, flip, values, counts);
    } else {
      for (std::uint32_t k = 0; k < 64; ++k) {
        if ((set >> k) & 1u) counts.add(now[i + k], flip);
      }
    }
  }
  if (cells) p.add_flips(flip, static_cast<std::uint32_t>(cells));
}

// A byte layer (tiles, marks) of a chunk whose cells start at `base` and hold `now` at the
// segment's end; `values` bounds the values the layer holds. Sixty-four cells at a time, each
// stretch of them that flipped alike (a room's row, the rock beside it) taken whole: its cells
// are the word's cells of its flip up to the first of another flip.
void pack_bytes(LayerPacker& p, const std::vector<std::uint8_t>& flips, const std::uint8_t* now,
                std::size_t base, std::size_t size, unsigned values, ValueCounts& counts) {
  if (flips.empty()) return;
  for (std::uint32_t w = 0; w < RunBand::kChunkCells / 64; ++w) {
    const Cells64 x(flips.data() + 64 * w);
    std::uint64_t left = ~x.equal(0);  // the cells that flipped, not taken yet
    if (left == 0) continue;
    const std::uint32_t k0 = 64 * w;
    const std::size_t i = base + k0;
    if (i + 64 > size) {  // the map's last cells: one by one
      for (; left != 0; left &= left - 1) {
        const auto k = k0 + static_cast<std::uint32_t>(std::countr_zero(left));
        p.add(k, flips[k]);
        counts.add(now[base + k], flips[k]);
      }
      continue;
    }
    std::memcpy(p.bits() + 8 * w, &left, 8);
    const Cells64 end(now + i);
    while (left != 0) {
      const std::uint8_t flip = flips[k0 + static_cast<std::uint32_t>(std::countr_zero(left))];
      const std::uint64_t same = x.equal(flip) & left;
      const std::uint64_t other = left & ~same;
      // (The cells below the first of another flip; all of them when there is none.)
      const std::uint64_t stretch =
          other == 0 ? same : same & ((std::uint64_t{1} << std::countr_zero(other)) - 1);
      p.add_flips(flip, lanes::bit_count(stretch));
      tally_ends(end, stretch, flip, values, counts);
      left &= ~stretch;
    }
  }
}

// A chunk's label flips, kept as RunBand::Chunk keeps them (a flip a cell, a pick of `values` a
// cell, or a bit a cell for values[1]; all empty: none).
void pack_labels(LayerPacker& p, const std::vector<std::uint32_t>& flips,
                 const std::vector<std::uint8_t>& picks, const std::vector<std::uint32_t>& values,
                 const std::vector<std::uint8_t>& bits) {
  constexpr std::uint32_t kCells = RunBand::kChunkCells;
  if (!flips.empty()) {
    for (std::uint32_t k = 0; k < kCells; ++k) {
      if (flips[k] != 0) p.add(k, flips[k]);
    }
  } else if (!picks.empty()) {
    // Stretches of one pick (a room's row), eight cells at a time over those with none.
    for (std::uint32_t k = 0; k < kCells;) {
      if (k % 8 == 0) {
        std::uint64_t word = 0;
        std::memcpy(&word, picks.data() + k, 8);
        if (word == 0) {
          k += 8;
          continue;
        }
      }
      const std::uint8_t pick = picks[k];
      const auto end = static_cast<std::uint32_t>(lanes::same_until(picks.data(), k, kCells, pick));
      if (pick != 0) p.add_range(k, end - k, values[pick]);
      k = end;
    }
  } else if (!bits.empty()) {
    std::uint32_t cells = 0;
    for (std::uint32_t w = 0; w < kCells / 8; ++w) {
      p.bits()[w] = bits[w];
      cells += lanes::bit_count(bits[w]);
    }
    if (cells) p.add_flips(values[1], cells);
  }
}

}  // namespace

std::vector<std::uint8_t> RunBand::pack(const Grid& grid) {
  std::vector<std::uint8_t> out;
  if (used_ == 0) return out;
  std::sort(chunks_.begin(), chunks_.begin() + static_cast<std::ptrdiff_t>(used_),
            [](const Chunk& a, const Chunk& b) { return a.id < b.id; });
  std::vector<std::uint8_t> body;
  ValueCounts tiles, marks;
  LayerPacker packer;
  const auto* tile_now = reinterpret_cast<const std::uint8_t*>(grid.tiles().data());
  const auto* mark_now = reinterpret_cast<const std::uint8_t*>(grid.marks().data());
  std::size_t written = 0;
  std::uint32_t prev = 0;
  for (std::size_t n = 0; n < used_; ++n) {
    Chunk& c = chunks_[n];
    const std::size_t base = std::size_t{c.id} << kChunkShift;
    std::vector<std::uint8_t> layers;
    std::uint8_t mask = 0;
    pack_bits(packer, c.tile_bits, c.tile_flip, tile_now, base, grid.size(), kTileCount, tiles);
    pack_bytes(packer, c.tile, tile_now, base, grid.size(), kTileCount, tiles);
    if (packer.put(layers)) mask |= kBandTile;
    // A flipped mark means the layer is allocated (a run wrote it).
    if (!c.mark.empty() && mark_now) {
      pack_bytes(packer, c.mark, mark_now, base, grid.size(), kMarkCount, marks);
    }
    if (packer.put(layers)) mask |= kBandMark;
    pack_labels(packer, c.label, c.label_pick, c.label_values, c.label_bits);
    if (packer.put(layers)) mask |= kBandLabel;
    // Emptied for reuse (their memory kept: the next segment's runs land in the same rows).
    c.tile_bits.clear();
    c.tile.clear();
    c.mark.clear();
    c.label.clear();
    c.label_bits.clear();
    c.label_pick.clear();
    c.label_values.clear();
    slot_[c.id] = -1;
    if (mask == 0) continue;
    put(body, c.id - prev);
    prev = c.id;
    body.push_back(mask);
    body.insert(body.end(), layers.begin(), layers.end());
    ++written;
  }
  used_ = 0;
  if (written == 0) return out;
  put(out, written);
  out.insert(out.end(), body.begin(), body.end());
  // The tallies: (layer, value, cells at the start, cells at the end) for each value held.
  std::vector<std::array<std::uint64_t, 4>> counts;
  for (unsigned v = 0; v < 16; ++v) {
    if (tiles.start[v] || tiles.end[v]) counts.push_back({0, v, tiles.start[v], tiles.end[v]});
  }
  for (unsigned v = 0; v < 16; ++v) {
    if (marks.start[v] || marks.end[v]) counts.push_back({1, v, marks.start[v], marks.end[v]});
  }
  put(out, counts.size());
  for (const auto& e : counts) {
    for (const std::uint64_t x : e) put(out, x);
  }
  out.shrink_to_fit();
  return out;
}

void RunBand::release() {
  free_buffer(slot_);
  free_buffer(chunks_);
  used_ = 0;
}

std::size_t RunBand::bytes() const {
  std::size_t n = slot_.capacity() * sizeof(std::int32_t) + chunks_.capacity() * sizeof(Chunk);
  for (const Chunk& c : chunks_) {
    n += c.tile_bits.capacity() + c.tile.capacity() + c.mark.capacity() + c.label_bits.capacity() +
         c.label_pick.capacity() + 4 * (c.label_values.capacity() + c.label.capacity());
  }
  return n;
}

namespace {

// XORs one packed layer of a chunk (cells base ..) into the map, and returns the byte after it:
// flip_cell(i, flip) for each cell the layer flips. Where the layer is a byte a cell (`bytes`:
// tiles, marks) and one flip serves every cell (a cave's wall <-> floor), it goes eight cells a
// bit-byte instead.
template <class FlipCell>
const std::uint8_t* apply_layer(const std::uint8_t* r, std::uint8_t* bytes, std::size_t base,
                                std::size_t size, FlipCell flip_cell) {
  // The bit-bytes from the first changed cell's to the last's (LayerPacker::put), in place in a
  // chunk's worth of zeros.
  constexpr std::size_t kBitBytes = RunBand::kChunkCells / 8;
  std::uint64_t lo64 = 0, n64 = 0;
  r = get(r, lo64);
  r = get(r, n64);
  const auto lo = static_cast<std::size_t>(lo64), n = static_cast<std::size_t>(n64);
  std::array<std::uint8_t, kBitBytes> bit_bytes{};
  std::memcpy(bit_bytes.data() + lo, r, n);
  r += n;
  const std::uint8_t* const bits = bit_bytes.data();
  const std::size_t b_end = lo + n;
  std::uint64_t run_count = 0;
  r = get(r, run_count);
  if (bytes && run_count == 1) {
    std::uint64_t count = 0, flip = 0;
    r = get(r, count);
    r = get(r, flip);
    const std::uint64_t flip8 = flip * lanes::kOnes;
    // Sixty-four cells a step where the chunk lies inside the map: no branch per bit-byte (a
    // cave pass flips about every other cell, so most bytes have some bits).
    std::size_t b = lo & ~std::size_t{7};
    for (; b < b_end && base + 8 * b + 64 <= size; b += 8) {
      std::uint64_t eight = 0;
      std::memcpy(&eight, bits + b, 8);
      if (eight == 0) continue;
      std::uint8_t* at = bytes + base + 8 * b;
      for (unsigned j = 0; j < 8; ++j) {
        std::uint64_t word = 0;
        std::memcpy(&word, at + 8 * j, 8);
        word ^= lanes::kMask[(eight >> (8 * j)) & 0xff] & flip8;
        std::memcpy(at + 8 * j, &word, 8);
      }
    }
    for (; b < b_end; ++b) {
      const std::uint8_t byte = bits[b];
      if (byte == 0) continue;
      const std::size_t i = base + 8 * b;
      if (i + 8 <= size) {
        std::uint64_t word = 0;
        std::memcpy(&word, bytes + i, 8);
        word ^= lanes::kMask[byte] & flip8;
        std::memcpy(bytes + i, &word, 8);
      } else {
        for (unsigned k = 0; k < 8; ++k) {
          if ((byte >> k) & 1u) bytes[i + k] = static_cast<std::uint8_t>(bytes[i + k] ^ flip);
        }
      }
    }
    return r;
  }
  // Each run flips the next `left` cells whose bits are set: found a word of 64 bits at a time
  // (a maze's cells that become corridor are a few in each stretch of wall).
  constexpr std::size_t kWords = kBitBytes / 8;
  std::size_t word_at = lo / 8;
  const auto load = [&](std::size_t w) {
    std::uint64_t word = 0;
    std::memcpy(&word, bits + 8 * w, 8);
    return word;
  };
  std::uint64_t word = load(word_at);
  std::uint64_t left = 0, flip = 0;
  for (std::uint64_t j = 0; j < run_count; ++j) {
    r = get(r, left);
    r = get(r, flip);
    for (; left > 0; --left) {
      while (word == 0 && word_at + 1 < kWords) word = load(++word_at);
      if (word == 0) break;  // (more cells counted than bits set: never so)
      flip_cell(base + 64 * word_at + static_cast<std::size_t>(std::countr_zero(word)), flip);
      word &= word - 1;
    }
  }
  return r;
}

}  // namespace

Written apply_band(std::span<const std::uint8_t> band, Grid& grid, bool forward,
                   RunObserver* observer) {
  if (band.empty()) return {};
  const std::uint8_t* r = band.data();
  std::uint64_t chunks = 0;
  r = get(r, chunks);
  std::uint32_t lo = UINT32_MAX, hi = 0;
  std::uint64_t id = 0;
  const std::size_t size = grid.size();
  for (std::uint64_t n = 0; n < chunks; ++n) {
    std::uint64_t delta = 0;
    r = get(r, delta);
    id += delta;
    const std::uint8_t mask = *r++;
    const std::size_t base = static_cast<std::size_t>(id) << RunBand::kChunkShift;
    const auto byte_layer = [&](std::uint8_t* layer) {
      r = apply_layer(r, layer, base, size, [layer](std::size_t i, std::uint64_t flip) {
        layer[i] = static_cast<std::uint8_t>(layer[i] ^ flip);
      });
    };
    if (mask & kBandTile) byte_layer(reinterpret_cast<std::uint8_t*>(LayerAccess::tiles(grid)));
    if (mask & kBandMark) byte_layer(reinterpret_cast<std::uint8_t*>(LayerAccess::marks(grid)));
    if (mask & kBandLabel) {
      // Cell by cell: the label layer is a byte a cell while the labels fit one (IdLayer).
      IdLayer::Flips flip_label(LayerAccess::labels(grid), size);
      r = apply_layer(r, nullptr, base, size, [&](std::size_t i, std::uint64_t flip) {
        flip_label(i, static_cast<std::uint32_t>(flip));
      });
    }
    lo = std::min(lo, static_cast<std::uint32_t>(base));
    hi = std::max(hi, static_cast<std::uint32_t>(std::min(base + RunBand::kChunkCells, size) - 1));
  }
  std::uint64_t counts = 0;
  r = get(r, counts);
  for (std::uint64_t n = 0; n < counts; ++n) {
    std::uint64_t layer = 0, value = 0, start = 0, end = 0;
    r = get(r, layer);
    r = get(r, value);
    r = get(r, start);
    r = get(r, end);
    if (!observer) continue;
    const CellLayer which = layer == 0 ? CellLayer::Tile : CellLayer::Mark;
    const auto v = static_cast<std::int64_t>(value);
    // Forward, the cells leave their start values and take their end values; backward, the other
    // way round.
    const std::uint64_t leave = forward ? start : end, take = forward ? end : start;
    if (leave) observer->run(which, v, leave, false);
    if (take) observer->run(which, v, take, true);
  }
  return {lo, hi, chunks << RunBand::kChunkShift};
}

}  // namespace dungen::history
