// The flood-fill labelling of Caves of Clojure part 7.1, stepped.
//
// The series keeps a set of remaining walkable coordinates, takes any one of them, collects
// everything walkable from it (walked / to-walk sets) and repeats. Here the same loop is made
// deterministic so the app and the fast path agree: the next region starts at the first
// unlabelled walkable cell in row-major order (a cursor that only moves forward), and it grows
// breadth first from a FIFO frontier. Region k is therefore the k-th region by first cell, as in
// label_regions. The series walks 8 ways; connectivity 4 is offered too.
//
// Steps: a region's start is an action step; each visited cell is a cell step (cursor = cell,
// value = frontier size); each finished region is a feature step (overlay = its bounding box);
// the end is a phase step. Frontier cells carry Mark::Frontier and region -1 until visited.

#include "analysis/region_stepper.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "analysis/regions.hpp"

namespace dungen {
namespace {

enum Line : int {
  kClear,
  kScan,
  kStart,
  kWhileFrontier,
  kVisit,
  kPushNeighbours,
  kRegionDone,
  kDone,
};

constexpr std::array<std::string_view, 8> kPseudocode = {
    "clear every cell's region",
    "scan the cells in row-major order for a walkable cell with no region",
    "    start region k there: put the cell on the frontier",
    "    while the frontier is not empty:",
    "        take the oldest frontier cell: it joins region k",
    "        put its walkable neighbours (4 or 8) not yet seen on the frontier",
    "    region k is done; k = k + 1",
    "done: k regions",
};

// Edge neighbours first, so connectivity 4 uses the first four.
constexpr std::array<Point, 8> kDirs = {
    Point{1, 0}, Point{-1, 0}, Point{0, 1},  Point{0, -1},
    Point{1, 1}, Point{-1, 1}, Point{1, -1}, Point{-1, -1},
};

StepGenerator flood_regions(StepContext& ctx, ParamValues p) {
  const int dirs = p.get_int("connectivity") == 8 ? 8 : 4;
  const Grid& g = ctx.grid();
  Canvas& canvas = ctx.canvas();
  std::vector<std::uint32_t> frontier;  // FIFO: [head, size) is waiting
  Counters counters;                    // cells = visited, placed = regions done
  std::int32_t region = 0;

  for (std::size_t scan = 0; scan < g.size(); ++scan) {
    if (!is_walkable(g.tile(scan)) || g.region(scan) >= 0) continue;
    const Point first = g.point(scan);
    frontier.clear();
    frontier.push_back(static_cast<std::uint32_t>(scan));
    canvas.set_region(scan, -1, Mark::Frontier);
    const Step start{StepLevel::Action, kStart,
                     Event{EventKind::RegionStart, Reason::None, region, -1, 1, first, {}},
                     Overlay{{}, Verdict::None, {}, first}, counters};
    co_yield start;

    int size = 0;
    int x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y;
    for (std::size_t head = 0; head < frontier.size();) {
      const std::uint32_t i = frontier[head++];
      canvas.set_region(i, region, Mark::None);
      ++size;
      ++counters.cells;
      const Point c = g.point(i);
      x0 = std::min(x0, c.x);
      x1 = std::max(x1, c.x);
      y1 = std::max(y1, c.y);  // rows only grow: the first cell is on the top row
      for (int d = 0; d < dirs; ++d) {
        const int nx = c.x + kDirs[static_cast<std::size_t>(d)].x;
        const int ny = c.y + kDirs[static_cast<std::size_t>(d)].y;
        if (!g.in_bounds(nx, ny)) continue;
        const std::size_t n = g.index(nx, ny);
        if (!is_walkable(g.tile(n)) || g.region(n) >= 0 || g.mark(n) == Mark::Frontier) continue;
        canvas.set_region(n, -1, Mark::Frontier);
        frontier.push_back(static_cast<std::uint32_t>(n));
      }
      const Step visit{StepLevel::Cell, kVisit,
                       Event{EventKind::RegionCell,
                             Reason::None,
                             region,
                             -1,
                             static_cast<int>(frontier.size() - head),
                             c,
                             {}},
                       Overlay{{}, Verdict::None, {}, c}, counters};
      co_yield visit;
    }
    ++counters.placed;
    const Rect box{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    const Step done{StepLevel::Feature, kRegionDone,
                    Event{EventKind::RegionDone, Reason::None, region, -1, size, first, box},
                    Overlay{box, Verdict::Accepted, {}, first}, counters};
    co_yield done;
    ++region;
  }
  const Step all_done{StepLevel::Phase,
                      kDone,
                      Event{EventKind::RegionsDone, Reason::None, -1, -1, region, {}, {}},
                      Overlay{},
                      counters,
                      true};
  co_yield all_done;
}

}  // namespace

std::span<const std::string_view> region_pseudocode() {
  return kPseudocode;
}

Stepper start_region_stepper(const Grid& map, const ParamValues& region_params,
                             bool record_changes) {
  if (auto err = region_params.validate()) throw std::invalid_argument(*err);
  if (&region_params.schema() != &region_schema()) {
    throw std::invalid_argument("parameters do not belong to the region labelling");
  }
  Grid grid = map;
  grid.clear_regions();
  for (std::size_t i = 0; i < grid.size(); ++i) {
    if (grid.mark(i) == Mark::None) continue;
    Cell c = grid.cell(i);
    c.mark = Mark::None;
    grid.put(i, c);
  }
  return Stepper(flood_regions, region_params, std::move(grid), Rng(0), record_changes);
}

}  // namespace dungen
