// Loops, stepped: the cycle rank of the walkable graph (edges - cells + regions: how many
// independent ways round there are), counted the way a student can check. Every walkable cell is
// a node and two walkable neighbours (4 or 8) are joined by an edge. A breadth-first tree grows
// through each region (the flood fill's order, so tree k is region k); every edge is counted once,
// when its later cell is taken. An edge to a cell taken before that is not the cell's parent is
// not in the tree: it closes a loop, drawn as that edge and the tree's two ways up to where they
// meet. Each region's tree has cells - 1 edges, so the edges left out are exactly
// edges - cells + regions.
//
// Where the map has rooms (a label layer), the last step counts the room graph's loops the same
// way (analysis/level_shape.hpp's loops): each room one node, each piece of walkable cells
// between rooms one node, joined where they touch.
//
// The region layer holds each taken cell's tree (the flood fill's labels at the end); waiting
// cells carry Mark::Frontier.
//
// Steps: the start is a phase step (Begin); a tree's start an action step; each cell taken a cell
// step (value = edges counted at it); each loop an action step (id = the loop, value = the cells
// round it, 0 when longer than kMaxLoopDrawn and only its edge is drawn); a tree done a feature
// step; the room graph a feature step (id = nodes, other = edges, value = its loops); the end a
// phase step (value = loops, id = trees).
//
// Stats: cells taken, edges counted, trees, loops (edges - cells + trees so far), and the room
// graph's loops (-1 until counted, or where the map has no rooms).

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "analysis/analysis_steppers.hpp"
#include "analysis/level_shape.hpp"
#include "analysis/walkable_graph.hpp"

namespace dungen::analysis_steps {
namespace {

using analysis::for_each_walkable_neighbour;

// A loop longer than this is drawn as the edge that closes it only (a long loop's two ways up the
// tree cost as many cells as they have, and a big cave has millions of loops).
constexpr std::size_t kMaxLoopDrawn = 4096;

enum Line : int { kBegin, kTree, kTake, kLoop, kTreeDone, kRooms, kDone, kLineCount };

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "a node per walkable cell, an edge per two walkable neighbours (4 or 8); loops = edges - "
    "cells + regions",
    "    a tree starts at the first walkable cell in no tree (row-major order): trees = trees + 1",
    "        take the oldest waiting cell c: cells = cells + 1; each edge to a cell taken before "
    "counts (edges = edges + 1); neighbours in no tree join this one, c their parent",
    "        an edge to a cell taken before that is not c's parent is not in the tree: it closes "
    "a loop, round through the tree (loops = loops + 1)",
    "    the tree is done: it spans a region, with cells - 1 edges",
    "the room graph: each room and each corridor piece one node, joined where they touch; its "
    "loops the same way",
    "done: loops = edges - cells + trees",
};

enum class Ev : EventKind { Tree = kFirstOwnEvent, Take, Loop, TreeDone, Rooms };
enum Stat : std::size_t { kCells, kEdges, kTrees, kLoops, kRoomLoops, kStatCount };

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin:
      return cells_text(e.value) + " to take; an edge joins two walkable cells that are " +
             (p.get_int("connectivity") == 4 ? "edge neighbours" : "neighbours (edge or corner)");
    case event_kind(Ev::Tree):
      return "tree " + number_text(e.id) + " starts at " + xy_text(e.at) +
             ", the first walkable cell in no tree";
    case event_kind(Ev::Take):
      return "take " + xy_text(e.at) + ": " + std::to_string(e.value) +
             (e.value == 1 ? " edge" : " edges") + " to cells taken before";
    case event_kind(Ev::Loop): {
      const OverlayItem& edge = s.overlay.items[0];
      return "the edge " + xy_text(edge.cells.front()) + " - " + xy_text(edge.cells.back()) +
             " is not in the tree: loop " + number_text(e.id) +
             (e.value > 0 ? ", " + cells_text(e.value) + " round"
                          : ", longer than " + cells_text(kMaxLoopDrawn) + " (its edge drawn)");
    }
    case event_kind(Ev::TreeDone):
      return "tree " + number_text(e.id) + " is done: " + cells_text(e.value);
    case event_kind(Ev::Rooms): {
      const int parts = e.value - e.other + e.id;
      return "the room graph: " + std::to_string(e.id) + " nodes (rooms and corridor pieces), " +
             std::to_string(e.other) + " joins, " + std::to_string(parts) +
             (parts == 1 ? " part" : " parts") + ": " + std::to_string(e.value) +
             (e.value == 1 ? " loop" : " loops") + " between rooms";
    }
    case kEventDone:
      return "done: " + std::to_string(e.value) + (e.value == 1 ? " loop" : " loops") +
             " (edges - cells + trees, " + std::to_string(e.id) +
             (e.id == 1 ? " tree)" : " trees)");
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  if (e.kind == event_kind(Ev::Loop)) return "loop " + number_text(e.id);
  if (e.kind == event_kind(Ev::Tree)) return "tree " + number_text(e.id);
  return "";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues&) {
  return {
      {"cells", "cells taken", cells_text(v[kCells]), v[kCells]},
      count_row("edges", "edges counted", v[kEdges]),
      count_row("trees", "trees (regions)", v[kTrees]),
      count_row("loops", "loops (edges - cells + trees)", v[kLoops]),
      {"room_loops", "loops between rooms",
       v[kRoomLoops] < 0 ? std::string("not counted (no rooms)") : std::to_string(v[kRoomLoops]),
       v[kRoomLoops]},
  };
}

