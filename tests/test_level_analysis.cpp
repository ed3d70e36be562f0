// The level analyses (analysis/distances.hpp, analysis/level_shape.hpp) against naive references
// written here, over every generator's maps at small sizes and over random maps: distances equal
// a relaxation to a fixed point; the farthest pair equals the brute-force diameter (a search from
// every cell); the cycle rank equals edges - cells + components counted pair by pair; the
// chokepoints equal "remove the cell and count again".

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/distances.hpp"
#include "analysis/level_shape.hpp"
#include "core/rng.hpp"
#include "core/runner.hpp"
#include "core/stepper.hpp"
#include "generators/registry.hpp"

namespace dungen::analysis {
namespace {

// --- naive references: slow and plain ---

bool joined(const Grid& g, std::size_t a, std::size_t b, int connectivity) {
  const Point p = g.point(a), q = g.point(b);
  const int dx = std::abs(p.x - q.x), dy = std::abs(p.y - q.y);
  if (dx > 1 || dy > 1 || (dx == 0 && dy == 0)) return false;
  return connectivity == 8 || dx + dy == 1;
}

std::vector<std::size_t> walkable_cells(const Grid& g) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (is_walkable(g.tile(i))) out.push_back(i);
  }
  return out;
}

// Distances by relaxing every joined pair until nothing changes (at most one round per cell).
std::vector<std::int32_t> naive_distances(const Grid& g, std::size_t start, int connectivity,
                                          const std::vector<std::size_t>& cells) {
  std::vector<std::int32_t> d(g.size(), kUnreached);
  d[start] = 0;
  for (std::size_t round = 0; round <= cells.size(); ++round) {
    bool changed = false;
    for (const std::size_t a : cells) {
      if (d[a] == kUnreached) continue;
      for (const std::size_t b : cells) {
        if (!joined(g, a, b, connectivity)) continue;
        if (d[b] == kUnreached || d[b] > d[a] + 1) {
          d[b] = d[a] + 1;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return d;
}

// Components of the walkable cells, leaving out `removed` (none: g.size()).
std::vector<std::int64_t> naive_components(const Grid& g, int connectivity,
                                           const std::vector<std::size_t>& cells,
                                           std::size_t removed) {
  std::vector<int> comp(g.size(), -1);
  std::vector<std::int64_t> sizes;
  for (const std::size_t s : cells) {
    if (s == removed || comp[s] >= 0) continue;
    const int id = static_cast<int>(sizes.size());
    sizes.push_back(0);
    std::vector<std::size_t> todo{s};
    comp[s] = id;
    while (!todo.empty()) {
      const std::size_t a = todo.back();
      todo.pop_back();
      ++sizes.back();
      for (const std::size_t b : cells) {
        if (b == removed || comp[b] >= 0 || !joined(g, a, b, connectivity)) continue;
        comp[b] = id;
        todo.push_back(b);
      }
    }
  }
  return sizes;
}

// --- the maps ---

struct Case {
  std::string name;
  Grid map;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const GeneratorSpec* spec : all_generators()) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      ParamValues p = spec->schema.defaults();
      // Small maps: the references are slow. Each generator's own checks decide what fits.
      for (const auto& [w, h] : {std::pair{21, 15}, std::pair{31, 21}, std::pair{41, 25}}) {
        ParamValues q = p;
        if (q.set("width", w) || q.set("height", h) || q.validate()) continue;
        Stepper s = start_generator(*spec, q, seed, false);
        run_to_end(s);
        out.push_back({std::string(spec->name) + " " + std::to_string(w) + "x" + std::to_string(h) +
                           " seed " + std::to_string(seed),
                       s.grid()});
        break;
      }
    }
  }
  // Random floor: loops, open areas and islands of every shape.
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Rng rng(seed, 99);
    Grid g(17, 13, Tile::Wall);
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (rng.uniform_int(0, 99) < 58) g.put(i, {Tile::Floor, Mark::None, -1, -1});
    }
    out.push_back({"random floor seed " + std::to_string(seed), g});
  }
  return out;
}

const std::vector<Case>& all_cases() {
  static const std::vector<Case> list = cases();
  return list;
}

