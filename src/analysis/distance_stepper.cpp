// The distance map, stepped: breadth-first search from the start (RogueBasin's "The Incredible
// Power of Dijkstra Maps", where every step costs 1), one step per cell taken, ring by ring.
//
// The frontier is a FIFO queue, so cells are taken in order of distance: all of ring d before
// any of ring d + 1. A cell gets its distance (the region layer) when it is taken; while it waits
// it carries Mark::Frontier. It ends with exactly distances_from's distances (analysis/
// distances.hpp); cells the start cannot reach keep no distance.
//
// Steps: the start is a phase step (Begin); each cell taken is a cell step (cursor = the cell,
// value = the frontier's size after it); each ring finished is a feature step; the end is a phase
// step (Done: value = the farthest distance, at = the first cell taken at it).
//
// Stats: cells reached so far, the ring being taken (at the end, the farthest distance), and the
// frontier's cells waiting.

#include <array>
#include <string>
#include <vector>

#include "analysis/analysis_steppers.hpp"
#include "analysis/walkable_graph.hpp"

namespace dungen::analysis_steps {
namespace {

using analysis::for_each_walkable_neighbour;

enum Line : int { kStart, kTake, kRingDone, kDone, kLineCount };

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "no cell has a distance; d(start) = 0 and the start goes on the frontier",
    "    take the oldest frontier cell c; each walkable neighbour (4 or 8) with no distance and "
    "not waiting gets d(c) + 1 and joins the frontier",
    "    the next cell waiting is one ring further out: every cell d steps away is known",
    "repeat until the frontier is empty; then done: the farthest cell is d steps from the start",
};

enum class Ev : EventKind { Take = kFirstOwnEvent, RingDone };
enum Stat : std::size_t { kReached, kRing, kFrontier, kStatCount };

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin:
      if (e.reason == static_cast<std::uint8_t>(StartChoice::None)) {
        return "no walkable cell: no distances to measure";
      }
      return "every distance is cleared; the search starts at " + start_text(e) +
             ", d = 0; a cell's neighbours are " + neighbours_text(p);
    case event_kind(Ev::Take):
      return "take " + xy_text(e.at) + ": " + steps_text(e.id) + " from the start; " +
             (e.value == 0 ? std::string("the frontier is empty")
                           : cells_text(e.value) + (e.value == 1 ? " waits" : " wait"));
    case event_kind(Ev::RingDone):
      return "ring " + std::to_string(e.id) + " is done: " + cells_text(e.value) + " " +
             steps_text(e.id) + " from the start";
    case kEventDone:
      if (e.id == 0) return "done: nothing was measured";
      return "the frontier is empty: done; " + cells_text(e.id) + " reached, the farthest " +
             steps_text(e.value) + " away at " + xy_text(e.at);
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  if (e.kind == event_kind(Ev::Take)) return "d = " + std::to_string(e.id);
  if (e.kind == event_kind(Ev::RingDone)) return "ring " + std::to_string(e.id);
  if (e.kind == kEventDone && e.id > 0) return "farthest: " + std::to_string(e.value);
  return "";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues&) {
  return {
      {"reached", "cells reached", cells_text(v[kReached]), v[kReached]},
      {"farthest", "farthest so far", steps_text(v[kRing]), v[kRing]},
      {"frontier", "frontier", cells_text(v[kFrontier]) + " waiting", v[kFrontier]},
  };
}

// ---- The steps' factories ---------------------------------------------------------------------

Step begin_step(const Grid& g, const AnalysisStart& start) {
  const Point at = start.cell ? g.point(*start.cell) : Point{};
  Step s = make_step(StepLevel::Phase, kStart,
                     {.kind = kEventBegin,
                      .reason = static_cast<std::uint8_t>(start.choice),
                      .value = static_cast<int>(g.count_walkable()),
                      .at = at});
  if (start.cell) s.overlay.items.push_back(marker(Role::Cursor, at));
  return s;
}

