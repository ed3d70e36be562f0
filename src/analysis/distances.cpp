#include "analysis/distances.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <stdexcept>

#include "analysis/regions.hpp"
#include "analysis/walkable_graph.hpp"

namespace dungen::analysis {

std::optional<std::size_t> analysis_start(const Grid& g, std::optional<Point> generator_start,
                                          int connectivity) {
  if (generator_start && g.in_bounds(*generator_start)) {
    const std::size_t i = g.index(generator_start->x, generator_start->y);
    if (is_walkable(g.tile(i))) return i;
  }
  const RegionMap regions = label_regions(g, connectivity);
  if (regions.count() == 0) return std::nullopt;
  const auto largest = static_cast<std::int32_t>(
      std::max_element(regions.sizes.begin(), regions.sizes.end()) - regions.sizes.begin());
  // Twice the distance from the centre, so a map of even side has a whole-number centre.
  const std::int64_t cx = g.width() - 1, cy = g.height() - 1;
  std::optional<std::size_t> best;
  std::int64_t best_d = std::numeric_limits<std::int64_t>::max();
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (regions.labels[i] != largest) continue;
    const Point p = g.point(i);
    const std::int64_t dx = 2 * p.x - cx, dy = 2 * p.y - cy;
    const std::int64_t d = dx * dx + dy * dy;
    if (d < best_d) {
      best_d = d;
      best = i;
    }
  }
  return best;
}

DistanceMap distances_from(const Grid& g, std::size_t start, int connectivity) {
  check_connectivity(connectivity);
  if (start >= g.size() || !is_walkable(g.tile(start))) {
    throw std::invalid_argument("the distance map starts on a walkable cell");
  }
  DistanceMap m;
  m.connectivity = connectivity;
  m.start = start;
  m.distance.assign(g.size(), kUnreached);
  m.distance[start] = 0;
  m.order.push_back(static_cast<std::uint32_t>(start));
  // The order is the queue: each cell is taken once, so the loop ends after the region's cells.
  for (std::size_t head = 0; head < m.order.size(); ++head) {
    const std::size_t i = m.order[head];
    const std::int32_t next = m.distance[i] + 1;
    for_each_walkable_neighbour(g, i, connectivity, [&](std::size_t j) {
      if (m.distance[j] != kUnreached) return;
      m.distance[j] = next;
      m.order.push_back(static_cast<std::uint32_t>(j));
    });
  }
  m.farthest = m.order.back();
  m.farthest_distance = m.distance[m.farthest];
  // The first cell taken at the farthest distance.
  for (const std::uint32_t i : m.order) {
    if (m.distance[i] == m.farthest_distance) {
      m.farthest = i;
      break;
    }
  }
  return m;
}

