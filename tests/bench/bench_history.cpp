// The timeline at full scale (issue 9, goals 3 and 4).
//
//   history/caves+flood/4096x4096      the app's biggest run: a 4096x4096 cave (default
//                                      parameters) then the animated flood fill, both recorded;
//                                      counters: steps, history MB, earliest (0: all kept)
//   history/floor+flood/4096x4096      the worst case: fill_percent 100 makes every cell floor,
//                                      so the flood fill takes one step per cell (16.7 M steps)
//   seek/random/4096x4096              random seeks over a 10 M-step flood-fill timeline (of the
//                                      all-floor map); counters: median and worst seek in ms of
//                                      the thread's CPU time (on a shared machine wall time
//                                      includes other processes' turns)
//   seek/GEN/4096x4096                 random seeks inside a generator's 4096x4096 run (every
//                                      generator, default parameters; cellular-caves: its passes
//                                      row by row), and end to start and back; counters as
//                                      seek/random
//   cell-history/GEN/CELLS/1024x1024   Timeline::cell_history of random cells (CELLS: any cell, or
//                                      only cells walkable at the end, whose histories are never
//                                      empty), the cursor at the end of a long run: GEN is
//                                      caves-cells (cellular caves with step_cells, 7 M steps) or
//                                      rooms-and-tunnels (max_rooms 10000, each tunnel cell a
//                                      step). The time is one query's; counters: steps, touches
//                                      (per query), p99_ms and worst_ms (of the repetition's
//                                      queries, in thread CPU time), history_MB
//
// The history and seek benchmarks run once (one iteration): they measure memory and single
// seeks, not throughput. The cell-history runs are recorded once per process and kept.

#include <algorithm>
#include <ctime>
#include <map>
#include <memory>
#include <random>
#include <string>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "bench_support.hpp"
#include "generators/cellular_caves.hpp"
#include "generators/rooms_and_tunnels.hpp"

namespace {

using namespace dungen;

constexpr int kSide = 4096;

double thread_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}
constexpr std::uint64_t kSeekSteps = 10'000'000;
constexpr int kSeeks = 200;

ParamValues cave_params(int fill_percent) {
  ParamValues p = bench::sized(cellular_caves_spec(), kSide, kSide);
  p.set_clamped("fill_percent", fill_percent);
  return p;
}

void register_history(const char* name, int fill_percent) {
  benchmark::RegisterBenchmark(
      (std::string("history/") + name + "/" + bench::size_name(kSide, kSide)).c_str(),
      [fill_percent](benchmark::State& st) {
        for (auto _ : st) {
          Timeline gen(start_generator(cellular_caves_spec(), cave_params(fill_percent), 1, true));
          run_to_end(gen);
          Timeline flood(start_region_stepper(gen.grid(), region_schema().defaults(), true));
          run_to_end(flood);
          const double mb = static_cast<double>(gen.history_bytes() + flood.history_bytes()) /
                            static_cast<double>(std::size_t{1} << 20);
          st.counters["steps"] = static_cast<double>(gen.recorded() + flood.recorded());
          st.counters["history_MB"] = mb;
          st.counters["budget_MB"] =
              static_cast<double>(kDefaultHistoryBytes) / static_cast<double>(std::size_t{1} << 20);
          st.counters["earliest"] = static_cast<double>(gen.earliest() + flood.earliest());
          Timeline::Usage u = gen.usage();
          bench::add_usage(u, flood.usage());
          bench::set_usage_counters(st, u);
        }
      })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
}

// The seek figures: the timeline's steps, the median and worst seek, and its history's size.
void set_seek_counters(benchmark::State& st, std::vector<double>& ms, const Timeline& t) {
  std::sort(ms.begin(), ms.end());
  st.counters["steps"] = static_cast<double>(t.recorded());
  st.counters["seek_median_ms"] = ms[ms.size() / 2];
  st.counters["seek_worst_ms"] = ms.back();
  st.counters["history_MB"] =
      static_cast<double>(t.history_bytes()) / static_cast<double>(std::size_t{1} << 20);
}

void register_seek() {
  benchmark::RegisterBenchmark(
      ("seek/random/" + bench::size_name(kSide, kSide)).c_str(),
      [](benchmark::State& st) {
        Stepper cave = start_generator(cellular_caves_spec(), cave_params(100), 1, false);
        run_to_end(cave);
        Timeline t(start_region_stepper(cave.grid(), region_schema().defaults(), true));
        run_steps(t, kSeekSteps);
        std::mt19937_64 rng(42);
        std::vector<double> ms;
        for (auto _ : st) {
          for (int i = 0; i < kSeeks; ++i) {
            const std::uint64_t k = rng() % (t.recorded() + 1);
            const double t0 = thread_ms();
            t.seek(k);
            ms.push_back(thread_ms() - t0);
          }
        }
        set_seek_counters(st, ms, t);
      })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
}

