// Chokepoints, stepped: the articulation cells of the walkable graph (a cell whose loss splits its
// region: a door, a one-cell corridor), by Tarjan's low links, so a student sees the discovery
// times and low links that decide each one.
//
// A depth-first search from each region's first cell (row-major order) gives every cell a
// discovery time, disc. A cell's low link, low, is the earliest disc it or anything below it in
// the search tree reaches by an edge that is not a tree edge (a way back up). When the search
// finishes a cell v below p and low(v) >= disc(p), nothing under v reaches above p: losing p
// cuts v's cells off. Such a p is a chokepoint, except the search's start, which is one only when
// two or more of its children cut off so. What a chokepoint cuts off is its region less the cell
// and the largest part left (analysis/level_shape.hpp's chokepoints, which this ends with
// exactly).
//
// The region layer holds each cell's disc, drawn as a heat map (the search's order); the
// chokepoints carry Mark::Chokepoint. The search is iterative (a 4096x4096 cave is millions of
// cells deep): each cell is pushed once and each of its directions tried once.
//
// Steps: the start is a phase step (Begin); a search's start an action step; each cell
// discovered a cell step (value = disc); each way back up that lowers a low link a cell step;
// each cell finished a cell step (value = its low); each "nothing under v reaches above p" an
// action step; each chokepoint, once its region is searched, an action step (value = what it cuts
// off); a region done a feature step; the end a phase step (value = chokepoints).
//
// Stats: cells discovered, chokepoints, the largest cut-off (cells).

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/analysis_steppers.hpp"
#include "analysis/walkable_graph.hpp"

namespace dungen::analysis_steps {
namespace {

enum Line : int {
  kBegin,
  kRoot,
  kDiscover,
  kBackUp,
  kFinish,
  kCuts,
  kChokepoint,
  kRegionDone,
  kDone,
  kLineCount
};

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "every walkable cell undiscovered; t = 0",
    "    a depth-first search starts at the first undiscovered walkable cell: disc = low = t; "
    "t = t + 1",
    "        from the cell on top, go to an undiscovered neighbour (4 or 8): disc = low = t; "
    "t = t + 1; it is on top now",
    "        a neighbour discovered earlier, not the parent, is a way back up: low(top) = "
    "min(low(top), its disc)",
    "        the top has no neighbour left to try: it is finished; low(parent) = min(low(parent), "
    "low(top))",
    "            if low(top) >= disc(parent), nothing under top reaches above parent: losing "
    "parent cuts top's cells off",
    "    the search is done: each parent that cuts cells off is a chokepoint (the search's start "
    "only if it cuts off two parts or more); it cuts off its region less itself and the largest "
    "part left",
    "    the region is done",
    "done: k chokepoints",
};

enum class Ev : EventKind {
  Root = kFirstOwnEvent,
  Discover,
  BackUp,
  Finish,
  Cuts,
  Chokepoint,
  RegionDone
};
enum Stat : std::size_t { kDiscovered, kChokepoints, kLargestCut, kStatCount };

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin:
      return cells_text(e.value) + " undiscovered; neighbours are " + neighbours_text(p);
    case event_kind(Ev::Root):
      return "search " + number_text(e.id) + " starts at " + xy_text(e.at) +
             ": disc = low = " + std::to_string(e.value);
    case event_kind(Ev::Discover):
      return xy_text(e.at) + " discovered: disc = low = " + std::to_string(e.value);
    case event_kind(Ev::BackUp): {
      const Point up = s.overlay.items[0].cells.back();
      return xy_text(e.at) + " sees " + xy_text(up) + ", discovered earlier (disc " +
             std::to_string(e.other) + "): a way back up, low = " + std::to_string(e.value);
    }
    case event_kind(Ev::Finish):
      return xy_text(e.at) + " is finished: low " + std::to_string(e.value) +
             (e.other >= 0 ? ", so its parent's low is " + std::to_string(e.other)
                           : std::string(", the search's start"));
    case event_kind(Ev::Cuts): {
      const Point top = s.overlay.items[1].cells[0];
      return "low(" + xy_text(top) + ") = " + std::to_string(e.id) + " >= disc(" + xy_text(e.at) +
             ") = " + std::to_string(e.other) + ": losing " + xy_text(e.at) + " cuts off the " +
             cells_text(e.value) + " under " + xy_text(top) +
             (e.reason == 1 ? " (it is the search's start: a chokepoint only with two such parts)"
                            : "");
    }
    case event_kind(Ev::Chokepoint):
      return xy_text(e.at) + " is chokepoint " + number_text(e.id) + ": its loss cuts off " +
             cells_text(e.value);
    case event_kind(Ev::RegionDone):
      return "search " + number_text(e.id) + " is done: " + std::to_string(e.value) +
             (e.value == 1 ? " chokepoint" : " chokepoints") + " in its region";
    case kEventDone:
      return "every cell discovered: done, " + std::to_string(e.value) +
             (e.value == 1 ? " chokepoint" : " chokepoints");
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  switch (e.kind) {
    case event_kind(Ev::Discover):
      return "disc " + std::to_string(e.value);
    case event_kind(Ev::BackUp):
      return "low " + std::to_string(e.value);
    case event_kind(Ev::Finish):
      return "low " + std::to_string(e.value);
    case event_kind(Ev::Chokepoint):
      return "cuts off " + std::to_string(e.value);
  }
  return "";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues&) {
  return {
      {"discovered", "cells discovered", cells_text(v[kDiscovered]), v[kDiscovered]},
      count_row("chokepoints", "chokepoints", v[kChokepoints]),
      {"largest_cut_off", "largest cut-off", cells_text(v[kLargestCut]), v[kLargestCut]},
  };
}

