// The flood-fill labelling of Caves of Clojure part 7.1, stepped.
//
// The series keeps a set of remaining walkable coordinates, takes any one of them, collects
// everything walkable from it (walked / to-walk sets) and repeats. Here the same loop is made
// deterministic so the app and the fast path agree: the next region starts at the first
// unlabelled walkable cell in row-major order (a cursor that only moves forward), and it grows
// breadth first from a FIFO frontier. Region k is therefore the k-th region by first cell, as in
// label_regions. The series walks 8 ways; connectivity 4 is offered too. Nothing is random.
//
// The body scans for the next walkable cell with no region and hands it to a part, grow_region,
// which starts the region with that one cell on the frontier and grows it until the frontier is
// empty. Every pseudocode line is exactly what one kind of step does, with one step per visited
// cell (taking the cell and pushing its neighbours are the same step).
//
// Steps: the cleared map is a phase step (Begin); a region's start is an action step; each
// visited cell is a cell step (cursor = cell, value = frontier size after it); each finished
// region is a feature step (overlay = its bounding box); the end is a phase step (Done). Frontier
// cells carry Mark::Frontier and region -1 until visited. Region ids are 0-based inside and
// 1-based in the words and the pseudocode's k (region id 0 is "region 1").
//
// Stats: regions started so far (a region counts from its start step), the largest region's
// cells so far (the growing one included), and the frontier's cells waiting (0 at the end).

#include "analysis/region_stepper.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/regions.hpp"

