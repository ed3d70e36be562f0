// Cellular caves and region labelling at the default size, 1024x1024 and 4096x4096.
//
//   cellular-caves/{batch,stepped}/WxH  the whole generator (fill + 3 passes)
//   cave-pass/batch/WxH                 one smoothing pass alone (aim: within 3x memcpy at 4096)
//   regions/batch/WxH                   the fast labelling of a default cave map (aim: 60x),
//                                       with a reused RegionLabeller
//   regions-fresh/batch/WxH             the same through label_regions (fresh buffers)
//   regions/stepped/WxH                 the flood-fill stepper through a recording Timeline
//   regions-flood/batch/WxH             the same flood-fill stepper run to the end without
//                                       recording: the baseline of regions/stepped
//
// memcpy/1024x1024 is registered by bench_rooms_and_tunnels.cpp.

#include <memory>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "bench_support.hpp"
#include "generators/cave_smoothing.hpp"
#include "generators/cellular_caves.hpp"

namespace {

using namespace dungen;

// A default-parameter cave of the given size: what the labelling is measured on.
Grid cave_map(int w, int h) {
  return bench::finished_map(cellular_caves_spec(), w, h);
}

void register_pass(int w, int h) {
  benchmark::RegisterBenchmark(("cave-pass/batch/" + bench::size_name(w, h)).c_str(),
                               [w, h](benchmark::State& st) {
                                 const std::size_t n =
                                     static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
                                 std::vector<Tile> in(n), out(n);
                                 Rng rng(1);
                                 for (Tile& t : in)
                                   t = rng.chance_percent(50) ? Tile::Floor : Tile::Wall;
                                 for (auto _ : st) {
                                   smooth_pass(in.data(), out.data(), w, h, 5, false);
                                   benchmark::DoNotOptimize(out.data());
                                   benchmark::ClobberMemory();
                                 }
                               })
      ->Unit(benchmark::kMicrosecond);
}

void register_regions(int w, int h) {
  const std::string size = bench::size_name(w, h);
  benchmark::RegisterBenchmark(("regions/batch/" + size).c_str(), [w, h](benchmark::State& st) {
    const Grid map = cave_map(w, h);
    RegionLabeller labeller;  // reused, as a caller relabelling every frame would
    // Warmed once outside the timing: its first call faults in a fresh label layer (64 MB at
    // 4096x4096), which regions-fresh measures on its own.
    labeller.label(map, 8);
    for (auto _ : st) benchmark::DoNotOptimize(labeller.label(map, 8).sizes.data());
  })->Unit(benchmark::kMicrosecond);
  // label_regions by value: every call touches a fresh label layer (64 MB at 4096x4096), whose
  // page faults can cost more than the labelling on some machines.
  benchmark::RegisterBenchmark(("regions-fresh/batch/" + size).c_str(), [w,
                                                                         h](benchmark::State& st) {
    const Grid map = cave_map(w, h);
    for (auto _ : st) {
      benchmark::DoNotOptimize(label_regions(map, 8).sizes.data());
    }
  })->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark(("regions-flood/batch/" + size).c_str(), [w,
                                                                         h](benchmark::State& st) {
    const Grid map = cave_map(w, h);
    const ParamValues params = region_schema().defaults();
    std::uint64_t steps = 0;
    for (auto _ : st) {
      Stepper s = start_region_stepper(map, params, false);
      steps += run_to_end(s).steps;
    }
    st.counters["steps/iter"] =
        benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kAvgIterations);
  })->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark(("regions/stepped/" + size).c_str(), [w, h](benchmark::State& st) {
    const Grid map = cave_map(w, h);
    const ParamValues params = region_schema().defaults();
    std::uint64_t steps = 0;
    Timeline::Usage usage;
    for (auto _ : st) {
      Timeline t(start_region_stepper(map, params, true));
      while (t.next()) ++steps;
      bench::add_usage(usage, t.usage());
    }
    st.counters["steps/iter"] =
        benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kAvgIterations);
    bench::set_usage_counters(st, usage);
  })->Unit(benchmark::kMicrosecond);
}

const int registered = [] {
  const GeneratorSpec& spec = cellular_caves_spec();
  bench::register_memcpy(160, 50);
  bench::register_memcpy(4096, 4096);
  for (const auto& [w, h] : {std::pair{160, 50}, std::pair{1024, 1024}, std::pair{4096, 4096}}) {
    bench::register_generator(spec, bench::sized(spec, w, h), "cellular-caves");
    if (w == 1024) bench::register_stepped_parts(spec, bench::sized(spec, w, h), "cellular-caves");
    register_pass(w, h);
    register_regions(w, h);
  }
  return 0;
}();

}  // namespace
