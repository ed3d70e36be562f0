#include "analysis/distances.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <stdexcept>

#include "analysis/breadth_first.hpp"
#include "analysis/regions.hpp"
#include "analysis/walkable_graph.hpp"
#include "core/big_buffer.hpp"

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
  BreadthFirst search(g, connectivity, /*padded_distances=*/false);
  DistanceMap m;
  m.connectivity = connectivity;
  m.start = start;
  m.farthest_distance = search.search(start);
  m.farthest = search.farthest();
  search.distances(m.distance);
  search.taken_cells(m.order);
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

FarthestPair farthest_pair(const Grid& g, std::size_t start, int connectivity, int max_searches,
                           bool with_path) {
  check_connectivity(connectivity);
  if (start >= g.size() || !is_walkable(g.tile(start))) {
    throw std::invalid_argument("the farthest pair starts on a walkable cell");
  }
  FarthestPair out;
  BreadthFirst searcher(g, connectivity, /*padded_distances=*/true);
  // The double sweep: the start's farthest cell a, then a's farthest cell b.
  const std::int32_t from_start = searcher.search(start);
  out.a = searcher.farthest();
  // The start's region in row-major order (so each pass below reads the distances in order).
  std::vector<std::uint32_t> cells;
  searcher.reached_in_row_order(cells);
  const std::size_t n = cells.size();

  // Bounding each cell's eccentricity (its farthest walk; Takes and Kosters 2011): a search
  // from v bounds every cell w's by ecc(v) - d(v,w) and d(v,w) below and ecc(v) + d(v,w) above.
  // The longest walk is at least the longest search (lb) and at most both the largest bound above
  // and twice any searched cell's eccentricity (ub). A cell is still worth a search while it
  // could raise lb (its bound above exceeds lb) or lower ub (twice its bound below is under ub: a
  // central cell); such cells are searched, taken alternately by the highest bound above and the
  // lowest below, until the gap closes.
  std::vector<std::int32_t> low, high;
  std::vector<std::uint8_t> searched;
  assign_big(low, n, 0);
  assign_big(high, n, std::numeric_limits<std::int32_t>::max());
  assign_big(searched, n, std::uint8_t{0});
  std::int32_t lb = 0;
  std::size_t best_from = start;  // the search whose farthest cell gave lb
  std::int32_t ub = std::numeric_limits<std::int32_t>::max();
  std::int32_t twice_ecc = ub;  // the least of 2 ecc(v) over the searches
  // After each search, in one pass: every cell's bounds, ub, and the two cells the next search
  // may take (the highest bound above, the lowest below) among those still worth a search.
  constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  std::size_t next_high = kNone, next_low = kNone;
  // Of cells equally central by their bounds, the one nearest the middle of the region's bounding
  // box (on an open room the bounds alone cannot tell its middle from its edge's middle).
  std::int64_t x0 = std::numeric_limits<std::int64_t>::max(), x1 = 0, y0 = x0, y1 = 0;
  for (const std::uint32_t c : cells) {
    const Point p = g.point(searcher.cell(c));
    x0 = std::min<std::int64_t>(x0, p.x);
    x1 = std::max<std::int64_t>(x1, p.x);
    y0 = std::min<std::int64_t>(y0, p.y);
    y1 = std::max<std::int64_t>(y1, p.y);
  }
  const auto off_centre = [&](std::uint32_t c) {
    const Point p = g.point(searcher.cell(c));
    const std::int64_t dx = 2 * p.x - x0 - x1, dy = 2 * p.y - y0 - y1;
    return dx * dx + dy * dy;
  };
  // The proof's last part, once few cells are left that could end a longer walk (the finalists:
  // bound above over lb): such a walk needs both its ends among them, and every search from v
  // bounds the walk between w and z by d(v,w) + d(v,z). Each search from then on keeps its
  // distances to the finalists; when every pair of those still left has a search that bounds it
  // by lb, no longer walk exists.
  std::vector<std::size_t> finalists;
  std::vector<std::int32_t> finalist_distances;  // a row of finalists.size() per search
  const auto pairs_bounded = [&] {
    const std::size_t f = finalists.size();
    const std::size_t rows = finalist_distances.size() / f;
    for (std::size_t i = 0; i < f; ++i) {
      if (high[finalists[i]] <= lb) continue;
      for (std::size_t j = i + 1; j < f; ++j) {
        if (high[finalists[j]] <= lb) continue;
        bool bounded = false;
        for (std::size_t r = 0; r < rows && !bounded; ++r) {
          bounded = finalist_distances[r * f + i] + finalist_distances[r * f + j] <= lb;
        }
        if (!bounded) return false;
      }
    }
    return true;
  };
  const auto searched_from = [&](std::size_t from, std::int32_t ecc) {
    if (ecc > lb) {
      lb = ecc;
      best_from = from;
    }
    twice_ecc = std::min(twice_ecc, 2 * ecc);
    const std::size_t from_padded = searcher.padded(from);
    std::int32_t highest = 0;
    std::size_t above_lb = 0;
    next_high = next_low = kNone;
    for (std::size_t k = 0; k < n; ++k) {
      const std::int32_t d = searcher.distance_padded(cells[k]);
      low[k] = std::max({low[k], d, ecc - d});
      high[k] = std::min(high[k], ecc + d);
      if (cells[k] == from_padded) searched[k] = 1;
      highest = std::max(highest, high[k]);
      above_lb += high[k] > lb ? 1 : 0;
      if (searched[k] || (high[k] <= lb && 2 * low[k] >= ub)) continue;
      if (next_high == kNone || high[k] > high[next_high]) next_high = k;
      if (next_low == kNone || low[k] < low[next_low] ||
          (low[k] == low[next_low] && off_centre(cells[k]) < off_centre(cells[next_low]))) {
        next_low = k;
      }
    }
    ub = std::min(highest, twice_ecc);
    if (ub <= lb || above_lb > kMaxFinalists) return;
    if (finalists.empty()) {
      for (std::size_t k = 0; k < n; ++k) {
        if (high[k] > lb) finalists.push_back(k);
      }
    }
    for (const std::size_t k : finalists) {
      finalist_distances.push_back(searcher.distance_padded(cells[k]));
    }
    if (pairs_bounded()) ub = lb;
  };
  searched_from(start, from_start);
  out.length = searcher.search(out.a);
  out.b = searcher.farthest();
  out.searches = 2;
  searched_from(out.a, out.length);  // lb is the double sweep's length now
  best_from = out.a;
  // The first check searches from the middle of a-b: a central cell's search bounds every cell
  // from above by little more than the length (iFUB's start), so few more are needed.
  // When the length is odd the walk has two middle cells, each as near one end as the other is
  // to the other end: the first bounds the cells on a's side, the second those on b's (on an open
  // room of even width, where every cell of the far edge is as eccentric as a, the two together
  // prove the length where either alone leaves that whole edge to search one cell at a time).
  if (out.length >= 2 && max_searches > 2 && ub > lb) {
    const std::size_t middle = searcher.walk_back(out.b, out.length / 2).back();
    const std::size_t other_middle = searcher.walk_back(out.b, out.length / 2 + 1).back();
    ++out.searches;
    searched_from(middle, searcher.search(middle));
    if (out.length % 2 == 1 && max_searches > 3 && ub > lb) {
      ++out.searches;
      searched_from(other_middle, searcher.search(other_middle));
    }
  }
  for (bool take_high = true; ub > lb && next_high != kNone; take_high = !take_high) {
    if (out.searches >= max_searches) {
      out.exact = false;
      break;
    }
    const std::size_t from = searcher.cell(cells[take_high ? next_high : next_low]);
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
  if (with_path) {
    // The walk back from b, by path_to's rule, over a search from a (the last one, unless a
    // check search came after it).
    if (searcher.last_start() != out.a) searcher.search(out.a);
    out.path = searcher.walk_back(out.b, out.length);
    std::reverse(out.path.begin(), out.path.end());
  }
  return out;
}

}  // namespace dungen::analysis
