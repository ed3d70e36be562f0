#include "analysis/breadth_first.hpp"

#include <algorithm>
#include <limits>

#include "analysis/distances.hpp"
#include "analysis/walkable_graph.hpp"

namespace dungen::analysis {

namespace {

// Below every distance and below kUnreached: a wall or the border.
constexpr std::int32_t kWallDistance = std::numeric_limits<std::int32_t>::min();

}  // namespace

BreadthFirst::BreadthFirst(const Grid& g, int connectivity, bool padded_distances)
    : grid_(g, connectivity) {
  resize_big(waiting_, grid_.size());
  if (padded_distances) {
    resize_big(dist_, grid_.size());
    fill_padded(g, dist_.data(), kUnreached, kWallDistance);
  }
  // Every walkable cell queued once, and one slot more (the search writes each neighbour to the
  // queue's end before it knows whether to keep it).
  resize_big(queue_, grid_.walkable() + 1);
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
  std::copy_n(grid_.data(), grid_.size(), waiting_.data());
  const std::size_t p = padded(cell);
  if (grid_.dirs() == 4) {
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
        const std::size_t q = grid_.step(c, d);
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
    for (int d = 0; d < grid_.dirs() && nearer == p; ++d) {
      const std::size_t q = grid_.step(p, d);
      if (dist_[q] == dist_[p] - 1) nearer = q;
    }
    p = nearer;
    walk.push_back(cell(p));
  }
  return walk;
}

void BreadthFirst::distances(std::vector<std::int32_t>& out) const {
  assign_big(out, grid_.width() * grid_.height(), kUnreached);
  for_each_taken([&](std::int32_t ring, std::uint32_t p) { out[cell(p)] = ring; });
}

void BreadthFirst::taken_cells(std::vector<std::uint32_t>& out) const {
  resize_big(out, taken_);
  for (std::size_t k = 0; k < taken_; ++k) out[k] = static_cast<std::uint32_t>(cell(queue_[k]));
}

void BreadthFirst::reached_in_row_order(std::vector<std::uint32_t>& out) const {
  resize_big(out, taken_);
  std::size_t k = 0;
  for (std::size_t y = 0; y < grid_.height(); ++y) {
    for (std::size_t p = grid_.row_start(y); p < grid_.row_start(y) + grid_.width(); ++p) {
      if (grid_.open(p) && !waiting_[p]) out[k++] = static_cast<std::uint32_t>(p);
    }
  }
}

}  // namespace dungen::analysis
