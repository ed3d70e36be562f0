#pragma once
// A rectangle of the window in logical pixels (ImGui's coordinates), top-left origin. GL-free, so
// the layout arithmetic (ui_layout.hpp) and its tests share it with the renderer and the panels.

namespace dungen::app {

struct ScreenRect {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(float px, float py) const { return px >= x && py >= y && px < x + w && py < y + h; }
  float right() const { return x + w; }
  float bottom() const { return y + h; }
};

}  // namespace dungen::app
