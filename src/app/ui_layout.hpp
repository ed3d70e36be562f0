#pragma once
// Where each panel goes: controls on the left, the teaching panels on the right, the transport
// bar under the map, the map in the middle. Sizes follow the font, so a larger UI font scale
// (projectors) widens the panels instead of clipping them.

#include "app/map_view.hpp"

namespace dungen::app {

struct UiLayout {
  ScreenRect controls;   // generator, seed, parameters, regions, view, legend
  ScreenRect teaching;   // pseudocode, what just happened, stats
  ScreenRect transport;  // play / step / speed / scrubber / progress
  ScreenRect map;        // what is left
};

inline UiLayout compute_layout(float display_w, float display_h, float font_px) {
  const float left = font_px * 20.0f;
  const float right = font_px * 24.0f;
  const float bar = font_px * 4.4f;
  UiLayout l;
  l.controls = {0, 0, left, display_h};
  l.teaching = {display_w - right, 0, right, display_h};
  const float mid_w = display_w - left - right;
  l.transport = {left, display_h - bar, mid_w, bar};
  l.map = {left, 0, mid_w, display_h - bar};
  return l;
}

}  // namespace dungen::app
