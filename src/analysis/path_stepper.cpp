// The critical path, stepped: the longest shortest walk of the start's region, found the way a
// student can follow. Search 1 (breadth first from the start, shown ring by ring) finds a, the
// cell farthest from the start; search 2, the same way from a, finds b, the cell farthest from
// a: the double sweep. On a tree (a maze) a-b is the farthest pair; where walkable cells make
// loops it can fall short, so a check follows (more searches, each bounding every cell's farthest
// walk above and below;
// analysis/distances.hpp's farthest_pair), which proves a-b the longest or finds a longer pair
// (then one more search from its end, shown too). Last, the path is walked back from b to a,
// each step to a neighbour one nearer a, and marked.
//
// The region layer holds the distances of the search being shown (cleared when the next search
// starts); at the end, the distances from a. The path's cells carry Mark::Path. It ends with
// exactly farthest_pair's a, b and path.
//
// Steps: the start is a phase step (Begin); each ring of a search is a cell step (id = ring,
// value = its cells, other = the search: 0 from the start, 1 from a, 2 from the check's a);
// a search's farthest cell is a feature step; the check is an action step (reason: 0 proved,
// 1 found longer, 2 out of searches); each path cell is a cell step; the end is a phase step
// (Done: value = the length, overlay: the path).
//
// Stats: searches made, the farthest from the start, the longest walk known, path cells marked.

#include <array>
#include <string>
#include <vector>

#include "analysis/analysis_steppers.hpp"
#include "analysis/distances.hpp"

namespace dungen::analysis_steps {
namespace {

enum Line : int {
  kStart,
  kRing,
  kFarthestFromStart,
  kFarthestFromA,
  kCheck,
  kWalk,
  kDone,
  kLineCount
};

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "search 1: breadth first from the start",
    "    ring d: every cell d steps from where this search started",
    "a = the cell search 1 took last (the farthest from the start); search 2: breadth first "
    "from a",
    "b = the cell search 2 took last (the farthest from a): a-b is the double sweep's pair",
    "check: more searches, each bounding every cell's farthest walk above and below, prove no "
    "pair is farther apart, or find one (then search again from its end: a, b = that pair)",
    "walk back from b to a, each step to a neighbour one step nearer a: the critical path",
    "done: the critical path is d steps long",
};

enum class Ev : EventKind { Ring = kFirstOwnEvent, Farthest, Check, Walk };
enum class CheckResult : std::uint8_t { Proved = 0, Longer = 1, OutOfSearches = 2 };
enum Stat : std::size_t { kSearches, kFromStart, kLongest, kPathCells, kStatCount };

constexpr std::array<std::string_view, 3> kSearchFrom = {"the start", "a", "the check's a"};

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin:
      if (e.reason == static_cast<std::uint8_t>(StartChoice::None)) {
        return "no walkable cell: no path to find";
      }
      return "search 1 starts at " + start_text(e) + "; neighbours are " + neighbours_text(p);
    case event_kind(Ev::Ring):
      return "search " + std::to_string(e.other == 2 ? 3 : e.other + 1) + ", ring " +
             std::to_string(e.id) + ": " + cells_text(e.value) + " " + steps_text(e.id) + " from " +
             std::string(kSearchFrom[static_cast<std::size_t>(e.other)]) +
             (e.id == 0 && e.other > 0 ? " (the last search's distances are cleared)" : "");
    case event_kind(Ev::Farthest):
      if (e.other == 0) {
        return "a = " + xy_text(e.at) + ", taken last by search 1: " + steps_text(e.value) +
               " from the start";
      }
      return "b = " + xy_text(e.at) + ", taken last by the search from a: a-b is " +
             steps_text(e.value) + " long";
    case event_kind(Ev::Check):
      switch (static_cast<CheckResult>(e.reason)) {
        case CheckResult::Proved:
          return "check: " + std::to_string(e.id) +
                 (e.id == 1 ? " more search proves" : " more searches prove") +
                 " no two cells of the region are farther apart than " + steps_text(e.value);
        case CheckResult::Longer:
          return "check: " + std::to_string(e.id) +
                 (e.id == 1 ? " more search finds" : " more searches find") + " a longer walk, " +
                 steps_text(e.value) + ", from " + xy_text(e.at) +
                 ": the double sweep fell short (the region has loops)";
        case CheckResult::OutOfSearches:
          return "check: the bound of " + std::to_string(analysis::kMaxPairSearches) +
                 " searches is spent; the longest walk found is " + steps_text(e.value) +
                 " (there may be a longer one)";
      }
      return "?";
    case event_kind(Ev::Walk):
      return "walk back: " + xy_text(e.at) + ", " + steps_text(e.id) + " from a";
    case kEventDone:
      if (s.overlay.items.empty()) return "done: no path";
      return "done: the critical path runs " + steps_text(e.value) + " from a " +
             xy_text(s.overlay.items[0].cells.front()) + " to b " +
             xy_text(s.overlay.items[0].cells.back());
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  if (e.kind == event_kind(Ev::Farthest)) return e.other == 0 ? "a" : "b";
  if (e.kind == event_kind(Ev::Ring)) return "d = " + std::to_string(e.id);
  if (e.kind == kEventDone && !s.overlay.items.empty()) return steps_text(e.value);
  return "";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues&) {
  return {
      count_row("searches", "breadth-first searches", v[kSearches]),
      {"farthest_from_start", "farthest from the start", steps_text(v[kFromStart]), v[kFromStart]},
      {"critical_path", "critical path", steps_text(v[kLongest]), v[kLongest]},
      {"path_cells", "path cells marked", cells_text(v[kPathCells]), v[kPathCells]},
  };
}

