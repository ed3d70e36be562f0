#include <gtest/gtest.h>

#include "core/params.hpp"

using namespace dungen;

namespace {
const Schema& test_schema() {
  static const Schema s{
      {
          {"width", ParamKind::Int, 4, 100, 80, "w"},
          {"room_min_size", ParamKind::Int, 1, 50, 6, "min"},
          {"room_max_size", ParamKind::Int, 1, 50, 10, "max"},
          {"connectivity", ParamKind::Choice, 4, 8, 8, "c", {4, 8}},
      },
      [](const ParamValues& p) -> std::optional<std::string> {
        if (p.get("room_min_size") > p.get("room_max_size")) return "room_min_size > room_max_size";
        return std::nullopt;
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
  EXPECT_EQ(*err, "width 101 is out of range: allowed 4..100");
  EXPECT_EQ(v.get("width"), 80);  // unchanged
  EXPECT_FALSE(v.set("width", 4));
  EXPECT_EQ(v.get("width"), 4);
}

TEST(Params, ChoicesAreExact) {
  ParamValues v(test_schema());
  auto err = v.set("connectivity", 6);
  ASSERT_TRUE(err);
  EXPECT_EQ(*err, "connectivity 6 is out of range: allowed 4 or 8");
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

TEST(Params, CrossCheckRunsAfterRanges) {
  ParamValues v(test_schema());
  ASSERT_FALSE(v.set("room_min_size", 20));
  auto err = v.validate();
  ASSERT_TRUE(err);
  EXPECT_EQ(*err, "room_min_size > room_max_size");
}

TEST(Params, KebabCaseAndRangeText) {
  EXPECT_EQ(kebab_case("room_min_size"), "room-min-size");
  EXPECT_EQ(describe_range(*test_schema().find("width")), "4..100");
}
