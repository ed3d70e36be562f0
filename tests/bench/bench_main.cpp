// The benchmark driver: runs every registered benchmark, then prints each one's median time as a
// ratio against the memcpy of the same map's bytes, measured in the same run (these machines are
// noisy: ratios of medians, never absolute thresholds).
//
// Naming convention (bench_support.hpp): "<what>/<mode>/<W>x<H>" and a baseline "memcpy/<W>x<H>".

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      // With repetitions, keep the median aggregate; without, the single run.
      const bool is_median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
      if (r.run_type == Run::RT_Aggregate && !is_median) continue;
      const std::string name = r.run_name.function_name;
      // Adjusted times are in the benchmark's own unit: bring them all to nanoseconds.
      const double ns =
          r.GetAdjustedRealTime() * 1e9 / benchmark::GetTimeUnitMultiplier(r.time_unit);
      if (is_median || !seen_median_.count(name)) {
        times_[name] = ns;
        cpu_[name] = r.GetAdjustedCPUTime() * 1e9 / benchmark::GetTimeUnitMultiplier(r.time_unit);
        counters_[name].clear();
        for (const auto& [key, c] : r.counters) counters_[name][key] = c.value;
      }
      if (is_median) seen_median_[name] = true;
    }
  }

  void PrintRatios() const {
    std::printf("\n%-48s %14s %12s\n", "benchmark (median)", "time (us)", "x memcpy");
    for (const auto& [name, t] : times_) {
      if (name.rfind("memcpy/", 0) == 0) continue;
      const std::string size = name.substr(name.rfind('/') + 1);
      auto base = times_.find("memcpy/" + size);
      if (base == cpu_.end() || base->second <= 0) {
        std::printf("%-48s %14.1f %12s\n", name.c_str(), t / 1e3, "-");
      } else {
        std::printf("%-48s %14.1f %12.2f\n", name.c_str(), t / 1e3, t / base->second);
      }
    }
  }

  // Issue 9's goal 1: recording one step at a time against the same stepper run to the end
  // without recording ("NAME/stepped/SIZE" over "NAME/batch/SIZE"; the flood fill's baseline is
  // regions-flood/batch, since regions/batch is the union-find), with goal 2's record sizes.
  // CPU time, not wall time: on a shared machine a benchmark's wall time includes time other
  // processes held the core, which skews a ratio of two runs taken at different moments.
  void PrintSteppedRatios() const {
    std::printf("\n%-40s %12s %12s %9s %11s %13s\n", "stepped / batch (median CPU)", "batch (us)",
                "stepped (us)", "ratio", "bytes/step", "bytes/change");
    const std::string mark = "/stepped/";
    for (const auto& [name, t] : cpu_) {
      const std::size_t at = name.find(mark);
      if (at == std::string::npos) continue;
      std::string what = name.substr(0, at);
      const std::string size = name.substr(at + mark.size());
      const std::string base_name = (what == "regions" ? "regions-flood" : what) + "/batch/" + size;
      const auto base = cpu_.find(base_name);
      const auto& c = counters_.at(name);
      const auto counter = [&c](const char* key) {
        const auto it = c.find(key);
        return it == c.end() ? 0.0 : it->second;
      };
      if (base == cpu_.end() || base->second <= 0) {
        std::printf("%-40s %12s %12.1f %9s", (what + "/" + size).c_str(), "-", t / 1e3, "-");
      } else {
        std::printf("%-40s %12.1f %12.1f %9.2f", (what + "/" + size).c_str(), base->second / 1e3,
                    t / 1e3, t / base->second);
      }
      std::printf(" %11.1f %13.2f\n", counter("bytes/step"), counter("bytes/change"));
    }
  }

 private:
  std::map<std::string, std::map<std::string, double>> counters_;
  std::map<std::string, double> times_;
  std::map<std::string, double> cpu_;
  std::map<std::string, bool> seen_median_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.PrintRatios();
  reporter.PrintSteppedRatios();
  benchmark::Shutdown();
  return 0;
}
