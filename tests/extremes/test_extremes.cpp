// Bounded work, shown over the corners of every schema: each generator run to the end and its
// JSON export streamed out, for parameter sets at the edges of what the schema allows (every
// parameter at its minimum and at its maximum, all at once and one at a time), on small and large
// maps. Each run happens in a child process under a CPU-time limit (RLIMIT_CPU): a run that
// would go on for minutes is killed and the test names its parameters. The limits are generous
// guards, not measurements; the time and peak memory of every run are printed (they are the figures
// the notes quote).
//
// Size classes, one ctest test each: DUNGEN_EXTREMES=small (4x4, 4x64, 64x64, every combination
// of minimums and maximums), 1024 (edge_corners below, 1024x1024) and 4096 (the same at
// 4096x4096; label extremes-large, registered with -DDUNGEN_TEST_LARGE=ON: many minutes).
// DUNGEN_EXTREMES_TIME_SCALE multiplies the limits (a sanitizer build is ~10x slower).

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "generators/registry.hpp"
#include "io/map_export.hpp"

using namespace dungen;

namespace {

std::string size_class() {
  const char* v = std::getenv("DUNGEN_EXTREMES");
  return v ? v : "small";
}

double time_scale() {
  const char* v = std::getenv("DUNGEN_EXTREMES_TIME_SCALE");
  return v && *v ? std::atof(v) : 1.0;
}

std::string describe(const ParamValues& p) {
  std::string out;
  const auto& defs = p.schema().params;
  for (std::size_t i = 0; i < defs.size(); ++i) {
    out += " --" + kebab_case(defs[i].name) + " " + std::to_string(p.values()[i]);
  }
  return out;
}

// Lowers whatever breaks a constraint until the set validates (the app's repair, simplified).
std::optional<ParamValues> repaired(ParamValues p) {
  for (int round = 0; round < 16; ++round) {
    const auto e = p.validate();
    if (!e) return p;
    if (e->kind != ParamError::Kind::Constraint) return std::nullopt;
    p.set_clamped(e->param, e->bound);
  }
  return std::nullopt;
}

// The non-size parameters (their schema order).
std::vector<const ParamDef*> knobs(const Schema& s) {
  std::vector<const ParamDef*> out;
  for (const ParamDef& d : s.params) {
    if (d.name != "width" && d.name != "height") out.push_back(&d);
  }
  return out;
}

ParamValues sized(const Schema& s, int w, int h) {
  ParamValues p(s);
  p.set_clamped("width", w);
  p.set_clamped("height", h);
  return p;
}

// Every combination of minimums and maximums (2^knobs sets).
std::vector<ParamValues> all_corners(const Schema& s, int w, int h) {
  const auto k = knobs(s);
  std::vector<ParamValues> out;
  for (std::uint32_t mask = 0; mask < (1u << k.size()); ++mask) {
    ParamValues p = sized(s, w, h);
    for (std::size_t i = 0; i < k.size(); ++i) {
      p.set_clamped(k[i]->name, (mask >> i) & 1 ? k[i]->max : k[i]->min);
    }
    if (auto r = repaired(p)) out.push_back(*r);
  }
  return out;
}

// All at the minimum, all at the maximum, each alone at its minimum and its maximum (the others
// at their defaults), and each alone at one extreme with all the others at the other (where
// products of limits meet: every count at its maximum but the room size at its minimum).
std::vector<ParamValues> edge_corners(const Schema& s, int w, int h) {
  const auto k = knobs(s);
  std::vector<ParamValues> out;
  const auto keep = [&](const ParamValues& p) {
    if (auto r = repaired(p)) out.push_back(*r);
  };
  for (const bool high : {false, true}) {
    ParamValues p = sized(s, w, h);
    for (const ParamDef* d : k) p.set_clamped(d->name, high ? d->max : d->min);
    keep(p);
  }
  for (const ParamDef* odd : k) {
    for (const bool high : {false, true}) {
      ParamValues alone = sized(s, w, h);
      alone.set_clamped(odd->name, high ? odd->max : odd->min);
      keep(alone);
      ParamValues against = sized(s, w, h);
      for (const ParamDef* d : k) {
        const bool up = d == odd ? high : !high;
        against.set_clamped(d->name, up ? d->max : d->min);
      }
      keep(against);
    }
  }
  return out;
}

// The CLI's whole path in a child: run to the end, label regions, stream the JSON to nowhere.
[[noreturn]] void child_run(const GeneratorSpec& spec, const ParamValues& p) {
  Stepper s = start_generator(spec, p, 1, false);
  const RunResult r = run_to_end(s);
  const RegionMap regions = label_regions(s.grid(), 8);
  std::size_t bytes = 0;
  write_json({spec, p, 1, s.grid(), s.layout(), r.steps, s.stats(), &regions},
             [&](std::string_view piece) { bytes += piece.size(); });
  _exit(bytes > 0 ? 0 : 3);
}

struct Outcome {
  bool finished = false;
  double seconds = 0;
  double cpu_seconds = 0;  // what a loaded machine's wall clock does not show
  long peak_kb = 0;
  std::string why;
};

Outcome run_limited(const GeneratorSpec& spec, const ParamValues& p, unsigned limit_s) {
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    // The limit is on CPU time (SIGXCPU past it): on a shared, loaded machine a run can wait for
    // a core far longer than it works. A wall-clock alarm far past it catches a run that hangs
    // without working.
    const rlimit cpu{limit_s, limit_s + 1};
    setrlimit(RLIMIT_CPU, &cpu);
    alarm(limit_s * 20);
    child_run(spec, p);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  Outcome o;
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  o.peak_kb = usage.ru_maxrss;
  o.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                  static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  o.finished = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    o.why = sig == SIGXCPU   ? "used more than " + std::to_string(limit_s) + " s of CPU"
            : sig == SIGALRM ? "no end after " + std::to_string(limit_s * 20) + " s"
                             : "killed by signal " + std::to_string(sig);
  } else if (!o.finished) {
    o.why = "exit " + std::to_string(WEXITSTATUS(status));
  }
  return o;
}

