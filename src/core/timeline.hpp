#pragma once
// The coroutine only goes forward; the timeline makes the past visible. It keeps every step and
// its change list: stepping back undoes changes, stepping forward redoes them until the cursor
// reaches the live head, where the stepper resumes. Scrubbing is moving the cursor.
//
// The history is packed (core/history_codec.hpp): a step costs about 10-30 bytes and a cell
// change 2-6, so a 4096x4096 run keeps every step. Steps and changes handed out are therefore
// decoded copies: a pointer or span from step_at(), current(), next() or changes_at() stays
// valid until the next call of any of those or until the cursor moves.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <vector>

#include "core/history_codec.hpp"
#include "core/history_skips.hpp"
#include "core/stepper.hpp"

namespace dungen {

// How much history a timeline keeps by default. Past this the oldest steps are forgotten, a block
// of history::kBlockSteps at a time (earliest() moves forward), so no run can exhaust memory; a
// 4096x4096 caves run with the animated flood fill (16.7 M steps) stays well inside it.
inline constexpr std::size_t kDefaultHistoryBytes = std::size_t{512} << 20;

// Told how a seek changes the map, for tallies kept beside it (the app's walkable cells and
// region sizes): each step it replays or runs, and each skip it crosses, run by run.
class SeekObserver : public history::RunObserver {
 public:
  virtual void replayed(std::span<const CellChange> changes, bool forward) = 0;

 protected:
  ~SeekObserver() = default;
};

class Timeline {
 public:
  // shape: how the history is cut into skips (see seek); tests make them small to cross many.
  explicit Timeline(Stepper stepper, std::size_t max_history_bytes = kDefaultHistoryBytes,
                    history::SkipShape shape = {});

  // The map as of the cursor.
  const Grid& grid() const { return stepper_.grid(); }
  const Stepper& stepper() const { return stepper_; }

  std::uint64_t cursor() const { return cursor_; }      // steps applied; 0 is the start
  std::uint64_t recorded() const { return head_; }      // steps run by the stepper so far
  std::uint64_t earliest() const { return earliest_; }  // the oldest step still reachable
  bool at_head() const { return cursor_ == head_; }
  // True once the stepper has finished and the cursor is at its last step.
  bool at_end() const { return at_head() && stepper_.done(); }

  // One step forward: redo a recorded step, or run the stepper at the head. Returns the step now
  // at the cursor, or nullptr at the end.
  const Step* next();
  // One step back (undo). False when already at the earliest reachable step.
  bool back();
  // Moves the cursor to step k, running the stepper if k is past the head (stops at the end).
  // Far seeks cross whole groups and segments with skips (core/history_skips.hpp) instead of
  // replaying. The observer, if any, is told every change the seek makes.
  void seek(std::uint64_t k, SeekObserver* observer = nullptr);

  // The step at the cursor (the last one applied), or nullptr at the start.
  const Step* current() const;
  // The step numbered k (1-based, earliest < k <= recorded), or nullptr.
  const Step* step_at(std::uint64_t k) const;
  // Step k's cell changes. Exact for the step at the cursor and the newest step; for any other
  // step the layers it did not change read as they are at the cursor.
  std::span<const CellChange> changes_at(std::uint64_t k) const;
  // What step k drew and how it changed the statistics (empty when it did neither).
  std::vector<Draw> draws_at(std::uint64_t k) const;
  std::vector<StatChange> stat_changes_at(std::uint64_t k) const;
  // The statistics as of the cursor.
  std::span<const std::int64_t> stats() const { return stats_.values(); }

  // The bounding box of every cell changed since the last call (for partial texture uploads).
  std::optional<Rect> take_dirty();

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

 private:
  // A place to decode from: the record of step k + 1 starts at pos, delta-coded against st.
  struct Cursor {
    std::uint64_t k = UINT64_MAX;
    history::Pos pos;
    history::CodecState st;
  };

