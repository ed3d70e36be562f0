#pragma once
// The coroutine only goes forward; the timeline makes the past visible. It keeps every step and
// its change list: stepping back undoes changes, stepping forward redoes them until the cursor
// reaches the live head, where the stepper resumes. Scrubbing is moving the cursor.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <vector>

#include "core/stepper.hpp"

namespace dungen {

// How much history a timeline keeps by default. Past this the oldest steps are forgotten (the
// earliest reachable step moves forward) so a 4096x4096 map cannot exhaust memory.
inline constexpr std::size_t kDefaultHistoryBytes = std::size_t{512} << 20;

class Timeline {
 public:
  explicit Timeline(Stepper stepper, std::size_t max_history_bytes = kDefaultHistoryBytes);

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
  void seek(std::uint64_t k);

  // The step at the cursor (the last one applied), or nullptr at the start.
  const Step* current() const;
  // The step numbered k (1-based, earliest < k <= recorded), or nullptr.
  const Step* step_at(std::uint64_t k) const;
  std::span<const CellChange> changes_at(std::uint64_t k) const;
  // What step k drew and how it changed the statistics (empty when it did neither).
  std::vector<Draw> draws_at(std::uint64_t k) const;
  std::vector<StatChange> stat_changes_at(std::uint64_t k) const;
  // The statistics as of the cursor.
  std::span<const std::int64_t> stats() const { return stats_.values(); }

  // The bounding box of every cell changed since the last call (for partial texture uploads).
  std::optional<Rect> take_dirty();

  std::size_t history_bytes() const { return bytes_; }

 private:
  struct Record {
    Step step;
    std::uint64_t chunk = 0;  // absolute number of the chunk holding its changes
    std::uint32_t offset = 0;
    std::uint32_t change_count = 0;
    std::uint64_t stat_first = 0;  // absolute index of its first entry in stat_log_
    std::uint64_t draw_first = 0;  // and in draw_log_
    std::uint32_t stat_count = 0;
    std::uint32_t draw_count = 0;
  };
  // Changes live in fixed-capacity chunks (a step's changes never straddle two), so recording a
  // step costs only its own changes: no reallocation ever copies the whole history, which on a
  // 4096x4096 map would stall one frame for a second.
  static constexpr std::size_t kChunkChanges = std::size_t{1} << 16;
  using Chunk = std::vector<CellChange>;

  const Record* record(std::uint64_t k) const;
  const CellChange* changes_of(const Record& r) const;
  void append(const Step& step);
  void apply_stats(const Record& r, bool forward);
  void mark_dirty(std::span<const CellChange> changes);
  void forget_oldest();
  static std::size_t record_bytes(const Record& r);

  Stepper stepper_;
  std::size_t max_bytes_;
  std::deque<Record> records_;       // steps earliest+1 .. head
  std::deque<Chunk> chunks_;         // their changes, in order
  std::uint64_t chunks_base_ = 0;    // absolute number of chunks_.front()
  std::deque<StatChange> stat_log_;  // every recorded step's stat changes, in order
  std::uint64_t stat_base_ = 0;      // absolute index of stat_log_.front()
  std::deque<Draw> draw_log_;        // and their draws
  std::uint64_t draw_base_ = 0;
  StatSheet stats_;  // as of the cursor
  std::uint64_t cursor_ = 0;
  std::uint64_t head_ = 0;
  std::uint64_t earliest_ = 0;
  std::size_t bytes_ = 0;
  int dirty_x0_ = 0, dirty_y0_ = 0, dirty_x1_ = -1, dirty_y1_ = -1;
};

}  // namespace dungen