// ---- The steps' factories ---------------------------------------------------------------------

Step begin_step(const Grid& g, const AnalysisStart& start) {
  const Point at = start.cell ? g.point(*start.cell) : Point{};
  Step s =
      make_step(StepLevel::Phase, kStart,
                {.kind = kEventBegin, .reason = static_cast<std::uint8_t>(start.choice), .at = at});
  if (start.cell) s.overlay.items.push_back(marker(Role::Cursor, at));
  return s;
}

Step ring_step(int search, std::int32_t ring, std::size_t cells, Point first) {
  return make_step(StepLevel::Cell, kRing,
                   {.kind = event_kind(Ev::Ring),
                    .id = ring,
                    .other = search,
                    .value = static_cast<int>(cells),
                    .at = first},
                   {{marker(Role::Cursor, first)}});
}

Step farthest_step(int search, Point at, std::int32_t d) {
  return make_step(StepLevel::Feature, search == 0 ? kFarthestFromStart : kFarthestFromA,
                   {.kind = event_kind(Ev::Farthest), .other = search, .value = d, .at = at},
                   {{marker(Role::Cursor, at)}});
}

Step check_step(CheckResult result, int searches, std::int32_t length, Point from) {
  return make_step(StepLevel::Action, kCheck,
                   {.kind = event_kind(Ev::Check),
                    .reason = static_cast<std::uint8_t>(result),
                    .id = searches,
                    .value = length,
                    .at = from},
                   {{marker(Role::Cursor, from)}});
}

Step walk_step(Point first) {
  return make_step(StepLevel::Cell, kWalk, {.kind = event_kind(Ev::Walk)},
                   {{marker(Role::Cursor, first)}});
}
void walk_at(Step& walk, Point cell, std::int32_t from_a) {
  walk.event.id = from_a;
  walk.event.at = cell;
  walk.overlay.items[0].cells[0] = cell;
}

Step done_step(std::int32_t length, std::vector<Point> path) {
  Step s = make_step(StepLevel::Phase, kDone, {.kind = kEventDone, .value = length});
  if (!path.empty()) s.overlay.items.push_back(line(Role::Path, std::move(path)));
  s.last = true;
  return s;
}

Step no_path_step() {
  Step s = make_step(StepLevel::Phase, kDone, {.kind = kEventDone});
  s.last = true;
  return s;
}

