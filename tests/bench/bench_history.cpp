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
//
// Each runs once (one iteration): they measure memory and single seeks, not throughput.

#include <algorithm>
#include <ctime>
#include <random>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "bench_support.hpp"
#include "generators/cellular_caves.hpp"

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
        std::sort(ms.begin(), ms.end());
        st.counters["steps"] = static_cast<double>(t.recorded());
        st.counters["seek_median_ms"] = ms[ms.size() / 2];
        st.counters["seek_worst_ms"] = ms.back();
        st.counters["history_MB"] =
            static_cast<double>(t.history_bytes()) / static_cast<double>(std::size_t{1} << 20);
      })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
}

const int registered = [] {
  register_history("caves+flood", 50);
  register_history("floor+flood", 100);
  register_seek();
  return 0;
}();

}  // namespace
