#include "analysis/level_shape.hpp"

#include <algorithm>
#include <utility>

#include "analysis/regions.hpp"
#include "analysis/walkable_graph.hpp"
#include "core/big_buffer.hpp"

namespace dungen::analysis {

std::vector<DeadEnd> dead_ends(const Grid& g, int connectivity) {
  const PaddedGrid pg(g, connectivity);
  const auto neighbours = [&](std::size_t p) {
    int n = 0;
    pg.for_each_open_neighbour(p, [&](std::size_t) { ++n; });
    return n;
  };
  std::vector<DeadEnd> out;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const std::size_t start = pg.padded(i);
    if (!pg.open(start) || neighbours(start) != 1) continue;
    DeadEnd d{i, 1};
    // Back along the corridor while each cell has two neighbours (the one it came from and the
    // next): never more cells than the map has.
    std::size_t prev = start;
    std::size_t at = start;
    pg.for_each_open_neighbour(start, [&](std::size_t q) { at = q; });
    for (std::size_t guard = 0; guard < g.size(); ++guard) {
      std::size_t next = at;
      int n = 0;
      pg.for_each_open_neighbour(at, [&](std::size_t q) {
        ++n;
        if (q != prev) next = q;
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

std::uint32_t find_root(std::vector<std::uint32_t>& parent, std::uint32_t r) {
  while (parent[r] != r) {
    parent[r] = parent[parent[r]];
    r = parent[r];
  }
  return r;
}

// The directions that count each pair of neighbours once: those to a later cell in row-major
// order (E and S; with corners SE and SW), as kDx/kDy indices.
constexpr std::array<int, 2> kForward4 = {1, 2};
constexpr std::array<int, 4> kForward8 = {1, 2, 5, 6};

template <class F>
void for_each_forward(const PaddedGrid& pg, std::size_t p, F&& f) {
  if (pg.dirs() == 4) {
    for (const int d : kForward4) f(pg.step(p, d));
  } else {
    for (const int d : kForward8) f(pg.step(p, d));
  }
}

}  // namespace

Loops loops(const Grid& g, int connectivity) {
  check_connectivity(connectivity);
  Loops out;
  const RegionMap regions = label_regions(g, connectivity);
  out.components = regions.count();
  const PaddedGrid pg(g, connectivity);
  // Pairs of walkable neighbours, each counted once (from the cell before the other).
  for (std::size_t i = 0; i < g.size(); ++i) {
    const std::size_t p = pg.padded(i);
    if (!pg.open(p)) continue;
    ++out.cells;
    for_each_forward(pg, p, [&](std::size_t q) { out.edges += pg.open(q); });
  }
  out.cycle_rank = out.edges - out.cells + out.components;

  // The room graph: each room (a label >= 0) one node, each piece of walkable cells outside
  // rooms (a corridor, a door) one node; two nodes joined when cells of theirs touch.
  if (!g.has_labels()) return out;
  std::int32_t top = -1;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (is_walkable(g.tile(i))) top = std::max(top, g.label(i));
  }
  if (top < 0) return out;
  out.has_rooms = true;
  // Node ids: rooms first (by label), then the corridor pieces, numbered as found (by padded
  // cell, -1 for none).
  std::vector<std::int32_t> room_node(static_cast<std::size_t>(top) + 1, -1);
  std::int32_t nodes = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const std::int32_t l = g.label(i);
    if (is_walkable(g.tile(i)) && l >= 0) room_node[static_cast<std::size_t>(l)] = 0;
  }
  for (std::int32_t& n : room_node) {
    if (n == 0) n = nodes++;  // labels in order: rooms numbered by label
  }
  std::vector<std::int32_t> node(pg.size(), -1);
  for (std::size_t i = 0; i < g.size(); ++i) {
    const std::int32_t l = g.label(i);
    if (is_walkable(g.tile(i)) && l >= 0)
      node[pg.padded(i)] = room_node[static_cast<std::size_t>(l)];
  }
  std::vector<std::size_t> queue;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const std::size_t p = pg.padded(i);
    if (!pg.open(p) || node[p] >= 0) continue;
    const std::int32_t id = nodes++;
    node[p] = id;
    queue.assign(1, p);
    for (std::size_t head = 0; head < queue.size(); ++head) {
      pg.for_each_open_neighbour(queue[head], [&](std::size_t q) {
        if (node[q] >= 0 || g.label(pg.cell(q)) >= 0) return;
        node[q] = id;
        queue.push_back(q);
      });
    }
  }
  std::vector<std::pair<std::int32_t, std::int32_t>> edges;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const std::size_t p = pg.padded(i);
    if (node[p] < 0) continue;
    for_each_forward(pg, p, [&](std::size_t q) {
      if (node[q] >= 0 && node[q] != node[p]) {
        edges.emplace_back(std::min(node[p], node[q]), std::max(node[p], node[q]));
      }
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
  const PaddedGrid pg(g, connectivity);  // cells below are padded indices
  // Each cell's discovery time, in a padded layer: walls and the border above every time.
  constexpr std::uint32_t kClosed = 0xFFFFFFFFu, kUndiscovered = 0xFFFFFFFEu;
  BigArray<std::uint32_t> disc(pg.size());
  fill_padded(g, &disc[0], kUndiscovered, kClosed);
  // A cell on the depth-first path: its low link and subtree size so far, the next direction to
  // try, and the parts its loss separates (children whose subtree cannot reach above it: kept
  // in `parts`, only for the cells that have some, which are few).
  struct Frame {
    std::uint32_t cell, low, size;
    int next_dir;
    std::uint32_t parts;  // index into `parts`, or kNoParts
  };
  struct Parts {
    std::uint32_t cell;
    std::uint32_t count = 0;
    std::int64_t sum = 0;
    std::int64_t largest = 0;
  };
  constexpr std::uint32_t kNoParts = 0xFFFFFFFFu;
  std::vector<Frame> stack;
  std::vector<Parts> parts;
  std::vector<Chokepoint> out;
  std::uint32_t time = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const std::size_t root = pg.padded(i);
    if (disc[root] != kUndiscovered) continue;
    parts.clear();
    disc[root] = time;
    stack.push_back({static_cast<std::uint32_t>(root), time++, 1, 0, kNoParts});
    // Depth first without recursion (a 4096x4096 cave is millions deep); every cell is pushed
    // once and each of its directions tried once, so the loop ends. The edge back to a cell's
    // parent is not told apart from the others: it lowers the cell's low link to the parent's
    // time at most, which leaves "low >= the parent's time" (the test below) as it was.
    std::uint32_t region = 0;
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next_dir < connectivity) {
        const auto w = static_cast<std::uint32_t>(pg.step(f.cell, f.next_dir++));
        const std::uint32_t t = disc[w];
        if (t == kUndiscovered) {
          disc[w] = time;
          stack.push_back({w, time++, 1, 0, kNoParts});
        } else if (t < f.low) {  // (a closed cell's time is above every low link)
          f.low = t;
        }
        continue;
      }
      const Frame v = f;
      stack.pop_back();
      if (stack.empty()) {
        region = v.size;
        break;
      }
      Frame& p = stack.back();
      p.low = std::min(p.low, v.low);
      p.size += v.size;
      if (v.low >= disc[p.cell]) {
        if (p.parts == kNoParts) {
          p.parts = static_cast<std::uint32_t>(parts.size());
          parts.push_back({p.cell});
        }
        Parts& sep = parts[p.parts];
        ++sep.count;
        sep.sum += v.size;
        sep.largest = std::max<std::int64_t>(sep.largest, v.size);
      }
    }
    // The region's size is the root's subtree: now each cell's parts are known.
    for (const Parts& sep : parts) {
      // The root's every child is a part of its own; it splits the region only with two.
      if (sep.cell == root && sep.count < 2) continue;
      const std::int64_t rest = std::int64_t{region} - 1 - sep.sum;
      out.push_back({pg.cell(sep.cell), std::int64_t{region} - 1 - std::max(sep.largest, rest)});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const Chokepoint& a, const Chokepoint& b) { return a.cell < b.cell; });
  return out;
}

}  // namespace dungen::analysis
