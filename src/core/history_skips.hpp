#pragma once
// Skips: what lets a seek cross millions of steps without replaying them. Every kSkipSteps
// steps (or sooner, see kSkipMaxCells) the timeline packs a segment's net effect: each cell the
// segment changed, with its state at the segment's start and at its end (sorted by position as
// spans of consecutive cells; each layer's values run-length coded, so applying one is mostly
// fills, or, where that is smaller, a few bits a cell naming one of up to 16 values: a flood
// fill's front, whose marks alternate cell by cell).
// Applying a skip forward or backward moves the map across the whole segment at the cost of one
// write per changed cell, however many steps and changes it took; a seek replays steps only to
// and from the nearest segment boundaries.
//
// A segment's runs (core/changes.hpp: rows written alike) are kept apart, as a band of flips
// (RunBand below): a cave pass crossed costs a bit a cell, not a note per cell. A segment with
// runs makes no group skip.
//
// Every kSkipGroup segments also make a group skip: the net effect of the whole group, built from
// its segments' changed cells as each ends (no extra work per change). A far seek crosses groups,
// not segments: where a flood fill's segments each touch a thin band of every row (a cache line
// a row for a few cells), a group's band is wide, so the same cells cost far fewer memory lines.

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/changes.hpp"
#include "core/grid.hpp"

namespace dungen::history {

// Steps per segment: a seek replays at most half of one at each end.
inline constexpr std::uint64_t kSkipSteps = std::uint64_t{1} << 14;

// A segment may also end early, once it has changed this many cells: the builder's scratch
// (16 bytes a cell) stays small even where every step changes a whole row of a 4096-wide map. A
// step that alone changes this many gets a segment of its own (SkipIndex::step_alone).
inline constexpr std::size_t kSkipMaxCells = std::size_t{1} << 18;

// Segments per group skip.
inline constexpr std::size_t kSkipGroup = 16;

// A group that changes more cells than this gets no group skip (seeks cross its segments one by
// one): the builder's scratch stays within 16 bytes times this. A flood fill's group changes at
// most two cells a step (2^19 for 16 segments of 2^14 steps); a cave pass changes whole rows, and
// its segments are already few.
inline constexpr std::size_t kGroupMaxCells = std::size_t{1} << 19;

// How much a segment's runs may flip before it ends (see RunBand), in cells of whole chunks.
inline constexpr std::size_t kSkipMaxBandCells = std::size_t{1} << 20;

// How a timeline cuts its history into skips (tests make everything small, to cross many).
struct SkipShape {
  std::uint64_t steps = kSkipSteps;
  std::size_t max_cells = kSkipMaxCells;
  std::size_t group = kSkipGroup;
  std::size_t group_max_cells = kGroupMaxCells;
  std::size_t band_cells = kSkipMaxBandCells;
};

// Cells start .. start + length - 1: a segment's changed cells, sorted, come in such runs.
struct Span {
  std::uint32_t start = 0;
  std::uint32_t length = 0;
};

// A cell and its state when a segment (or group) first changed it.
using FirstState = std::pair<std::uint32_t, Cell>;

class RunBand;

// A skip builder's scratch is kept for the next skip up to four times the cells the last one
// noted, and this many cells (512 KB of first states) whatever it noted.
inline constexpr std::size_t kKeepScratchCells = std::size_t{1} << 15;

// Collects each cell's state when the current segment first changed it: from every step's
// changes while recording (a segment's builder), or from each finished segment's cells (a
// group's builder).
class SkipBuilder {
 public:
  // max_cells: a builder given more cells than this overflows (absorb): it drops what it has and
  // its skip is none. A segment's builder is not capped (the timeline ends the segment early).
  // keep_cells: the most scratch kept from one skip to the next; a skip of more cells (one step
  // that wrote millions) gives its scratch back when it is packed, and so does one of far fewer
  // cells than the scratch holds (see kKeepScratchCells).
  explicit SkipBuilder(std::size_t max_cells = SIZE_MAX, std::size_t keep_cells = SIZE_MAX)
      : max_cells_(max_cells), keep_cells_(keep_cells) {}

