#pragma once
// What every generator's own test file needs: the seed loop, parameters by name, the stats by key,
// the pseudocode line that says some words, the overlay's items by role, the replay check and the
// CLI in-process. A generator's event kinds and reasons come from its own header
// (generators/NAME.hpp), never from a copy here.

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
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

// The stats panel's rows of a run, by key ("rooms" -> 12).
inline std::map<std::string, std::int64_t> stat_map(const GeneratorSpec& spec, const Stepper& s) {
  std::map<std::string, std::int64_t> v;
  for (const StatRow& r : spec.narration.stat_rows(s.stats(), s.params())) {
    if (const auto* n = std::get_if<std::int64_t>(&r.value)) v[r.key] = *n;
  }
  return v;
}

// The pseudocode line that contains `words`, found by its words so a renumbered or reworded table
// fails the test that asks (-1, and a failure, when no line says them).
inline int line_saying(const GeneratorSpec& spec, std::string_view words) {
  const auto code = spec.narration.pseudocode;
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (code[i].find(words) != std::string_view::npos) return static_cast<int>(i);
  }
  ADD_FAILURE() << "no pseudocode line of " << spec.name << " says '" << words << "'";
  return -1;
}

// The text of the line a step lights.
inline std::string_view line_text(const GeneratorSpec& spec, const Step& s) {
  return spec.narration.pseudocode[static_cast<std::size_t>(s.line)];
}

// The rectangles of every overlay item of a role, in order.
inline std::vector<Rect> rects_of(const Overlay& o, Role role) {
  std::vector<Rect> out;
  for (const OverlayItem& i : o.items) {
    if (i.role == role) out.push_back(i.rect);
  }
  return out;
}

// The cells of the first overlay item of a role (empty when there is none).
inline const std::vector<Point>& cells_of(const Overlay& o, Role role) {
  static const std::vector<Point> kNone;
  const OverlayItem* i = o.find(role);
  return i ? i->cells : kNone;
}

// Every step of seeds first..last, one run per seed, recording changes: visit(seed, stepper,
// step) sees each step as it is made (the stepper's grid already holds its changes).
inline void for_each_step(
    const GeneratorSpec& spec, const ParamValues& p, std::uint64_t first, std::uint64_t last,
    const std::function<void(std::uint64_t, const Stepper&, const Step&)>& visit) {
  for (std::uint64_t seed = first; seed <= last; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Stepper s = start_generator(spec, p, seed);
    while (const Step* step = s.next()) visit(seed, s, *step);
  }
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
