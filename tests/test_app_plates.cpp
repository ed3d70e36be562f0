// Number plates over the map (app/logic/plates.hpp), the step's focus (step_focus.hpp) and
// projector mode's follow view (view_follow.hpp): pure arithmetic, no window.

#include <gtest/gtest.h>

#include <vector>

#include "app/logic/plates.hpp"
#include "app/logic/step_focus.hpp"
#include "app/logic/view_follow.hpp"

namespace dungen::app {
namespace {

bool overlap(const ScreenRect& a, const ScreenRect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

constexpr float kCell = 10.0f;
constexpr ScreenRect kBounds{0, 0, 400, 300};

ScreenRect cell(int x, int y) {
  return {static_cast<float>(x) * kCell, static_cast<float>(y) * kCell, kCell, kCell};
}

TEST(AppPlates, NeighbouringRoomsNumbersDoNotOverlap) {
  // Rooms 25 and 26 start on neighbouring cells; their 24 px-wide plates would overlap (the
  // "25 26" of room-accretion at projector sizes).
  std::vector<PlateRequest> r{{25, plate_places(cell(10, 10), 24, 18, false)},
                              {26, plate_places(cell(11, 10), 24, 18, false)}};
  const auto placed = place_plates(r, {}, kBounds);
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_EQ(placed[0].number, 25);
  EXPECT_EQ(placed[1].number, 26);
  EXPECT_FALSE(overlap(placed[0].rect, placed[1].rect));
  // The first keeps its place in its room's corner; the second went elsewhere.
  EXPECT_EQ(placed[0].rect.x, cell(10, 10).x);
  EXPECT_EQ(placed[0].rect.y, cell(10, 10).y);
}

TEST(AppPlates, AOneCellRoomIsNeverCovered) {
  // Room 7 is one cell; its number goes beside it, and room 6's plate (whose corner is just left
  // of it) must not cover it either.
  const ScreenRect lone = cell(12, 10);
  std::vector<PlateRequest> r{{6, plate_places(cell(11, 10), 24, 18, false)},
                              {7, plate_places(lone, 24, 18, true)}};
  const auto placed = place_plates(r, {lone}, kBounds);
  for (const PlacedPlate& p : placed) EXPECT_FALSE(overlap(p.rect, lone)) << p.number;
  for (std::size_t i = 0; i < placed.size(); ++i) {
    for (std::size_t j = i + 1; j < placed.size(); ++j) {
      EXPECT_FALSE(overlap(placed[i].rect, placed[j].rect));
    }
  }
  bool seven = false;
  for (const PlacedPlate& p : placed) seven = seven || p.number == 7;
  EXPECT_TRUE(seven) << "there is room beside the one-cell room for its number";
}

TEST(AppPlates, NoPlaceLeftMeansLeftOut) {
  // Ten rooms whose only places are the same spot: one number is drawn, the others left out.
  std::vector<PlateRequest> r;
  for (int i = 1; i <= 10; ++i) r.push_back({i, {{50, 50, 24, 18}}});
  const auto placed = place_plates(r, {}, kBounds);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0].number, 1);
}

TEST(AppPlates, NamedNumbersArePlacedFirst) {
  std::vector<PlateRequest> r;
  for (int i = 1; i <= 10; ++i) r.push_back({i, {{50, 50, 24, 18}}, i == 7});
  const auto placed = place_plates(r, {}, kBounds);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0].number, 7);
  EXPECT_EQ(placed[0].request, 6u);
}

TEST(AppPlates, PlatesStayInsideTheViewport) {
  // A room in the viewport's top-right corner: its corner place sticks out, so it goes left.
  const ScreenRect corner{kBounds.right() - kCell, 0, kCell, kCell};
  const auto placed = place_plates({{3, plate_places(corner, 24, 18, true)}}, {corner}, kBounds);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_GE(placed[0].rect.x, kBounds.x);
  EXPECT_LE(placed[0].rect.right(), kBounds.right());
  EXPECT_GE(placed[0].rect.y, kBounds.y);
  EXPECT_FALSE(overlap(placed[0].rect, corner));
}