  // band: the runs' flips so far this segment (see RunBand), which a cell change's before-value
  // already holds: taken back out, the first state is the cell's at the segment's start.
  void note(std::span<const CellChange> changes, std::size_t cells, const RunBand* band = nullptr);
  // The cells of a segment that just ended (see finish), for the group it belongs to.
  void absorb(std::span<const FirstState> cells, std::size_t grid_cells);
  // Overflows now: the skip being built will be none.
  void give_up();
  // A group's builder: whether the segments it was given met: changed the same cells again (one
  // in 200 of the cells given), or cells next to each other's (their spans, together, fewer by
  // one in 20). Where they did not, their group packs to about their bytes again and is not worth
  // packing (SkipIndex::end_segment).
  bool segments_meet() const;
  std::size_t cells() const { return first_.size(); }
  // Packs the segment that just ended (`grid` is the map at its end) and starts the next; an
  // overflowed builder's skip is empty (none). The cells it packs are handed to `group` first,
  // and taken out of `band` (their first and last states say all).
  std::vector<std::uint8_t> finish(const Grid& grid, SkipBuilder* group = nullptr,
                                   RunBand* band = nullptr);
  // Gives back the scratch memory (when the run is over).
  void release();
  std::size_t bytes() const {
    return seen_.capacity() * sizeof(std::uint64_t) +
           (first_.capacity() + spare_.capacity()) * sizeof(FirstState) +
           spans_.capacity() * sizeof(Span);
  }

 private:
  std::size_t max_cells_;
  std::size_t keep_cells_;
  bool overflowed_ = false;
  // The cells given to absorb since the last finish, and the spans they came in.
  std::size_t given_cells_ = 0;
  std::size_t given_spans_ = 0;
  std::vector<std::uint64_t> seen_;  // one bit per cell: changed in this segment
  std::vector<FirstState> first_;
  std::vector<FirstState> spare_;  // the sort's other buffer
  std::vector<Span> spans_;        // finish's, kept for the next segment
  void sort_by_index();
  void clear_seen();
  void free_sort_scratch();  // first_, spare_ and spans_ (empty between segments)
  // After a skip that noted `noted` cells (0: it overflowed): the scratch is kept for the next
  // while it is about this one's size (kKeepScratchCells, keep_cells_), else given back.
  void trim_scratch(std::size_t noted);
};

// The net effect of a segment's runs (core/changes.hpp): each cell's flips combined (an XOR, so a
// cell flipped twice is back where it was), kept in chunks of 4096 cells as the runs arrive, so
// that recording a cave pass costs a few word operations per row rather than a note per cell, and
// a room's rows (long stretches of changed cells) are taken as ranges, not cell by cell.
// Packed, a chunk is a bit per cell (from its first changed cell's byte to its last's: a room's
// row in a map row takes a few bytes) and the flips' values run-length coded; applying it is the
// same XOR forward and backward, eight cells a bit-byte where the flips are alike.
class RunBand {
 public:
  static constexpr unsigned kChunkShift = 12;
  static constexpr std::uint32_t kChunkCells = std::uint32_t{1} << kChunkShift;
  // A run whose first stretch of changed cells is this long is taken a stretch at a time, not a
  // bit-byte at a time (a room's row, against a cave's).
  static constexpr std::uint32_t kLongStretch = 64;

  void note(std::span<const CellRun> runs, std::size_t grid_cells);
  // The cell's net flip so far.
  LayerFlip at(std::uint32_t index) const;
  // The cell leaves the band (a cell change of the segment says where it went).
  void forget(std::uint32_t index);
  bool empty() const { return used_ == 0; }
  // Cells of the chunks in use: what counts toward the segment's size.
  std::size_t cells() const { return used_ * std::size_t{kChunkCells}; }
  // The band as a skip (empty when no run changed anything); `grid` is the map at the segment's
  // end. The band starts afresh.
  std::vector<std::uint8_t> pack(const Grid& grid);
  void release();
  std::size_t bytes() const;

