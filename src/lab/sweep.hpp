#pragma once
// A seed sweep: one generator and one parameter set over a range of seeds, one row of figures a
// seed: every statistic the generator declares, plus the floor fraction, the number of regions,
// the largest region's share of the walkable cells and whether the walkable cells are connected,
// and the level's figures (analysis/analysis.hpp's LevelFigures: critical path, loops, dead ends,
// chokepoints, the largest cut-off's share).
// It answers "is this parameter set good on most seeds, or did I get lucky?".
//
// Seeds are spread over threads, each run on its own stepper (no shared state but the next-seed
// counter and the row slots, one per seed): the rows are the same whatever the thread count.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "analysis/analysis.hpp"
#include "core/error.hpp"
#include "core/params.hpp"
#include "core/stats.hpp"
#include "core/threads.hpp"
#include "generators/registry.hpp"

namespace dungen {

// The most seeds one sweep runs (the rows are kept in memory: about 100 bytes each).
inline constexpr std::uint64_t kMaxSweepSeeds = 1'000'000;
// The most threads a sweep uses (the command line allows no more than the machine's cores).
inline constexpr unsigned kMaxSweepThreads = 64;
// Each thread holds one map in flight: its grids, the generator's working state and the flood
// fill's labels, estimated at this many bytes a cell (room-accretion's 1-cell rooms, the
// largest measured, take about 40). The threads of one sweep together stay within the budget:
// fewer threads are used when the maps are big (a 4096x4096 map is about 800 MB: 5 threads).
inline constexpr std::uint64_t kSweepBytesPerCell = 48;
inline constexpr std::uint64_t kSweepMemoryBudget = std::uint64_t{4} << 30;  // 4 GB

struct SweepOptions {
  std::uint64_t first_seed = 1;
  std::uint64_t last_seed = 500;                     // inclusive
  int connectivity = 8;                              // for the regions and "connected"
  unsigned threads = 0;                              // 0: one per core
  std::uint64_t memory_budget = kSweepMemoryBudget;  // bytes, all threads' maps together
};

struct SweepRow {
  std::uint64_t seed = 0;
  std::uint64_t steps = 0;
  double floor_fraction = 0;           // walkable cells / all cells
  std::int64_t regions = 0;            // flood-fill regions of walkable cells
  double largest_region_fraction = 0;  // of the walkable cells (0 on an empty map)
  bool connected = false;              // exactly one region
  LevelFigures level;                  // from the player start, at the sweep's connectivity
  std::vector<StatRow> stats;          // the generator's own, all of them (Narration::stat_rows)
};

// Why a seed range or thread count is refused (one line), or nothing.
std::optional<Error> sweep_range_error(const SweepOptions& options);

// The threads a sweep runs on: as asked (0: one per core), no more than seeds, and no more than
// fit options.memory_budget at kSweepBytesPerCell a cell per map in flight (at least one).
unsigned sweep_threads(const ParamValues& params, const SweepOptions& options);
// The bytes one map of `params` is estimated to take in a sweep.
std::uint64_t sweep_bytes_per_map(const ParamValues& params);

// One row of one seed (what every thread runs).
SweepRow sweep_one(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t seed,
                   int connectivity);

// Runs the sweep: rows in seed order. `progress` (if given) is called now and then, on the
// calling thread, with the seeds done so far. A stop request ends it early: the rows done by then
// are returned (in seed order, the range cut short at the first seed not done).
std::vector<SweepRow> run_sweep(const GeneratorSpec& spec, const ParamValues& params,
                                const SweepOptions& options,
                                const std::function<void(std::uint64_t done)>& progress = {},
                                StopToken stop = {});

// A statistic's value as one number (a list counts as its sum): for histograms and summaries.
double stat_number(const StatRow& row);

}  // namespace dungen
