// libFuzzer target: a generator run with fuzzer-chosen parameters on a small map, stepped
// forward and back through a Timeline at random (single steps, runs to a level, seeks), checked
// against fresh runs: the grid and the statistics at the cursor must equal a fresh stepper's
// after as many steps, and the end of the timeline must equal a fresh batch run's, bit for bit.

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>

#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"
#include "param_sampler.hpp"

using namespace dungen;

namespace {

constexpr std::int64_t kMaxSide = 24;
// Enough history to step through; past it the input only checks what it reached.
constexpr std::uint64_t kMaxSteps = 50'000;

void fail(const char* what, const GeneratorSpec& spec, const ParamValues& p, std::uint64_t seed,
          std::uint64_t at) {
  std::string params;
  const auto& defs = p.schema().params;
  for (std::size_t i = 0; i < defs.size(); ++i) {
    params += " --" + kebab_case(defs[i].name) + " " + std::to_string(p.values()[i]);
  }
  std::fprintf(stderr, "fuzz_generator_timeline: %s at step %llu: %s --seed %llu%s\n", what,
               static_cast<unsigned long long>(at), std::string(spec.name).c_str(),
               static_cast<unsigned long long>(seed), params.c_str());
  std::abort();
}

bool same_stats(std::span<const std::int64_t> a, std::span<const std::int64_t> b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const auto generators = all_generators();
  const GeneratorSpec& spec =
      *generators[in.ConsumeIntegralInRange<std::size_t>(0, generators.size() - 1)];
  auto pick = [&](std::uint64_t n) {
    return n == 0 ? 0 : in.ConsumeIntegralInRange<std::uint64_t>(0, n - 1);
  };
  const std::optional<ParamValues> p = test_support::sample_params(spec.schema, pick, kMaxSide);
  if (!p) return 0;
  const auto seed = in.ConsumeIntegral<std::uint64_t>();

  Timeline t(start_generator(spec, *p, seed, true));
  const int ops = in.ConsumeIntegralInRange<int>(1, 48);
  for (int i = 0; i < ops && in.remaining_bytes() > 0; ++i) {
    switch (in.ConsumeIntegralInRange<int>(0, 4)) {
      case 0:
        t.next();
        break;
      case 1:
        t.back();
        break;
      case 2: {
        const auto level = static_cast<StepLevel>(in.ConsumeIntegralInRange<int>(0, 3));
        run_until(t, level, kMaxSteps);
        break;
      }
      case 3:
        t.seek(in.ConsumeIntegralInRange<std::uint64_t>(0, std::min(t.recorded() + 64, kMaxSteps)));
        break;
      case 4: {
        const auto n = in.ConsumeIntegralInRange<std::uint64_t>(0, 16);
        for (std::uint64_t k = 0; k < n && t.back(); ++k) {
        }
        break;
      }
    }
    if (t.recorded() > kMaxSteps) break;
  }
  // Where the cursor is, a fresh run of as many steps agrees.
  const std::uint64_t k = t.cursor();
  Stepper fresh = start_generator(spec, *p, seed, false);
  run_steps(fresh, k);
  if (!(fresh.grid() == t.grid())) fail("grid differs from a fresh run", spec, *p, seed, k);
  if (!same_stats(fresh.stats(), t.stats()))
    fail("stats differ from a fresh run", spec, *p, seed, k);

  // The rest of the way through the timeline ends where a batch run ends.
  if (t.recorded() <= kMaxSteps) {
    std::uint64_t more = 0;
    while (!t.at_end() && more++ < kMaxSteps) t.next();
    if (t.at_end()) {
      Stepper batch = start_generator(spec, *p, seed, false);
      run_to_end(batch);
      if (!(batch.grid() == t.grid()))
        fail("end differs from a batch run", spec, *p, seed, t.cursor());
      if (!same_stats(batch.stats(), t.stats())) {
        fail("end stats differ from a batch run", spec, *p, seed, t.cursor());
      }
    }
  }
  return 0;
}
