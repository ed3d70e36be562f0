#include "analysis/level_shape.hpp"

#include <algorithm>
#include <utility>

#include "analysis/regions.hpp"
#include "analysis/walkable_graph.hpp"
#include "core/big_buffer.hpp"

namespace dungen::analysis {

namespace {

// Each cell of row y's count of walkable neighbours (walls and all), without a branch: the sums
// of whole rows the compiler can vectorise.
void count_neighbours(const PaddedGrid& pg, std::size_t y, std::vector<std::uint8_t>& counts) {
  const std::uint8_t* open = pg.data() + pg.row_start(y);
  counts.assign(pg.width(), 0);
  for (int d = 0; d < pg.dirs(); ++d) {
    const std::uint8_t* n = open + (pg.step(pg.row_start(y), d) - pg.row_start(y));
    for (std::size_t x = 0; x < pg.width(); ++x)
      counts[x] = static_cast<std::uint8_t>(counts[x] + n[x]);
  }
}

}  // namespace

std::vector<DeadEnd> dead_ends(const Grid& g, int connectivity) {
  const PaddedGrid pg(g, connectivity);
  std::vector<DeadEnd> out;
  std::vector<std::uint8_t> counts;
  for (std::size_t y = 0; y < pg.height(); ++y) {
    count_neighbours(pg, y, counts);
    for (std::size_t x = 0; x < pg.width(); ++x) {
      const std::size_t start = pg.row_start(y) + x;
      if (counts[x] != 1 || !pg.open(start)) continue;
      DeadEnd d{y * pg.width() + x, 1};
      // Back along the corridor while each cell has two neighbours (the one it came from and
      // the next): never more cells than the map has.
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
  // Pairs of walkable neighbours, each counted once (from the cell before the other), a row at
  // a time without a branch.
  const std::uint8_t* open = pg.data();
  for (std::size_t y = 0; y < pg.height(); ++y) {
    const std::size_t p0 = pg.row_start(y);
    std::int64_t cells = 0, edges = 0;
    for (std::size_t x = 0; x < pg.width(); ++x) {
      const std::size_t p = p0 + x;
      std::int32_t later = 0;
      for_each_forward(pg, p, [&](std::size_t q) { later += open[q]; });
      cells += open[p];
      edges += open[p] * later;
    }
    out.cells += cells;
    out.edges += edges;
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

namespace {

// The eight cells around a cell, going round (N, NE, E, SE, S, SW, W, NW), as kDx/kDy directions.
constexpr std::array<int, 8> kRound = {0, 4, 1, 5, 2, 6, 3, 7};

// Whether a cell whose walkable surroundings are `around` (bit d: the cell in direction d, in
// kDx/kDy's order) has its neighbours joined to each other through the eight cells around it,
// without it: then no walk needs it (one through it can step round it), so it is no chokepoint.
constexpr bool joined_around(unsigned around, int connectivity) {
  std::array<int, 8> part{-1, -1, -1, -1, -1, -1, -1, -1};  // by position going round
  const auto open = [&](int k) { return ((around >> kRound[k]) & 1u) != 0; };
  const auto touch = [&](int k, int j) {
    const int dx = kDx[kRound[k]] - kDx[kRound[j]], dy = kDy[kRound[k]] - kDy[kRound[j]];
    const int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
    return connectivity == 8 ? (adx <= 1 && ady <= 1) : adx + ady == 1;
  };
  int parts = 0;
  for (int i = 0; i < 8; ++i) {
    if (!open(i) || part[i] >= 0) continue;
    std::array<int, 8> todo{};
    int n = 0;
    todo[n++] = i;
    part[i] = parts;
    while (n > 0) {
      const int k = todo[--n];
      for (int j = 0; j < 8; ++j) {
        if (open(j) && part[j] < 0 && touch(k, j)) {
          part[j] = parts;
          todo[n++] = j;
        }
      }
    }
    ++parts;
  }
  int first = -1;
  for (int i = 0; i < 8; ++i) {
    if (!open(i) || kRound[i] >= connectivity) continue;  // not a neighbour, only a way round
    if (first < 0) first = part[i];
    if (part[i] != first) return false;
  }
  return true;
}

template <int Connectivity>
constexpr std::array<bool, 256> joined_around_table() {
  std::array<bool, 256> t{};
  for (unsigned m = 0; m < 256; ++m) t[m] = joined_around(m, Connectivity);
  return t;
}
constexpr std::array<bool, 256> kJoinedAround4 = joined_around_table<4>();
constexpr std::array<bool, 256> kJoinedAround8 = joined_around_table<8>();

// Each cell of row y's walkable surroundings (bit d: the cell in direction d), without a branch.
void surroundings(const PaddedGrid& pg, std::size_t y, std::vector<std::uint8_t>& around) {
  const std::uint8_t* row = pg.data() + pg.row_start(y);
  around.assign(pg.width(), 0);
  for (int d = 0; d < 8; ++d) {
    const std::uint8_t* n = row + (pg.step(pg.row_start(y), d) - pg.row_start(y));
    for (std::size_t x = 0; x < pg.width(); ++x) {
      around[x] = static_cast<std::uint8_t>(around[x] | (n[x] << d));
    }
  }
}

}  // namespace

// Tarjan's low links on a smaller graph with the same chokepoints. A cell whose neighbours stay
// joined around it is never a chokepoint; call those cells "round" and the rest "narrow". Every
// group of round cells joined to each other (labelled as the flood fill labels regions) becomes
// one node weighing its cells: losing a narrow cell never splits such a group, so each part its
// loss leaves keeps its groups whole, and the narrow cells' chokepoints and the sizes they cut off
// are the same in the smaller graph. A cave has a few narrow cells in a sea of round ones.
std::vector<Chokepoint> chokepoints(const Grid& g, int connectivity) {
  const PaddedGrid pg(g, connectivity);
  const std::size_t w = pg.width(), h = pg.height();
  const std::array<bool, 256>& joined = connectivity == 4 ? kJoinedAround4 : kJoinedAround8;

  // The round cells as one bitset a row; the narrow cells listed (map indices, row-major).
  const std::size_t words = (w + 63) / 64;
  std::vector<std::uint64_t> round(words * h, 0);
  std::vector<std::uint32_t> narrow;
  std::vector<std::uint8_t> around;
  for (std::size_t y = 0; y < h; ++y) {
    surroundings(pg, y, around);
    const std::uint8_t* open = pg.data() + pg.row_start(y);
    for (std::size_t x = 0; x < w; ++x) {
      if (!open[x]) continue;
      if (joined[around[x]]) {
        round[y * words + x / 64] |= std::uint64_t{1} << (x % 64);
      } else {
        narrow.push_back(static_cast<std::uint32_t>(y * w + x));
      }
    }
  }
  RegionLabeller labeller;
  labeller.label_cells(
      static_cast<std::uint32_t>(w), h, connectivity, [&](std::size_t y, std::uint64_t* row) {
        std::copy_n(round.begin() + static_cast<std::ptrdiff_t>(y * words), words, row);
      });
  RegionMap groups = labeller.release();

  // The nodes: narrow cells first (0 ..), then the groups. A narrow cell's node is written into
  // the label layer as -2 - node, so one lookup names any walkable cell's node.
  const auto n_narrow = static_cast<std::uint32_t>(narrow.size());
  const std::size_t nodes = narrow.size() + groups.sizes.size();
  std::vector<std::int32_t>& node_of = groups.labels;
  for (std::uint32_t k = 0; k < n_narrow; ++k)
    node_of[narrow[k]] = -2 - static_cast<std::int32_t>(k);
  const auto node_at = [&](std::int32_t label) {
    return label >= 0 ? n_narrow + static_cast<std::uint32_t>(label)
                      : static_cast<std::uint32_t>(-2 - label);
  };
  std::array<std::ptrdiff_t, 8> offset{};  // map index offsets of the directions
  for (std::size_t d = 0; d < 8; ++d) {
    offset[d] = kDy[d] * static_cast<std::ptrdiff_t>(w) + kDx[d];
  }
  // Each narrow cell's walkable neighbours' nodes, each once (several cells of one group may
  // touch it): the graph's edges, listed from both ends.
  std::vector<std::uint32_t> first(nodes + 1, 0), edges;
  std::vector<std::array<std::uint32_t, 8>> near(narrow.size());
  std::vector<std::uint8_t> near_count(narrow.size(), 0);
  for (std::uint32_t k = 0; k < n_narrow; ++k) {
    const std::size_t p = pg.row_start(narrow[k] / w) + narrow[k] % w;
    for (int d = 0; d < connectivity; ++d) {
      if (!pg.open(pg.step(p, d))) continue;
      const std::uint32_t m = node_at(node_of[static_cast<std::size_t>(
          static_cast<std::ptrdiff_t>(narrow[k]) + offset[static_cast<std::size_t>(d)])]);
      const auto begin = near[k].begin(), end = begin + near_count[k];
      if (std::find(begin, end, m) != end) continue;
      near[k][near_count[k]++] = m;
      ++first[k + 1];
      if (m >= n_narrow) ++first[m + 1];  // (a narrow neighbour lists k from its own side)
    }
  }
  for (std::size_t v = 0; v < nodes; ++v) first[v + 1] += first[v];
  edges.resize(first[nodes]);
  std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
  for (std::uint32_t k = 0; k < n_narrow; ++k) {
    for (std::uint8_t j = 0; j < near_count[k]; ++j) {
      const std::uint32_t m = near[k][j];
      edges[fill[k]++] = m;
      if (m >= n_narrow) edges[fill[m]++] = k;
    }
  }
  const auto weight = [&](std::uint32_t v) -> std::uint32_t {
    return v < n_narrow ? 1u : static_cast<std::uint32_t>(groups.sizes[v - n_narrow]);
  };

  // Depth first without recursion; every node is pushed once and each of its edges tried once,
  // so the loop ends. The edge back to a node's parent is not told apart from the others: it
  // lowers the node's low link to the parent's time at most, which leaves "low >= the parent's
  // time" (the test below) as it was.
  constexpr std::uint32_t kUndiscovered = 0xFFFFFFFFu, kNoParts = 0xFFFFFFFFu;
  std::vector<std::uint32_t> disc(nodes, kUndiscovered);
  struct Frame {
    std::uint32_t node, low, size, next_edge, parts;
  };
  // The parts a node's loss separates (children whose subtree cannot reach above it), kept only
  // for the nodes that have some.
  struct Parts {
    std::uint32_t node;
    std::uint32_t count = 0;
    std::int64_t sum = 0;
    std::int64_t largest = 0;
  };
  std::vector<Frame> stack;
  std::vector<Parts> parts;
  std::vector<Chokepoint> out;
  std::uint32_t time = 0;
  for (std::uint32_t root = 0; root < nodes; ++root) {
    if (disc[root] != kUndiscovered) continue;
    parts.clear();
    disc[root] = time;
    stack.push_back({root, time++, weight(root), first[root], kNoParts});
    std::int64_t region = 0;
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next_edge < first[f.node + 1]) {
        const std::uint32_t u = edges[f.next_edge++];
        if (disc[u] == kUndiscovered) {
          disc[u] = time;
          stack.push_back({u, time++, weight(u), first[u], kNoParts});
        } else {
          f.low = std::min(f.low, disc[u]);
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
      if (v.low >= disc[p.node]) {
        if (p.parts == kNoParts) {
          p.parts = static_cast<std::uint32_t>(parts.size());
          parts.push_back({p.node});
        }
        Parts& sep = parts[p.parts];
        ++sep.count;
        sep.sum += v.size;
        sep.largest = std::max<std::int64_t>(sep.largest, v.size);
      }
    }
    // The region's weight is the root's subtree: now each narrow cell's parts are known.
    for (const Parts& sep : parts) {
      if (sep.node >= n_narrow) continue;  // a group of round cells: none of its cells splits
      // The root's every child is a part of its own; it splits the region only with two.
      if (sep.node == root && sep.count < 2) continue;
      const std::int64_t rest = region - 1 - sep.sum;
      out.push_back({narrow[sep.node], region - 1 - std::max(sep.largest, rest)});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const Chokepoint& a, const Chokepoint& b) { return a.cell < b.cell; });
  return out;
}

}  // namespace dungen::analysis
