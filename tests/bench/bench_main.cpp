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
      if (is_median || !seen_median_.count(name)) times_[name] = ns;
      if (is_median) seen_median_[name] = true;
    }
  }

  void PrintRatios() const {
    std::printf("\n%-48s %14s %12s\n", "benchmark (median)", "time (us)", "x memcpy");
    for (const auto& [name, t] : times_) {
      if (name.rfind("memcpy/", 0) == 0) continue;
      const std::string size = name.substr(name.rfind('/') + 1);
      auto base = times_.find("memcpy/" + size);
      if (base == times_.end() || base->second <= 0) {
        std::printf("%-48s %14.1f %12s\n", name.c_str(), t / 1e3, "-");
      } else {
        std::printf("%-48s %14.1f %12.2f\n", name.c_str(), t / 1e3, t / base->second);
      }
    }
  }

 private:
  std::map<std::string, double> times_;
  std::map<std::string, bool> seen_median_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.PrintRatios();
  benchmark::Shutdown();
  return 0;
}