TEST(LevelAnalysis, DistancesEqualANaiveRelaxation) {
  for (const Case& c : all_cases()) {
    SCOPED_TRACE(c.name);
    const std::vector<std::size_t> cells = walkable_cells(c.map);
    for (const int conn : {4, 8}) {
      const auto start = analysis_start(c.map, std::nullopt, conn);
      ASSERT_EQ(start.has_value(), !cells.empty());
      if (!start) continue;
      // A generator's start is taken as it is (when walkable).
      EXPECT_EQ(analysis_start(c.map, c.map.point(cells.back()), conn), cells.back());
      // Else a cell of the largest region.
      const std::vector<std::int64_t> sizes = naive_components(c.map, conn, cells, c.map.size());
      const DistanceMap m = distances_from(c.map, *start, conn);
      EXPECT_EQ(static_cast<std::int64_t>(m.order.size()),
                *std::max_element(sizes.begin(), sizes.end()));
      EXPECT_EQ(m.distance, naive_distances(c.map, *start, conn, cells)) << conn;
      EXPECT_EQ(m.distance[m.farthest], m.farthest_distance);
      EXPECT_EQ(*std::max_element(m.distance.begin(), m.distance.end()), m.farthest_distance);
      // A walk to the farthest cell: as long as its distance, each step to a neighbour.
      const std::vector<std::size_t> path = path_to(c.map, m, m.farthest);
      ASSERT_EQ(path.size(), static_cast<std::size_t>(m.farthest_distance) + 1);
      EXPECT_EQ(path.front(), *start);
      for (std::size_t k = 1; k < path.size(); ++k) {
        EXPECT_TRUE(joined(c.map, path[k - 1], path[k], conn));
      }
    }
  }
}

TEST(LevelAnalysis, TheFarthestPairIsTheBruteForceDiameter) {
  for (const Case& c : all_cases()) {
    SCOPED_TRACE(c.name);
    const std::vector<std::size_t> cells = walkable_cells(c.map);
    for (const int conn : {4, 8}) {
      const auto start = analysis_start(c.map, std::nullopt, conn);
      if (!start) continue;
      // The brute force: a search from every cell of the start's region.
      const DistanceMap from_start = distances_from(c.map, *start, conn);
      std::int32_t diameter = 0;
      for (const std::size_t a : cells) {
        if (from_start.distance[a] == kUnreached) continue;
        diameter = std::max(diameter, distances_from(c.map, a, conn).farthest_distance);
      }
      const FarthestPair pair = farthest_pair(c.map, *start, conn, 1 << 30);
      EXPECT_TRUE(pair.exact);
      EXPECT_EQ(pair.length, diameter) << conn;
      ASSERT_EQ(pair.path.size(), static_cast<std::size_t>(pair.length) + 1);
      EXPECT_EQ(pair.path.front(), pair.a);
      EXPECT_EQ(pair.path.back(), pair.b);
      EXPECT_EQ(distances_from(c.map, pair.a, conn).distance[pair.b], pair.length);
      // With a bound of two searches it may fall short, and says so when it might.
      const FarthestPair quick = farthest_pair(c.map, *start, conn, 2);
      EXPECT_LE(quick.length, diameter);
      if (quick.exact) {
        EXPECT_EQ(quick.length, diameter);
      }
    }
  }
}

// Open rooms are the double sweep's hardest case with corners joined: every cell of a far edge is
// as far out as the pair's ends, so the proof rests on the middles of an odd walk and on the
// pairs check of the last few candidates. Rooms of odd and even sides, some with pillars, from
// starts all over them (a generator's start need not be central); each against the brute force.
TEST(LevelAnalysis, TheFarthestPairIsExactOnOpenRoomsFromAnyStart) {
  Rng rng(7, 3);
  for (const auto& [w, h] : {std::pair{9, 7}, std::pair{12, 9}, std::pair{16, 14}, std::pair{23, 8},
                             std::pair{20, 20}}) {
    for (const int pillars : {0, 6}) {
      Grid g(w, h, Tile::Floor);
      for (int k = 0; k < pillars; ++k) {
        g.put(g.index(static_cast<int>(rng.uniform_int(1, w - 2)),
                      static_cast<int>(rng.uniform_int(1, h - 2))),
              {Tile::Wall, Mark::None, -1, -1});
      }
      const std::vector<std::size_t> cells = walkable_cells(g);
      for (const int conn : {4, 8}) {
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " pillars " +
                     std::to_string(pillars) + " conn " + std::to_string(conn));
        std::int32_t diameter = 0;
        for (const std::size_t a : cells) {
          diameter = std::max(diameter, distances_from(g, a, conn).farthest_distance);
        }
        for (std::size_t k = 0; k < cells.size(); k += 5) {
          const FarthestPair pair = farthest_pair(g, cells[k], conn);
          EXPECT_TRUE(pair.exact);
          EXPECT_EQ(pair.length, diameter) << "from cell " << cells[k];
          EXPECT_EQ(distances_from(g, pair.a, conn).distance[pair.b], pair.length);
        }
      }
    }
  }
}

