#include "core/history_skip_index.hpp"

#include <algorithm>

#include "core/big_buffer.hpp"

namespace dungen::history {

SkipIndex::SkipIndex(SkipShape shape, std::span<const std::int64_t> stats)
    : shape_(shape),
      stat_count_(stats.size()),
      // Each keeps scratch for twice the cells it usually ends at (a vector grows by doubling).
      skip_builder_(SIZE_MAX, 2 * shape.max_cells),
      group_builder_(shape.group_max_cells, 2 * shape.group_max_cells) {
  shape_.steps = std::max<std::uint64_t>(shape_.steps, 1);
  shape_.group = std::max<std::size_t>(shape_.group, 2);
  boundaries_.push_back(0);
  boundary_stats_.emplace_back(stats.begin(), stats.end());
}

std::size_t SkipIndex::bytes() const {
  return skip_bytes_ + skip_builder_.bytes() + group_builder_.bytes() + band_.bytes() +
         boundary_stats_.size() * (sizeof(boundary_stats_[0]) + sizeof(std::uint64_t) +
                                   stat_count_ * sizeof(std::int64_t));
}

void SkipIndex::record(const StepChanges& changes, const Grid& grid, std::uint64_t head,
                       std::span<const std::int64_t> stats) {
  // A step's runs came before its cell changes.
  if (!changes.runs.empty()) band_.note(changes.runs, grid.size());
  skip_builder_.note(changes.cells, grid.size(), &band_);
  if (head - boundaries_.back() >= shape_.steps || skip_builder_.cells() >= shape_.max_cells ||
      band_.cells() >= shape_.band_cells) {
    end_segment(grid, head, stats);
  }
}

bool SkipIndex::step_alone(const StepChanges& changes) const {
  // The runs' spans first: a run changes at most its count of cells, and most steps' runs (a
  // cave's row) are far from the bound, so their bits need no counting.
  std::size_t at_most = changes.cells.size();
  for (const CellRun& run : changes.runs) at_most += run.count;
  if (at_most < shape_.max_cells) return false;
  std::size_t cells = changes.cells.size();
  for (const CellRun& run : changes.runs) cells += run.changed_cells();
  return cells >= shape_.max_cells;
}

void SkipIndex::release() {
  skip_builder_.release();
  group_builder_.release();
  band_.release();
}

void SkipIndex::end_segment(const Grid& grid, std::uint64_t head,
                            std::span<const std::int64_t> stats) {
  // A segment cut short by its changed cells (a cave pass rewrites whole rows) makes its group
  // too big to be worth one: a seek crosses such segments one by one, and the group's builder
  // is spared their cells.
  // The same for runs: their flips are not kept cell by cell, so a group cannot take them in.
  if (skip_builder_.cells() >= shape_.max_cells || !band_.empty()) group_builder_.give_up();
  PackedSkip skip;
  skip.cells = skip_builder_.finish(grid, &group_builder_, &band_);
  skip.band = band_.pack(grid);
  group_segment_bytes_ += skip.cells.size();
  skips_.push_back(std::move(skip));
  skip_bytes_ += skips_.back().bytes();
  boundaries_.push_back(head);
  boundary_stats_.emplace_back(stats.begin(), stats.end());
  const std::size_t in_group = (skip_base_ + skips_.size()) % shape_.group;
  // A quarter of the way through a group, segments that have not met so far are taken to go on
  // not meeting (a maze's carving moves on; a flood fill's front meets at once): the builder
  // stops taking their cells in, which cost as much as packing a segment.
  if (in_group == std::max<std::size_t>(2, shape_.group / 4) && !group_builder_.segments_meet()) {
    group_builder_.give_up();
  }
  if (in_group == 0) {
    // A group is kept where it is smaller than its segments together: where they changed the
    // same cells again (a flood fill's frontier marks, then regions), or changed cells close to
    // each other's (the group's cells run on where theirs stopped). Where each changed other cells
    // apart (room accretion takes every cell once, room after room) it is their sum again, the
    // same bytes twice for no fewer writes: none is kept, and a seek crosses the segments. Where
    // the segments' cells did not even meet (a maze's carving, most of a 1024x1024 cave's flood
    // fill), that is known without packing the group, which was a tenth of recording a maze.
    if (!group_builder_.segments_meet()) group_builder_.give_up();
    std::vector<std::uint8_t> group = group_builder_.finish(grid);
    if (group.size() * 10 > group_segment_bytes_ * 9) free_buffer(group);
    group_segment_bytes_ = 0;
    groups_.push_back(std::move(group));
    skip_bytes_ += groups_.back().capacity() + sizeof(groups_.back());
  }
  drop_unreachable();
}

void SkipIndex::forget_before(std::uint64_t earliest) {
  earliest_ = earliest;
  drop_unreachable();
}

void SkipIndex::drop_unreachable() {
  while (boundaries_.size() > 1 && boundaries_.front() < earliest_) {
    skip_bytes_ -= skips_.front().bytes();
    skips_.pop_front();
    ++skip_base_;
    boundaries_.pop_front();
    boundary_stats_.pop_front();
  }
  // A group whose first segment is gone goes too.
  while (!groups_.empty() && group_base_ * shape_.group < skip_base_) {
    skip_bytes_ -= groups_.front().capacity() + sizeof(groups_.front());
    groups_.pop_front();
    ++group_base_;
  }
}

std::size_t SkipIndex::nearest(std::uint64_t x) const {
  const auto it = std::lower_bound(boundaries_.begin(), boundaries_.end(), x);
  auto i = static_cast<std::size_t>(it - boundaries_.begin());
  if (i == boundaries_.size() || (i > 0 && x - boundaries_[i - 1] < boundaries_[i] - x)) --i;
  return i;
}

const std::vector<std::uint8_t>* SkipIndex::group_at(std::uint64_t b, std::uint64_t limit,
                                                     bool forward) const {
  const std::uint64_t n = shape_.group;
  if (b % n != 0 || (forward ? b + n > limit : b < limit + n)) return nullptr;
  const std::uint64_t g = b / n - (forward ? 0 : 1);
  if (g < group_base_ || g - group_base_ >= groups_.size()) return nullptr;
  const std::vector<std::uint8_t>& skip = groups_[static_cast<std::size_t>(g - group_base_)];
  return skip.empty() ? nullptr : &skip;
}

SkipIndex::Crossed SkipIndex::cross(std::size_t from, std::size_t to, Grid& grid,
                                    RunObserver* observer, std::uint64_t max_cells) {
  Crossed c;
  std::uint64_t cells = 0;
  const auto note = [&](const Written& w) {
    cells += w.cells;
    if (w.lo > w.hi) return;
    c.lo = std::min(c.lo, w.lo);
    c.hi = std::max(c.hi, w.hi);
  };
  const auto apply = [&](std::span<const std::uint8_t> skip, bool forward) {
    if (!skip.empty()) note(apply_skip(skip, grid, forward, scratch_, observer));
  };
  // A segment's cell changes and runs wrote different cells: either order.
  const auto apply_segment = [&](const PackedSkip& skip, bool forward) {
    apply(skip.cells, forward);
    note(apply_band(skip.band, grid, forward, observer));
  };
  // Boundary numbers from the run's start (group g starts at boundary g * shape_.group).
  const std::uint64_t start = skip_base_ + from, end = skip_base_ + to;
  std::uint64_t b = start;
  const auto more = [&] { return b == start || cells < max_cells; };  // (a skip at least)
  while (b < end && more()) {
    if (const auto* group = group_at(b, end, true)) {
      apply(*group, true);
      b += shape_.group;
    } else {
      apply_segment(skips_[static_cast<std::size_t>(b - skip_base_)], true);
      ++b;
    }
  }
  while (b > end && more()) {
    if (const auto* group = group_at(b, end, false)) {
      apply(*group, false);
      b -= shape_.group;
    } else {
      apply_segment(skips_[static_cast<std::size_t>(b - skip_base_ - 1)], false);
      --b;
    }
  }
  c.reached = static_cast<std::size_t>(b - skip_base_);
  return c;
}

}  // namespace dungen::history
