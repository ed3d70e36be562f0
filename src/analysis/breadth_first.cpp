#include "analysis/breadth_first.hpp"

#include <algorithm>
#include <limits>

#include "analysis/distances.hpp"
#include "analysis/walkable_graph.hpp"

namespace dungen::analysis {

namespace {

// Below every distance and below kUnreached: a wall or the border.
constexpr std::int32_t kWallDistance = std::numeric_limits<std::int32_t>::min();

// A padded index is below 2^25 (4098 x 4098 cells) and a padded row below 2^13 cells, so
// p / row == (p * ceil(2^38 / row)) >> 38 exactly: the rounding error, under row * p / 2^38,
// stays below one row's share.
constexpr int kRowShift = 38;
static_assert(static_cast<std::uint64_t>(kMaxMapSide + 2) * (kMaxMapSide + 2) < (1ull << 25) &&
              kMaxMapSide + 2 < (1 << 13));

}  // namespace

BreadthFirst::BreadthFirst(const Grid& g, int connectivity, bool padded_distances)
    : w_(static_cast<std::size_t>(g.width())),
      h_(static_cast<std::size_t>(g.height())),
      pw_(w_ + 2),
      size_(pw_ * (h_ + 2)),
      dirs_(connectivity),
      row_magic_(((std::uint64_t{1} << kRowShift) + pw_ - 1) / pw_) {
  check_connectivity(connectivity);
  for (std::size_t d = 0; d < 8; ++d) {
    step_[d] = kDy[d] * static_cast<std::ptrdiff_t>(pw_) + kDx[d];
  }
  resize_big(open_, size_);
  const std::size_t walkable = fill_padded<std::uint8_t>(g, open_.data(), 1, 0);
  resize_big(waiting_, size_);
  if (padded_distances) {
    resize_big(dist_, size_);
    fill_padded(g, dist_.data(), kUnreached, kWallDistance);
  }
  // Every walkable cell queued once, and one slot more (the search writes each neighbour to the
  // queue's end before it knows whether to keep it).
  resize_big(queue_, walkable + 1);
}

std::size_t BreadthFirst::cell(std::size_t p) const {
  const std::size_t y = (static_cast<std::uint64_t>(p) * row_magic_) >> kRowShift;
  return (y - 1) * w_ + (p - y * pw_) - 1;
}

template <class F>
void BreadthFirst::for_each_taken(F&& f) const {
  for (std::size_t r = 0; r < ring_start_.size(); ++r) {
    const std::size_t end = r + 1 < ring_start_.size() ? ring_start_[r + 1] : taken_;
    for (std::size_t k = ring_start_[r]; k < end; ++k) f(static_cast<std::int32_t>(r), queue_[k]);
  }
}

std::int32_t BreadthFirst::search(std::size_t cell) {
  if (!dist_.empty()) {
    for_each_taken([&](std::int32_t, std::uint32_t p) { dist_[p] = kUnreached; });
  }
  waiting_ = open_;
  const std::size_t p = padded(cell);
  if (dirs_ == 4) {
    search_from<4>(p);
  } else {
    search_from<8>(p);
  }
  if (!dist_.empty()) {
    for_each_taken([&](std::int32_t ring, std::uint32_t q) { dist_[q] = ring; });
  }
  return static_cast<std::int32_t>(ring_start_.size()) - 1;
}

template <int Dirs>
void BreadthFirst::search_from(std::size_t start) {
  std::uint8_t* waiting = waiting_.data();
  std::uint32_t* queue = queue_.data();
  waiting[start] = 0;
  queue[0] = static_cast<std::uint32_t>(start);
  ring_start_.clear();
  std::size_t head = 0, tail = 1;
  // Ring by ring: [head, end) holds the cells of the ring being taken. Each neighbour is written
  // to the queue's end and kept (tail moves) only when it was waiting, without a branch: which
  // neighbours are new is hard to predict. Each cell is queued once, so the loop ends after the
  // region's cells.
  while (head < tail) {
    ring_start_.push_back(head);
    for (const std::size_t end = tail; head < end; ++head) {
      const std::size_t c = queue[head];
      for (int d = 0; d < Dirs; ++d) {
        const std::size_t q = c + static_cast<std::size_t>(step_[static_cast<std::size_t>(d)]);
        const std::uint8_t fresh = waiting[q];
        waiting[q] = 0;
        queue[tail] = static_cast<std::uint32_t>(q);
        tail += fresh;
      }
    }
  }
  taken_ = tail;
}

std::vector<std::size_t> BreadthFirst::walk_back(std::size_t to, std::int32_t steps) const {
  std::size_t p = padded(to);
  std::vector<std::size_t> walk{to};
  for (std::int32_t k = 0; k < steps && dist_[p] > 0; ++k) {
    std::size_t nearer = p;
    for (int d = 0; d < dirs_ && nearer == p; ++d) {
      const std::size_t q = p + static_cast<std::size_t>(step_[static_cast<std::size_t>(d)]);
      if (dist_[q] == dist_[p] - 1) nearer = q;
    }
    p = nearer;
    walk.push_back(cell(p));
  }
  return walk;
}

void BreadthFirst::distances(std::vector<std::int32_t>& out) const {
  assign_big(out, w_ * h_, kUnreached);
  for_each_taken([&](std::int32_t ring, std::uint32_t p) { out[cell(p)] = ring; });
}

void BreadthFirst::taken_cells(std::vector<std::uint32_t>& out) const {
  resize_big(out, taken_);
  for (std::size_t k = 0; k < taken_; ++k) out[k] = static_cast<std::uint32_t>(cell(queue_[k]));
}

void BreadthFirst::reached_in_row_order(std::vector<std::uint32_t>& out) const {
  resize_big(out, taken_);
  std::size_t k = 0;
  for (std::size_t p = pw_; p < size_ - pw_; ++p) {
    if (open_[p] && !waiting_[p]) out[k++] = static_cast<std::uint32_t>(p);
  }
}

}  // namespace dungen::analysis
