#pragma once
// The shape of a level's walkable cells, as a designer asks about it:
// - dead ends: cells with one walkable neighbour, and the dead-end corridor leading to each
//   (from the dead end back to the first cell with more than two neighbours);
// - loops: the cycle rank of the walkable graph, edges - cells + components (how many
//   independent ways round there are); and of the room graph, where the map has rooms (its
//   label layer): rooms and the corridors between them as nodes, touching as edges;
// - chokepoints: articulation cells (Tarjan's low links), each a cell whose loss splits its
//   region, with the size of what it cuts off (the region less the cell and its largest part).
// The neighbours are the flood fill's (analysis/walkable_graph.hpp): connectivity 4 or 8.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/grid.hpp"

namespace dungen::analysis {

struct DeadEnd {
  std::size_t cell = 0;
  int corridor = 1;  // the dead-end corridor's cells, the dead end included
};
// Every dead end, in row-major order.
std::vector<DeadEnd> dead_ends(const Grid& g, int connectivity);

struct Loops {
  std::int64_t cells = 0;       // walkable cells
  std::int64_t edges = 0;       // pairs of walkable neighbours
  std::int64_t components = 0;  // regions
  std::int64_t cycle_rank = 0;  // edges - cells + components
  // The room graph (only where the map has rooms: a label layer with some label >= 0).
  bool has_rooms = false;
  std::int64_t room_nodes = 0;  // rooms, and the corridor pieces between them
  std::int64_t room_edges = 0;
  std::int64_t room_components = 0;
  std::int64_t room_cycle_rank = 0;
};
Loops loops(const Grid& g, int connectivity);

struct Chokepoint {
  std::size_t cell = 0;
  std::int64_t cut_off = 0;  // cells its loss separates from the largest part of its region
};
// Every articulation cell, in row-major order.
std::vector<Chokepoint> chokepoints(const Grid& g, int connectivity);

}  // namespace dungen::analysis
