// Compare mode's logic: pane B follows pane A step for step (or by fraction), the diff is exactly
// the cells whose tiles differ, and the table's differences are B minus A.

#include <gtest/gtest.h>

#include "app/logic/compare.hpp"
#include "app_test_support.hpp"

namespace dungen::app {
namespace {

void settle(Session& s) {
  s.finish_pending();
}

TEST(AppCompare, BFollowsAStepForStep) {
  Session a(frozen_clock(1));
  a.set_mode(RunMode::Step);
  a.set_seed(7);
  settle(a);
  Comparison cmp(frozen_clock(2));
  cmp.copy_from(a);
  ASSERT_TRUE(cmp.b().set_param("max_rooms", 12));
  settle(cmp.b());
  for (int i = 0; i < 25; ++i) {
    a.step();
    settle(a);
    cmp.follow(a);
    settle(cmp.b());
    EXPECT_EQ(cmp.b().position(), a.position());
  }
  a.step_back();
  settle(a);
  cmp.follow(a);
  settle(cmp.b());
  EXPECT_EQ(cmp.b().position(), 24u);
}

TEST(AppCompare, ByFractionBIsAtTheSameShareOfItsRun) {
  Session a(frozen_clock(1));
  a.set_seed(3);
  settle(a);  // live: run to the end
  Comparison cmp(frozen_clock(2));
  cmp.copy_from(a);
  ASSERT_TRUE(cmp.b().set_param("max_rooms", 5));
  settle(cmp.b());
  cmp.by_fraction = true;
  a.seek(a.recorded() / 2);
  settle(a);
  cmp.follow(a);
  settle(cmp.b());
  const double fa = static_cast<double>(a.position()) / static_cast<double>(a.recorded());
  const double fb =
      static_cast<double>(cmp.b().position()) / static_cast<double>(cmp.b().recorded());
  EXPECT_NEAR(fa, fb, 1.0 / static_cast<double>(cmp.b().recorded()));
  a.seek(a.recorded());
  settle(a);
  cmp.follow(a);
  settle(cmp.b());
  EXPECT_EQ(cmp.b().position(), cmp.b().recorded());
}

TEST(AppCompare, TheDiffIsExactlyTheCellsWhoseTilesDiffer) {
  Session a(frozen_clock(1));
  a.select_generator("cellular-caves");
  settle(a);
  Comparison cmp(frozen_clock(2));
  cmp.copy_from(a);
  ASSERT_TRUE(cmp.b().set_param("fill_percent", 47));
  settle(cmp.b());
  const Grid& ga = a.grid();
  const Grid& gb = cmp.b().grid();
  const CellDiff d = differing_cells(ga, gb);
  ASSERT_TRUE(d.same_size);
  std::size_t want = 0;
  for (std::size_t i = 0; i < ga.size(); ++i) want += ga.tile(i) != gb.tile(i);
  EXPECT_EQ(d.count, want);
  EXPECT_GT(d.count, 0u);
  for (std::uint32_t i : d.cells) EXPECT_NE(ga.tile(i), gb.tile(i));
  EXPECT_EQ(differing_cells(ga, ga).count, 0u);
  EXPECT_FALSE(differing_cells(ga, Grid(3, 3)).same_size);
}

TEST(AppCompare, TheTableSaysBMinusA) {
  Session a(frozen_clock(1));
  settle(a);
  Comparison cmp(frozen_clock(2));
  cmp.copy_from(a);
  settle(cmp.b());
  for (const CompareRow& r : compare_rows(a, cmp.b())) {
    EXPECT_EQ(r.a, r.b) << r.label;
    EXPECT_EQ(r.diff, "same") << r.label;
  }
  ASSERT_TRUE(cmp.b().set_param("max_rooms", 3));
  settle(cmp.b());
  const auto rows = compare_rows(a, cmp.b());
  const auto rooms =
      std::find_if(rows.begin(), rows.end(), [](auto& r) { return r.label == "rooms"; });
  ASSERT_NE(rooms, rows.end());
  EXPECT_EQ(rooms->diff, std::to_string(std::stoll(rooms->b) - std::stoll(rooms->a)));
  EXPECT_EQ(rooms->diff.front(), '-');
}

}  // namespace
}  // namespace dungen::app