// ---- The steps' factories ---------------------------------------------------------------------

Step begin_step(std::size_t walkable) {
  return make_step(StepLevel::Phase, kBegin,
                   {.kind = kEventBegin, .value = static_cast<int>(walkable)});
}

Step root_step(int search, Point at, std::uint32_t disc) {
  return make_step(
      StepLevel::Action, kRoot,
      {.kind = event_kind(Ev::Root), .id = search, .value = static_cast<int>(disc), .at = at},
      {{marker(Role::Cursor, at)}});
}

Step discover_step(Point at, std::uint32_t disc) {
  return make_step(StepLevel::Cell, kDiscover,
                   {.kind = event_kind(Ev::Discover), .value = static_cast<int>(disc), .at = at},
                   {{marker(Role::Cursor, at)}});
}

Step back_up_step(Point at, Point up, std::uint32_t up_disc, std::uint32_t low) {
  std::vector<Point> edge{at, up};
  return make_step(StepLevel::Cell, kBackUp,
                   {.kind = event_kind(Ev::BackUp),
                    .other = static_cast<int>(up_disc),
                    .value = static_cast<int>(low),
                    .at = at},
                   {{line(Role::Loop, std::move(edge)), marker(Role::Cursor, at)}});
}

Step finish_step(Point at, std::uint32_t low, int parent_low) {
  return make_step(StepLevel::Cell, kFinish,
                   {.kind = event_kind(Ev::Finish),
                    .other = parent_low,
                    .value = static_cast<int>(low),
                    .at = at},
                   {{marker(Role::Cursor, at)}});
}

Step cuts_step(Point parent, Point top, std::uint32_t low, std::uint32_t disc, std::uint32_t cells,
               bool parent_is_root) {
  return make_step(StepLevel::Action, kCuts,
                   {.kind = event_kind(Ev::Cuts),
                    .reason = static_cast<std::uint8_t>(parent_is_root ? 1 : 0),
                    .id = static_cast<int>(low),
                    .other = static_cast<int>(disc),
                    .value = static_cast<int>(cells),
                    .at = parent},
                   {{marker(Role::Chokepoint, parent), marker(Role::Cursor, top)}});
}

Step chokepoint_step(int k, Point at, std::int64_t cut_off) {
  return make_step(
      StepLevel::Action, kChokepoint,
      {.kind = event_kind(Ev::Chokepoint), .id = k, .value = static_cast<int>(cut_off), .at = at},
      {{marker(Role::Chokepoint, at)}});
}

Step region_done_step(int search, int chokepoints, Point root) {
  return make_step(
      StepLevel::Feature, kRegionDone,
      {.kind = event_kind(Ev::RegionDone), .id = search, .value = chokepoints, .at = root});
}

Step done_step(std::int64_t chokepoints) {
  Step s = make_step(StepLevel::Phase, kDone,
                     {.kind = kEventDone, .value = static_cast<int>(chokepoints)});
  s.last = true;
  return s;
}

// ---- The body ---------------------------------------------------------------------------------

constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// The search's state, the body's, shared by each region's search.
struct Search {
  explicit Search(std::size_t n) : disc(n, kNone), low(n, 0), parent(n, kNone), size(n, 0) {}
  std::vector<std::uint32_t> disc, low, parent, size;
  // The parts a cell's loss separates (children whose cells cannot reach above it): kept only
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
  std::uint32_t time = 0;
};