std::vector<std::size_t> path_to(const Grid& g, const DistanceMap& m, std::size_t to) {
  if (to >= m.distance.size() || m.distance[to] == kUnreached) return {};
  std::vector<std::size_t> path{to};
  // Each step goes one nearer: distance[to] steps at most.
  for (std::size_t at = to; m.distance[at] > 0;) {
    std::optional<std::size_t> nearer;
    for_each_walkable_neighbour(g, at, m.connectivity, [&](std::size_t j) {
      if (!nearer && m.distance[j] == m.distance[at] - 1) nearer = j;
    });
    at = *nearer;  // a reached cell always has one (the search came from it)
    path.push_back(at);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

namespace {

// Breadth-first searches again and again on one map, for the farthest pair's bounding searches:
// the map's walkable cells as bytes with a closed border (so no step needs a bounds check), the
// neighbours as index offsets in kDx/kDy's order, and the distances and queue kept between
// searches (a search clears only the cells the last one reached).
class Searcher {
 public:
  Searcher(const Grid& g, int connectivity)
      : w_(static_cast<std::size_t>(g.width()) + 2),
        gw_(static_cast<std::size_t>(g.width())),
        open_(w_ * (static_cast<std::size_t>(g.height()) + 2), 0),
        dist_(open_.size(), kUnreached),
        dirs_(connectivity) {
    for (std::size_t i = 0; i < g.size(); ++i) open_[padded(i)] = is_walkable(g.tile(i)) ? 1 : 0;
    const auto w = static_cast<std::ptrdiff_t>(w_);
    for (std::size_t d = 0; d < 8; ++d) step_[d] = kDy[d] * w + kDx[d];
  }
  std::size_t padded(std::size_t cell) const { return (cell / gw_ + 1) * w_ + cell % gw_ + 1; }

  // Searches from `cell`; the farthest distance reached. Each cell is queued once.
  std::int32_t search(std::size_t cell) {
    for (const std::size_t p : queue_) dist_[p] = kUnreached;
    queue_.clear();
    const std::size_t s = padded(cell);
    dist_[s] = 0;
    queue_.push_back(s);
    for (std::size_t head = 0; head < queue_.size(); ++head) {
      const std::size_t p = queue_[head];
      const std::int32_t next = dist_[p] + 1;
      for (int d = 0; d < dirs_; ++d) {
        const auto q = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(p) + step_[d]);
        if (!open_[q] || dist_[q] != kUnreached) continue;
        dist_[q] = next;
        queue_.push_back(q);
      }
    }
    return dist_[queue_.back()];
  }
  std::int32_t distance_padded(std::size_t p) const { return dist_[p]; }

 private:
  std::size_t w_, gw_;
  std::vector<std::uint8_t> open_;
  std::vector<std::int32_t> dist_;
  std::vector<std::size_t> queue_;
  std::array<std::ptrdiff_t, 8> step_{};
  int dirs_;
};

}  // namespace

FarthestPair farthest_pair(const Grid& g, std::size_t start, int connectivity, int max_searches) {
  FarthestPair out;
  // The double sweep: the start's farthest cell a, then a's farthest cell b.
  const DistanceMap from_start = distances_from(g, start, connectivity);
  out.a = from_start.farthest;
  DistanceMap from_a = distances_from(g, out.a, connectivity);
  out.searches = 2;
  out.b = from_a.farthest;
  out.length = from_a.farthest_distance;
  std::size_t best_from = out.a;  // the search whose farthest cell gave the length

  // Bounding each cell's eccentricity (its farthest walk; Takes and Kosters 2011): a search
  // from v bounds every cell w's by ecc(v) - d(v,w) and d(v,w) below and ecc(v) + d(v,w) above.
  // The longest walk is at least the longest search (lb) and at most the largest bound above
  // (ub); searches from cells whose bounds could still change either, taken alternately by the
  // highest bound above and the lowest below, close the gap.
  const std::vector<std::uint32_t>& cells = from_start.order;  // the start's region
  const std::size_t n = cells.size();
  std::vector<std::int32_t> low(n, 0), high(n, std::numeric_limits<std::int32_t>::max());
  std::vector<char> searched(n, 0);
  std::int32_t lb = out.length;
  // A search's bounds: `distance` of each region cell (by its place k) and the farthest.
  const auto bound = [&](auto&& distance, std::int32_t ecc, std::size_t from) {
    for (std::size_t k = 0; k < n; ++k) {
      const std::int32_t d = distance(k);
      low[k] = std::max({low[k], d, ecc - d});
      high[k] = std::min(high[k], ecc + d);
      if (cells[k] == from) searched[k] = 1;
    }
  };
  const auto from_map = [&cells](const DistanceMap& m) {
    return [&cells, &m](std::size_t k) { return m.distance[cells[k]]; };
  };
  bound(from_map(from_start), from_start.farthest_distance, start);
  bound(from_map(from_a), from_a.farthest_distance, out.a);
  Searcher searcher(g, connectivity);
  std::vector<std::size_t> padded(n);
  for (std::size_t k = 0; k < n; ++k) padded[k] = searcher.padded(cells[k]);
  for (bool take_high = true;; take_high = !take_high) {
    // ub: the largest bound above; the next cell: one whose bound could still raise lb.
    std::int32_t ub = 0;
    std::optional<std::size_t> next;
    for (std::size_t k = 0; k < n; ++k) {
      ub = std::max(ub, high[k]);
      if (searched[k] || high[k] <= lb) continue;
      if (!next || (take_high ? high[k] > high[*next] : low[k] < low[*next])) next = k;
    }
    if (ub <= lb || !next) break;  // proved: no walk is longer than lb
    if (out.searches >= max_searches) {
      out.exact = false;
      break;
    }
    const std::int32_t ecc = searcher.search(cells[*next]);
    ++out.searches;
    bound([&](std::size_t k) { return searcher.distance_padded(padded[k]); }, ecc, cells[*next]);
    if (ecc > lb) {
      lb = ecc;
      best_from = cells[*next];
    }
  }
  if (best_from != out.a) {  // (the only way lb grew past the double sweep's length)
    // A longer walk than the double sweep's: its ends and cells, from one more search.
    from_a = distances_from(g, best_from, connectivity);
    ++out.searches;
    out.a = best_from;
    out.b = from_a.farthest;
    out.length = from_a.farthest_distance;
  }
  out.path = path_to(g, from_a, out.b);
  return out;
}

}  // namespace dungen::analysis
