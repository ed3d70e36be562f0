// Whether a frame can look other than the last one drawn (app/logic/ui_change.hpp): draw lists
// made by hand, as ImGui lays them out, compared frame to frame.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/logic/ui_change.hpp"

using namespace dungen::app;

namespace {

struct Vertex {  // as ImGui's: position, texture place, colour
  float x, y, u, v;
  std::uint32_t colour;
};

constexpr std::uintptr_t kFont = 1;
constexpr std::uintptr_t kPicture = 2;  // steady: its changes are told
constexpr std::uintptr_t kThumb = 3;    // not steady

struct List {
  std::string name;
  std::vector<Vertex> vertices;
  std::vector<std::uint16_t> indices;
  std::vector<UiCommand> commands;

  List& quad(float x, float y, std::uint32_t colour = 0xffffffff, std::uintptr_t texture = kFont) {
    commands.push_back(
        {{0, 0, 1000, 800}, texture, 0, 0, 0, static_cast<unsigned>(indices.size()), 6});
    const auto first = static_cast<std::uint16_t>(vertices.size());
    vertices.push_back({x, y, 0, 0, colour});
    vertices.push_back({x + 10, y, 1, 0, colour});
    vertices.push_back({x + 10, y + 10, 1, 1, colour});
    vertices.push_back({x, y + 10, 0, 1, colour});
    for (int i : {0, 1, 2, 0, 2, 3}) indices.push_back(static_cast<std::uint16_t>(first + i));
    return *this;
  }
  UiList view() const {
    return {name, std::as_bytes(std::span(vertices)), std::as_bytes(std::span(indices)), commands};
  }
};

bool changed(UiChange& c, const std::vector<List>& lists, bool pictures = false,
             float width = 1000) {
  std::vector<UiList> views;
  for (const List& l : lists) views.push_back(l.view());
  const std::uintptr_t steady[] = {kFont, kPicture};
  return c.changed({width, 800, 1.0f, views, steady, pictures});
}

std::vector<List> window(std::uint32_t colour = 0xffffffff) {
  List panel{"Panel", {}, {}, {}};
  panel.quad(0, 0).quad(20, 0, colour);
  List map{"##Background", {}, {}, {}};
  map.quad(100, 100, 0xffffffff, kPicture);
  return {map, panel};
}

}  // namespace

TEST(AppUiChange, TheFirstFrameChangedTheSameFrameAgainDidNot) {
  UiChange c;
  EXPECT_TRUE(changed(c, window()));
  EXPECT_FALSE(changed(c, window()));
  EXPECT_FALSE(changed(c, window()));
}

TEST(AppUiChange, AnyByteOfAListIsAChange) {
  UiChange c;
  changed(c, window());
  EXPECT_TRUE(changed(c, window(0xff0000ff)));  // a colour
  EXPECT_FALSE(changed(c, window(0xff0000ff)));
  std::vector<List> moved = window(0xff0000ff);
  moved[1].vertices[5].x += 1.0f;  // a position
  EXPECT_TRUE(changed(c, moved));
  std::vector<List> clipped = moved;
  clipped[1].commands[0].clip[2] = 500;  // a clip
  EXPECT_TRUE(changed(c, clipped));
  std::vector<List> reindexed = clipped;
  std::swap(reindexed[1].indices[0], reindexed[1].indices[1]);  // an index
  EXPECT_TRUE(changed(c, reindexed));
}

TEST(AppUiChange, ListsThatComeGoOrSwapPlacesAreAChange) {
  UiChange c;
  changed(c, window());
  std::vector<List> tip = window();
  tip.push_back(List{"##Tooltip_00", {}, {}, {}}.quad(300, 300));
  EXPECT_TRUE(changed(c, tip));
  EXPECT_TRUE(changed(c, window()));
  std::vector<List> swapped = window();
  std::swap(swapped[0], swapped[1]);
  EXPECT_TRUE(changed(c, swapped));
}

TEST(AppUiChange, APictureDrawnAgainInPlaceIsAChangeThatNoListShows) {
  UiChange c;
  changed(c, window());
  EXPECT_TRUE(changed(c, window(), /*pictures=*/true));
  EXPECT_FALSE(changed(c, window()));
}

TEST(AppUiChange, ATextureNobodyTellsAboutIsDrawnEveryFrame) {
  UiChange c;
  std::vector<List> w = window();
  w[1].quad(500, 500, 0xffffffff, kThumb);
  changed(c, w);
  EXPECT_TRUE(changed(c, w));
  EXPECT_TRUE(changed(c, w));
}

TEST(AppUiChange, AnotherSizeOrFontIsAChange) {
  UiChange c;
  changed(c, window());
  EXPECT_TRUE(changed(c, window(), false, 1200));
  EXPECT_FALSE(changed(c, window(), false, 1200));
  std::vector<UiList> views;
  const std::vector<List> w = window();
  for (const List& l : w) views.push_back(l.view());
  const std::uintptr_t new_font[] = {9, kPicture};
  EXPECT_TRUE(c.changed({1200, 800, 1.0f, views, new_font, false}));
}
