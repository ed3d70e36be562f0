#include "analysis/level_shape.hpp"

#include <algorithm>
#include <unordered_map>
#include <utility>

#include "analysis/regions.hpp"
#include "analysis/walkable_graph.hpp"

namespace dungen::analysis {

std::vector<DeadEnd> dead_ends(const Grid& g, int connectivity) {
  check_connectivity(connectivity);
  std::vector<DeadEnd> out;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (!is_walkable(g.tile(i)) || walkable_neighbours(g, i, connectivity) != 1) continue;
    DeadEnd d{i, 1};
    // Back along the corridor while each cell has two neighbours (the one it came from and the
    // next): never more cells than the map has.
    std::size_t prev = i;
    std::size_t at = i;
    for_each_walkable_neighbour(g, i, connectivity, [&](std::size_t j) { at = j; });
    for (std::size_t guard = 0; guard < g.size(); ++guard) {
      std::size_t next = at;
      int n = 0;
      for_each_walkable_neighbour(g, at, connectivity, [&](std::size_t j) {
        ++n;
        if (j != prev) next = j;
      });
      if (n != 2) break;
      ++d.corridor;
      prev = at;
      at = next;
    }
    out.push_back(d);
  }
  return out;
}

namespace {

// Pairs of walkable neighbours, each counted once (from the cell before the other in row-major
// order: E and S, and with corners SE and SW).
std::int64_t walkable_edges(const Grid& g, int connectivity) {
  std::int64_t edges = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (!is_walkable(g.tile(i))) continue;
    for_each_walkable_neighbour(g, i, connectivity, [&](std::size_t j) { edges += j > i; });
  }
  return edges;
}

std::uint32_t find_root(std::vector<std::uint32_t>& parent, std::uint32_t r) {
  while (parent[r] != r) {
    parent[r] = parent[parent[r]];
    r = parent[r];
  }
  return r;
}

}  // namespace

Loops loops(const Grid& g, int connectivity) {
  check_connectivity(connectivity);
  Loops out;
  const RegionMap regions = label_regions(g, connectivity);
  out.components = regions.count();
  out.cells = static_cast<std::int64_t>(g.count_walkable());
  out.edges = walkable_edges(g, connectivity);
  out.cycle_rank = out.edges - out.cells + out.components;

  // The room graph: each room (a label >= 0) one node, each piece of walkable cells outside
  // rooms (a corridor, a door) one node; two nodes joined when cells of theirs touch.
  if (!g.has_labels()) return out;
  std::vector<std::int32_t> rooms;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (is_walkable(g.tile(i)) && g.label(i) >= 0) rooms.push_back(g.label(i));
  }
  if (rooms.empty()) return out;
  std::sort(rooms.begin(), rooms.end());
  rooms.erase(std::unique(rooms.begin(), rooms.end()), rooms.end());
  out.has_rooms = true;
  // Node ids: rooms first (by label), then the corridor pieces, numbered as found.
  std::vector<std::int32_t> node(g.size(), -1);
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (!is_walkable(g.tile(i)) || g.label(i) < 0) continue;
    node[i] = static_cast<std::int32_t>(std::lower_bound(rooms.begin(), rooms.end(), g.label(i)) -
                                        rooms.begin());
  }
  auto nodes = static_cast<std::int32_t>(rooms.size());
  std::vector<std::size_t> queue;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (!is_walkable(g.tile(i)) || node[i] >= 0) continue;
    const std::int32_t id = nodes++;
    node[i] = id;
    queue.assign(1, i);
    for (std::size_t head = 0; head < queue.size(); ++head) {
      for_each_walkable_neighbour(g, queue[head], connectivity, [&](std::size_t j) {
        if (node[j] >= 0 || g.label(j) >= 0) return;
        node[j] = id;
        queue.push_back(j);
      });
    }
  }
  std::vector<std::pair<std::int32_t, std::int32_t>> edges;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (node[i] < 0) continue;
    for_each_walkable_neighbour(g, i, connectivity, [&](std::size_t j) {
      if (node[j] != node[i])
        edges.emplace_back(std::min(node[i], node[j]), std::max(node[i], node[j]));
    });
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  std::vector<std::uint32_t> parent(static_cast<std::size_t>(nodes));
  for (std::size_t k = 0; k < parent.size(); ++k) parent[k] = static_cast<std::uint32_t>(k);
  std::int64_t components = nodes;
  for (const auto& [a, b] : edges) {
    const std::uint32_t ra = find_root(parent, static_cast<std::uint32_t>(a));
    const std::uint32_t rb = find_root(parent, static_cast<std::uint32_t>(b));
    if (ra == rb) continue;
    parent[std::max(ra, rb)] = std::min(ra, rb);
    --components;
  }
  out.room_nodes = nodes;
  out.room_edges = static_cast<std::int64_t>(edges.size());
  out.room_components = components;
  out.room_cycle_rank = out.room_edges - out.room_nodes + out.room_components;
  return out;
}