// ---- The steps' factories ---------------------------------------------------------------------

Step begin_step(std::size_t walkable) {
  return make_step(StepLevel::Phase, kBegin,
                   {.kind = kEventBegin, .value = static_cast<int>(walkable)});
}

Step tree_step(int tree, Point at) {
  return make_step(StepLevel::Action, kTree, {.kind = event_kind(Ev::Tree), .id = tree, .at = at},
                   {{marker(Role::Cursor, at)}});
}

// One take step serves a tree's cells, moved along by take_at.
Step take_step(int tree, Point first) {
  return make_step(StepLevel::Cell, kTake, {.kind = event_kind(Ev::Take), .id = tree},
                   {{marker(Role::Cursor, first)}});
}
void take_at(Step& take, Point cell, int edges) {
  take.event.value = edges;
  take.event.at = cell;
  take.overlay.items[0].cells[0] = cell;
}

// round: the loop from c up the tree, across, and down to v, then back to c (empty: too long).
Step loop_step(int loop, Point c, Point v, std::vector<Point> round) {
  const int cells = round.empty() ? 0 : static_cast<int>(round.size()) - 1;
  std::vector<Point> edge{c, v};
  Step s = make_step(StepLevel::Action, kLoop,
                     {.kind = event_kind(Ev::Loop), .id = loop, .value = cells, .at = c},
                     {{line(Role::Loop, std::move(edge))}});
  if (!round.empty()) s.overlay.items.push_back(line(Role::Loop, std::move(round)));
  return s;
}

Step tree_done_step(int tree, std::int64_t cells, Point first) {
  return make_step(StepLevel::Feature, kTreeDone,
                   {.kind = event_kind(Ev::TreeDone),
                    .id = tree,
                    .value = static_cast<int>(cells),
                    .at = first});
}

Step rooms_step(const analysis::Loops& l) {
  return make_step(StepLevel::Feature, kRooms,
                   {.kind = event_kind(Ev::Rooms),
                    .id = static_cast<int>(l.room_nodes),
                    .other = static_cast<int>(l.room_edges),
                    .value = static_cast<int>(l.room_cycle_rank)});
}

Step done_step(std::int64_t loops, std::int64_t trees) {
  Step s = make_step(
      StepLevel::Phase, kDone,
      {.kind = kEventDone, .id = static_cast<int>(trees), .value = static_cast<int>(loops)});
  s.last = true;
  return s;
}

// ---- The body ---------------------------------------------------------------------------------

// The tree's two ways up from c and v to where they meet, as one line c .. meet .. v, c; empty
// when it would pass kMaxLoopDrawn cells. In a breadth-first tree neighbours' depths differ by at
// most one, so the deeper way climbs first, then both together.
std::vector<Point> loop_round(const Grid& g, const std::vector<std::uint32_t>& parent,
                              const std::vector<std::int32_t>& depth, std::uint32_t c,
                              std::uint32_t v) {
  std::vector<std::uint32_t> up_c{c}, up_v{v};
  while (depth[up_c.back()] > depth[up_v.back()]) up_c.push_back(parent[up_c.back()]);
  while (depth[up_v.back()] > depth[up_c.back()]) up_v.push_back(parent[up_v.back()]);
  while (up_c.back() != up_v.back()) {
    if (up_c.size() + up_v.size() > kMaxLoopDrawn) return {};
    up_c.push_back(parent[up_c.back()]);
    up_v.push_back(parent[up_v.back()]);
  }
  std::vector<Point> round;
  round.reserve(up_c.size() + up_v.size());
  for (const std::uint32_t i : up_c) round.push_back(g.point(i));
  for (std::size_t k = up_v.size() - 1; k-- > 0;) round.push_back(g.point(up_v[k]));
  round.push_back(g.point(c));
  return round;
}

