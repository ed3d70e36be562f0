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

// Breadth-first searches again and again on one map, for the farthest pair: the walkable cells
// as a padded grid (no bounds checks), and the distances and queue kept between searches (a
// search clears only the cells the last one reached).
class Searcher {
 public:
  Searcher(const Grid& g, int connectivity)
      : grid_(g, connectivity), dist_(grid_.size(), kUnreached) {}
  std::size_t padded(std::size_t cell) const { return grid_.padded(cell); }
  std::size_t cell(std::size_t padded) const { return grid_.cell(padded); }

  // Searches from `cell`; the farthest distance reached. Each cell is queued once.
  std::int32_t search(std::size_t cell) {
    for (const std::size_t p : queue_) dist_[p] = kUnreached;
    queue_.clear();
    const std::size_t s = grid_.padded(cell);
    dist_[s] = 0;
    queue_.push_back(s);
    for (std::size_t head = 0; head < queue_.size(); ++head) {
      const std::size_t p = queue_[head];
      const std::int32_t next = dist_[p] + 1;
      grid_.for_each_open_neighbour(p, [&](std::size_t q) {
        if (dist_[q] != kUnreached) return;
        dist_[q] = next;
        queue_.push_back(q);
      });
    }
    return dist_[queue_.back()];
  }
  std::int32_t distance_padded(std::size_t p) const { return dist_[p]; }
  // The cell `steps` steps back from `to` towards the last search's start, each step to the first
  // neighbour one nearer (kDx/kDy's order).
  std::size_t back_from(std::size_t to, std::int32_t steps) const {
    std::size_t p = grid_.padded(to);
    for (std::int32_t k = 0; k < steps && dist_[p] > 0; ++k) {
      std::size_t nearer = p;
      for (int d = 0; d < grid_.dirs() && nearer == p; ++d) {
        const std::size_t q = grid_.step(p, d);
        if (grid_.open(q) && dist_[q] == dist_[p] - 1) nearer = q;
      }
      p = nearer;
    }
    return grid_.cell(p);
  }
  // The last search's cells in the order taken (padded indices), and the first one taken at
  // its farthest distance, as a cell of the map.
  const std::vector<std::size_t>& taken() const { return queue_; }
  std::size_t farthest() const {
    std::size_t k = queue_.size() - 1;
    while (k > 0 && dist_[queue_[k - 1]] == dist_[queue_.back()]) --k;
    return grid_.cell(queue_[k]);
  }

 private:
  PaddedGrid grid_;
  std::vector<std::int32_t> dist_;
  std::vector<std::size_t> queue_;
};

}  // namespace

FarthestPair farthest_pair(const Grid& g, std::size_t start, int connectivity, int max_searches,
                           bool with_path) {
  check_connectivity(connectivity);
  if (start >= g.size() || !is_walkable(g.tile(start))) {
    throw std::invalid_argument("the farthest pair starts on a walkable cell");
  }
  FarthestPair out;
  Searcher searcher(g, connectivity);
  // The double sweep: the start's farthest cell a, then a's farthest cell b.
  const std::int32_t from_start = searcher.search(start);
  out.a = searcher.farthest();
  const std::vector<std::size_t> cells = searcher.taken();  // the start's region
  const std::size_t n = cells.size();

  // Bounding each cell's eccentricity (its farthest walk; Takes and Kosters 2011): a search
  // from v bounds every cell w's by ecc(v) - d(v,w) and d(v,w) below and ecc(v) + d(v,w) above.
  // The longest walk is at least the longest search (lb) and at most the largest bound above
  // (ub); searches from cells whose bounds could still raise lb, taken alternately by the
  // highest bound above and the lowest below, close the gap.
  std::vector<std::int32_t> low(n, 0), high(n, std::numeric_limits<std::int32_t>::max());
  std::vector<char> searched(n, 0);
  std::int32_t lb = 0;
  std::size_t best_from = start;  // the search whose farthest cell gave lb
  // After each search, in one pass: every cell's bounds, the largest bound above (ub), and the
  // two cells the next search may take (the highest bound above, the lowest below) among those
  // whose bound above could still raise lb.
  std::int32_t ub = 0;
  std::optional<std::size_t> next_high, next_low;
  const auto searched_from = [&](std::size_t from, std::int32_t ecc) {
    if (ecc > lb) {
      lb = ecc;
      best_from = from;
    }
    const std::size_t from_padded = searcher.padded(from);
    ub = 0;
    next_high.reset();
    next_low.reset();
    for (std::size_t k = 0; k < n; ++k) {
      const std::int32_t d = searcher.distance_padded(cells[k]);
      low[k] = std::max({low[k], d, ecc - d});
      high[k] = std::min(high[k], ecc + d);
      if (cells[k] == from_padded) searched[k] = 1;
      ub = std::max(ub, high[k]);
      if (searched[k] || high[k] <= lb) continue;
      if (!next_high || high[k] > high[*next_high]) next_high = k;
      if (!next_low || low[k] < low[*next_low]) next_low = k;
    }
  };
  searched_from(start, from_start);
  out.length = searcher.search(out.a);
  out.b = searcher.farthest();
  out.searches = 2;
  searched_from(out.a, out.length);  // lb is the double sweep's length now
  best_from = out.a;
  // The first check searches from the middle of a-b: a central cell's search bounds every cell
  // from above by little more than the length (iFUB's start), so few more are needed.
  if (out.length >= 2 && max_searches > 2 && ub > lb) {
    const std::size_t middle = searcher.back_from(out.b, out.length / 2);
    ++out.searches;
    searched_from(middle, searcher.search(middle));
  }
  for (bool take_high = true; ub > lb && next_high; take_high = !take_high) {
    if (out.searches >= max_searches) {
      out.exact = false;
      break;
    }
    const std::size_t from = searcher.cell(cells[take_high ? *next_high : *next_low]);
    ++out.searches;
    searched_from(from, searcher.search(from));
  }
  // Here ub <= lb: proved, no walk is longer than lb (or the bound of searches is spent).
  if (best_from != out.a) {  // (the only way lb grew past the double sweep's length)
    // A longer walk than the double sweep's: its ends, from one more search.
    out.length = searcher.search(best_from);
    out.b = searcher.farthest();
    out.a = best_from;
    ++out.searches;
  }
  if (with_path) out.path = path_to(g, distances_from(g, out.a, connectivity), out.b);
  return out;
}

}  // namespace dungen::analysis
