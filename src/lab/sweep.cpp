#include "lab/sweep.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <numeric>
#include <thread>

#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "core/threads.hpp"

namespace dungen {

std::optional<Error> sweep_range_error(const SweepOptions& o) {
  if (o.last_seed < o.first_seed) {
    return Error{"--seeds " + std::to_string(o.first_seed) + ".." + std::to_string(o.last_seed) +
                 " is empty: allowed A..B with A <= B"};
  }
  if (o.last_seed - o.first_seed >= kMaxSweepSeeds) {
    return Error{"--seeds " + std::to_string(o.first_seed) + ".." + std::to_string(o.last_seed) +
                 " is " + std::to_string(o.last_seed - o.first_seed + 1) +
                 " seeds: allowed up to " + std::to_string(kMaxSweepSeeds)};
  }
  if (o.connectivity != 4 && o.connectivity != 8) {
    return Error{"--connectivity " + std::to_string(o.connectivity) +
                 " is out of range: allowed 4 or 8"};
  }
  if (o.threads > kMaxSweepThreads) {
    return Error{"--threads " + std::to_string(o.threads) +
                 " is out of range: allowed 0 (one per core).." + std::to_string(kMaxSweepThreads)};
  }
  return std::nullopt;
}

std::uint64_t sweep_bytes_per_map(const ParamValues& params) {
  const auto side = [&](const char* name) {
    return static_cast<std::uint64_t>(std::max(1, params.get_int(name)));
  };
  return side("width") * side("height") * kSweepBytesPerCell;
}

unsigned sweep_threads(const ParamValues& params, const SweepOptions& o) {
  const std::uint64_t count = o.last_seed >= o.first_seed ? o.last_seed - o.first_seed + 1 : 1;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::uint64_t fit =
      std::max<std::uint64_t>(1, o.memory_budget / sweep_bytes_per_map(params));
  return static_cast<unsigned>(
      std::min({count, static_cast<std::uint64_t>(o.threads == 0 ? cores : o.threads), fit}));
}

SweepRow sweep_one(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t seed,
                   int connectivity) {
  Stepper s = start_generator(spec, params, seed, false);
  SweepRow row;
  row.seed = seed;
  row.steps = run_to_end(s).steps;
  const Grid& g = s.grid();
  const std::size_t walkable = g.count_walkable();
  row.floor_fraction = static_cast<double>(walkable) / static_cast<double>(g.size());
  const RegionMap regions = label_regions(g, connectivity);
  row.regions = static_cast<std::int64_t>(regions.sizes.size());
  const std::int64_t largest =
      regions.sizes.empty() ? 0 : *std::max_element(regions.sizes.begin(), regions.sizes.end());
  row.largest_region_fraction =
      walkable == 0 ? 0.0 : static_cast<double>(largest) / static_cast<double>(walkable);
  row.connected = regions.sizes.size() == 1;
  row.level = level_figures(g, s.layout().start, connectivity);
  row.stats = spec.narration.stat_rows(s.stats(), params);
  return row;
}

std::vector<SweepRow> run_sweep(const GeneratorSpec& spec, const ParamValues& params,
                                const SweepOptions& o,
                                const std::function<void(std::uint64_t)>& progress,
                                StopToken stop) {
  if (auto err = sweep_range_error(o)) throw std::invalid_argument(err->message);
  const std::uint64_t count = o.last_seed - o.first_seed + 1;  // bounded by sweep_range_error
  std::vector<SweepRow> rows(static_cast<std::size_t>(count));
  std::vector<char> done(static_cast<std::size_t>(count), 0);
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> finished{0};
  const unsigned threads = sweep_threads(params, o);
  std::mutex mutex;
  std::condition_variable wake;
  // A thread's exception (out of memory) ends the sweep and is rethrown here, not in the thread
  // (where it would end the process).
  std::exception_ptr failure;
  std::atomic<bool> failed{false};
  const auto work = [&] {
    try {
      // Each index is taken by exactly one thread; each writes only its own slots.
      for (std::uint64_t i = next.fetch_add(1); i < count && !stop.stop_requested() && !failed;
           i = next.fetch_add(1)) {
        rows[static_cast<std::size_t>(i)] =
            sweep_one(spec, params, o.first_seed + i, o.connectivity);
        done[static_cast<std::size_t>(i)] = 1;
        if (finished.fetch_add(1) + 1 == count) {
          const std::lock_guard lock(mutex);
          wake.notify_all();
        }
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      failed = true;
      wake.notify_all();
    }
  };
  std::vector<JThread> pool;
  if constexpr (!kHaveThreads) work();  // the browser build: here, on the one thread there is
  for (unsigned t = 0; kHaveThreads && t < threads; ++t) pool.emplace_back(work);
  if (progress) {
    // This thread reports while the pool works (it has nothing else to do).
    std::unique_lock lock(mutex);
    while (finished.load() < count && !stop.stop_requested() && !failed) {
      wake.wait_for(lock, std::chrono::milliseconds(100));
      progress(finished.load());
    }
  }
  pool.clear();  // joins
  if (failure) std::rethrow_exception(failure);
  if (progress) progress(finished.load());
  // Cut at the first seed not done (a stop): the rows stay a contiguous range.
  const auto first_missing = std::find(done.begin(), done.end(), 0);
  rows.resize(static_cast<std::size_t>(first_missing - done.begin()));
  return rows;
}

double stat_number(const StatRow& row) {
  return std::visit(
      [](const auto& v) -> double {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::vector<std::int64_t>>) {
          return static_cast<double>(std::accumulate(v.begin(), v.end(), std::int64_t{0}));
        } else {
          return static_cast<double>(v);
        }
      },
      row.value);
}

}  // namespace dungen
