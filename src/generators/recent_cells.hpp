#pragma once
// The last few cells something stood on, oldest first, kept in a fixed ring: remembering one more
// is a store and an index, with no allocation and no shifting. The drunkard's walk draws each
// walker's trail on every walk step, and a walk can take 10^8 of them.

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "core/geometry.hpp"

namespace dungen {

template <std::size_t N>
class RecentCells {
  static_assert(N > 0);

 public:
  // Forgets every cell but p.
  void restart(Point p) {
    ring_[0] = p;
    end_ = 1;
    size_ = 1;
  }
  // Remembers p as the newest; the oldest is forgotten once N are kept.
  void push(Point p) {
    ring_[end_ % N] = p;
    end_ = end_ % N + 1;
    size_ = std::min(size_ + 1, N);
  }
  std::size_t size() const { return size_; }
  // The cells kept, oldest first, into `out` (cleared first; its storage is reused).
  void copy_to(std::vector<Point>& out) const {
    out.clear();
    for (std::size_t k = 0; k < size_; ++k) out.push_back(ring_[(end_ + N - size_ + k) % N]);
  }

 private:
  std::array<Point, N> ring_{};
  std::size_t end_ = 0;   // one past the newest, in 1..N once a cell is kept
  std::size_t size_ = 0;  // how many are kept
};

}  // namespace dungen
