#include "analysis/distances.hpp"

#include <algorithm>
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

  // iFUB from the middle of a-b: a search from u puts every cell in a level by its distance
  // from u. The longest walk is at most twice u's farthest; a level i's cells, searched, raise
  // the bound below (lb) or prove the longest is under 2(i - 1) + 1, lowering the bound above.
  const std::vector<std::size_t> ab = path_to(g, from_a, out.b);
  const std::size_t u = ab[ab.size() / 2];
  const DistanceMap from_u = distances_from(g, u, connectivity);
  ++out.searches;
  std::int32_t lb = std::max(out.length, from_u.farthest_distance);
  if (from_u.farthest_distance > out.length) {
    best_from = u;
    out.length = from_u.farthest_distance;
  }
  std::int32_t level = from_u.farthest_distance;
  std::int32_t ub = 2 * level;
  // from_u.order is sorted by distance: a level's cells are a run of it, from the end.
  std::size_t end = from_u.order.size();
  while (ub > lb && level > 0) {
    std::size_t begin = end;
    while (begin > 0 && from_u.distance[from_u.order[begin - 1]] == level) --begin;
    for (std::size_t k = begin; k < end && lb <= 2 * (level - 1); ++k) {
      if (out.searches >= max_searches) {
        out.exact = false;
        break;
      }
      const DistanceMap from_x = distances_from(g, from_u.order[k], connectivity);
      ++out.searches;
      if (from_x.farthest_distance > lb) {
        lb = from_x.farthest_distance;
        best_from = from_u.order[k];
      }
    }
    if (!out.exact) break;
    if (lb > 2 * (level - 1)) break;  // no cell nearer u can be an end of a longer walk
    ub = 2 * (level - 1);
    end = begin;
    --level;
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
