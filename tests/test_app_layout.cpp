// The layout arithmetic of dungen-viz (app/logic/ui_layout.hpp), swept over window sizes from
// 640x480 to 3840x2160, every UI scale the app allows and every panel state, with widths
// modelled on the app's font (DejaVu Sans: about 0.56 em a character). The headless screenshot
// tests (gui.layout-*) check the real thing at a few of these points.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "app/logic/ui_layout.hpp"

namespace dungen::app {
namespace {

constexpr float kEmPerChar = 0.56f;

// What the GL side measures at UI scale s, in the same order as the transport bar's items.
LayoutInput input(float w, float h, float s, PanelState controls = PanelState::Auto,
                  PanelState teaching = PanelState::Auto) {
  LayoutInput in;
  in.width = w;
  in.height = h;
  in.font = 15.0f * s;
  in.frame = in.font + 6.0f * s;
  in.gap_x = 8.0f * s;
  in.gap_y = 4.0f * s;
  in.pad_x = 8.0f * s;
  in.pad_y = 8.0f * s;
  in.controls = {in.font * 21.0f, in.font * 21.0f};
  in.teaching = {in.font * 16.0f, in.font * 24.0f};
  in.controls_state = controls;
  in.teaching_state = teaching;
  const auto text = [&](std::string_view t) {
    return in.font * kEmPerChar * static_cast<float>(t.size());
  };
  const auto button = [&](std::string_view t) { return text(t) + 8.0f * s; };
  in.bar = {
      {button("|<"), button("|<")},
      {button("<"), button("<")},
      {button("pause"), in.frame},
      {button(">"), button(">")},
      {text("next:"), 0},
      {button("cell"), 0, false, true},
      {button("action"), 0},
      {button("feature"), 0},
      {button("phase"), 0},
      {0, button("next...")},
      {button(">|"), button(">|")},
      {button("999k steps/s"), button("999k/s"), false, false, button("999k")},
      {std::max(button("step 8470000 of 8470000"), in.font * 16.0f), button("8470000/8470000"),
       true, false, button("8470000")},
  };
  return in;
}

bool inside(const ScreenRect& a, const ScreenRect& b) {
  constexpr float e = 0.01f;
  return a.x >= b.x - e && a.y >= b.y - e && a.right() <= b.right() + e &&
         a.bottom() <= b.bottom() + e;
}
bool overlap(const ScreenRect& a, const ScreenRect& b) {
  constexpr float e = 0.01f;
  return a.x < b.right() - e && b.x < a.right() - e && a.y < b.bottom() - e && b.y < a.bottom() - e;
}

std::string where(float w, float h, float s) {
  return std::to_string(static_cast<int>(w)) + "x" + std::to_string(static_cast<int>(h)) + " @" +
         std::to_string(s);
}

constexpr float kWidths[] = {640, 800, 1024, 1280, 1366, 1600, 1920, 2560, 3840};
constexpr float kHeights[] = {480, 600, 720, 768, 900, 1080, 1440, 2160};
constexpr PanelState kStates[] = {PanelState::Auto, PanelState::Open, PanelState::Closed};

// Every UI scale the slider allows, in its 0.05 steps.
std::vector<float> scales() {
  std::vector<float> out;
  for (int i = 0; i <= 45; ++i) out.push_back(kMinUiScale + 0.05f * static_cast<float>(i));
  return out;
}

TEST(AppLayout, NothingBreaksAtAnySizeScaleOrPanelState) {
  int checked = 0;
  for (const float w : kWidths) {
    for (const float h : kHeights) {
      if (h > w) continue;
      for (const float s : scales()) {
        for (const PanelState c : kStates) {
          for (const PanelState t : kStates) {
            const LayoutInput in = input(w, h, s, c, t);
            const UiLayout l = compute_layout(in);
            const ScreenRect window{0, 0, w, h};
            const std::string at = where(w, h, s);
            ++checked;
            ASSERT_GT(l.map.w, 0) << at;
            ASSERT_GT(l.map.h, 0) << at;
            ASSERT_TRUE(inside(l.map, window)) << at;
            ASSERT_TRUE(inside(l.transport, window)) << at;
            ASSERT_TRUE(inside(l.controls, window)) << at;
            ASSERT_TRUE(inside(l.teaching, window)) << at;
            ASSERT_FALSE(overlap(l.controls, l.map)) << at;
            ASSERT_FALSE(overlap(l.teaching, l.map)) << at;
            ASSERT_FALSE(overlap(l.controls, l.teaching)) << at;
            ASSERT_FALSE(overlap(l.transport, l.map)) << at;
            // The user's choice stands.
            if (c != PanelState::Auto) {
              ASSERT_EQ(l.controls_open, c == PanelState::Open) << at;
            }
            if (t != PanelState::Auto) {
              ASSERT_EQ(l.teaching_open, t == PanelState::Open) << at;
            }
            // Every control inside the bar, none on another, none narrower than its text.
            ASSERT_FALSE(l.bar_scrolls) << at;
            ASSERT_EQ(l.bar_items.size(), in.bar.size());
            for (std::size_t i = 0; i < l.bar_items.size(); ++i) {
              const ScreenRect& r = l.bar_items[i];
              const BarItem& item = in.bar[i];
              if ((l.compact ? item.compact : item.full) <= 0) {
                ASSERT_EQ(r.w, 0) << at << " item " << i;
                continue;
              }
              const float want = !l.compact       ? item.full
                                 : item.least > 0 ? item.least
                                                  : item.compact;
              ASSERT_GE(r.w + 0.01f, want) << at << " item " << i;
              ASSERT_TRUE(inside(r, l.transport)) << at << " item " << i;
              for (std::size_t j = i + 1; j < l.bar_items.size(); ++j) {
                ASSERT_FALSE(overlap(r, l.bar_items[j])) << at << " items " << i << ", " << j;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

TEST(AppLayout, PanelsLeftToThemselvesLeaveTheMapItsShare) {
  for (const float w : kWidths) {
    for (const float h : kHeights) {
      if (h > w) continue;
      for (const float s : scales()) {
        const UiLayout l = compute_layout(input(w, h, s));
        EXPECT_GE(l.map.w + 0.01f, w * kMinMapShare) << where(w, h, s);
        EXPECT_GE(l.map.h + 0.01f, h * kMinMapHeightShare) << where(w, h, s);
      }
    }
  }
}

TEST(AppLayout, ControlsFoldFirstAndOnlyWhenNeeded) {
  // Room for everything: both panels open, full labels, one or two rows.
  UiLayout l = compute_layout(input(1920, 1080, 1.0f));
  EXPECT_TRUE(l.controls_open);
  EXPECT_TRUE(l.teaching_open);
  EXPECT_FALSE(l.compact);
  // 640x480: the controls fold to a strip, the teaching panel stays.
  l = compute_layout(input(640, 480, 1.0f));
  EXPECT_FALSE(l.controls_open);
  EXPECT_TRUE(l.teaching_open);
  EXPECT_NEAR(l.controls.w, strip_width(input(640, 480, 1.0f)), 0.01f);
  // Opening the controls there folds the teaching panel instead.
  l = compute_layout(input(640, 480, 1.0f, PanelState::Open));
  EXPECT_TRUE(l.controls_open);
  EXPECT_FALSE(l.teaching_open);
  // At UI scale 3 in 640x480 both fold and the bar shortens its labels.
  l = compute_layout(input(640, 480, 3.0f));
  EXPECT_FALSE(l.controls_open);
  EXPECT_FALSE(l.teaching_open);
  EXPECT_TRUE(l.compact);
}

TEST(AppLayout, TheBarWrapsKeepingNextWithItsFirstButton) {
  // A bar too narrow for one row: "next:" (item 4) and "cell" (item 5, glued) share a row.
  for (const float w : {640.0f, 800.0f, 1024.0f}) {
    for (const float s : scales()) {
      const UiLayout l = compute_layout(input(w, 720, s, PanelState::Closed, PanelState::Closed));
      if (l.compact) continue;
      EXPECT_EQ(l.bar_items[4].y, l.bar_items[5].y) << where(w, 720, s);
    }
  }
  // The scrubber (last) reaches the bar's right edge, less the padding.
  const LayoutInput in = input(1280, 720, 1.0f);
  const UiLayout l = compute_layout(in);
  EXPECT_NEAR(l.bar_items.back().right(), l.transport.right() - in.pad_x, 0.01f);
}

// Issue 25: the lab's sweep results are a part of the layout, under the transport bar in the
// map's column, never over the map, the panels or the bar; the map keeps its least share of the
// height, the lab folding to a strip where it cannot have kLabMinFonts lines.
}  // namespace
}  // namespace dungen::app

namespace dungen::app {
namespace {

// Projector mode as App::layout_input sets it up: controls closed, the map's share raised, the
// algorithm panel no wider than what that leaves.
LayoutInput projector_input(float w, float h) {
  LayoutInput in = input(w, h, kProjectorUiScale, PanelState::Closed);
  apply_projector_widths(in);
  return in;
}

TEST(AppLayout, ProjectorModeGivesTheMapTwoThirdsOfTheWidth) {
  for (const auto& [w, h] : {std::pair{1280.0f, 720.0f}, std::pair{1024.0f, 768.0f}}) {
    const UiLayout l = compute_layout(projector_input(w, h));
    EXPECT_GE(l.map.w, 0.65f * w) << w << "x" << h;
    EXPECT_TRUE(l.teaching_open) << "the pseudocode and the log stay beside the map";
    EXPECT_FALSE(l.controls_open);
    // Rooms-and-tunnels' 80x45 fitted at 10 px or more at 1280x720 (MapView::fit keeps 97%).
    if (w == 1280.0f) {
      EXPECT_GE(std::min(l.map.w / 80.0f, l.map.h / 45.0f) * 0.97f, 10.0f);
      EXPECT_GE(std::min(l.map.w / 64.0f, l.map.h / 56.0f) * 0.97f, 10.0f);
    }
  }
}

TEST(AppLayout, ProjectorModeOnASmallWindowKeepsThePseudocodeReadable) {
  for (const float w : {640.0f, 800.0f, 1024.0f, 1280.0f, 1920.0f}) {
    const LayoutInput in = projector_input(w, w * 0.75f);
    const UiLayout l = compute_layout(in);
    EXPECT_TRUE(l.teaching_open) << w;
    EXPECT_GE(l.teaching.w + 0.01f, in.font * kProjectorPanelMinFonts) << w;
    EXPECT_GE(l.map.w + 0.01f, w * kMinMapShare) << w;
  }
}

TEST(AppLayout, ThePresetNoteGoesUnderTheMapAboveTheBar) {
  LayoutInput in = input(1280, 720, 1.0f);
  const UiLayout without = compute_layout(in);
  in.note_h = 80.0f;
  const UiLayout with = compute_layout(in);
  EXPECT_EQ(without.note.h, 0.0f);
  EXPECT_FLOAT_EQ(with.note.h, 80.0f);
  EXPECT_FLOAT_EQ(with.note.y, with.map.bottom());
  EXPECT_FLOAT_EQ(with.note.bottom(), with.transport.y);
  EXPECT_FLOAT_EQ(with.map.h, without.map.h - 80.0f);
  // A note taller than the window leaves the map its least share of the height.
  in.note_h = 5000.0f;
  const UiLayout tall = compute_layout(in);
  EXPECT_GE(tall.map.h, 720.0f * kMinMapHeightShare - 0.01f);
}

// Issue 25: the lab's sweep results are a part of the layout, under the transport bar in the
// map's column, never over the map, the panels or the bar; the map keeps its least share of the
// height, the lab folding to a strip where it cannot have kLabMinFonts lines.
TEST(AppLayout, TheLabPaneIsDockedUnderTheBar) {
  int checked = 0;
  for (const float w : kWidths) {
    for (const float h : kHeights) {
      if (h > w) continue;
      for (int i = 0; i <= 9; ++i) {
        const float s = kMinUiScale + 0.25f * static_cast<float>(i);
        for (const PanelState lab : kStates) {
          LayoutInput in = input(w, h, s);
          in.lab = true;
          in.lab_state = lab;
          const UiLayout l = compute_layout(in);
          const std::string at = where(w, h, s);
          ++checked;
          ASSERT_GT(l.lab.h, 0) << at;
          ASSERT_TRUE(inside(l.lab, {0, 0, w, h})) << at;
          for (const ScreenRect& other : {l.map, l.transport, l.controls, l.teaching}) {
            ASSERT_FALSE(overlap(l.lab, other)) << at;
          }
          ASSERT_FLOAT_EQ(l.lab.y, l.transport.bottom()) << at;
          ASSERT_FLOAT_EQ(l.lab.x, l.map.x) << at;
          ASSERT_FLOAT_EQ(l.lab.w, l.map.w) << at;
          ASSERT_GT(l.map.h, 0) << at;
          if (lab != PanelState::Auto) {
            ASSERT_EQ(l.lab_open, lab == PanelState::Open) << at;
          }
          if (l.lab_open && lab == PanelState::Auto) {
            // Open by itself only with room for its lines and the map's least share.
            ASSERT_GE(l.lab.h, in.font * kLabMinFonts - 0.01f) << at;
            ASSERT_GE(l.map.h, h * kMinMapHeightShare - 0.01f) << at;
          }
          if (!l.lab_open) {
            ASSERT_FLOAT_EQ(l.lab.h, strip_width(in)) << at;
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 1000);
  // The common classroom window: the lab open, a good share of the height, the map the rest.
  LayoutInput in = input(1280, 720, 1.0f);
  const UiLayout without = compute_layout(in);
  in.lab = true;
  const UiLayout with = compute_layout(in);
  EXPECT_EQ(without.lab.h, 0.0f);
  EXPECT_TRUE(with.lab_open);
  EXPECT_NEAR(with.lab.h, 720.0f * kLabShare, 0.01f);
  EXPECT_NEAR(with.map.h, without.map.h - with.lab.h, 0.01f);
}

// The stats table: the names keep their width while the values have room; the values' widest
// word (a step count) is never broken; the names give way down to half the room for long values,
// and down to their own widest word for a wide word.
TEST(AppLayout, TheStatsNamesGiveWayToTheValuesWidestWord) {
  struct Case {
    const char* what;
    StatsColumnText text;  // longest name, its widest word, longest value, its widest word
    float room, names;
  };
  const Case cases[] = {
      {"room for everything on one line: the longest name", {100, 60, 150, 50}, 400, 100},
      {"long values (a histogram) at scale 1: the names fit in half the room, unchanged",
       {100, 60, 900, 50},
       400,
       100},
      {"at a big UI scale the longest name takes most of the room: the names get half of it",
       {330, 140, 600, 115},
       460,
       230},
      {"a value's word wider than half the room: the names give it room to stay whole",
       {330, 140, 600, 300},
       460,
       160},
      {"... but never less than their own widest word", {330, 200, 600, 300}, 460, 200},
  };
  for (const Case& c : cases) EXPECT_FLOAT_EQ(stats_name_width(c.text, c.room), c.names) << c.what;
}

}  // namespace
}  // namespace dungen::app
