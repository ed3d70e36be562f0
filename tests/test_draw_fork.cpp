// Forks (core/draw_fork.hpp): one draw of one step changed. For every generator (and, through
// test_script_examples.cpp's instantiation, every example script): a fork that keeps the drawn
// value changes nothing; a fork that changes it leaves every step before it as it was; and the
// batch run and the stepped run of a fork agree.

#include <gtest/gtest.h>

#include <vector>

#include "core/draw_fork.hpp"
#include "core/runner.hpp"
#include "every_generator.hpp"
#include "generators/registry.hpp"

using namespace dungen;
using test_support::EveryGenerator;

namespace {

// One step as a run saw it: what the step said, changed and drew.
struct StepRecord {
  Step step;
  std::vector<CellChange> changes;
  std::vector<Draw> draws;
  friend bool operator==(const StepRecord&, const StepRecord&) = default;
};

// Small maps keep these quick; every generator accepts 40x30.
ParamValues small_params(const GeneratorSpec& spec) {
  ParamValues p = spec.schema.defaults();
  EXPECT_FALSE(p.set("width", 40));
  EXPECT_FALSE(p.set("height", 30));
  return p;
}

std::vector<StepRecord> record_run(const GeneratorSpec& spec, const ParamValues& p,
                                   const DrawFork* fork, Grid* final_grid = nullptr) {
  Stepper s = start_generator(spec, p, 11, true, fork);
  std::vector<StepRecord> run;
  while (const Step* st = s.next()) {
    run.push_back(
        {*st, {s.changes().begin(), s.changes().end()}, {s.draws().begin(), s.draws().end()}});
  }
  if (final_grid) *final_grid = s.grid();
  return run;
}

// The ranged draws of a run as forks that keep their value: (step, name, occurrence).
std::vector<DrawFork> draws_of(const std::vector<StepRecord>& run) {
  std::vector<DrawFork> forks;
  for (std::size_t k = 0; k < run.size(); ++k) {
    const auto& draws = run[k].draws;
    for (std::size_t i = 0; i < draws.size(); ++i) {
      if (!draws[i].drawn()) continue;
      int occurrence = 1;
      for (std::size_t j = 0; j < i; ++j) occurrence += draws[j].name == draws[i].name ? 1 : 0;
      forks.push_back({k + 1, std::string(draws[i].name), occurrence, draws[i].value});
    }
  }
  return forks;
}

// Up to n forks spread over the run.
std::vector<DrawFork> spread(const std::vector<DrawFork>& all, std::size_t n) {
  std::vector<DrawFork> picked;
  if (all.empty()) return picked;
  for (std::size_t i = 0; i < n; ++i) picked.push_back(all[i * all.size() / n]);
  return picked;
}

}  // namespace

TEST(DrawFork, TextRoundTripsAndBadTextSaysWhatIsAllowed) {
  const DrawFork f{12, "w", 1, 9};
  EXPECT_EQ(fork_text(f), "12:w=9");
  const DrawFork g{3, "dir", 2, -1};
  EXPECT_EQ(fork_text(g), "3:dir#2=-1");
  for (const DrawFork& x : {f, g}) {
    const auto back = parse_fork(fork_text(x));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, x);
  }
  for (const char* bad : {"", "12", "12:w", "0:w=1", "x:w=1", "12:=1", "12:w=", "12:w=1.5",
                          "12:w#0=1", "12:w#=1", "12:w x=1", "12:w=99999999999"}) {
    const auto r = parse_fork(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error().message.find("allowed STEP:NAME=VALUE"), std::string::npos) << bad;
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos);
  }
}

TEST_P(EveryGenerator, AForkThatKeepsTheDrawnValueChangesNothing) {
  const GeneratorSpec& spec = *GetParam();
  const ParamValues p = small_params(spec);
  const auto plain = record_run(spec, p, nullptr);
  for (const DrawFork& keep : spread(draws_of(plain), 6)) {
    SCOPED_TRACE(fork_text(keep));
    EXPECT_EQ(record_run(spec, p, &keep), plain);
  }
  // A fork naming a draw its step does not make changes nothing either.
  const DrawFork none{1, "no_such_draw", 1, 3};
  Stepper s = start_generator(spec, p, 11, true, &none);
  EXPECT_EQ(run_to_end(s).steps, plain.size());
  EXPECT_FALSE(s.fork_outcome().applied);
}

TEST_P(EveryGenerator, AForkLeavesEveryStepBeforeItAsItWasAndBatchAgreesWithStepping) {
  const GeneratorSpec& spec = *GetParam();
  const ParamValues p = small_params(spec);
  Grid plain_grid(1, 1, Tile::Wall);
  const auto plain = record_run(spec, p, nullptr, &plain_grid);
  int changed_maps = 0, tried = 0;
  for (DrawFork fork : spread(draws_of(plain), 8)) {
    const Draw& d = [&]() -> const Draw& {
      int seen = 0;
      for (const Draw& x : plain[fork.step - 1].draws) {
        if (x.name == fork.name && ++seen == fork.occurrence) return x;
      }
      throw std::logic_error("draw not found");
    }();
    if (d.lo == d.hi) continue;  // nothing else it could have been
    fork.value = d.value == d.hi ? d.lo : d.value + 1;
    SCOPED_TRACE(fork_text(fork));
    ++tried;
    Grid forked_grid(1, 1, Tile::Wall);
    const auto forked = record_run(spec, p, &fork, &forked_grid);
    ASSERT_GE(forked.size(), fork.step);
    for (std::uint64_t k = 0; k + 1 < fork.step; ++k) {
      ASSERT_EQ(forked[k], plain[k]) << "step " << k + 1 << " differs before the fork";
    }
    // The fork's step drew the new value, and says what the RNG had given.
    int seen = 0;
    for (const Draw& x : forked[fork.step - 1].draws) {
      if (x.name == fork.name && ++seen == fork.occurrence) {
        EXPECT_EQ(x.value, fork.value);
      }
    }
    Stepper batch = start_generator(spec, p, 11, false, &fork);
    run_to_end(batch);
    EXPECT_TRUE(batch.fork_outcome().applied);
    EXPECT_EQ(batch.fork_outcome().drawn, d.value);
    EXPECT_EQ(batch.fork_outcome().value, fork.value);
    EXPECT_TRUE(batch.grid() == forked_grid) << "batch and stepped forks differ";
    changed_maps += forked_grid == plain_grid ? 0 : 1;
  }
  // Some draw mattered: a fork that changed nothing at all would pass the rest.
  if (tried > 0) {
    EXPECT_GT(changed_maps, 0);
  }
}

TEST(DrawFork, AValueOutsideTheDrawsRangeIsMovedIntoIt) {
  const GeneratorSpec& spec = *find_generator("rooms-and-tunnels");
  ParamValues p = spec.schema.defaults();
  Stepper plain = start_generator(spec, p, 5);
  const Step* first = nullptr;
  while ((first = plain.next())) {
    if (!plain.draws().empty() && plain.draws()[0].name == "w") break;
  }
  ASSERT_NE(first, nullptr);
  const Draw w = plain.draws()[0];
  const DrawFork fork{plain.steps_taken(), "w", 1, 1000};
  Stepper s = start_generator(spec, p, 5, true, &fork);
  run_steps(s, fork.step);
  EXPECT_EQ(s.draws()[0].value, w.hi);
  EXPECT_EQ(s.fork_outcome().value, w.hi);
  EXPECT_EQ(s.fork_outcome().drawn, w.value);
}
