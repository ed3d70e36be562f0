#pragma once
// The analyses that run on any generator's map at any step, each a stepper on the flood fill's
// protocol (its own pseudocode, words, stats and overlay roles; the timeline steps it back and
// forth), and each with the same map at once, without steps:
// - regions: the flood-fill labelling (Caves of Clojure part 7.1; analysis/region_stepper.hpp);
// - distance: breadth-first search from the start, ring by ring (a "Dijkstra map");
// - path: the critical path, the farthest pair found by two searches (the double sweep) and
//   proved or bettered by more (analysis/distances.hpp);
// - dead-ends: cells with one walkable neighbour and the corridors leading to them;
// - loops: the cycle rank (edges - cells + regions), each loop shown as the edge that closes it;
// - chokepoints: articulation cells by Tarjan's low links, each with what its loss cuts off.
//
// What an analysis leaves on the map is in two of its layers: the region layer holds one number
// per cell (a region or corridor id, or a distance or discovery time: AnalysisSpec::values says
// which), and the mark layer marks the cells it found (the path, dead ends, chokepoints).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/narration.hpp"
#include "core/params.hpp"
#include "core/stepper.hpp"

namespace dungen {

enum class AnalysisKind : std::uint8_t { Regions, Distance, Path, DeadEnds, Loops, Chokepoints };
inline constexpr std::size_t kAnalysisCount = 6;

// What an analysis's region-layer numbers are: ids, drawn as a colour each (regions, corridors),
// or amounts, drawn as a heat map from cold (0) to hot (the largest).
enum class AnalysisValues : std::uint8_t { Ids, Amounts };

struct AnalysisSpec {
  AnalysisKind kind;
  std::string_view name;            // the CLI's and presets' word: "dead-ends"
  std::string_view title;           // the app's: "dead ends"
  std::string_view summary;         // one line: what it answers
  std::string_view values_meaning;  // what a cell's number is: "steps from the start"
  AnalysisValues values;
  // Starts from the analysis start (analysis/distances.hpp's analysis_start) where it has one.
  bool uses_start;
  const Narration& (*narration)();
};

std::span<const AnalysisSpec> all_analyses();
const AnalysisSpec& analysis_spec(AnalysisKind kind);
const AnalysisSpec* find_analysis(std::string_view name);  // by name; null if none

// The analysis as a stepper at step 0, on a copy of the map with its region layer and marks
// cleared. params are region_schema()'s (connectivity); invalid ones throw
// std::invalid_argument. A map with no walkable cell runs to a done step at once.
Stepper start_analysis(AnalysisKind kind, const Grid& map, std::optional<Point> generator_start,
                       const ParamValues& params, bool record_changes = true);

// The stepper's last map without its steps: the fast path where there is one (the flood fill's
// labels, a search's distances), else the stepper run unrecorded. Always equal to the stepped
// map's layers (tested).
Grid analyse_at_once(AnalysisKind kind, const Grid& map, std::optional<Point> generator_start,
                     const ParamValues& params);

// The map an analysis starts on: `map` with no regions and no marks.
Grid analysis_canvas(const Grid& map);

// An analysis run to its end in one call (the stepper unrecorded): its map, its statistics (its
// narration's slots), where it started and how many steps it took. What the CLI writes.
struct AnalysisRun {
  const AnalysisSpec* spec = nullptr;
  ParamValues params;
  Grid map;
  std::vector<std::int64_t> stats;
  std::optional<Point> start;  // the begin step's cell, for the analyses that start somewhere
  std::uint64_t steps = 0;
};
AnalysisRun run_analysis(AnalysisKind kind, const Grid& map, std::optional<Point> generator_start,
                         const ParamValues& params);

// The figures a designer compares maps by, from the fast functions (no steps): what the lab's
// sweep writes a column each for, and compare mode lists. Each equals the analysis's own stat at
// its end (tested).
struct LevelFigures {
  std::int64_t critical_path = 0;       // the path analysis's critical_path (steps)
  std::int64_t loops = 0;               // the cycle rank of the walkable cells
  std::int64_t room_loops = -1;         // the room graph's, -1 where the map has no rooms
  std::int64_t dead_ends = 0;           // cells with one walkable neighbour
  std::int64_t chokepoints = 0;         // articulation cells
  std::int64_t largest_cut_off = 0;     // cells, the most one chokepoint cuts off
  double largest_cut_off_fraction = 0;  // of the walkable cells (0 with none)
};
LevelFigures level_figures(const Grid& map, std::optional<Point> generator_start, int connectivity);

}  // namespace dungen
