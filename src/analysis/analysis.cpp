#include "analysis/analysis.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "analysis/analysis_steppers.hpp"
#include "analysis/distances.hpp"
#include "analysis/level_shape.hpp"
#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"

namespace dungen {

namespace {

using analysis_steps::AnalysisStart;
using analysis_steps::StartChoice;

constexpr std::array<AnalysisSpec, kAnalysisCount> kAnalyses{{
    {AnalysisKind::Regions, "regions", "flood-fill regions",
     "flood fill: which walkable cells are connected (Caves of Clojure)", "the cell's region",
     AnalysisValues::Ids, false, region_narration},
    {AnalysisKind::Distance, "distance", "distance",
     "breadth-first distance from the start to every cell it reaches (a Dijkstra map)",
     "steps from the start", AnalysisValues::Amounts, true, analysis_steps::distance_narration},
    {AnalysisKind::Path, "path", "critical path",
     "the farthest pair of the start's region and the shortest walk between them",
     "steps from a, the path's first end", AnalysisValues::Amounts, true,
     analysis_steps::path_narration},
    {AnalysisKind::DeadEnds, "dead-ends", "dead ends",
     "cells with one walkable neighbour, and the corridors leading to them",
     "the dead-end corridor the cell is in", AnalysisValues::Ids, false,
     analysis_steps::dead_end_narration},
    {AnalysisKind::Loops, "loops", "loops",
     "the cycle rank (edges - cells + regions) and the room graph's, each loop shown",
     "the tree (region) the cell was taken into", AnalysisValues::Ids, false,
     analysis_steps::loop_narration},
    {AnalysisKind::Chokepoints, "chokepoints", "chokepoints",
     "cells whose loss splits their region (Tarjan's low links), and what each cuts off",
     "the cell's depth-first discovery time", AnalysisValues::Amounts, false,
     analysis_steps::chokepoint_narration},
}};

constexpr bool analyses_in_order() {
  for (std::size_t i = 0; i < kAnalysisCount; ++i) {
    if (static_cast<std::size_t>(kAnalyses[i].kind) != i) return false;
  }
  return true;
}

void check_params(const ParamValues& params) {
  if (!params.has_schema() || &params.schema() != &region_schema()) {
    throw std::invalid_argument("parameters do not belong to the level analyses");
  }
  if (auto err = params.validate()) throw std::invalid_argument(err->words());
}

AnalysisStart find_start(const Grid& map, std::optional<Point> generator_start, int connectivity) {
  AnalysisStart s;
  s.cell = analysis::analysis_start(map, generator_start, connectivity);
  if (!s.cell) return s;
  const bool from_generator = generator_start && map.in_bounds(*generator_start) &&
                              map.index(generator_start->x, generator_start->y) == *s.cell;
  s.choice = from_generator ? StartChoice::Generator : StartChoice::Rule;
  return s;
}

}  // namespace

std::span<const AnalysisSpec> all_analyses() {
  static_assert(analyses_in_order(), "kAnalyses lists every AnalysisKind once, in order");
  return kAnalyses;
}

const AnalysisSpec& analysis_spec(AnalysisKind kind) {
  return kAnalyses[static_cast<std::size_t>(kind)];
}

const AnalysisSpec* find_analysis(std::string_view name) {
  for (const AnalysisSpec& a : kAnalyses) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

Grid analysis_canvas(const Grid& map) {
  Grid grid = map;
  grid.clear_regions();
  for (std::size_t i = 0; i < grid.size(); ++i) {
    if (grid.mark(i) == Mark::None) continue;
    Cell c = grid.cell(i);
    c.mark = Mark::None;
    grid.put(i, c);
  }
  return grid;
}

Stepper start_analysis(AnalysisKind kind, const Grid& map, std::optional<Point> generator_start,
                       const ParamValues& params, bool record_changes) {
  check_params(params);
  const int connectivity = params.get_int("connectivity");
  switch (kind) {
    case AnalysisKind::Regions:
      return start_region_stepper(map, params, record_changes);
    case AnalysisKind::Distance:
      return analysis_steps::distance_stepper(analysis_canvas(map),
                                              find_start(map, generator_start, connectivity),
                                              params, record_changes);
    case AnalysisKind::Path:
      return analysis_steps::path_stepper(analysis_canvas(map),
                                          find_start(map, generator_start, connectivity), params,
                                          record_changes);
    case AnalysisKind::DeadEnds:
      return analysis_steps::dead_end_stepper(analysis_canvas(map), params, record_changes);
    case AnalysisKind::Loops:
      return analysis_steps::loop_stepper(analysis_canvas(map), params, record_changes);
    case AnalysisKind::Chokepoints:
      return analysis_steps::chokepoint_stepper(analysis_canvas(map), params, record_changes);
  }
  throw std::invalid_argument("no such analysis");
}

AnalysisRun run_analysis(AnalysisKind kind, const Grid& map, std::optional<Point> generator_start,
                         const ParamValues& params) {
  AnalysisRun run{.spec = &analysis_spec(kind), .params = params};
  Stepper s = start_analysis(kind, map, generator_start, params, /*record_changes=*/false);
  while (const Step* step = s.next()) {
    if (step->event.kind == kEventBegin && run.spec->uses_start &&
        step->event.reason != static_cast<std::uint8_t>(StartChoice::None)) {
      run.start = step->event.at;
    }
  }
  run.steps = s.steps_taken();
  run.stats.assign(s.stats().begin(), s.stats().end());
  run.map = s.grid();
  return run;
}

LevelFigures level_figures(const Grid& map, std::optional<Point> generator_start,
                           int connectivity) {
  LevelFigures f;
  if (const auto start = analysis::analysis_start(map, generator_start, connectivity)) {
    f.critical_path =
        analysis::farthest_pair(map, *start, connectivity, analysis::kMaxPairSearches, false)
            .length;
  }
  const analysis::Loops loops = analysis::loops(map, connectivity);
  f.loops = loops.cycle_rank;
  if (loops.has_rooms) f.room_loops = loops.room_cycle_rank;
  f.dead_ends = static_cast<std::int64_t>(analysis::dead_ends(map, connectivity).size());
  const std::vector<analysis::Chokepoint> chokepoints = analysis::chokepoints(map, connectivity);
  f.chokepoints = static_cast<std::int64_t>(chokepoints.size());
  for (const analysis::Chokepoint& c : chokepoints) {
    f.largest_cut_off = std::max(f.largest_cut_off, c.cut_off);
  }
  if (loops.cells > 0) {
    f.largest_cut_off_fraction =
        static_cast<double>(f.largest_cut_off) / static_cast<double>(loops.cells);
  }
  return f;
}

Grid analyse_at_once(AnalysisKind kind, const Grid& map, std::optional<Point> generator_start,
                     const ParamValues& params) {
  check_params(params);
  const int connectivity = params.get_int("connectivity");
  switch (kind) {
    case AnalysisKind::Regions:
    case AnalysisKind::Loops: {  // the loops' trees are the regions
      Grid out = analysis_canvas(map);
      label_regions_into(out, connectivity);  // (the canvas has the map's tiles)
      return out;
    }
    case AnalysisKind::Distance:
    case AnalysisKind::Path: {
      Grid out = analysis_canvas(map);
      const AnalysisStart start = find_start(map, generator_start, connectivity);
      if (!start.cell) return out;
      if (kind == AnalysisKind::Distance) {
        out.assign_regions(analysis::distances_from(map, *start.cell, connectivity).distance);
        return out;
      }
      const analysis::FarthestPair pair = analysis::farthest_pair(map, *start.cell, connectivity);
      out.assign_regions(analysis::distances_from(map, pair.a, connectivity).distance);
      for (const std::size_t i : pair.path) {
        Cell c = out.cell(i);
        c.mark = Mark::Path;
        out.put(i, c);
      }
      return out;
    }
    case AnalysisKind::DeadEnds:
    case AnalysisKind::Chokepoints: {
      // The corridors' cells and the discovery times are the walk's and the search's own: the
      // stepper, unrecorded.
      Stepper s = start_analysis(kind, map, generator_start, params, /*record_changes=*/false);
      while (s.next()) {
      }
      return s.grid();
    }
  }
  throw std::invalid_argument("no such analysis");
}

}  // namespace dungen