 private:
  struct Chunk {
    std::uint32_t id = 0;
    // Tile flips: while every run that landed here flipped by the same tile_flip (a cave's
    // wall <-> floor), a bit a cell (tile_bits, kChunkCells / 8 bytes); once another flip lands,
    // a byte a cell (tile). Both empty until a tile flip lands here.
    std::uint8_t tile_flip = 0;
    std::vector<std::uint8_t> tile_bits;
    std::vector<std::uint8_t> tile, mark;  // empty until a flip of that layer lands here
    // Label flips: while the chunk's cells have taken one value of flip (a maze's corridors
    // renumbered, in a row without rooms), a bit a cell (label_bits) for label_values[1]; while
    // at most 256 (rooms too: a few a row), a byte a cell (label_pick) naming one of
    // label_values ([0] is no flip); past that, a flip a cell (label). All empty until a label
    // flip lands here.
    std::vector<std::uint8_t> label_bits;
    std::vector<std::uint8_t> label_pick;
    std::vector<std::uint32_t> label_values;
    std::vector<std::uint32_t> label;
    std::uint8_t tile_at(std::uint32_t k) const {
      if (!tile.empty()) return tile[k];
      if (tile_bits.empty()) return 0;
      return (tile_bits[k / 8] >> (k % 8)) & 1u ? tile_flip : std::uint8_t{0};
    }
    std::uint32_t label_at(std::uint32_t k) const {
      if (!label.empty()) return label[k];
      if (!label_pick.empty()) return label_values[label_pick[k]];
      if (label_bits.empty()) return 0;
      return (label_bits[k / 8] >> (k % 8)) & 1u ? label_values[1] : 0u;
    }
  };
  // What a run's label flip made of the last pick it met in a chunk (a run's cells mostly held
  // the same one): the next such cell takes `to` without a search.
  struct LabelMemo {
    bool valid = false;
    std::uint8_t from = 0, to = 0;
  };
  Chunk& chunk(std::uint32_t id);
  // f(chunk, k, cells) for each stretch of the run's changed cells, cut at the chunks' edges: its
  // cells k .. k + cells - 1 of that chunk.
  template <class F>
  void for_each_piece(const CellRun& run, F f);
  void note_tiles(const CellRun& run, std::uint8_t flip);
  // Readies the chunk for a tile flip: its bits begin, or it goes over to bytes (another flip).
  static void keep_tiles(Chunk& c, std::uint8_t flip);
  static void flip_label(Chunk& c, std::uint32_t k, std::uint32_t flip, LabelMemo& memo);
  // The same for cells k .. k + n - 1 of one chunk: a stretch of cells that held the same value
  // (a room's row over rock) takes the new one as a whole.
  static void flip_labels(Chunk& c, std::uint32_t k, std::uint32_t n, std::uint32_t flip);
  std::vector<std::int32_t> slot_;  // per chunk of the map: its place in chunks_, or -1
  std::vector<Chunk> chunks_;       // the first used_ are this segment's; the rest kept for reuse
  std::size_t used_ = 0;
};

// A packed segment: its cell changes' net effect, and its runs'.
struct PackedSkip {
  std::vector<std::uint8_t> cells;
  std::vector<std::uint8_t> band;
  bool empty() const { return cells.empty() && band.empty(); }
  std::size_t bytes() const { return cells.capacity() + band.capacity() + sizeof(*this); }
};

// A cell's layers, as a skip's observer is told of them.
enum class CellLayer : std::uint8_t { Tile, Mark, Label, Region };

// Told, run by run, what a skip does to the cells' values, for tallies kept beside the map
// (walkable cells, region sizes): `cells` cells leave a layer's `value`, or take it.
class RunObserver {
 public:
  virtual void run(CellLayer layer, std::int64_t value, std::uint64_t cells, bool taken) = 0;

 protected:
  ~RunObserver() = default;
};

// What moving the map across a skip wrote: the lowest and highest cell index (lo > hi when
// none), and how many cells it went over (what the crossing costs, about: a skip's bytes say
// little of it where its values come in long runs, as a flood fill's region numbers do).
struct Written {
  std::uint32_t lo = UINT32_MAX, hi = 0;
  std::uint64_t cells = 0;
};
// Moves the map across a packed segment: forward to its end state, backward to its start.
Written apply_skip(std::span<const std::uint8_t> skip, Grid& grid, bool forward,
                   std::vector<Span>& spans, RunObserver* observer = nullptr);
// The same for a packed RunBand (forward and backward differ only in what the observer is told);
// it goes over its chunks' cells.
Written apply_band(std::span<const std::uint8_t> band, Grid& grid, bool forward,
                   RunObserver* observer = nullptr);

}  // namespace dungen::history