  Cursor cursor_at(std::uint64_t k) const;  // earliest <= k < recorded
  void decode(Cursor& c, const history::RecordOut& out) const;
  void append(const Step& step);
  void enforce_budget();
  void redo(bool show);
  void travel(std::uint64_t k);  // earliest <= k <= recorded
  void replay_to(std::uint64_t k);
  void mark_dirty_span(std::uint32_t lo, std::uint32_t hi);
  void mark_dirty(std::span<const CellChange> changes);
  void forget_decoded();

  Stepper stepper_;
  std::size_t max_bytes_;
  history::ByteLog log_;
  history::NameTable names_;
  std::deque<history::Pos> blocks_;  // where block j's first record starts (j from block_base_)
  std::uint64_t block_base_ = 0;
  history::CodecState enc_;  // the encoder's delta bases at the head
  Usage usage_;
  StatSheet stats_;  // as of the cursor
  std::uint64_t cursor_ = 0;
  std::uint64_t head_ = 0;
  std::uint64_t earliest_ = 0;
  std::uint32_t width_ = 1;
  // Cell index -> row without a division: ceil(2^40 / width) times the index, shifted back, is
  // exact for every index of a map (index * (magic * width - 2^40) < 2^24 * 2^12 < 2^40).
  static constexpr unsigned kRowShift = 40;
  std::uint64_t row_magic_ = std::uint64_t{1} << kRowShift;
  std::uint32_t row_of(std::uint32_t index) const {
    return static_cast<std::uint32_t>((index * row_magic_) >> kRowShift);
  }
  int dirty_x0_ = 0, dirty_y0_ = 0, dirty_x1_ = -1, dirty_y1_ = -1;
  SeekObserver* observer_ = nullptr;  // during seek only

  // Decoding caches (the history is packed; these hold what was last unpacked).
  Cursor fwd_;  // before record cursor_ + 1, when fwd_.k == cursor_
  mutable std::uint64_t block_cached_ = UINT64_MAX;  // the block whose cursors are in block_cache_
  mutable std::vector<Cursor> block_cache_;
  mutable Step shown_;  // the cursor's step, when shown_k_ == cursor_
  mutable std::uint64_t shown_k_ = 0;
  mutable Step peek_;  // step_at's
  mutable std::uint64_t peek_k_ = 0;
  mutable std::vector<CellChange> decoded_;  // the full changes of step decoded_k_
  mutable std::uint64_t decoded_k_ = 0;
  std::vector<history::PackedChange> packed_;

  // Skips: skips_[i] leads from step boundaries_[i] to boundaries_[i + 1]; a segment ends after
  // shape_.steps steps or shape_.max_cells changed cells, whichever comes first. Segments are
  // numbered from the run's start: skips_[i] is segment skip_base_ + i (the earlier ones were
  // forgotten with the history they crossed).
  history::SkipShape shape_;
  history::SkipBuilder skip_builder_;
  std::deque<std::vector<std::uint8_t>> skips_;
  std::uint64_t skip_base_ = 0;
  std::deque<std::uint64_t> boundaries_;
  std::deque<std::vector<std::int64_t>> boundary_stats_;  // the statistics at each boundary
  // Group skips: group g leads across segments g * shape_.group .. (g + 1) * shape_.group - 1;
  // groups_[j] is group group_base_ + j, empty when it changed too many cells to have one.
  history::SkipBuilder group_builder_;
  std::deque<std::vector<std::uint8_t>> groups_;
  std::uint64_t group_base_ = 0;
  std::size_t skip_bytes_ = 0;
  std::vector<history::Span> skip_scratch_;
  void end_segment();
  void drop_unreachable_skips();
  // The group skip that starts at segment boundary b (absolute) and ends at or before
  // boundary `limit` forward, or ends at b and starts at or after `limit` backward; null if none.
  const std::vector<std::uint8_t>* group_at(std::uint64_t b, std::uint64_t limit,
                                            bool forward) const;
  std::vector<StatChange> stat_scratch_;
};

}  // namespace dungen
