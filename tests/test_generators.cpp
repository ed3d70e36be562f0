// The stepper protocol, checked for every registered generator alike: what core/stepper.hpp and
// docs/ADDING_A_GENERATOR.md promise of any generator, so a new one is held to it the moment it is
// registered. test_script_examples.cpp runs the same suite over the example scripts.

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "every_generator.hpp"
#include "generators/registry.hpp"
#include "grid_layers.hpp"

using namespace dungen;
using test_support::EveryGenerator;

namespace {

std::string spec_name(const ::testing::TestParamInfo<const GeneratorSpec*>& info) {
  return test_support::test_name(std::string(info.param->name));
}

}  // namespace

TEST_P(EveryGenerator, SchemaStartsWithTheMapSizeAndItsDefaultsValidate) {
  const GeneratorSpec& spec = *GetParam();
  ASSERT_GE(spec.schema.params.size(), 2u);
  EXPECT_EQ(spec.schema.params[0].name, "width");
  EXPECT_EQ(spec.schema.params[1].name, "height");
  EXPECT_LE(spec.schema.params[0].max, kMaxMapSide);
  EXPECT_FALSE(spec.schema.defaults().validate());
  for (const ParamDef& p : spec.schema.params) {
    EXPECT_LE(p.min, p.def) << p.name;
    EXPECT_LE(p.def, p.max) << p.name;
    EXPECT_FALSE(p.help.empty()) << p.name;
  }
  EXPECT_FALSE(spec.summary.empty());
  EXPECT_FALSE(spec.narration.pseudocode.empty());
  EXPECT_NE(spec.narration.words, nullptr);
  EXPECT_NE(spec.narration.stat_rows, nullptr);
  // Every constraint names parameters the schema has.
  for (const Constraint& c : spec.schema.constraints) {
    EXPECT_TRUE(spec.schema.find(c.param)) << c.param;
    if (c.bound == BoundKind::Param) {
      EXPECT_TRUE(spec.schema.find(c.other)) << c.other;
    }
  }
}

TEST_P(EveryGenerator, EveryStepHasWordsAndTheStatsRowsAreTheGenerators) {
  const GeneratorSpec& spec = *GetParam();
  const Narration& n = spec.narration;
  Stepper s = start_generator(spec, spec.schema.defaults(), 3);
  std::set<std::string> keys;
  for (const StatRow& r : n.stat_rows(s.stats(), s.params())) {
    EXPECT_TRUE(keys.insert(r.key).second) << "stat key " << r.key << " twice";
    EXPECT_FALSE(r.label.empty());
    EXPECT_FALSE(r.text.empty());
  }
  EXPECT_FALSE(keys.empty()) << "a generator declares its own stats";
  EXPECT_EQ(s.stats().size(), n.stat_slots);
  while (const Step* step = s.next()) {
    ASSERT_FALSE(n.words(*step, s.params()).empty()) << "line " << step->line;
    ASSERT_EQ(n.words(*step, s.params()).find('\n'), std::string::npos);
    for (const Draw& d : s.draws()) EXPECT_FALSE(d.name.empty());
  }
  // The first step begins: a phase lighting line 0, where the map is as it starts. A built-in's
  // is the generic begin event; a script's carries its own words.
  Stepper again = start_generator(spec, spec.schema.defaults(), 3);
  const Step* first = again.next();
  ASSERT_NE(first, nullptr);
  if (test_support::is_built_in(spec)) {
    EXPECT_EQ(first->event.kind, kEventBegin);
  }
  EXPECT_EQ(first->level, StepLevel::Phase);
  EXPECT_EQ(first->line, 0);
  EXPECT_TRUE(again.changes().empty());
}

TEST_P(EveryGenerator, StepsAreWellFormedAndOnlyTheFinalOneIsLast) {
  const GeneratorSpec& spec = *GetParam();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Stepper s = start_generator(spec, spec.schema.defaults(), seed);
    std::uint64_t steps = 0;
    bool saw_last = false;
    while (const Step* step = s.next()) {
      ++steps;
      ASSERT_FALSE(saw_last) << "a step after the last one, seed " << seed;
      ASSERT_LT(static_cast<std::size_t>(step->line), spec.narration.pseudocode.size());
      ASSERT_GE(step->line, 0);
      for (const CellChange& c : s.changes()) {
        ASSERT_LT(c.index, s.grid().size());
        ASSERT_NE(c.before, c.after);
      }
      if (step->last) {
        saw_last = true;
        EXPECT_EQ(step->level, StepLevel::Phase);
        EXPECT_TRUE(s.done()) << "done as soon as the last step has run";
      } else {
        EXPECT_FALSE(s.done());
      }
    }
    EXPECT_TRUE(saw_last) << "seed " << seed;
    EXPECT_GT(steps, 0u);
    EXPECT_EQ(s.next(), nullptr);  // stays finished
  }
}

TEST_P(EveryGenerator, BatchSteppedAndTimelineGiveTheSameGridBitForBit) {
  const GeneratorSpec& spec = *GetParam();
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Stepper batch = start_generator(spec, spec.schema.defaults(), seed, false);
    const RunResult r = run_to_end(batch);
    Timeline t(start_generator(spec, spec.schema.defaults(), seed, true));
    // Forward by feature, back to the start, forward one step at a time.
    while (!run_until(t, StepLevel::Feature).finished) {
    }
    ASSERT_EQ(t.grid(), batch.grid()) << "seed " << seed;
    ASSERT_EQ(t.recorded(), r.steps);
    const Grid start = Grid(batch.grid().width(), batch.grid().height(), spec.background);
    t.seek(0);
    ASSERT_EQ(t.grid(), start);
    while (t.next()) {
    }
    ASSERT_EQ(t.grid(), batch.grid()) << "seed " << seed;
    EXPECT_TRUE(t.at_end());
  }
}

TEST_P(EveryGenerator, RegionStepperAgreesWithTheFastPathOnItsMaps) {
  const GeneratorSpec& spec = *GetParam();
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Stepper gen = start_generator(spec, spec.schema.defaults(), seed, false);
    run_to_end(gen);
    for (int connectivity : {4, 8}) {
      ParamValues rp(region_schema());
      ASSERT_FALSE(rp.set("connectivity", connectivity));
      Stepper regions = start_region_stepper(gen.grid(), rp);
      bool saw_last = false;
      while (const Step* step = regions.next()) saw_last = step->last;
      EXPECT_TRUE(saw_last);
      EXPECT_EQ(region_layer(regions.grid()), label_regions(gen.grid(), connectivity).labels);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryGenerator,
                         ::testing::ValuesIn(all_generators().begin(), all_generators().end()),
                         spec_name);
