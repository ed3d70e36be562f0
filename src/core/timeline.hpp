#pragma once
// The coroutine only goes forward; the timeline makes the past visible. It keeps every step and
// its change list: stepping back undoes changes, stepping forward redoes them until the cursor
// reaches the live head, where the stepper resumes. Scrubbing is moving the cursor.
//
// The history is packed (core/history_codec.hpp): a step costs about 5-30 bytes, a cell change
// 1-4 and a run (a row written alike, core/changes.hpp) a bit a cell, so a 4096x4096 run keeps
// every step. Steps and changes handed out are therefore
// decoded copies: a pointer or span from step_at(), current(), next() or changes_at() stays
// valid until the next call of any of those or until the cursor moves.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "core/history_codec.hpp"
#include "core/history_skip_index.hpp"
#include "core/history_skips.hpp"
#include "core/stepper.hpp"

namespace dungen {

// How much history a timeline keeps by default. Past this the oldest steps are forgotten, a block
// of history::kBlockSteps at a time (earliest() moves forward), so no run can exhaust memory; a
// 4096x4096 caves run with the animated flood fill (16.7 M steps) stays well inside it.
inline constexpr std::size_t kDefaultHistoryBytes = std::size_t{512} << 20;

// Told how a move (next, back or seek) changes the map, for what is kept beside it (the app's
// walkable cells and region sizes, and the part of the map its texture must upload again): each
// step it replays or runs, and each skip it crosses, run by run and then where it wrote.
class SeekObserver : public history::RunObserver {
 public:
  virtual void replayed(std::span<const CellChange> changes, bool forward) = 0;
  // A step's runs (core/changes.hpp), told with the map as the runs leave it (forward: before the
  // step's cell changes, which are told after; backward: after those are undone and then the
  // runs): either way a run's flip took each of its cells from `now` flipped to `now`.
  virtual void replayed_runs(std::span<const CellRun> runs, const Grid& now) = 0;
  // A skip wrote cells with indices lo..hi (lo <= hi), not all of them: spread over those rows.
  virtual void crossed(std::uint32_t lo, std::uint32_t hi) = 0;

 protected:
  ~SeekObserver() = default;
};

// How much of a far seek one call (Timeline::seek) may do before it stops short of its target:
// a window seeks in parts, a frame's worth each (app/logic/track.hpp), where the longest runs'
// far seeks take a quarter of a second (a 4096x4096 maze) and the replay from the head back to
// the last skip boundary tens of milliseconds. Every part moves (a skip or a step at least).
struct SeekBudget {
  // Cells the skips crossed went over (history::Written): past them the seek stops at the skip
  // boundary it reached.
  std::uint64_t skip_cells = UINT64_MAX;
  // Steps replayed one at a time (to the first skip boundary, from the last, or all the way
  // where no skip is nearer): past them it stops at the step it reached.
  std::uint64_t steps = UINT64_MAX;
};

class Timeline {
 public:
  // shape: how the history is cut into skips (see seek); tests make them small to cross many.
  // pack_from: the records' bytes after which the log packs each chunk it finishes
  // (history::ByteLog); tests make it small to pack many.
  explicit Timeline(Stepper stepper, std::size_t max_history_bytes = kDefaultHistoryBytes,
                    history::SkipShape shape = {},
                    std::size_t pack_from = history::ByteLog::kPackFrom);

  // The map as of the cursor.
  const Grid& grid() const { return stepper_.grid(); }
  const Stepper& stepper() const { return stepper_; }

  std::uint64_t cursor() const { return cursor_; }      // steps applied; 0 is the start
  std::uint64_t recorded() const { return head_; }      // steps run by the stepper so far
  std::uint64_t earliest() const { return earliest_; }  // the oldest step still reachable
  bool at_head() const { return cursor_ == head_; }
  // True once the stepper has finished and the cursor is at its last step.
  bool at_end() const { return at_head() && stepper_.done(); }

  // The map's labels lent while this timeline stands still (Grid::lend_labels): its map is a copy
  // of another's, which moves on meanwhile. The cursor cannot move while they are lent (next,
  // back and seek throw std::logic_error) until take_back_labels(the other's map, back where this
  // one was copied).
  void lend_labels() { stepper_.mutable_grid().lend_labels(); }
  void take_back_labels(const Grid& from) { stepper_.mutable_grid().take_back_labels(from); }
  // The map's label and region layers take runs packed from their cells (Grid::adopt_packed), for
  // a timeline kept on show while another is made: they read the same, and a move that writes
  // them unpacks them.
  std::vector<IdLayer::Unpacked> adopt_packed(const std::vector<Grid::IdCopy>& packed) {
    return stepper_.mutable_grid().adopt_packed(packed);
  }

