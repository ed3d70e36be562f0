#pragma once
// The timeline's skip index: its history cut into segments, each packed as a skip (and every few
// segments a group skip, core/history_skips.hpp), with the step and the statistics at each
// segment boundary. The timeline hands it every step it records; a far seek asks it which
// boundaries lie nearest and has it carry the map from one boundary to another.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "core/history_skips.hpp"

namespace dungen::history {

class SkipIndex {
 public:
  // Boundary 0 is step 0, where the statistics are `stats`.
  SkipIndex(SkipShape shape, std::span<const std::int64_t> stats);

  // Records the changes of the step just run, the one that makes `head` steps; `grid` and `stats`
  // are as of that step. A full segment ends here.
  void record(const StepChanges& changes, const Grid& grid, std::uint64_t head,
              std::span<const std::int64_t> stats);
  // A step that changes this many cells (max_cells, SkipShape) or more is given a segment of its
  // own: the segment before it ends before it (cut, with the map as it was then) and its own
  // ends with it. No seek then replays it, one step that no budget splits (a maze's last step
  // relabels every passage: at 4096x4096, 50-100 ms of one frame undone or redone cell by
  // cell), where crossing its skip takes a few milliseconds.
  bool step_alone(const StepChanges& changes) const;
  // Ends the segment at step `head` (`grid` and `stats` as of that step) unless one ends there.
  void cut(const Grid& grid, std::uint64_t head, std::span<const std::int64_t> stats) {
    if (head > boundaries_.back()) end_segment(grid, head, stats);
  }
  // The run is over: no segment will end again, so the builders' scratch can go.
  void release();
  // Forgets the skips that start before `earliest` (they would lead where the history no longer
  // reaches), now and whenever a later segment ends.
  void forget_before(std::uint64_t earliest);
  std::size_t bytes() const;

  bool empty() const { return skips_.empty(); }
  // Group skips kept (one is kept only where it is smaller than its segments together).
  std::size_t group_skips() const {
    return static_cast<std::size_t>(
        std::count_if(groups_.begin(), groups_.end(), [](const auto& g) { return !g.empty(); }));
  }
  // The boundary nearest step x (the earlier one on a tie); x is at or after the first boundary.
  std::size_t nearest(std::uint64_t x) const;
  std::uint64_t boundary(std::size_t i) const { return boundaries_[i]; }
  std::span<const std::int64_t> stats_at(std::size_t i) const { return boundary_stats_[i]; }
  // What a crossing did: the lowest and highest cell index written (lo > hi when none), and
  // the boundary it reached.
  struct Crossed {
    std::uint32_t lo = UINT32_MAX, hi = 0;
    std::size_t reached = 0;
  };
  // Moves `grid` from boundary `from` toward boundary `to` (either way), across whole groups
  // where it can, until it reaches `to` or its skips have gone over max_cells cells (at least
  // one skip: a crossing's cost is about the cells it writes, so a caller that must keep a frame
  // short crosses a far seek's skips over several calls).
  Crossed cross(std::size_t from, std::size_t to, Grid& grid, RunObserver* observer,
                std::uint64_t max_cells = UINT64_MAX);

 private:
  void end_segment(const Grid& grid, std::uint64_t head, std::span<const std::int64_t> stats);
  void drop_unreachable();
  // The group skip that starts at segment boundary b (absolute) and ends at or before
  // boundary `limit` forward, or ends at b and starts at or after `limit` backward; null if none.
  const std::vector<std::uint8_t>* group_at(std::uint64_t b, std::uint64_t limit,
                                            bool forward) const;

  // skips_[i] leads from step boundaries_[i] to boundaries_[i + 1]; a segment ends after
  // shape_.steps steps or shape_.max_cells changed cells, whichever comes first. Segments are
  // numbered from the run's start: skips_[i] is segment skip_base_ + i (the earlier ones were
  // forgotten with the history they crossed).
  SkipShape shape_;
  std::size_t stat_count_;
  std::uint64_t earliest_ = 0;
  SkipBuilder skip_builder_;
  RunBand band_;
  std::deque<PackedSkip> skips_;
  std::uint64_t skip_base_ = 0;
  std::deque<std::uint64_t> boundaries_;
  std::deque<std::vector<std::int64_t>> boundary_stats_;  // the statistics at each boundary
  // Group skips: group g leads across segments g * shape_.group .. (g + 1) * shape_.group - 1;
  // groups_[j] is group group_base_ + j, empty when it changed too many cells to have one.
  SkipBuilder group_builder_;
  std::deque<std::vector<std::uint8_t>> groups_;
  std::uint64_t group_base_ = 0;
  std::size_t group_segment_bytes_ = 0;  // the packed cells of the group's segments so far
  std::size_t skip_bytes_ = 0;           // of the packed skips and groups
  std::vector<Span> scratch_;            // apply_skip's
};

}  // namespace dungen::history
