// Dead ends, stepped: every walkable cell in row-major order is looked at, and one with a single
// walkable neighbour is a dead end. From each, the dead-end corridor is walked: on while the next
// cell has exactly two walkable neighbours (the way back and the way on), until a cell with more
// (a junction, a room) or fewer (another dead end). The corridor is the dead end and the cells
// walked; its length is what analysis/level_shape.hpp's dead_ends reports.
//
// The dead end carries Mark::DeadEnd; the corridor's cells carry its number k in the region layer
// (a corridor walked twice, from its two dead ends, keeps the second's).
//
// Steps: the scan's start is a phase step (Begin); each dead end found an action step; each
// corridor cell walked a cell step; each corridor done a feature step (value = its cells, at =
// the cell that stopped the walk, other = that cell's walkable neighbours); the end a phase step.
//
// Stats: dead ends found, corridor cells (dead ends included), the longest corridor.

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "analysis/analysis_steppers.hpp"
#include "analysis/walkable_graph.hpp"

namespace dungen::analysis_steps {
namespace {

using analysis::for_each_walkable_neighbour;

enum Line : int { kScan, kFound, kWalk, kCorridorDone, kDone, kLineCount };

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "look at every walkable cell in row-major order",
    "    a cell with one walkable neighbour (4 or 8) is a dead end: k = k + 1; mark it",
    "        walk on to the next cell while it has two walkable neighbours, the way back and the "
    "way on: it is in dead-end corridor k",
    "        the next cell has more (a junction) or fewer: corridor k is done",
    "done: k dead ends",
};

enum class Ev : EventKind { Found = kFirstOwnEvent, Walk, CorridorDone };
enum Stat : std::size_t { kDeadEnds, kCorridorCells, kLongest, kStatCount };

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  const std::string corridor = "corridor " + number_text(e.id);
  switch (e.kind) {
    case kEventBegin:
      return "look at each of the " + cells_text(e.value) + " that are walkable; neighbours are " +
             neighbours_text(p);
    case event_kind(Ev::Found):
      return xy_text(e.at) + " has one walkable neighbour: dead end " + number_text(e.id);
    case event_kind(Ev::Walk):
      return xy_text(e.at) + " has two walkable neighbours: " + corridor + " goes on (" +
             cells_text(e.value) + ")";
    case event_kind(Ev::CorridorDone):
      return xy_text(e.at) + " has " + std::to_string(e.other) +
             (e.other == 1 ? " walkable neighbour" : " walkable neighbours") + ": " + corridor +
             " is done, " + cells_text(e.value);
    case kEventDone:
      return "every cell looked at: done, " + std::to_string(e.value) +
             (e.value == 1 ? " dead end" : " dead ends");
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  if (e.kind == event_kind(Ev::Found)) return "dead end " + number_text(e.id);
  if (e.kind == event_kind(Ev::CorridorDone)) return cells_text(e.value);
  return "";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues&) {
  return {
      count_row("dead_ends", "dead ends", v[kDeadEnds]),
      {"corridor_cells", "dead-end corridor cells", cells_text(v[kCorridorCells]),
       v[kCorridorCells]},
      {"longest_corridor", "longest dead-end corridor", cells_text(v[kLongest]), v[kLongest]},
  };
}

// ---- The steps' factories ---------------------------------------------------------------------

Step begin_step(std::size_t walkable) {
  return make_step(StepLevel::Phase, kScan,
                   {.kind = kEventBegin, .value = static_cast<int>(walkable)});
}

Step found_step(int k, Point at) {
  return make_step(StepLevel::Action, kFound, {.kind = event_kind(Ev::Found), .id = k, .at = at},
                   {{marker(Role::Cursor, at)}});
}

Step walk_step(int k, Point at, int cells) {
  return make_step(StepLevel::Cell, kWalk,
                   {.kind = event_kind(Ev::Walk), .id = k, .value = cells, .at = at},
                   {{marker(Role::Cursor, at)}});
}

Step corridor_done_step(int k, std::vector<Point> corridor, Point stop, int stop_neighbours) {
  const int cells = static_cast<int>(corridor.size());
  return make_step(StepLevel::Feature, kCorridorDone,
                   {.kind = event_kind(Ev::CorridorDone),
                    .id = k,
                    .other = stop_neighbours,
                    .value = cells,
                    .at = stop},
                   {{line(Role::Path, std::move(corridor)), marker(Role::Cursor, stop)}});
}

Step done_step(std::int64_t dead_ends) {
  Step s = make_step(StepLevel::Phase, kDone,
                     {.kind = kEventDone, .value = static_cast<int>(dead_ends)});
  s.last = true;
  return s;
}

// ---- The body ---------------------------------------------------------------------------------

// Corridor k from dead end `cell`: marked, then walked while the next cell has two walkable
// neighbours. A walk never takes more cells than the map has.
StepGenerator walk_corridor(StepContext& ctx, int dirs, std::size_t cell, int k) {
  const Grid& g = ctx.grid();
  StatSheet& stats = ctx.stats();
  ctx.canvas().set_region(cell, k, Mark::DeadEnd);
  stats.add(kDeadEnds, 1);
  stats.add(kCorridorCells, 1);
  if (stats[kLongest] < 1) stats.set(kLongest, 1);
  co_yield found_step(k, g.point(cell));

  std::vector<Point> corridor{g.point(cell)};
  std::size_t prev = cell;
  std::size_t at = cell;
  for_each_walkable_neighbour(g, cell, dirs, [&](std::size_t j) { at = j; });
  int neighbours = 0;
  for (std::size_t guard = 0; guard < g.size(); ++guard) {
    std::size_t next = at;
    neighbours = 0;
    for_each_walkable_neighbour(g, at, dirs, [&](std::size_t j) {
      ++neighbours;
      if (j != prev) next = j;
    });
    if (neighbours != 2) break;
    ctx.canvas().set_region(at, k);
    corridor.push_back(g.point(at));
    const auto cells = static_cast<std::int64_t>(corridor.size());
    stats.add(kCorridorCells, 1);
    if (cells > stats[kLongest]) stats.set(kLongest, cells);
    co_yield walk_step(k, g.point(at), static_cast<int>(cells));
    prev = at;
    at = next;
  }
  co_yield corridor_done_step(k, std::move(corridor), g.point(at), neighbours);
}

StepGenerator find_dead_ends(StepContext& ctx, ParamValues p) {
  const int dirs = p.get_int("connectivity");
  const Grid& g = ctx.grid();
  co_yield begin_step(g.count_walkable());
  int k = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (!is_walkable(g.tile(i)) || analysis::walkable_neighbours(g, i, dirs) != 1) continue;
    co_yield walk_corridor(ctx, dirs, i, k);
    ++k;
  }
  co_yield done_step(k);
}

}  // namespace

const Narration& dead_end_narration() {
  static const Narration n{.pseudocode = kPseudocode,
                           .words = words,
                           .caption = caption,
                           .stat_slots = kStatCount,
                           .stat_rows = stat_rows};
  return n;
}

Stepper dead_end_stepper(Grid canvas, const ParamValues& p, bool record) {
  return Stepper(find_dead_ends, p, std::move(canvas), Rng(0), kStatCount, record);
}

}  // namespace dungen::analysis_steps