  // One step forward: redo a recorded step, or run the stepper at the head. Returns the step now
  // at the cursor, or nullptr at the end. The observer, if any, is told the step's changes.
  const Step* next(SeekObserver* observer = nullptr);
  // One step back (undo). False when already at the earliest reachable step.
  bool back(SeekObserver* observer = nullptr);
  // Moves the cursor to step k, running the stepper if k is past the head (stops at the end).
  // Far seeks cross whole groups and segments with skips (core/history_skips.hpp) instead of
  // replaying. The observer, if any, is told every change the seek makes. Within a budget the
  // seek may stop short of k (where the map and statistics are those of the step it reached).
  void seek(std::uint64_t k, SeekObserver* observer = nullptr, SeekBudget budget = {});

  // The step at the cursor (the last one applied), or nullptr at the start.
  const Step* current() const;
  // The step numbered k (1-based, earliest < k <= recorded), or nullptr.
  const Step* step_at(std::uint64_t k) const;
  // Step k's changes as cell changes (its runs' cells first, core/changes.hpp). Exact for the step
  // at the cursor and the newest step; for any other step the layers it did not change read as
  // they are at the cursor, and so do its runs' cells (a run keeps which cells it flipped and how,
  // not their values), but for the step just after the cursor, whose runs start from the map.
  std::span<const CellChange> changes_at(std::uint64_t k) const;
  // The cells step k changed, by index, appended to `out`: its runs' changed cells first, then
  // its cell changes (a cell it wrote twice is there twice). Far cheaper than changes_at for a
  // step of runs (a cave's row): no before or after value is worked out.
  // Unless `out` would then hold more than `limit` cells: then none are appended and it returns
  // false (they are counted, not listed: a cave's pass at 4096x4096 changes millions).
  bool changed_cells_at(std::uint64_t k, std::vector<std::uint32_t>& out,
                        std::size_t limit = SIZE_MAX) const;
  // What step k drew and how it changed the statistics (empty when it did neither).
  std::vector<Draw> draws_at(std::uint64_t k) const;
  std::vector<StatChange> stat_changes_at(std::uint64_t k) const;
  // The statistics as of the cursor.
  std::span<const std::int64_t> stats() const { return stats_.values(); }

  // A step that changed one cell, with the cell's full value (every layer) before and after it.
  struct CellTouch {
    std::uint64_t step = 0;
    Cell before;
    Cell after;
    friend constexpr bool operator==(const CellTouch&, const CellTouch&) = default;
  };
  // Every reachable step (earliest() < step <= recorded()) that changed cell `index`, oldest
  // first; a step that wrote the cell more than once is one touch. Empty outside the map. Read
  // from the packed history without replaying or moving the cursor: only the blocks whose area
  // of changed cells may hold the cell are decoded, and since a record keeps only the layers a
  // change changed, the full values are walked out from the map at the cursor, back through the
  // touches before it and forward through those after.
  std::vector<CellTouch> cell_history(std::uint32_t index) const;

  // The same read a part at a time: a big map's history can hold thousands of blocks that may
  // hold a cell (a 4096x4096 maze's connectors and dead ends lie all over it: 130 ms of decoding
  // for one cell), so a caller that must keep a frame short reads on frame after frame, and on
  // again from where it stopped as the run grows. A read belongs to one timeline.
  class CellHistoryRead {
   public:
    explicit CellHistoryRead(std::uint32_t index) : index_(index) {}
    std::uint32_t index() const { return index_; }
    // Every recorded step before this one (0-based) has been looked at.
    std::uint64_t read_to() const { return next_; }
    // The cell's writes found so far (a step may write it more than once).
    std::size_t hits() const { return hits_.size(); }

   private:
    friend class Timeline;
    // A step's write of the cell: a cell change (its changed layers' values) or a run's flip.
    struct Hit {
      std::uint64_t step = 0;
      bool run = false;
      history::PackedChange change;
      LayerFlip flip;
      Cell before_of(const Cell& after) const {
        return run ? flipped(after, flip) : change.before_of(after);
      }
      Cell after_of(const Cell& before) const {
        return run ? flipped(before, flip) : change.after_of(before);
      }
    };
    std::uint32_t index_;
    std::uint64_t next_ = 0;
    std::vector<Hit> hits_;  // oldest first
  };
  // Reads on until every recorded step has been looked at (true) or `max_records` records have
  // been decoded (false; a block whose area cannot hold the cell costs one, unread): at least one
  // block that may hold the cell a call, so that a read always gets on.
  bool read_cell_history(CellHistoryRead& read, std::uint64_t max_records) const;
  // The touches among the steps read so far that are still reachable (as cell_history's).
  std::vector<CellTouch> cell_touches(const CellHistoryRead& read) const;

  // Forgets every recorded step before the cursor that it can: earliest() moves up to the start
  // of the chunk of history the cursor's block lies in (a few MB at most), as if the history's
  // budget were spent. For a timeline whose past will not be visited again: a big map kept on
  // show while its successor is made (app/logic/session_state.cpp).
  void forget_history() { enforce_budget(0); }

  // Memory the history holds (chunks allocated, block index, name table).
  std::size_t history_bytes() const;