std::vector<Chokepoint> chokepoints(const Grid& g, int connectivity) {
  check_connectivity(connectivity);
  const std::size_t n = g.size();
  constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  std::vector<std::uint32_t> disc(n, kNone), low(n, 0), parent(n, kNone), size(n, 0);
  // The parts a cell's loss separates (children whose subtree cannot reach above it): kept only
  // for the cells that have some, which are few.
  struct Separated {
    std::int64_t sum = 0;
    std::int64_t largest = 0;
    std::uint32_t count = 0;
  };
  std::unordered_map<std::uint32_t, Separated> separated;
  struct Frame {
    std::uint32_t cell;
    int next_dir;
  };
  std::vector<Frame> stack;
  std::vector<std::uint32_t> candidates;
  std::vector<Chokepoint> out;
  std::uint32_t time = 0;
  for (std::size_t root = 0; root < n; ++root) {
    if (!is_walkable(g.tile(root)) || disc[root] != kNone) continue;
    candidates.clear();
    disc[root] = low[root] = time++;
    size[root] = 1;
    stack.push_back({static_cast<std::uint32_t>(root), 0});
    // Depth first without recursion (a 4096x4096 cave is millions deep); every cell is pushed
    // once and each of its directions tried once, so the loop ends.
    while (!stack.empty()) {
      Frame& f = stack.back();
      const std::uint32_t v = f.cell;
      if (f.next_dir < connectivity) {
        const auto d = static_cast<std::size_t>(f.next_dir++);
        const Point p = g.point(v);
        const int x = p.x + kDx[d], y = p.y + kDy[d];
        if (!g.in_bounds(x, y)) continue;
        const auto w = static_cast<std::uint32_t>(g.index(x, y));
        if (!is_walkable(g.tile(w))) continue;
        if (disc[w] == kNone) {
          parent[w] = v;
          disc[w] = low[w] = time++;
          size[w] = 1;
          stack.push_back({w, 0});
        } else if (w != parent[v]) {
          low[v] = std::min(low[v], disc[w]);
        }
        continue;
      }
      stack.pop_back();
      const std::uint32_t p = parent[v];
      if (p == kNone) continue;
      low[p] = std::min(low[p], low[v]);
      size[p] += size[v];
      if (low[v] >= disc[p]) {
        Separated& s = separated[p];
        if (s.count++ == 0) candidates.push_back(p);
        s.sum += size[v];
        s.largest = std::max<std::int64_t>(s.largest, size[v]);
      }
    }
    // The region's size is the root's subtree: now each candidate's parts are known.
    const auto region = static_cast<std::int64_t>(size[root]);
    for (const std::uint32_t c : candidates) {
      const Separated& s = separated[c];
      // The root's every child is a part of its own; it splits the region only with two.
      if (c == root && s.count < 2) continue;
      const std::int64_t rest = region - 1 - s.sum;
      out.push_back({c, region - 1 - std::max(s.largest, rest)});
    }
    separated.clear();
  }
  std::sort(out.begin(), out.end(),
            [](const Chokepoint& a, const Chokepoint& b) { return a.cell < b.cell; });
  return out;
}

}  // namespace dungen::analysis