class Extremes : public ::testing::TestWithParam<const GeneratorSpec*> {};

TEST_P(Extremes, EveryCornerOfTheSchemaFinishesInBoundedTime) {
  const GeneratorSpec& spec = *GetParam();
  const std::string cls = size_class();
  std::vector<ParamValues> sets;
  unsigned limit = 0;
  if (cls == "small") {
    for (const auto& [w, h] : {std::pair{4, 4}, std::pair{4, 64}, std::pair{64, 64}}) {
      const auto c = all_corners(spec.schema, w, h);
      sets.insert(sets.end(), c.begin(), c.end());
    }
    limit = 5;
  } else if (cls == "1024") {
    sets = edge_corners(spec.schema, 1024, 1024);
    limit = 10;  // "a few seconds" of CPU, with room for a slower machine
  } else if (cls == "4096") {
    sets = edge_corners(spec.schema, 4096, 4096);
    limit = 60;  // "a minute" of CPU
  } else {
    FAIL() << "DUNGEN_EXTREMES=" << cls << ": allowed small, 1024, 4096";
  }
  limit = static_cast<unsigned>(limit * time_scale() + 0.5);
  ASSERT_FALSE(sets.empty());
  double slowest = 0;
  long biggest = 0;
  for (const ParamValues& p : sets) {
    const Outcome o = run_limited(spec, p, limit);
    EXPECT_TRUE(o.finished) << spec.name << describe(p) << ": " << o.why;
    if (cls != "small") {
      std::printf("%-18s %7.2f s (cpu %6.2f s) %8.1f MB %s\n", std::string(spec.name).c_str(),
                  o.seconds, o.cpu_seconds, static_cast<double>(o.peak_kb) / 1024.0,
                  describe(p).c_str());
    }
    slowest = std::max(slowest, o.cpu_seconds);
    biggest = std::max(biggest, o.peak_kb);
  }
  std::printf("%s at %s: %zu corner sets, slowest %.2f s of cpu, peak %.1f MB\n",
              std::string(spec.name).c_str(), cls.c_str(), sets.size(), slowest,
              static_cast<double>(biggest) / 1024.0);
}

std::string spec_name(const ::testing::TestParamInfo<const GeneratorSpec*>& info) {
  std::string n(info.param->name);
  std::replace(n.begin(), n.end(), '-', '_');
  return n;
}

INSTANTIATE_TEST_SUITE_P(Registry, Extremes,
                         ::testing::ValuesIn(all_generators().begin(), all_generators().end()),
                         spec_name);

}  // namespace