// Tree `tree` from `root`, breadth first: a step per cell taken and per loop found.
StepGenerator grow_tree(StepContext& ctx, int dirs, std::size_t root, int tree,
                        std::vector<std::uint32_t>& queue, std::vector<std::uint32_t>& parent,
                        std::vector<std::int32_t>& depth) {
  const Grid& g = ctx.grid();
  StatSheet& stats = ctx.stats();
  const bool draw = ctx.canvas().recording();
  queue.assign(1, static_cast<std::uint32_t>(root));
  parent[root] = static_cast<std::uint32_t>(root);
  depth[root] = 0;
  ctx.canvas().set_region(root, -1, Mark::Frontier);
  stats.add(kTrees, 1);
  stats.add(kLoops, 1);
  co_yield tree_step(tree, g.point(root));

  Step take = take_step(tree, g.point(root));
  std::vector<std::uint32_t> closing;  // the cells taken before c that close a loop with it
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t c = queue[head];
    ctx.canvas().set_region(c, tree, Mark::None);
    int edges = 0;
    closing.clear();
    for_each_walkable_neighbour(g, c, dirs, [&](std::size_t n) {
      if (g.region(n) == tree) {  // taken before c
        ++edges;
        if (n != parent[c]) closing.push_back(static_cast<std::uint32_t>(n));
      } else if (g.mark(n) != Mark::Frontier) {
        ctx.canvas().set_region(n, -1, Mark::Frontier);
        parent[n] = c;
        depth[n] = depth[c] + 1;
        queue.push_back(static_cast<std::uint32_t>(n));
      }
    });
    stats.add(kCells, 1);
    stats.add(kEdges, edges);
    stats.add(kLoops, edges - 1);
    take_at(take, g.point(c), edges);
    co_yield take;
    // The loops found at c are the last closing.size() counted: number them in order.
    const std::int64_t first_loop = stats[kLoops] - static_cast<std::int64_t>(closing.size());
    for (std::size_t j = 0; j < closing.size(); ++j) {
      std::vector<Point> round;
      if (draw) round = loop_round(g, parent, depth, c, closing[j]);
      co_yield loop_step(static_cast<int>(first_loop) + static_cast<int>(j), g.point(c),
                         g.point(closing[j]), std::move(round));
    }
  }
  co_yield tree_done_step(tree, static_cast<std::int64_t>(queue.size()), g.point(root));
}

StepGenerator count_loops(StepContext& ctx, ParamValues p) {
  const int dirs = p.get_int("connectivity");
  const Grid& g = ctx.grid();
  std::vector<std::uint32_t> queue;
  std::vector<std::uint32_t> parent(g.size());
  std::vector<std::int32_t> depth(g.size());
  ctx.stats().set(kRoomLoops, -1);
  co_yield begin_step(g.count_walkable());
  int tree = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (!is_walkable(g.tile(i)) || g.region(i) >= 0) continue;
    co_yield grow_tree(ctx, dirs, i, tree, queue, parent, depth);
    ++tree;
  }
  const analysis::Loops rooms = analysis::loops(g, dirs);
  if (rooms.has_rooms) {
    ctx.stats().set(kRoomLoops, rooms.room_cycle_rank);
    co_yield rooms_step(rooms);
  }
  co_yield done_step(ctx.stats()[kLoops], tree);
}

}  // namespace

const Narration& loop_narration() {
  static const Narration n{.pseudocode = kPseudocode,
                           .words = words,
                           .caption = caption,
                           .stat_slots = kStatCount,
                           .stat_rows = stat_rows};
  return n;
}

Stepper loop_stepper(Grid canvas, const ParamValues& p, bool record) {
  return Stepper(count_loops, p, std::move(canvas), Rng(0), kStatCount, record);
}

}  // namespace dungen::analysis_steps