// The search of one region from `root`, then its chokepoints in row-major order.
StepGenerator search_region(StepContext& ctx, int dirs, std::size_t root_cell, int search,
                            Search& s) {
  const Grid& g = ctx.grid();
  StatSheet& stats = ctx.stats();
  const auto root = static_cast<std::uint32_t>(root_cell);
  s.candidates.clear();
  s.separated.clear();
  s.disc[root] = s.low[root] = s.time++;
  s.size[root] = 1;
  s.stack.push_back({root, 0});
  ctx.canvas().set_region(root, static_cast<std::int32_t>(s.disc[root]));
  stats.add(kDiscovered, 1);
  co_yield root_step(search, g.point(root), s.disc[root]);

  while (!s.stack.empty()) {
    Search::Frame& f = s.stack.back();
    const std::uint32_t v = f.cell;
    if (f.next_dir < dirs) {
      const auto d = static_cast<std::size_t>(f.next_dir++);
      const Point pv = g.point(v);
      const int x = pv.x + analysis::kDx[d], y = pv.y + analysis::kDy[d];
      if (!g.in_bounds(x, y)) continue;
      const auto w = static_cast<std::uint32_t>(g.index(x, y));
      if (!is_walkable(g.tile(w))) continue;
      if (s.disc[w] == kNone) {
        s.parent[w] = v;
        s.disc[w] = s.low[w] = s.time++;
        s.size[w] = 1;
        s.stack.push_back({w, 0});  // f is not used after this
        ctx.canvas().set_region(w, static_cast<std::int32_t>(s.disc[w]));
        stats.add(kDiscovered, 1);
        co_yield discover_step(g.point(w), s.disc[w]);
      } else if (w != s.parent[v] && s.disc[w] < s.low[v]) {
        s.low[v] = s.disc[w];
        co_yield back_up_step(pv, g.point(w), s.disc[w], s.low[v]);
      }
      continue;
    }
    s.stack.pop_back();
    const std::uint32_t p = s.parent[v];
    if (p == kNone) {
      co_yield finish_step(g.point(v), s.low[v], -1);
      continue;
    }
    s.low[p] = std::min(s.low[p], s.low[v]);
    s.size[p] += s.size[v];
    co_yield finish_step(g.point(v), s.low[v], static_cast<int>(s.low[p]));
    if (s.low[v] >= s.disc[p]) {
      Search::Separated& part = s.separated[p];
      if (part.count++ == 0) s.candidates.push_back(p);
      part.sum += s.size[v];
      part.largest = std::max<std::int64_t>(part.largest, s.size[v]);
      co_yield cuts_step(g.point(p), g.point(v), s.low[v], s.disc[p], s.size[v], p == root);
    }
  }

  // The region's size is the root's: each candidate's parts are known now.
  std::sort(s.candidates.begin(), s.candidates.end());
  const auto region = static_cast<std::int64_t>(s.size[root]);
  int found = 0;
  for (const std::uint32_t c : s.candidates) {
    const Search::Separated& part = s.separated[c];
    if (c == root && part.count < 2) continue;  // the start's one child is the whole rest
    const std::int64_t rest = region - 1 - part.sum;
    const std::int64_t cut_off = region - 1 - std::max(part.largest, rest);
    ctx.canvas().set_mark(c, Mark::Chokepoint);
    stats.add(kChokepoints, 1);
    if (cut_off > stats[kLargestCut]) stats.set(kLargestCut, cut_off);
    ++found;
    co_yield chokepoint_step(static_cast<int>(stats[kChokepoints]) - 1, g.point(c), cut_off);
  }
  co_yield region_done_step(search, found, g.point(root));
}

StepGenerator find_chokepoints(StepContext& ctx, ParamValues p) {
  const int dirs = p.get_int("connectivity");
  const Grid& g = ctx.grid();
  Search s(g.size());
  co_yield begin_step(g.count_walkable());
  int search = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (!is_walkable(g.tile(i)) || s.disc[i] != kNone) continue;
    co_yield search_region(ctx, dirs, i, search, s);
    ++search;
  }
  co_yield done_step(ctx.stats()[kChokepoints]);
}

}  // namespace

const Narration& chokepoint_narration() {
  static const Narration n{.pseudocode = kPseudocode,
                           .words = words,
                           .caption = caption,
                           .stat_slots = kStatCount,
                           .stat_rows = stat_rows};
  return n;
}

Stepper chokepoint_stepper(Grid canvas, const ParamValues& p, bool record) {
  return Stepper(find_chokepoints, p, std::move(canvas), Rng(0), kStatCount, record);
}

}  // namespace dungen::analysis_steps
