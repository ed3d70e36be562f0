// The captions over the map follow its cells, not the UI scale (app/logic/map_text.hpp), and a
// folded panel's strip shows its title whole or not at all (app/logic/ui_layout.hpp).

#include <gtest/gtest.h>

#include "app/logic/map_text.hpp"
#include "app/logic/ui_layout.hpp"

namespace dungen::app {
namespace {

// "rejected: overlaps room 9" in DejaVu Sans: about 11.6 px across per px of font size.
constexpr float kCaptionPerPx = 11.6f;

TEST(AppMapText, ACaptionFollowsTheCellsWithinItsBounds) {
  // The same map, the same cells: the same size whatever font the UI has (sharpest is the map
  // font's, fixed).
  EXPECT_FLOAT_EQ(map_caption_px(10.0f, 900.0f, 600.0f, kCaptionPerPx, 20.0f),
                  10.0f * kCaptionPerCellPx);
  // Bigger cells, a bigger caption, up to the font's sharpest and kMaxCaptionPx.
  EXPECT_GT(map_caption_px(12.0f, 900.0f, 600.0f, kCaptionPerPx, 20.0f),
            map_caption_px(10.0f, 900.0f, 600.0f, kCaptionPerPx, 20.0f));
  EXPECT_FLOAT_EQ(map_caption_px(100.0f, 4000.0f, 3000.0f, kCaptionPerPx, 100.0f), kMaxCaptionPx);
  EXPECT_FLOAT_EQ(map_caption_px(100.0f, 4000.0f, 3000.0f, kCaptionPerPx, 15.0f), 15.0f * 1.25f);
  // Tiny cells: still readable.
  EXPECT_FLOAT_EQ(map_caption_px(1.0f, 900.0f, 600.0f, kCaptionPerPx, 15.0f), kMinCaptionPx);
}

TEST(AppMapText, ACaptionNeverCoversMuchOfASmallMap) {
  // 640x480 at UI scale 3 left the map a view about 250x140 with 3 px cells: the caption was
  // drawn at the UI's 45 px, over a fifth of it.
  const float w = 250.0f, h = 140.0f;
  const float px = map_caption_px(3.0f, w, h, kCaptionPerPx, 15.0f);
  EXPECT_LE(px * kCaptionPerPx, w * kCaptionMaxWidthShare + 1e-3f);
  EXPECT_LE(px * px * kCaptionPerPx, w * h * 0.05f);  // not a twentieth of the view
  // A view with room for it but cells big enough for a bigger caption: its share still holds.
  const float big = map_caption_px(20.0f, 300.0f, 600.0f, kCaptionPerPx, 30.0f);
  EXPECT_LE(big * kCaptionPerPx, 300.0f * kCaptionMaxWidthShare + 1e-3f);
  EXPECT_LE(map_caption_px(20.0f, 900.0f, 120.0f, kCaptionPerPx, 30.0f), 10.0f);
  // Never below the least that reads, however small the view.
  EXPECT_FLOAT_EQ(map_caption_px(20.0f, 30.0f, 20.0f, kCaptionPerPx, 30.0f), kMinCaptionPx);
}

TEST(AppMapText, AStripShowsItsTitleWholeOrNotAtAll) {
  EXPECT_EQ(strip_title("Generator", 120.0f, 400.0f), "Generator");
  EXPECT_EQ(strip_title("Generator", 120.0f, 120.0f), "Generator");
  // Where the whole word does not fit, no part of it ("Generat" said nothing).
  EXPECT_EQ(strip_title("Algorithm", 120.0f, 119.0f), "");
  EXPECT_EQ(strip_title("Algorithm", 120.0f, -5.0f), "");
}

}  // namespace
}  // namespace dungen::app
