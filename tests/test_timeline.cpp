#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/rooms_and_tunnels.hpp"

using namespace dungen;

namespace {

// A map big enough, with enough rooms, that a run takes well over 1,000 steps.
ParamValues busy_params() {
  ParamValues p(rooms_and_tunnels_spec().schema);
  EXPECT_FALSE(p.set("width", 160));
  EXPECT_FALSE(p.set("height", 90));
  EXPECT_FALSE(p.set("max_rooms", 120));
  return p;
}

Stepper fresh(std::uint64_t seed) {
  return start_generator(rooms_and_tunnels_spec(), busy_params(), seed);
}

}  // namespace

// The round trip: 1,000 steps forward, back to 0 and forward again, comparing every grid
// bit for bit with a fresh run stepped alongside.
TEST(Timeline, ThousandStepsForwardBackAndForwardAgain) {
  constexpr int kSteps = 1000;
  Timeline t(fresh(11));
  Stepper reference = fresh(11);
  std::vector<Grid> seen;  // seen[k] = the grid after k steps
  seen.push_back(reference.grid());
  EXPECT_EQ(t.grid(), seen[0]);
  for (int k = 1; k <= kSteps; ++k) {
    ASSERT_NE(t.next(), nullptr) << "run ended before step " << k;
    ASSERT_NE(reference.next(), nullptr);
    ASSERT_EQ(t.grid(), reference.grid()) << "forward, step " << k;
    EXPECT_EQ(*t.current(), *reference.current());
    seen.push_back(reference.grid());
  }
  for (int k = kSteps - 1; k >= 0; --k) {
    ASSERT_TRUE(t.back());
    ASSERT_EQ(t.cursor(), static_cast<std::uint64_t>(k));
    ASSERT_EQ(t.grid(), seen[static_cast<std::size_t>(k)]) << "back, step " << k;
  }
  EXPECT_FALSE(t.back());
  EXPECT_EQ(t.current(), nullptr);
  for (int k = 1; k <= kSteps; ++k) {
    ASSERT_NE(t.next(), nullptr);
    ASSERT_EQ(t.grid(), seen[static_cast<std::size_t>(k)]) << "redo, step " << k;
  }
  EXPECT_TRUE(t.at_head());
  // Past the head the stepper resumes where it paused and still agrees with the reference.
  while (t.next()) ASSERT_NE(reference.next(), nullptr);
  EXPECT_EQ(reference.next(), nullptr);
  EXPECT_EQ(t.grid(), reference.grid());
  EXPECT_TRUE(t.at_end());
}

TEST(Timeline, SeekJumpsBothWays) {
  Timeline t(fresh(5));
  Stepper reference = fresh(5);
  run_steps(reference, 300);
  t.seek(300);
  EXPECT_EQ(t.cursor(), 300u);
  EXPECT_EQ(t.grid(), reference.grid());
  t.seek(17);
  Stepper again = fresh(5);
  run_steps(again, 17);
  EXPECT_EQ(t.grid(), again.grid());
  EXPECT_EQ(*t.current(), *again.current());
  t.seek(UINT64_MAX);  // past the end: stops at the end
  EXPECT_TRUE(t.at_end());
  run_to_end(reference);
  EXPECT_EQ(t.grid(), reference.grid());
}

TEST(Timeline, ChangesAtMatchTheStepperChanges) {
  Timeline t(fresh(3));
  Stepper reference = fresh(3);
  for (int k = 1; k <= 200; ++k) {
    ASSERT_NE(t.next(), nullptr);
    ASSERT_NE(reference.next(), nullptr);
    const auto a = t.changes_at(static_cast<std::uint64_t>(k));
    const auto b = reference.changes();
    ASSERT_EQ(std::vector<CellChange>(a.begin(), a.end()),
              std::vector<CellChange>(b.begin(), b.end()));
  }
}

TEST(Timeline, HistoryIsBoundedAndForgetsTheOldestSteps) {
  // A budget of a few records: the earliest reachable step moves forward, memory stays bounded,
  // and the live grid is still exactly the stepper's.
  Timeline t(fresh(2), 64 * 1024);
  Stepper reference = fresh(2);
  run_steps(t, 2000);
  run_steps(reference, 2000);
  EXPECT_GT(t.earliest(), 0u);
  EXPECT_LE(t.history_bytes(), 64u * 1024u + 64u * 1024u);
  EXPECT_EQ(t.grid(), reference.grid());
  t.seek(0);
  EXPECT_EQ(t.cursor(), t.earliest());
  EXPECT_FALSE(t.back());
  t.seek(2000);
  EXPECT_EQ(t.grid(), reference.grid());
}

TEST(Runner, RunUntilStopsAtTheRequestedLevel) {
  Stepper s = fresh(4);
  for (int i = 0; i < 20; ++i) {
    const RunResult r = run_until(s, StepLevel::Feature);
    if (r.finished) break;
    ASSERT_NE(r.last, nullptr);
    EXPECT_GE(r.last->level, StepLevel::Feature);
  }
  Stepper c = fresh(4);
  const RunResult one = run_until(c, StepLevel::Cell);
  EXPECT_EQ(one.steps, 1u);
  const RunResult bounded = run_until(c, StepLevel::Phase, 5);
  EXPECT_EQ(bounded.steps, 5u);
}
