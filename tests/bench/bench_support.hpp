#pragma once
// Helpers shared by the benchmarks: the memcpy baseline and running a generator batch or stepped.

#include <benchmark/benchmark.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "core/history_codec.hpp"
#include "core/history_skip_index.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"

namespace dungen::bench {

inline std::string size_name(int w, int h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

// The baseline: copying one byte per cell, the cost of touching the tile layer once.
inline void register_memcpy(int w, int h) {
  benchmark::RegisterBenchmark(("memcpy/" + size_name(w, h)).c_str(), [w, h](benchmark::State& st) {
    const std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    std::vector<unsigned char> a(n, 1), b(n, 0);
    for (auto _ : st) {
      std::memcpy(b.data(), a.data(), n);
      benchmark::DoNotOptimize(b.data());
      benchmark::ClobberMemory();
    }
  })->Unit(benchmark::kMicrosecond);
}

inline ParamValues sized(const GeneratorSpec& spec, int w, int h) {
  ParamValues p(spec.schema);
  p.set_clamped("width", w);
  p.set_clamped("height", h);
  return p;
}

// The generator's map at w x h, seed 1, run to its end: what an analysis is measured on.
inline Grid finished_map(const GeneratorSpec& spec, int w, int h) {
  Stepper s = start_generator(spec, sized(spec, w, h), 1, false);
  run_to_end(s);
  return s.grid();
}

inline void add_usage(Timeline::Usage& total, const Timeline::Usage& u) {
  total.steps += u.steps;
  total.changes += u.changes;
  total.step_bytes += u.step_bytes;
  total.change_bytes += u.change_bytes;
}

// The history's packing, for issue 9's goal 2: bytes per step record and per cell change.
inline void set_usage_counters(benchmark::State& st, const Timeline::Usage& u) {
  const auto ratio = [](std::uint64_t a, std::uint64_t b) {
    return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
  };
  st.counters["bytes/step"] = ratio(u.step_bytes, u.steps);
  st.counters["bytes/change"] = ratio(u.change_bytes, u.changes);
  st.counters["changes/step"] = ratio(u.changes, u.steps);
}

// Both modes cycle through the same seeds, so batch and stepped measure the same maps (some
// generators' cost varies a lot from seed to seed).
inline constexpr std::uint64_t kBenchSeeds = 16;

// "batch": run to the end without recording changes (the CLI's path).
// "stepped": one step at a time through a Timeline that records every change (the app's path).
inline void register_generator(const GeneratorSpec& spec, const ParamValues& params,
                               const std::string& label) {
  const std::string size = size_name(params.get_int("width"), params.get_int("height"));
  benchmark::RegisterBenchmark((label + "/batch/" + size).c_str(), [&spec,
                                                                    params](benchmark::State& st) {
    std::uint64_t n = 0;
    std::uint64_t steps = 0;
    for (auto _ : st) {
      Stepper s = start_generator(spec, params, 1 + n++ % kBenchSeeds, false);
      steps += run_to_end(s).steps;
    }
    benchmark::DoNotOptimize(steps);
    // Steps a run, so that two generators' costs can be compared per step (bench_main.cpp's
    // script / built-in ratios) whatever seeds each got through.
    st.counters["steps/iter"] =
        benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kAvgIterations);
    // Nanoseconds per map cell (CPU time): a rate counter inverted is seconds per cell, and the
    // cells are counted in billions so that it reads in nanoseconds.
    const double cells = static_cast<double>(params.get_int("width")) * params.get_int("height");
    st.counters["ns/cell"] =
        benchmark::Counter(cells * static_cast<double>(st.iterations()) / 1e9,
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  })->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark((label + "/stepped/" + size).c_str(), [&spec, params](
                                                                         benchmark::State& st) {
    std::uint64_t n = 0;
    std::uint64_t steps = 0;
    Timeline::Usage usage;
    for (auto _ : st) {
      Timeline t(start_generator(spec, params, 1 + n++ % kBenchSeeds, true));
      while (t.next()) ++steps;
      add_usage(usage, t.usage());
    }
    st.counters["steps/iter"] =
        benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kAvgIterations);
    set_usage_counters(st, usage);
  })->Unit(benchmark::kMicrosecond);
}

// Where a stepped run's time goes beyond the batch run's (bench_main.cpp's "stepped parts"
// table), each part measured on its own over the same seeds as batch and stepped:
// "recorded": the stepper with its changes recorded, stepped to the end without a timeline;
// "encoded": that, with each step's record written as the timeline writes it (the history
//   codec into a byte log, its deltas restarting every history::kBlockSteps steps);
// "skipped": that, with each step handed to a skip index as the timeline hands it.
// The stepped run less all three (the recorded run counted once) is the rest of the timeline's
// bookkeeping.
inline void register_stepped_parts(const GeneratorSpec& spec, const ParamValues& params,
                                   const std::string& label) {
  const std::string size = size_name(params.get_int("width"), params.get_int("height"));
  // Each iteration runs the next bench seed's stepper to its end: part.start(stepper) makes the
  // part's state, and part.step(state, stepper, step, k) is called after each step k (0-based).
  const auto add = [&](const char* mode, auto part) {
    benchmark::RegisterBenchmark(
        (label + "/" + mode + "/" + size).c_str(),
        [&spec, params, part](benchmark::State& st) {
          std::uint64_t n = 0;
          std::uint64_t steps = 0;
          for (auto _ : st) {
            Stepper s = start_generator(spec, params, 1 + n++ % kBenchSeeds, true);
            auto state = part.start(s);
            std::uint64_t k = 0;
            for (; const Step* step = s.next(); ++k) part.step(state, s, *step, k);
            steps += k;
            benchmark::DoNotOptimize(state);
          }
          st.counters["steps/iter"] =
              benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kAvgIterations);
        })
        ->Unit(benchmark::kMicrosecond);
  };
  struct Recorded {
    int start(const Stepper&) const { return 0; }
    void step(int&, const Stepper&, const Step&, std::uint64_t) const {}
  };
  struct Encoded {
    struct State {
      history::ByteLog log{history::ByteLog::kHugeChunk};
      history::CodecState codec;
      history::NameTable names;
    };
    std::unique_ptr<State> start(const Stepper&) const { return std::make_unique<State>(); }
    void step(std::unique_ptr<State>& p, const Stepper& s, const Step& step,
              std::uint64_t k) const {
      const StepChanges changes{s.runs(), s.cell_changes()};
      std::uint8_t* w = p->log.reserve(
          history::max_record_bytes(step, changes, s.stat_changes().size(), s.draws().size()));
      if (k % history::kBlockSteps == 0) p->codec = {};
      std::size_t step_bytes = 0;
      p->log.commit(history::encode_record(w, p->codec, p->names, s.grid().width(), step, changes,
                                           s.stat_changes(), s.draws(), step_bytes));
    }
  };
  struct Skipped {
    std::unique_ptr<history::SkipIndex> start(const Stepper& s) const {
      return std::make_unique<history::SkipIndex>(history::SkipShape{}, s.stats());
    }
    void step(std::unique_ptr<history::SkipIndex>& index, const Stepper& s, const Step&,
              std::uint64_t k) const {
      index->record({s.runs(), s.cell_changes()}, s.grid(), k + 1, s.stats());
    }
  };
  add("recorded", Recorded{});
  add("encoded", Encoded{});
  add("skipped", Skipped{});
}

}  // namespace dungen::bench