TEST(AppPlates, ManyPiecesNeverOverlap) {
  // A dense field of one- and two-cell pieces, as a maze's regions are early on.
  std::vector<PlateRequest> r;
  std::vector<ScreenRect> lone;
  int n = 0;
  for (int y = 0; y < 30; y += 2) {
    for (int x = 0; x < 40; x += 2) {
      const bool one = (x + y) % 4 == 0;
      if (one) lone.push_back(cell(x, y));
      r.push_back({++n, plate_places(cell(x, y), 17, 18, one)});
    }
  }
  const auto placed = place_plates(r, lone, kBounds);
  EXPECT_GT(placed.size(), 20u);
  for (std::size_t i = 0; i < placed.size(); ++i) {
    for (const ScreenRect& c : lone) EXPECT_FALSE(overlap(placed[i].rect, c));
    for (std::size_t j = i + 1; j < placed.size(); ++j) {
      EXPECT_FALSE(overlap(placed[i].rect, placed[j].rect));
    }
  }
}

TEST(AppPlates, TheNumbersAStepNames) {
  EXPECT_EQ(named_numbers("attempt 4 rejected: it touches room 3"), std::vector<int>{3});
  EXPECT_EQ(named_numbers("region 18 joins region 34"), (std::vector<int>{18, 34}));
  EXPECT_EQ(named_numbers("tunnel from room 2 to room 5, then room 2"), (std::vector<int>{2, 5}));
  EXPECT_EQ(named_numbers("rooms 4 and 9 joined"), (std::vector<int>{4, 9}));
  EXPECT_TRUE(named_numbers("room try 5: too big").empty());
  EXPECT_TRUE(named_numbers("broom 5, mushroom 6").empty());
  EXPECT_TRUE(named_numbers("pass 2: 40 cells flipped").empty());
}

TEST(AppFocus, TheCurrentStepsItemsWithTheCursorAsCore) {
  OverlayView o;
  EXPECT_FALSE(step_focus(o));
  o.items.push_back({box(Role::Rejected, {1, 1, 3, 3}), 0.5f});  // fading: not this step's
  EXPECT_FALSE(step_focus(o));
  o.items.push_back({box(Role::Candidate, {10, 10, 4, 3}), 0.0f});
  o.items.push_back({box(Role::Cause, {14, 12, 2, 2}), 0.0f});
  EXPECT_EQ(step_focus(o), (StepFocus{{10, 10, 6, 4}, {10, 10, 4, 3}}));
  o.items.clear();
  o.items.push_back({read({20, 5, 3, 3}, {}), 0.0f});
  o.items.push_back({marker(Role::Cursor, {21, 6}), 0.0f});
  EXPECT_EQ(step_focus(o), (StepFocus{{20, 5, 3, 3}, {21, 6, 1, 1}}));
  o.items.erase(o.items.begin());
  EXPECT_EQ(step_focus(o), (StepFocus{{21, 6, 1, 1}, {21, 6, 1, 1}}));
  // Other walkers are not the focus.
  o.items.push_back({marker(Role::Walker, {60, 40}), 0.0f});
  EXPECT_EQ(step_focus(o), (StepFocus{{21, 6, 1, 1}, {21, 6, 1, 1}}));
  // A tunnel being dug: all of it, to the room it goes to; the cursor is its core.
  o.items.push_back({line(Role::Tunnel, {{21, 6}, {22, 6}, {23, 6}, {23, 7}, {23, 8}}), 0.0f});
  EXPECT_EQ(step_focus(o), (StepFocus{{21, 6, 3, 3}, {21, 6, 1, 1}}));
}

