#pragma once
// How far apart a level's places are: a distance map (breadth-first search from a start, RogueBasin
// "The Incredible Power of Dijkstra Maps"), the cell farthest from the start, and the farthest
// pair (the critical path a designer means: the longest shortest walk in the start's region).
//
// The farthest pair is found the way a student can follow: a search from the start finds the
// cell farthest from it (a); a search from a finds the cell farthest from that (b). On a maze
// (a tree) a-b is the farthest pair. Where the walkable cells make loops the two searches can
// fall short, so more searches follow, each bounding every cell's farthest walk from above and
// below (Takes and Kosters, "Determining the diameter of small world networks", 2011), the first
// from the middle of a-b (as iFUB starts; from both middles when the length is odd), until the
// length is proved the longest, or the bound of searches is spent (then `exact` is false and the
// length is a lower bound). Once only a few cells could still end a longer walk, their pairs are
// checked directly: any search from v bounds the walk from w to z by d(v,w) + d(v,z).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/grid.hpp"

namespace dungen::analysis {

inline constexpr std::int32_t kUnreached = -1;

struct DistanceMap {
  int connectivity = 4;
  std::size_t start = 0;
  std::vector<std::int32_t> distance;  // per cell: steps from the start, kUnreached if none
  std::vector<std::uint32_t> order;    // the cells reached, in the order the search took them
  std::int32_t farthest_distance = 0;
  std::size_t farthest = 0;  // the first cell taken at farthest_distance
};

// The cell the analyses start from: the generator's start when it has one (and it is walkable),
// else the cell of the largest region (the flood fill's, at this connectivity; ties: the region
// found first) nearest the map's centre (ties: the first in row-major order). None on a map
// without walkable cells.
std::optional<std::size_t> analysis_start(const Grid& g, std::optional<Point> generator_start,
                                          int connectivity);

// Breadth-first search from `start` (a walkable cell; throws std::invalid_argument otherwise),
// neighbours in the order N, E, S, W (then the corners with connectivity 8).
DistanceMap distances_from(const Grid& g, std::size_t start, int connectivity);

// The cells of a shortest walk from the map's start to `to`, start first: walked back from `to`,
// each step to its first neighbour (N, E, S, W, then corners) one step nearer the start. Empty
// when `to` was not reached.
std::vector<std::size_t> path_to(const Grid& g, const DistanceMap& m, std::size_t to);

// More searches than this and the farthest pair settles for its lower bound (exact = false).
inline constexpr int kMaxPairSearches = 64;
// The check's last part compares pairs of the cells that could still end a longer walk once there
// are at most this many (a few hundred searches' worth of sums at most: see farthest_pair).
inline constexpr std::size_t kMaxFinalists = 256;

struct FarthestPair {
  std::size_t a = 0;  // the cell farthest from the start (the first search)
  std::size_t b = 0;  // the cell farthest from a (the second search)
  std::int32_t length = 0;
  bool exact = true;              // length is the region's longest shortest walk, proved
  int searches = 0;               // breadth-first searches made
  std::vector<std::size_t> path;  // a shortest walk from a to b, a first
};

// With `with_path` false the path is left empty (the length is all a sweep's figures need).
FarthestPair farthest_pair(const Grid& g, std::size_t start, int connectivity,
                           int max_searches = kMaxPairSearches, bool with_path = true);

}  // namespace dungen::analysis
