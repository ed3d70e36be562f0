#pragma once
// Checks shared by the generator tests.

#include <gtest/gtest.h>

#include <initializer_list>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"

namespace dungen::test_support {

// The spec's defaults with some values set; every value and the whole set must validate.
inline ParamValues params_for(
    const GeneratorSpec& spec,
    std::initializer_list<std::pair<std::string_view, std::int64_t>> values) {
  ParamValues p(spec.schema);
  for (const auto& [name, value] : values) {
    EXPECT_EQ(p.set(name, value), std::nullopt) << name;
  }
  EXPECT_EQ(p.validate(), std::nullopt);
  return p;
}

// Batch, one step at a time through a timeline, and back and forth give the same grid: all the
// way back to the start, seeks to a few steps (each against a fresh run of that many steps), and
// forward again to the end.
inline void check_replay(const GeneratorSpec& spec, const ParamValues& p, std::uint64_t seed) {
  Stepper batch = start_generator(spec, p, seed, false);
  run_to_end(batch);

  Timeline t(start_generator(spec, p, seed, true));
  const Grid start = t.grid();
  while (t.next()) {
  }
  ASSERT_EQ(t.grid(), batch.grid());
  const std::uint64_t n = t.recorded();
  ASSERT_GT(n, 2u);

  while (t.back()) {
  }
  ASSERT_EQ(t.cursor(), 0u);
  EXPECT_EQ(t.grid(), start);
  for (const std::uint64_t k : {std::uint64_t{1}, n / 3, n / 2, n - 1}) {
    t.seek(k);
    Stepper fresh = start_generator(spec, p, seed, false);
    run_steps(fresh, k);
    EXPECT_EQ(t.grid(), fresh.grid()) << "at step " << k;
  }
  t.seek(n / 4);
  while (t.next()) {
  }
  EXPECT_EQ(t.grid(), batch.grid());
}

// The CLI in-process: its exit code, and stdout on success or stderr on failure.
inline std::pair<int, std::string> cli(std::vector<std::string> args) {
  std::ostringstream out, err;
  const int rc = run_cli(args, out, err);
  return {rc, rc == 0 ? out.str() : err.str()};
}

}  // namespace dungen::test_support
