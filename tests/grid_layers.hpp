#pragma once
// Whole layers of a grid as plain vectors, every cell present: a grid leaves the mark, label
// and region layers unallocated until something is written there (core/grid.hpp), so the tests
// compare what each cell reads as, not what happens to be allocated.

#include <cstdint>
#include <vector>

#include "core/grid.hpp"

namespace dungen {

inline std::vector<std::int32_t> region_layer(const Grid& g) {
  std::vector<std::int32_t> v(g.size());
  for (std::size_t i = 0; i < g.size(); ++i) v[i] = g.region(i);
  return v;
}

inline std::vector<Mark> mark_layer(const Grid& g) {
  std::vector<Mark> v(g.size());
  for (std::size_t i = 0; i < g.size(); ++i) v[i] = g.mark(i);
  return v;
}

}  // namespace dungen
