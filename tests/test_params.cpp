#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "core/params.hpp"

using namespace dungen;

namespace {
const Schema& test_schema() {
  static const Schema s{
      {
          {"width", ParamKind::Int, 4, 100, 80, "w"},
          {"height", ParamKind::Int, 4, 100, 40, "h"},
          {"room_min_size", ParamKind::Int, 1, 50, 6, "min"},
          {"room_max_size", ParamKind::Int, 1, 50, 10, "max"},
          {"connectivity", ParamKind::Choice, 4, 8, 8, "c", {4, 8}},
          {"mode", ParamKind::Choice, 0, 2, 0, "m", {0, 1, 2}, {"stop", "go", "merge"}},
      },
      {
          {.param = "room_min_size", .bound = BoundKind::Param, .other = "room_max_size"},
          {.param = "room_max_size",
           .bound = BoundKind::SmallerSide,
           .offset = -2,
           .why = "room for a wall"},
      },
  };
  return s;
}
}  // namespace

TEST(Params, DefaultsComeFromTheSchemaAndValidate) {
  ParamValues v = test_schema().defaults();
  EXPECT_EQ(v.get("width"), 80);
  EXPECT_EQ(v.get_int("room_max_size"), 10);
  EXPECT_FALSE(v.validate());
  EXPECT_THROW(v.get("nope"), std::out_of_range);
}

TEST(Params, SetChecksTheRange) {
  ParamValues v(test_schema());
  auto err = v.set("width", 101);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->words(), "width 101 is out of range: allowed 4..100");
  EXPECT_EQ(err->words(ParamError::Names::Flags), "--width 101 is out of range: allowed 4..100");
  EXPECT_EQ(err->kind, ParamError::Kind::OutOfRange);
  EXPECT_EQ(err->param, "width");
  EXPECT_EQ(v.get("width"), 80);  // unchanged
  EXPECT_FALSE(v.set("width", 4));
  EXPECT_EQ(v.get("width"), 4);
}

TEST(Params, ChoicesAreExact) {
  ParamValues v(test_schema());
  auto err = v.set("connectivity", 6);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->words(), "connectivity 6 is out of range: allowed 4 or 8");
  EXPECT_TRUE(v.set_clamped("connectivity", 5));
  EXPECT_EQ(v.get("connectivity"), 4);
  EXPECT_TRUE(v.set_clamped("connectivity", 7));
  EXPECT_EQ(v.get("connectivity"), 8);
}

TEST(Params, ClampedSetReportsClamping) {
  ParamValues v(test_schema());
  EXPECT_TRUE(v.set_clamped("width", 5000));
  EXPECT_EQ(v.get("width"), 100);
  EXPECT_FALSE(v.set_clamped("width", 50));
}

TEST(Params, ConstraintsAreCheckedAfterRangesAndReportedAsData) {
  ParamValues v(test_schema());
  ASSERT_FALSE(v.set("room_min_size", 20));
  auto err = v.validate();
  ASSERT_TRUE(err);
  EXPECT_EQ(err->kind, ParamError::Kind::Constraint);
  EXPECT_EQ(err->param, "room_min_size");
  EXPECT_EQ(err->value, 20);
  EXPECT_EQ(err->bound, 10);
  EXPECT_EQ(err->involved, std::vector<std::string_view>{"room_max_size"});
  EXPECT_EQ(err->words(), "room_min_size 20 is greater than room_max_size 10: allowed up to 10");
  EXPECT_EQ(err->words(ParamError::Names::Flags),
            "--room-min-size 20 is greater than --room-max-size 10: allowed up to 10");

  // A bound made of the map size: the smaller side minus 2.
  ParamValues m(test_schema());
  ASSERT_FALSE(m.set("width", 10));
  ASSERT_FALSE(m.set("room_min_size", 1));
  err = m.validate();
  ASSERT_TRUE(err);
  EXPECT_EQ(err->param, "room_max_size");
  EXPECT_EQ(err->bound, 8);
  EXPECT_EQ(err->involved, (std::vector<std::string_view>{"width", "height"}));
  EXPECT_EQ(err->words(),
            "room_max_size 10 does not fit the 10x40 map: allowed up to 8 (the smaller side "
            "minus 2, room for a wall)");
  ASSERT_FALSE(m.set("room_max_size", 8));
  EXPECT_FALSE(m.validate());
}

TEST(Params, ChoicesWithNamesSayWhatEachMeans) {
  EXPECT_EQ(describe_range(*test_schema().find("mode")), "0 (stop), 1 (go) or 2 (merge)");
}

TEST(Params, KebabCaseAndRangeText) {
  EXPECT_EQ(kebab_case("room_min_size"), "room-min-size");
  EXPECT_EQ(describe_range(*test_schema().find("width")), "4..100");
}