// Issue 29: seeks inside a generator's 4096x4096 run (default parameters; for cellular caves its
// passes row by row, recorded as runs, core/changes.hpp), not its flood fill: random targets, and
// the farthest (end to start and back), each in the thread's CPU time. Every generator, since a
// user drags the scrubber of whichever runs; the goal is the caves' (bench.sh).
void register_generator_seek(const GeneratorSpec& spec) {
  benchmark::RegisterBenchmark(
      ("seek/" + std::string(spec.name) + "/" + bench::size_name(kSide, kSide)).c_str(),
      [&spec](benchmark::State& st) {
        Timeline t(start_generator(spec, bench::sized(spec, kSide, kSide), 1, true));
        run_to_end(t);
        std::mt19937_64 rng(29);
        std::vector<double> ms;
        const auto timed_seek = [&](std::uint64_t k) {
          const double t0 = thread_ms();
          t.seek(k);
          ms.push_back(thread_ms() - t0);
        };
        for (auto _ : st) {
          for (int i = 0; i < kSeeks; ++i) timed_seek(rng() % (t.recorded() + 1));
          for (int i = 0; i < 4; ++i) timed_seek(i % 2 ? t.recorded() : 0);
        }
        set_seek_counters(st, ms, t);
      })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
}

constexpr int kHistorySide = 1024;

// The run a cell-history benchmark asks, recorded the first time one asks for it: recording
// takes seconds, and each repetition would otherwise record it again.
const Timeline& recorded_run(const std::string& gen) {
  static std::map<std::string, std::unique_ptr<Timeline>> runs;
  std::unique_ptr<Timeline>& t = runs[gen];
  if (!t) {
    const bool caves = gen == "caves-cells";
    const GeneratorSpec& spec = caves ? cellular_caves_spec() : rooms_and_tunnels_spec();
    ParamValues p = bench::sized(spec, kHistorySide, kHistorySide);
    p.set_clamped(caves ? "step_cells" : "max_rooms", caves ? 1 : 10000);
    t = std::make_unique<Timeline>(start_generator(spec, p, 1, true));
    run_to_end(*t);
  }
  return *t;
}

void register_cell_history(const std::string& gen, bool walkable_only) {
  benchmark::RegisterBenchmark(
      ("cell-history/" + gen + (walkable_only ? "/walkable/" : "/any/") +
       bench::size_name(kHistorySide, kHistorySide))
          .c_str(),
      [gen, walkable_only](benchmark::State& st) {
        const Timeline& t = recorded_run(gen);
        std::vector<std::uint32_t> cells;
        for (std::uint32_t i = 0; i < t.grid().size(); ++i) {
          if (!walkable_only || is_walkable(t.grid().tile(i))) cells.push_back(i);
        }
        std::mt19937_64 rng(42);
        std::uint64_t touches = 0;
        std::vector<double> ms;
        for (auto _ : st) {
          const std::uint32_t cell = cells[rng() % cells.size()];
          const double t0 = thread_ms();
          const std::vector<Timeline::CellTouch> h = t.cell_history(cell);
          ms.push_back(thread_ms() - t0);
          touches += h.size();
          benchmark::DoNotOptimize(h.data());
        }
        st.counters["steps"] = static_cast<double>(t.recorded());
        st.counters["touches"] =
            benchmark::Counter(static_cast<double>(touches), benchmark::Counter::kAvgIterations);
        std::sort(ms.begin(), ms.end());
        st.counters["p99_ms"] = ms[ms.size() * 99 / 100];
        st.counters["worst_ms"] = ms.back();
        st.counters["history_MB"] =
            static_cast<double>(t.history_bytes()) / static_cast<double>(std::size_t{1} << 20);
      })
      ->Unit(benchmark::kMicrosecond);
}

const int registered = [] {
  register_history("caves+flood", 50);
  register_history("floor+flood", 100);
  register_seek();
  for (const GeneratorSpec* g : all_generators()) register_generator_seek(*g);
  for (const char* gen : {"caves-cells", "rooms-and-tunnels"}) {
    register_cell_history(gen, false);
    register_cell_history(gen, true);
  }
  return 0;
}();

}  // namespace
