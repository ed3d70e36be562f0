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

BreadthFirst::BreadthFirst(const Grid& g, int connectivity)
    : w_(static_cast<std::size_t>(g.width())),
      h_(static_cast<std::size_t>(g.height())),
      pw_(w_ + 2),
      size_(pw_ * (h_ + 2)),
      dirs_(connectivity),
      row_magic_(((std::uint64_t{1} << kRowShift) + pw_ - 1) / pw_),
      dist_(size_) {
  check_connectivity(connectivity);
  for (std::size_t d = 0; d < 8; ++d) {
    step_[d] = kDy[d] * static_cast<std::ptrdiff_t>(pw_) + kDx[d];
  }
  const std::size_t walkable = fill_padded(g, &dist_[0], kUnreached, kWallDistance);
  // Every walkable cell queued once, and one slot more (the search writes each neighbour to the
  // queue's end before it knows whether to keep it).
  queue_.resize(walkable + 1);
}

std::size_t BreadthFirst::cell(std::size_t p) const {
  const std::size_t y = (static_cast<std::uint64_t>(p) * row_magic_) >> kRowShift;
  return (y - 1) * w_ + (p - y * pw_) - 1;
}

std::int32_t BreadthFirst::search(std::size_t cell) {
  for (std::size_t k = 0; k < taken_; ++k) dist_[queue_[k]] = kUnreached;
  const std::size_t p = padded(cell);
  return dirs_ == 4 ? search_from<4>(p) : search_from<8>(p);
}

template <int Dirs>
std::int32_t BreadthFirst::search_from(std::size_t start) {
  std::int32_t* dist = &dist_[0];
  std::uint32_t* queue = queue_.data();
  dist[start] = 0;
  queue[0] = static_cast<std::uint32_t>(start);
  std::size_t head = 0, tail = 1;
  std::int32_t ring = 0;
  // Ring by ring: [head, end) holds the cells at distance `ring`. Each neighbour is written to
  // the queue's end and kept (tail moves) only when it was walkable and unreached, without a
  // branch: which neighbours are new is hard to predict. Each cell is queued once, so the loop
  // ends after the region's cells.
  for (;;) {
    last_ring_ = head;
    const std::size_t end = tail;
    const std::int32_t next = ring + 1;
    for (; head < end; ++head) {
      const std::size_t c = queue[head];
      for (int d = 0; d < Dirs; ++d) {
        const std::size_t q = c + static_cast<std::size_t>(step_[static_cast<std::size_t>(d)]);
        const bool fresh = dist[q] == kUnreached;
        dist[q] = fresh ? next : dist[q];
        queue[tail] = static_cast<std::uint32_t>(q);
        tail += fresh ? 1 : 0;
      }
    }
    if (tail == end) break;
    ring = next;
  }
  taken_ = tail;
  return ring;
}

std::size_t BreadthFirst::back_from(std::size_t to, std::int32_t steps) const {
  std::size_t p = padded(to);
  for (std::int32_t k = 0; k < steps && dist_[p] > 0; ++k) {
    std::size_t nearer = p;
    for (int d = 0; d < dirs_ && nearer == p; ++d) {
      const std::size_t q = p + static_cast<std::size_t>(step_[static_cast<std::size_t>(d)]);
      if (dist_[q] == dist_[p] - 1) nearer = q;
    }
    p = nearer;
  }
  return cell(p);
}

void BreadthFirst::distances(std::vector<std::int32_t>& out) const {
  resize_big(out, w_ * h_);
  for (std::size_t y = 0; y < h_; ++y) {
    const std::int32_t* row = &dist_[(y + 1) * pw_ + 1];
    std::int32_t* o = out.data() + y * w_;
    for (std::size_t x = 0; x < w_; ++x) o[x] = std::max(row[x], kUnreached);
  }
}

void BreadthFirst::taken_cells(std::vector<std::uint32_t>& out) const {
  resize_big(out, taken_);
  for (std::size_t k = 0; k < taken_; ++k) out[k] = static_cast<std::uint32_t>(cell(queue_[k]));
}

void BreadthFirst::reached_in_row_order(std::vector<std::uint32_t>& out) const {
  out.clear();
  out.reserve(taken_);
  for (std::size_t p = pw_; p < size_ - pw_; ++p) {
    if (dist_[p] >= 0) out.push_back(static_cast<std::uint32_t>(p));
  }
}

}  // namespace dungen::analysis
