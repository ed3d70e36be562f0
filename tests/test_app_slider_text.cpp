// A slider's number beside its grab, never under it (app/logic/slider_text.hpp): the grab where
// Dear ImGui 1.86 draws it, and the text placed clear of it.

#include <gtest/gtest.h>

#include "app/logic/slider_text.hpp"

namespace dungen::app {
namespace {

bool overlaps(float x, float w, Span grab) {
  return x < grab.to && x + w > grab.from;
}

TEST(AppSliderText, TheGrabIsWhereImGuiDrawsIt) {
  // A float slider: a grab_min grab, 2 px clear of either end, its centre moving over the rest.
  Span g = slider_grab(100.0f, 200.0f, 0.0f, 0, 10.0f);
  EXPECT_FLOAT_EQ(g.from, 102.0f);
  EXPECT_FLOAT_EQ(g.to, 112.0f);
  g = slider_grab(100.0f, 200.0f, 1.0f, 0, 10.0f);
  EXPECT_FLOAT_EQ(g.to, 298.0f);
  g = slider_grab(100.0f, 200.0f, 0.5f, 0, 10.0f);
  EXPECT_FLOAT_EQ((g.from + g.to) / 2.0f, 200.0f);
  // An integer slider over 0..3: four values, a quarter of the 196 px each.
  g = slider_grab(0.0f, 200.0f, 1.0f / 3.0f, 4, 10.0f);
  EXPECT_FLOAT_EQ(g.width(), 49.0f);
  EXPECT_FLOAT_EQ(g.from, 2.0f + 49.0f);
  // Many values: grab_min.
  EXPECT_FLOAT_EQ(slider_grab(0.0f, 200.0f, 0.3f, 5000, 10.0f).width(), 10.0f);
}

TEST(AppSliderText, RatiosAreLinearOrLogarithmicAsTheSliderIs) {
  EXPECT_FLOAT_EQ(slider_ratio(5.0, 0.0, 10.0, false), 0.5f);
  EXPECT_FLOAT_EQ(slider_ratio(-3.0, 0.0, 10.0, false), 0.0f);
  EXPECT_FLOAT_EQ(slider_ratio(64.0, 1.0, 4096.0, true), 0.5f);
  EXPECT_FLOAT_EQ(slider_ratio(7.0, 7.0, 7.0, false), 0.0f);
}

TEST(AppSliderText, TheTextIsNeverUnderTheGrab) {
  // "30 steps/s" on the speed slider and "2599" on a size slider, with the grab anywhere: the
  // text sits clear of it, inside the frame, whenever the frame is wide enough for it beside
  // the grab.
  for (const float text : {67.0f, 28.0f}) {
    const float width = slider_width_for_text(text, 10.0f, 2.0f);
    for (int k = 0; k <= 100; ++k) {
      const Span grab = slider_grab(50.0f, width, static_cast<float>(k) / 100.0f, 0, 10.0f);
      const TextPlace at = slider_text_place(50.0f, width, grab, text, 2.0f);
      ASSERT_TRUE(at.clear) << k;
      EXPECT_FALSE(overlaps(at.x, text, grab)) << text << " at " << k;
      EXPECT_GE(at.x, 50.0f);
      EXPECT_LE(at.x + text, 50.0f + width);
    }
  }
  // Clear of the grab in the middle: ImGui's own place, the middle.
  const Span end = slider_grab(0.0f, 300.0f, 1.0f, 0, 10.0f);
  EXPECT_FLOAT_EQ(slider_text_place(0.0f, 300.0f, end, 40.0f, 2.0f).x, 130.0f);
  // A frame too narrow for the text on either side says so (the caller plates it).
  const Span mid = slider_grab(0.0f, 60.0f, 0.5f, 0, 10.0f);
  EXPECT_FALSE(slider_text_place(0.0f, 60.0f, mid, 40.0f, 2.0f).clear);
}

}  // namespace
}  // namespace dungen::app