TEST(LevelAnalysis, TheCycleRankIsEdgesLessCellsPlusComponents) {
  for (const Case& c : all_cases()) {
    SCOPED_TRACE(c.name);
    const std::vector<std::size_t> cells = walkable_cells(c.map);
    for (const int conn : {4, 8}) {
      std::int64_t edges = 0;
      for (const std::size_t a : cells) {
        for (const std::size_t b : cells) edges += a < b && joined(c.map, a, b, conn);
      }
      const auto comps =
          static_cast<std::int64_t>(naive_components(c.map, conn, cells, c.map.size()).size());
      const Loops l = loops(c.map, conn);
      EXPECT_EQ(l.cells, static_cast<std::int64_t>(cells.size()));
      EXPECT_EQ(l.edges, edges);
      EXPECT_EQ(l.components, comps);
      EXPECT_EQ(l.cycle_rank, edges - static_cast<std::int64_t>(cells.size()) + comps);
      EXPECT_GE(l.cycle_rank, 0);
      if (l.has_rooms) {
        EXPECT_GE(l.room_cycle_rank, 0);
        EXPECT_LE(l.room_components, l.components);
      }
    }
  }
}

TEST(LevelAnalysis, ChokepointsAreTheCellsWhoseLossSplitsTheirRegion) {
  std::size_t checked_points = 0;
  for (const Case& c : all_cases()) {
    SCOPED_TRACE(c.name);
    const std::vector<std::size_t> cells = walkable_cells(c.map);
    if (cells.size() > 250) continue;  // the reference is cubic
    for (const int conn : {4, 8}) {
      std::vector<Chokepoint> naive;
      for (const std::size_t v : cells) {
        // v's region (a search over every pair), then its cells without v, counted again.
        std::vector<std::size_t> region{v};
        std::vector<bool> in(c.map.size(), false);
        in[v] = true;
        for (std::size_t k = 0; k < region.size(); ++k) {
          for (const std::size_t b : cells) {
            if (in[b] || !joined(c.map, region[k], b, conn)) continue;
            in[b] = true;
            region.push_back(b);
          }
        }
        std::sort(region.begin(), region.end());
        const std::vector<std::int64_t> parts = naive_components(c.map, conn, region, v);
        if (parts.size() < 2) continue;
        const std::int64_t largest = *std::max_element(parts.begin(), parts.end());
        naive.push_back({v, static_cast<std::int64_t>(region.size()) - 1 - largest});
      }
      const std::vector<Chokepoint> found = chokepoints(c.map, conn);
      checked_points += found.size();
      ASSERT_EQ(found.size(), naive.size()) << conn;
      for (std::size_t k = 0; k < found.size(); ++k) {
        EXPECT_EQ(found[k].cell, naive[k].cell);
        EXPECT_EQ(found[k].cut_off, naive[k].cut_off) << "cell " << found[k].cell;
      }
    }
  }
  EXPECT_GT(checked_points, 50u);  // the maps above have chokepoints to check
}

TEST(LevelAnalysis, DeadEndsHaveOneNeighbourAndTheirCorridorsEndAtAJunction) {
  // A comb: a corridor along row 1 with three teeth down of lengths 1, 2 and 3.
  Grid g(9, 6, Tile::Wall);
  const auto floor = [&](int x, int y) { g.put(g.index(x, y), {Tile::Floor, Mark::None, -1, -1}); };
  for (int x = 1; x <= 7; ++x) floor(x, 1);
  floor(2, 2);
  floor(4, 2);
  floor(4, 3);
  floor(6, 2);
  floor(6, 3);
  floor(6, 4);
  const std::vector<DeadEnd> ends = dead_ends(g, 4);
  ASSERT_EQ(ends.size(), 5u);  // the corridor's two ends and the three teeth
  EXPECT_EQ(ends[0].cell, g.index(1, 1));
  EXPECT_EQ(ends[0].corridor, 1);  // (2,1) is a junction
  EXPECT_EQ(ends[1].cell, g.index(7, 1));
  EXPECT_EQ(ends[1].corridor, 1);  // (6,1) is a junction
  EXPECT_EQ(ends[2].cell, g.index(2, 2));
  EXPECT_EQ(ends[2].corridor, 1);
  EXPECT_EQ(ends[3].cell, g.index(4, 3));
  EXPECT_EQ(ends[3].corridor, 2);
  EXPECT_EQ(ends[4].cell, g.index(6, 4));
  EXPECT_EQ(ends[4].corridor, 3);
  for (const Case& c : all_cases()) {
    SCOPED_TRACE(c.name);
    for (const int conn : {4, 8}) {
      for (const DeadEnd& d : dead_ends(c.map, conn)) {
        int n = 0;
        for (const std::size_t b : walkable_cells(c.map)) n += joined(c.map, d.cell, b, conn);
        EXPECT_EQ(n, 1);
        EXPECT_GE(d.corridor, 1);
      }
    }
  }
}

}  // namespace
}  // namespace dungen::analysis