  // What the history holds, for the benchmarks' bytes-per-step and bytes-per-change figures
  // (steps and changes still recorded; bytes of their records, excluding chunk slack).
  struct Usage {
    std::uint64_t steps = 0;
    std::uint64_t changes = 0;
    std::uint64_t step_bytes = 0;    // records without their cell changes
    std::uint64_t change_bytes = 0;  // the cell changes
  };
  Usage usage() const { return usage_; }
  // Chunks of the log packed so far (history::ByteLog: a big run's).
  std::size_t packed_chunks() const { return log_.packed_chunks(); }

 private:
  // A place to decode from: the record of step k + 1 starts at pos, delta-coded against st.
  struct Cursor {
    std::uint64_t k = UINT64_MAX;
    history::Pos pos;
    history::CodecState st;
  };
  // Where each record of one block starts, found by decoding the block from its start once:
  // stepping back walks a block from its end, and each cursor is decoded once per block.
  struct BlockCursors {
    std::uint64_t block = UINT64_MAX;
    std::vector<Cursor> cursors;  // cursors[i] is before the block's record i
  };
  // What was last unpacked from the packed history: step k's record, in the parts asked for, read
  // against the map as of the cursor. k is its one validity key: every cursor move resets it
  // (keeping only what the move itself unpacked exactly), so what it holds is never stale.
  struct Decoded {
    std::uint64_t k = 0;  // 0: nothing
    bool has_step = false;
    bool has_changes = false;
    Step step;
    std::vector<CellChange> changes;  // full before and after cells
    void reset(std::uint64_t key) {
      k = key;
      has_step = has_changes = false;
    }
  };

  Cursor cursor_at(std::uint64_t k) const;  // earliest <= k < recorded
  std::uint64_t tile_bit(Point p) const {
    return std::uint64_t{1} << (8 * (p.y >> tile_shift_y_) + (p.x >> tile_shift_x_));
  }
  void decode(Cursor& c, const history::RecordOut& out) const;
  Decoded& decoded(std::uint64_t k) const;  // the cache, reset to step k unless it holds it
  void unpack_changes(std::uint64_t k) const;
  void append(const Step& step);
  void release_scratch();                      // the run is over: what only recording needed goes
  void note_area(const StepChanges& changes);  // widens the newest block's area
  void enforce_budget(std::size_t max_bytes);  // forgets the oldest steps past max_bytes
  void check_labels_held() const;              // throws while the map's labels are lent
  void redo(bool show, SeekObserver* observer);
  // earliest <= k <= recorded; false when the budget ran out short of k (seek)
  bool travel(std::uint64_t k, SeekObserver* observer, SeekBudget budget);
  // One step at a time toward k, at most `steps` of them (counted down); false when short of k.
  bool replay_to(std::uint64_t k, SeekObserver* observer, std::uint64_t& steps);

  Stepper stepper_;
  std::size_t max_bytes_;
  // The packed history: records in a byte log, the place of each block's first record, and the
  // encoder's delta bases at the head.
  history::ByteLog log_;
  history::NameTable names_;
  std::deque<history::Pos> blocks_;  // where block j's first record starts (j from block_base_)
  // Where each block's changes lie (areas_[j] is blocks_[j]'s), all that cell_history reads to
  // pass a block by: 16 bytes per kBlockSteps steps. The box is tight around a block's changes
  // where they are close together (a box rather than an index range: a run down a column spans
  // whole rows of indices); where they are far apart (the end of one tunnel and the room the next
  // one leads to) the tiles keep the box's empty middle out.
  struct BlockArea {
    std::uint16_t x0 = UINT16_MAX, x1 = 0, y0 = UINT16_MAX, y1 = 0;  // none while x0 > x1
    std::uint64_t tiles = 0;  // bit 8 * ty + tx: a change in tile (tx, ty) of the map's 8 x 8
    bool may_hold(Point p, std::uint64_t tile) const {
      return (tiles & tile) != 0 && p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1;
    }
  };
  std::deque<BlockArea> areas_;
  int tile_shift_x_ = 0, tile_shift_y_ = 0;  // x >> tile_shift_x_ is a cell's tile column
  RowOf row_of_;                             // a cell index's row
  std::uint64_t block_base_ = 0;
  history::CodecState enc_;
  Usage usage_;
  history::SkipIndex skips_;
  StatSheet stats_;  // as of the cursor
  std::uint64_t cursor_ = 0;
  std::uint64_t head_ = 0;
  std::uint64_t earliest_ = 0;

  // Decoding: the cursor before record cursor_ + 1 (when fwd_.k == cursor_), the block whose
  // records were last found, what was last unpacked, and the moves' scratch.
  Cursor fwd_;
  mutable BlockCursors block_;
  mutable Decoded decoded_;
  mutable std::vector<history::PackedChange> packed_;
  mutable std::vector<CellRun> runs_;
  mutable std::vector<CellChange> cells_;     // unpack_changes' cell changes before the runs join
  mutable std::vector<std::uint32_t> order_;  // unpack_changes' sort
  std::vector<StatChange> stat_scratch_;
};

}  // namespace dungen