// One take step serves every cell, moved along by take_at (no allocation per cell step).
Step take_step(Point first) {
  return make_step(StepLevel::Cell, kTake, {.kind = event_kind(Ev::Take)},
                   {{marker(Role::Cursor, first)}});
}
void take_at(Step& take, Point cell, std::int32_t d, std::size_t waiting) {
  take.event.id = d;
  take.event.value = static_cast<int>(waiting);
  take.event.at = cell;
  take.overlay.items[0].cells[0] = cell;
}

Step ring_done_step(std::int32_t ring, std::int64_t cells, Point first) {
  return make_step(
      StepLevel::Feature, kRingDone,
      {.kind = event_kind(Ev::RingDone), .id = ring, .value = static_cast<int>(cells), .at = first},
      {{marker(Role::Cursor, first)}});
}

Step done_step(std::int64_t reached, std::int32_t farthest, Point at) {
  Step s =
      make_step(StepLevel::Phase, kDone,
                {.kind = kEventDone, .id = static_cast<int>(reached), .value = farthest, .at = at});
  if (reached > 0) s.overlay.items.push_back(marker(Role::Cursor, at));
  s.last = true;
  return s;
}

// ---- The body ---------------------------------------------------------------------------------

StepGenerator measure_distances(StepContext& ctx, ParamValues p, AnalysisStart start) {
  const int dirs = p.get_int("connectivity");
  const Grid& g = ctx.grid();
  StatSheet& stats = ctx.stats();
  co_yield begin_step(g, start);
  if (start.cell) {
    // The queue holds every cell that joined the frontier, with its distance: [head, size) wait.
    std::vector<std::uint32_t> queue{static_cast<std::uint32_t>(*start.cell)};
    std::vector<std::int32_t> dist{0};
    ctx.canvas().set_region(*start.cell, -1, Mark::Frontier);
    stats.add(kFrontier, 1);
    Step take = take_step(g.point(*start.cell));
    std::int32_t ring = 0;
    std::int64_t ring_cells = 0;
    Point ring_first = g.point(*start.cell);
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::uint32_t c = queue[head];
      const std::int32_t d = dist[head];
      if (d > ring) {
        co_yield ring_done_step(ring, ring_cells, ring_first);
        ring = d;
        ring_cells = 0;
        ring_first = g.point(c);
      }
      ctx.canvas().set_region(c, d, Mark::None);
      ++ring_cells;
      stats.add(kReached, 1);
      stats.set(kRing, d);
      for_each_walkable_neighbour(g, c, dirs, [&](std::size_t n) {
        if (g.region(n) >= 0 || g.mark(n) == Mark::Frontier) return;
        ctx.canvas().set_region(n, -1, Mark::Frontier);
        queue.push_back(static_cast<std::uint32_t>(n));
        dist.push_back(d + 1);
      });
      const std::size_t waiting = queue.size() - head - 1;
      stats.set(kFrontier, static_cast<std::int64_t>(waiting));
      take_at(take, g.point(c), d, waiting);
      co_yield take;
    }
    co_yield ring_done_step(ring, ring_cells, ring_first);
    co_yield done_step(stats[kReached], ring, ring_first);
  } else {
    co_yield done_step(0, 0, {});
  }
}

}  // namespace

std::string start_text(const Event& begin) {
  return xy_text(begin.at) + (begin.reason == static_cast<std::uint8_t>(StartChoice::Generator)
                                  ? ", the player start"
                                  : ", the largest region's cell nearest the centre (this map "
                                    "has no player start)");
}

std::string neighbours_text(const ParamValues& p) {
  return p.get_int("connectivity") == 4 ? "the 4 sharing an edge" : "the 8 around it";
}

const Narration& distance_narration() {
  static const Narration n{.pseudocode = kPseudocode,
                           .words = words,
                           .caption = caption,
                           .stat_slots = kStatCount,
                           .stat_rows = stat_rows};
  return n;
}

Stepper distance_stepper(Grid canvas, AnalysisStart start, const ParamValues& p, bool record) {
  auto body = [start](StepContext& ctx, ParamValues params) {
    return measure_distances(ctx, std::move(params), start);
  };
  return Stepper(body, p, std::move(canvas), Rng(0), kStatCount, record);
}

}  // namespace dungen::analysis_steps