TEST(AppFollow, TheFocusIsInViewAndTheMapCoversTheViewport) {
  // A 160x50 cave in an 830x560 viewport at 16 px: 2560x800 px of map.
  const float w = 830, h = 560, px = 16;
  for (const Rect focus :
       {Rect{0, 0, 3, 3}, Rect{80, 25, 3, 3}, Rect{157, 47, 3, 3}, Rect{150, 0, 1, 1}}) {
    const ViewPlacement v = follow_focus(std::nullopt, StepFocus{focus, focus}, 160, 50, w, h, px);
    EXPECT_EQ(v.cell_px, px);
    EXPECT_GE(v.origin_x + static_cast<float>(focus.x) * px, 0.0f);
    EXPECT_LE(v.origin_x + static_cast<float>(focus.right()) * px, w);
    EXPECT_GE(v.origin_y + static_cast<float>(focus.y) * px, 0.0f);
    EXPECT_LE(v.origin_y + static_cast<float>(focus.bottom()) * px, h);
    // No background shows past the map's edges.
    EXPECT_LE(v.origin_x, 0.0f);
    EXPECT_GE(v.origin_x + 160 * px, w);
    EXPECT_LE(v.origin_y, 0.0f);
    EXPECT_GE(v.origin_y + 50 * px, h);
  }
}

TEST(AppFollow, TheViewStaysWhileTheFocusIsWellInside) {
  const auto at = [](int x, int y) { return StepFocus{{x, y, 1, 1}, {x, y, 1, 1}}; };
  const ViewPlacement first = follow_focus(std::nullopt, at(80, 25), 160, 50, 830, 560, 16);
  // One cell on: no jump.
  const ViewPlacement next = follow_focus(first, at(81, 25), 160, 50, 830, 560, 16);
  EXPECT_EQ(next.origin_x, first.origin_x);
  EXPECT_EQ(next.origin_y, first.origin_y);
  // Far off: recentred on it.
  const ViewPlacement far = follow_focus(first, at(120, 25), 160, 50, 830, 560, 16);
  EXPECT_LT(far.origin_x, first.origin_x);
  EXPECT_NEAR(far.origin_x + 120.5f * 16, 830 / 2.0f, 1.0f);
  // Near the map's edge: as close to the middle as the map's edge allows.
  const ViewPlacement edge = follow_focus(first, at(158, 25), 160, 50, 830, 560, 16);
  EXPECT_FLOAT_EQ(edge.origin_x, 830 - 160 * 16);
  // No focus: the view stays.
  const ViewPlacement none = follow_focus(far, std::nullopt, 160, 50, 830, 560, 16);
  EXPECT_EQ(none.origin_x, far.origin_x);
}

TEST(AppFollow, AMapSmallerThanTheViewportIsCentred) {
  const ViewPlacement v =
      follow_focus(std::nullopt, StepFocus{{2, 2, 1, 1}, {2, 2, 1, 1}}, 20, 10, 830, 560, 16);
  EXPECT_FLOAT_EQ(v.origin_x, (830 - 320) / 2.0f);
  EXPECT_FLOAT_EQ(v.origin_y, (560 - 160) / 2.0f);
}

TEST(AppFollow, AFocusTooBigToShowKeepsItsCoreInView) {
  // A tunnel across most of a 160x50 map, dug at (20, 40): the cursor stays in view.
  const StepFocus tunnel{{10, 5, 140, 40}, {20, 40, 1, 1}};
  const ViewPlacement v = follow_focus(std::nullopt, tunnel, 160, 50, 830, 560, 16);
  EXPECT_GE(v.origin_x + 20 * 16, 830 * kFollowMargin);
  EXPECT_LE(v.origin_x + 21 * 16, 830 * (1 - kFollowMargin));
  EXPECT_GE(v.origin_y + 40 * 16, 0.0f);
  EXPECT_LE(v.origin_y + 41 * 16, 560.0f);
}

}  // namespace
}  // namespace dungen::app
