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

#include "app/logic/speed.hpp"

namespace {

constexpr double kFrameSeconds = 1.0 / 60.0;  // a 60 Hz frame, 16.7 ms

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
      if (base == times_.end() || base->second <= 0) {
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

  // Issue 29: where a stepped run's time goes beyond its batch run's, each part as a multiple
  // of the batch run (bench_support.hpp's register_stepped_parts): recording the changes, the
  // history's records, its skip index, and the rest of the timeline. They add up to the stepped
  // ratio (measured apart, so within the machine's noise).
  void PrintSteppedParts() const {
    bool header = false;
    for (const auto& [name, recorded] : cpu_) {
      const std::string mark = "/recorded/";
      const std::size_t at = name.find(mark);
      if (at == std::string::npos) continue;
      const std::string what = name.substr(0, at), size = name.substr(at + mark.size());
      const auto time = [&](const char* mode) {
        const auto it = cpu_.find(what + "/" + mode + "/" + size);
        return it == cpu_.end() ? 0.0 : it->second;
      };
      const double batch = time("batch"), encoded = time("encoded"), skipped = time("skipped"),
                   stepped = time("stepped");
      if (batch <= 0 || encoded <= 0 || skipped <= 0 || stepped <= 0) continue;
      if (!header) {
        std::printf("\n%-32s %9s %10s %9s %9s %9s %9s\n", "stepped parts (x batch, median CPU)",
                    "batch", "+recording", "+records", "+skips", "+the rest", "=stepped");
        header = true;
      }
      const double records = encoded - recorded, skips = skipped - recorded;
      std::printf("%-32s %9.2f %10.2f %9.2f %9.2f %9.2f %9.2f\n", (what + "/" + size).c_str(), 1.0,
                  (recorded - batch) / batch, records / batch, skips / batch,
                  (stepped - recorded - records - skips) / batch, stepped / batch);
    }
  }

  // Issue 26: a generator written as a Lua script against its built-in twin, same mode and size
  // ("lua-NAME/MODE/SIZE" over "NAME/MODE/SIZE"), per step: the two may have run different
  // seeds (a slow run gets through fewer), and a seed's run has the same steps in both. Then
  // the steps a second each recorded run gives (the app's path) against what the app plays at
  // full speed; then a reload of drunkards-walk.lua and its replay against one frame.
  void PrintScriptRatios() const {
    const std::string lua = "lua-";
    const auto per_step = [this](const std::string& name, double t) {
      const auto& c = counters_.at(name);
      const auto it = c.find("steps/iter");
      return it == c.end() || it->second <= 0 ? 0.0 : t / it->second;
    };
    bool header = false;
    for (const auto& [name, t] : cpu_) {
      if (name.rfind(lua, 0) != 0) continue;
      const auto twin = cpu_.find(name.substr(lua.size()));
      if (twin == cpu_.end()) continue;
      const double a = per_step(twin->first, twin->second), b = per_step(name, t);
      if (a <= 0 || b <= 0) continue;
      if (!header) {
        std::printf("\n%-40s %14s %14s %9s\n", "script / built-in (median CPU)", "built-in ns/st",
                    "script ns/st", "ratio");
        header = true;
      }
      std::printf("%-40s %14.1f %14.1f %9.1f\n", twin->first.c_str(), a, b, b / a);
    }
    // At full speed the app owes kMaxSpeed steps a second, and a frame may spend at most
    // kDefaultFrameBudgetSeconds stepping: a run keeps up only if it steps this fast.
    const double needed =
        dungen::app::kMaxSpeed * kFrameSeconds / dungen::app::kDefaultFrameBudgetSeconds;
    header = false;
    for (const auto& [name, t] : cpu_) {
      const bool script = name.rfind(lua, 0) == 0;
      if (name.find("/stepped/") == std::string::npos || !(script || cpu_.count(lua + name))) {
        continue;
      }
      const auto c = counters_.at(name).find("steps/iter");
      if (c == counters_.at(name).end() || t <= 0) continue;
      if (!header) {
        std::printf("\n%-40s %12s %14s %14s %9s\n", "playing, recorded (median CPU)", "steps/run",
                    "steps/s", "needed/s", "x needed");
        header = true;
      }
      const double rate = c->second / (t / 1e9);
      std::printf("%-40s %12.0f %14.0f %14.0f %9.2f\n", name.c_str(), c->second, rate, needed,
                  rate / needed);
    }
    const auto load = cpu_.find("lua-reload/load/80x45");
    const auto replay = cpu_.find("lua-reload/replay/80x45");
    if (load != cpu_.end() && replay != cpu_.end()) {
      const double ms = (load->second + replay->second) / 1e6;
      std::printf(
          "\nreload + replay drunkards-walk.lua at 80x45 (median CPU): load %.2f ms + replay "
          "%.2f ms = %.2f ms = %.2f frames of %.1f ms\n",
          load->second / 1e6, replay->second / 1e6, ms, ms / (kFrameSeconds * 1e3),
          kFrameSeconds * 1e3);
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
  reporter.PrintSteppedParts();
  reporter.PrintScriptRatios();
  benchmark::Shutdown();
  return 0;
}