// ---- The body ---------------------------------------------------------------------------------

// One search shown ring by ring: the last search's distances cleared with ring 0, then each ring's
// cells given their distance in one step.
StepGenerator show_search(StepContext& ctx, const analysis::DistanceMap& m, int search,
                          const std::vector<std::uint32_t>* last_order) {
  const Grid& g = ctx.grid();
  ctx.stats().add(kSearches, 1);
  if (last_order) {
    for (const std::uint32_t i : *last_order) ctx.canvas().set_region(i, -1);
  }
  for (std::size_t k = 0; k < m.order.size();) {
    const std::int32_t ring = m.distance[m.order[k]];
    const std::size_t first = k;
    for (; k < m.order.size() && m.distance[m.order[k]] == ring; ++k) {
      ctx.canvas().set_region(m.order[k], ring);
    }
    co_yield ring_step(search, ring, k - first, g.point(m.order[first]));
  }
}

StepGenerator find_critical_path(StepContext& ctx, ParamValues p, AnalysisStart start) {
  const int dirs = p.get_int("connectivity");
  const Grid& g = ctx.grid();
  StatSheet& stats = ctx.stats();
  co_yield begin_step(g, start);
  if (start.cell) {
    // The searches are distances_from's, and the pair farthest_pair's, so the fast path agrees.
    const analysis::DistanceMap from_start = analysis::distances_from(g, *start.cell, dirs);
    co_yield show_search(ctx, from_start, 0, nullptr);
    stats.set(kFromStart, from_start.farthest_distance);
    co_yield farthest_step(0, g.point(from_start.farthest), from_start.farthest_distance);

    const analysis::DistanceMap from_a = analysis::distances_from(g, from_start.farthest, dirs);
    co_yield show_search(ctx, from_a, 1, &from_start.order);
    stats.set(kLongest, from_a.farthest_distance);
    co_yield farthest_step(1, g.point(from_a.farthest), from_a.farthest_distance);

    const analysis::FarthestPair pair = analysis::farthest_pair(g, *start.cell, dirs);
    const bool longer = pair.a != from_start.farthest;
    const int check_searches = pair.searches - 2 - (longer ? 1 : 0);
    stats.add(kSearches, check_searches);
    stats.set(kLongest, pair.length);
    const CheckResult result = !pair.exact ? CheckResult::OutOfSearches
                               : longer    ? CheckResult::Longer
                                           : CheckResult::Proved;
    co_yield check_step(result, check_searches, pair.length, g.point(pair.a));
    if (longer) {
      const analysis::DistanceMap from_new_a = analysis::distances_from(g, pair.a, dirs);
      co_yield show_search(ctx, from_new_a, 2, &from_a.order);
      co_yield farthest_step(2, g.point(pair.b), pair.length);
    }

    // The path as farthest_pair walked it (a first), marked from b back to a.
    std::vector<Point> cells;
    cells.reserve(pair.path.size());
    for (const std::size_t i : pair.path) cells.push_back(g.point(i));
    Step walk = walk_step(cells.back());
    for (std::size_t k = pair.path.size(); k-- > 0;) {
      ctx.canvas().set_mark(pair.path[k], Mark::Path);
      stats.add(kPathCells, 1);
      walk_at(walk, cells[k], static_cast<std::int32_t>(k));
      co_yield walk;
    }
    co_yield done_step(pair.length, std::move(cells));
  } else {
    co_yield no_path_step();
  }
}

}  // namespace

const Narration& path_narration() {
  static const Narration n{.pseudocode = kPseudocode,
                           .words = words,
                           .caption = caption,
                           .stat_slots = kStatCount,
                           .stat_rows = stat_rows};
  return n;
}

Stepper path_stepper(Grid canvas, AnalysisStart start, const ParamValues& p, bool record) {
  auto body = [start](StepContext& ctx, ParamValues params) {
    return find_critical_path(ctx, std::move(params), start);
  };
  return Stepper(body, p, std::move(canvas), Rng(0), kStatCount, record);
}

}  // namespace dungen::analysis_steps
