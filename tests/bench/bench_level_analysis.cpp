// The level analyses (issue 27) on a default cave, each against the flood fill's fast path
// (regions-fresh/batch, registered by bench_caves_regions.cpp) measured in the same run:
//
//   analysis-distance/batch/WxH     a distance map from the analyses' start
//   analysis-pair/batch/WxH         the farthest pair (double sweep, then bounding searches)
//   analysis-dead-ends/batch/WxH    dead ends and their corridors
//   analysis-loops/batch/WxH        the cycle rank (edges, cells, regions)
//   analysis-chokepoints/batch/WxH  articulation cells and what each cuts off
//
// The aim (issue 27): each within 3x regions-fresh at 4096x4096; scripts/bench.sh prints it.

#include <functional>
#include <string>

#include "analysis/distances.hpp"
#include "analysis/level_shape.hpp"
#include "bench_support.hpp"
#include "generators/cellular_caves.hpp"

namespace {

using namespace dungen;

void register_analysis(const std::string& name, int w, int h,
                       std::function<std::size_t(const Grid&, std::size_t)> run) {
  benchmark::RegisterBenchmark(("analysis-" + name + "/batch/" + bench::size_name(w, h)).c_str(),
                               [w, h, run](benchmark::State& st) {
                                 const Grid map = bench::finished_map(cellular_caves_spec(), w, h);
                                 const auto start = analysis::analysis_start(map, std::nullopt, 8);
                                 if (!start) {
                                   st.SkipWithError("the cave has no walkable cell");
                                   return;
                                 }
                                 for (auto _ : st) benchmark::DoNotOptimize(run(map, *start));
                               })
      ->Unit(benchmark::kMicrosecond);
}

const int registered = [] {
  for (const auto& [w, h] : {std::pair{1024, 1024}, std::pair{4096, 4096}}) {
    register_analysis("distance", w, h, [](const Grid& g, std::size_t s) {
      return analysis::distances_from(g, s, 8).order.size();
    });
    register_analysis("pair", w, h, [](const Grid& g, std::size_t s) {
      return static_cast<std::size_t>(analysis::farthest_pair(g, s, 8).length);
    });
    register_analysis("dead-ends", w, h,
                      [](const Grid& g, std::size_t) { return analysis::dead_ends(g, 8).size(); });
    register_analysis("loops", w, h, [](const Grid& g, std::size_t) {
      return static_cast<std::size_t>(analysis::loops(g, 8).cycle_rank);
    });
    register_analysis("chokepoints", w, h, [](const Grid& g, std::size_t) {
      return analysis::chokepoints(g, 8).size();
    });
  }
  return 0;
}();

}  // namespace