namespace dungen {
namespace {

enum Line : int {
  kClear,
  kStart,
  kVisit,
  kRegionDone,
  kDone,
  kLineCount,
};

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "clear every cell's region; k = 0",
    "    k = k + 1; region k starts at the first walkable cell with no region (row-major order): "
    "put it on the frontier",
    "        take the oldest frontier cell into region k; its walkable neighbours (4 or 8) that "
    "are in no region and not on the frontier join the frontier",
    "    repeat until the frontier is empty; then region k is done",
    "repeat until every walkable cell has a region; then done: k regions",
};
static_assert(kPseudocode.size() == kLineCount);

using region_steps::Ev;

enum Stat : std::size_t { kRegions, kLargest, kFrontier, kStatCount };

std::string cells_text(std::int64_t n) {
  return std::to_string(n) + (n == 1 ? " cell" : " cells");
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  const std::string region = "region " + number_text(e.id);
  switch (e.kind) {
    case kEventBegin:
      return "every cell's region is cleared: " + std::to_string(e.value) +
             (e.value == 1 ? " walkable cell" : " walkable cells") + " to label; a cell's " +
             (p.get("connectivity") == 4 ? "neighbours are the 4 sharing an edge"
                                         : "neighbours are the 8 around it");
    case kEventDone:
      return "every walkable cell has a region: done, " + std::to_string(e.value) +
             (e.value == 1 ? " region" : " regions");
    case event_kind(Ev::Start):
      return region + " starts at " + xy_text(e.at) +
             ", the first walkable cell with no region: it goes on the frontier";
    case event_kind(Ev::Visit):
      return region + " takes " + xy_text(e.at) + "; " +
             (e.value == 0
                  ? std::string("the frontier is empty")
                  : cells_text(e.value) + (e.value == 1 ? " waits" : " wait") + " on the frontier");
    case event_kind(Ev::RegionDone):
      return "the frontier is empty: " + region + " is done, " + cells_text(e.value) +
             " (bounding box " + size_text(e.rect.w, e.rect.h) + " at " +
             xy_text({e.rect.x, e.rect.y}) + ")";
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  switch (e.kind) {
    case event_kind(Ev::Start):
      return "region " + number_text(e.id);
    case event_kind(Ev::RegionDone):
      return "region " + number_text(e.id) + ": " + cells_text(e.value);
  }
  return "";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues&) {
  return {
      count_row("regions", "flood-fill regions", v[kRegions]),
      {"largest_region", "largest flood-fill region", cells_text(v[kLargest]), v[kLargest]},
      {"frontier", "frontier", cells_text(v[kFrontier]) + " waiting", v[kFrontier]},
  };
}

// Edge neighbours first, so connectivity 4 uses the first four.
constexpr std::array<Point, 8> kDirs = {
    Point{1, 0}, Point{-1, 0}, Point{0, 1},  Point{0, -1},
    Point{1, 1}, Point{-1, 1}, Point{1, -1}, Point{-1, -1},
};

// ---- The steps' factories: the body says `co_yield start_step(...)` -------------------------

Step begin_step(std::size_t walkable) {
  return make_step(StepLevel::Phase, kClear,
                   {.kind = kEventBegin, .value = static_cast<int>(walkable)});
}

Step start_step(std::int32_t region, Point first) {
  return make_step(StepLevel::Action, kStart,
                   {.kind = event_kind(Ev::Start), .id = region, .value = 1, .at = first},
                   {{marker(Role::Cursor, first)}});
}

// One visit step serves all of a region's cells, moved along by visit_at: only its cell and
// counts change, so a cell step costs no allocation. The cursor starts on the region's first cell.
Step visit_step(std::int32_t region, Point first) {
  return make_step(StepLevel::Cell, kVisit, {.kind = event_kind(Ev::Visit), .id = region},
                   {{marker(Role::Cursor, first)}});
}
void visit_at(Step& visit, Point cell, std::size_t waiting) {
  visit.event.value = static_cast<int>(waiting);
  visit.event.at = cell;
  visit.overlay.items[0].cells[0] = cell;
}

Step region_done_step(std::int32_t region, int size, Point first, const Rect& bounds) {
  return make_step(StepLevel::Feature, kRegionDone,
                   {.kind = event_kind(Ev::RegionDone),
                    .id = region,
                    .value = size,
                    .at = first,
                    .rect = bounds},
                   {{box(Role::Finished, bounds), marker(Role::Cursor, first)}});
}

Step done_step(std::int32_t regions) {
  Step s = make_step(StepLevel::Phase, kDone, {.kind = kEventDone, .value = regions});
  s.last = true;
  return s;
}

// ---- The body ---------------------------------------------------------------------------------

// The frontier vector drops the cells already taken from its front once they are this many and
// at least half of it (a move of the rest, amortised): it holds about the cells waiting, not
// every cell of the region (the main region of a 4096x4096 cave made it a 32 MB vector).
constexpr std::size_t kDropTakenCells = 4096;

// Puts the walkable neighbours of `c` that are in no region and not yet waiting on the frontier
// (marked Mark::Frontier, region -1).
void push_neighbours(StepContext& ctx, Point c, int dirs, std::vector<std::uint32_t>& frontier) {
  const Grid& g = ctx.grid();
  for (int d = 0; d < dirs; ++d) {
    const int nx = c.x + kDirs[static_cast<std::size_t>(d)].x;
    const int ny = c.y + kDirs[static_cast<std::size_t>(d)].y;
    if (!g.in_bounds(nx, ny)) continue;
    const std::size_t n = g.index(nx, ny);
    if (!is_walkable(g.tile(n)) || g.region(n) >= 0 || g.mark(n) == Mark::Frontier) continue;
    ctx.canvas().set_region(n, -1, Mark::Frontier);
    frontier.push_back(static_cast<std::uint32_t>(n));
  }
}

// The region part: region `region` starts at cell `first_cell` and grows breadth first until its
// frontier is empty, a step per visited cell. `frontier` is the body's, reused by every region.
StepGenerator grow_region(StepContext& ctx, int dirs, std::size_t first_cell, std::int32_t region,
                          std::vector<std::uint32_t>& frontier) {
  const Grid& g = ctx.grid();
  StatSheet& stats = ctx.stats();
  const Point first = g.point(first_cell);
  frontier.clear();  // FIFO: [head, size) is waiting
  frontier.push_back(static_cast<std::uint32_t>(first_cell));
  ctx.canvas().set_region(first_cell, -1, Mark::Frontier);
  stats.add(kRegions, 1);
  stats.add(kFrontier, 1);
  co_yield start_step(region, first);

  Step visit = visit_step(region, first);
  int size = 0;
  int x0 = first.x, x1 = first.x, y1 = first.y;
  for (std::size_t head = 0; head < frontier.size();) {
    const std::uint32_t i = frontier[head++];
    if (head >= kDropTakenCells && 2 * head >= frontier.size()) {
      // The cells taken leave the vector: it holds the waiting ones, not the whole region.
      frontier.erase(frontier.begin(), frontier.begin() + static_cast<std::ptrdiff_t>(head));
      head = 0;
    }
    ctx.canvas().set_region(i, region, Mark::None);
    ++size;
    const Point c = g.point(i);
    x0 = std::min(x0, c.x);
    x1 = std::max(x1, c.x);
    y1 = std::max(y1, c.y);  // rows only grow: the first cell is on the top row
    const std::size_t before = frontier.size();
    push_neighbours(ctx, c, dirs, frontier);
    stats.add(kFrontier, static_cast<std::int64_t>(frontier.size() - before) - 1);
    if (size > stats[kLargest]) stats.set(kLargest, size);
    visit_at(visit, c, frontier.size() - head);
    co_yield visit;
  }
  co_yield region_done_step(region, size, first, Rect{x0, first.y, x1 - x0 + 1, y1 - first.y + 1});
}

// The body: clear, then a region from every walkable cell the scan finds with no region yet.
StepGenerator flood_regions(StepContext& ctx, ParamValues p) {
  const int dirs = p.get_int("connectivity") == 8 ? 8 : 4;
  const Grid& g = ctx.grid();
  std::vector<std::uint32_t> frontier;
  std::int32_t region = 0;

  co_yield begin_step(g.count_walkable());
  for (std::size_t scan = 0; scan < g.size(); ++scan) {
    if (!is_walkable(g.tile(scan)) || g.region(scan) >= 0) continue;
    co_yield grow_region(ctx, dirs, scan, region, frontier);
    ++region;
  }
  co_yield done_step(region);
}

}  // namespace

const Narration& region_narration() {
  static const Narration n{.pseudocode = kPseudocode,
                           .words = words,
                           .caption = caption,
                           .stat_slots = kStatCount,
                           .stat_rows = stat_rows};
  return n;
}

Stepper start_region_stepper(const Grid& map, const ParamValues& region_params,
                             bool record_changes) {
  if (!region_params.has_schema() || &region_params.schema() != &region_schema()) {
    throw std::invalid_argument("parameters do not belong to the region labelling");
  }
  if (auto err = region_params.validate()) throw std::invalid_argument(err->words());
  Grid grid = map;
  grid.clear_regions();
  for (std::size_t i = 0; i < grid.size(); ++i) {
    if (grid.mark(i) == Mark::None) continue;
    Cell c = grid.cell(i);
    c.mark = Mark::None;
    grid.put(i, c);
  }
  return Stepper(flood_regions, region_params, std::move(grid), Rng(0), kStatCount, record_changes);
}

}  // namespace dungen
