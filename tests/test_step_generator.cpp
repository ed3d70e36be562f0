// The coroutine under every generator: steps in order, child bodies passed through (yield*),
// recursion, exceptions, and a body dropped mid-run; and the stepper letting a body go with its
// final step.

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "core/step_generator.hpp"
#include "core/stepper.hpp"

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

// A body's frame holds what it worked with (room accretion's bank of free cells: 128 MB at
// 4096x4096). Nothing follows the final step (Step::last), so the stepper lets the frame go as
// soon as that step has run, not when the stepper goes (a finished run is kept as long as it is
// looked at): the step itself stays, as it was yielded, and its changes with it.
namespace {

struct Scratch {
  bool* freed;
  ~Scratch() { *freed = true; }
};

StepGenerator holds_scratch(StepContext& ctx, ParamValues, bool* freed) {
  const Scratch scratch{freed};
  co_yield Step{.line = 1, .event = {.kind = kEventBegin}};
  ctx.canvas().set_cell(3, {Tile::Floor, Mark::None, 5, -1});
  Step last{.line = 2, .event = {.kind = kEventDone, .value = 42}, .last = true};
  last.overlay.items.push_back(marker(Role::Cursor, {3, 0}));
  co_yield last;
}

}  // namespace

TEST(Stepper, TheBodyGoesWithItsFinalStepAndTheStepStays) {
  bool freed = false;
  Stepper s([&freed](StepContext& ctx,
                     ParamValues p) { return holds_scratch(ctx, std::move(p), &freed); },
            ParamValues(), Grid(8, 8, Tile::Wall), Rng(1), 0);
  ASSERT_NE(s.next(), nullptr);
  EXPECT_FALSE(freed);
  EXPECT_FALSE(s.done());
  const Step* last = s.next();
  ASSERT_NE(last, nullptr);
  EXPECT_TRUE(freed);  // the frame is gone with the final step
  EXPECT_TRUE(s.done());
  EXPECT_EQ(last->line, 2);
  EXPECT_EQ(last->event.value, 42);
  ASSERT_EQ(last->overlay.items.size(), 1u);
  EXPECT_EQ(last->overlay.items[0].cells[0], (Point{3, 0}));
  EXPECT_EQ(s.current(), last);
  ASSERT_EQ(s.changes().size(), 1u);
  EXPECT_EQ(s.changes()[0].after.label, 5);
  // Moved, the stepper still shows its final step.
  Stepper moved = std::move(s);
  ASSERT_NE(moved.current(), nullptr);
  EXPECT_EQ(moved.current()->event.value, 42);
  EXPECT_EQ(moved.next(), nullptr);
  EXPECT_EQ(moved.next(), nullptr);
}
