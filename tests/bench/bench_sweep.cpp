// Seed sweeps (lab/sweep.hpp): 10,000 seeds of each generator at its default size, on every
// core (aim: under 5 s each on a 2-core machine). One iteration is one whole sweep.
//
//   sweep/NAME/10000-seeds

#include <benchmark/benchmark.h>

#include "generators/registry.hpp"
#include "lab/sweep.hpp"

namespace {

using namespace dungen;

constexpr std::uint64_t kSeeds = 10000;

const int registered = [] {
  for (const GeneratorSpec* spec : all_generators()) {
    benchmark::RegisterBenchmark(
        ("sweep/" + std::string(spec->name) + "/10000-seeds").c_str(),
        [spec](benchmark::State& st) {
          for (auto _ : st) {
            const auto rows =
                run_sweep(*spec, spec->schema.defaults(), {.first_seed = 1, .last_seed = kSeeds});
            benchmark::DoNotOptimize(rows.data());
          }
          st.counters["seeds/s"] =
              benchmark::Counter(static_cast<double>(kSeeds), benchmark::Counter::kIsRate);
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1)
        ->UseRealTime();
  }
  return 0;
}();

}  // namespace
