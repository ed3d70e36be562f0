// The coroutine under every generator: steps in order, child bodies passed through (yield*),
// recursion, exceptions, and a body dropped mid-run.

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "core/step_generator.hpp"

using namespace dungen;

namespace {

StepGenerator count_up(int from, int to) {
  for (int i = from; i < to; ++i) {
    const Step s{.line = i};
    co_yield s;
  }
}

// A recursive body: a binary split of [lo, hi) that yields each leaf, like a BSP tree would.
StepGenerator split(int lo, int hi, int& depth_seen, int depth) {
  depth_seen = std::max(depth_seen, depth);
  if (hi - lo <= 1) {
    const Step leaf{.line = lo};
    co_yield leaf;
    co_return;
  }
  const int mid = (lo + hi) / 2;
  co_yield split(lo, mid, depth_seen, depth + 1);
  co_yield split(mid, hi, depth_seen, depth + 1);
}

std::vector<int> lines_of(StepGenerator g) {
  std::vector<int> out;
  while (const Step* s = g.advance()) out.push_back(s->line);
  return out;
}

StepGenerator parent_with_children(int& after) {
  const Step first{.line = 100};
  co_yield first;
  co_yield count_up(0, 3);
  co_yield count_up(3, 3);  // a child with no steps at all
  const Step middle{.line = 200};
  co_yield middle;
  co_yield count_up(10, 12);
  after = 1;  // the parent resumes only when its last child has returned
  const Step last{.line = 300};
  co_yield last;
}

StepGenerator throws_in_child_body() {
  const Step s{.line = 1};
  co_yield s;
  throw std::runtime_error("child failed");
}

StepGenerator parent_of_thrower() {
  co_yield throws_in_child_body();
}

}  // namespace

TEST(StepGenerator, ChildStepsPassThroughInOrderAndTheParentResumesAfter) {
  int after = 0;
  StepGenerator g = parent_with_children(after);
  std::vector<int> got;
  while (const Step* s = g.advance()) {
    got.push_back(s->line);
    if (s->line == 11) {
      EXPECT_EQ(after, 0);
    }
  }
  EXPECT_EQ(got, (std::vector<int>{100, 0, 1, 2, 200, 10, 11, 300}));
  EXPECT_EQ(after, 1);
  EXPECT_TRUE(g.done());
  EXPECT_EQ(g.advance(), nullptr);
}

TEST(StepGenerator, RecursiveBodiesStayRecursive) {
  int depth = 0;
  EXPECT_EQ(lines_of(split(0, 13, depth, 0)),
            (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
  EXPECT_EQ(depth, 4);
}

TEST(StepGenerator, AnExceptionInAChildReachesTheCaller) {
  StepGenerator g = parent_of_thrower();
  ASSERT_NE(g.advance(), nullptr);
  EXPECT_THROW(g.advance(), std::runtime_error);
}

TEST(StepGenerator, ABodyDroppedInsideAChildFreesEverything) {
  // Run under AddressSanitizer in CI: destroying the parent mid-child must free the child too.
  int depth = 0;
  StepGenerator g = split(0, 64, depth, 0);
  for (int i = 0; i < 5; ++i) ASSERT_NE(g.advance(), nullptr);
  g = StepGenerator();
  EXPECT_TRUE(g.done());
}
