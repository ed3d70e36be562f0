#pragma once
// Where the map sits in its viewport: zoom (pixels per cell) and pan (where cell (0,0) is).
// Pure arithmetic in the UI's logical pixels, no GL: the renderer, the overlays and the mouse
// all go through it, so they agree on which cell is under which pixel.

#include <optional>

#include "app/logic/screen_rect.hpp"
#include "core/geometry.hpp"

namespace dungen::app {

struct CellSpan {                      // the cells visible in the viewport, clipped to the map
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // x1, y1 one past the last
};

class MapView {
 public:
  static constexpr float kMaxCellPx = 160.0f;
  static constexpr float kGridFadeStart = 7.0f;  // pixels per cell where the grid starts to show
  static constexpr float kGridFadeFull = 16.0f;
  // Projector mode's thick grid shows from smaller cells (a 1024x768 projector's 8 px cells).
  static constexpr float kProjectorGridFadeStart = 4.0f;
  static constexpr float kProjectorGridFadeFull = 8.0f;

  // Scales and centres a map_w x map_h map to fill the viewport with a small margin.
  void fit(int map_w, int map_h, ScreenRect viewport);
  // Zooms by factor keeping the map point under (px, py) (window coordinates) in place.
  void zoom_about(float factor, float px, float py, ScreenRect viewport);
  // Puts the map at cell_px pixels per cell with cell (0,0) at (origin_x, origin_y) from the
  // viewport's top-left (projector mode's follow view, logic/view_follow.hpp).
  void place(float cell_px, float origin_x, float origin_y) {
    cell_px_ = cell_px;
    origin_x_ = origin_x;
    origin_y_ = origin_y;
  }
  void pan(float dx, float dy) {
    origin_x_ += dx;
    origin_y_ += dy;
  }

  float cell_px() const { return cell_px_; }
  // Cell (0,0)'s top-left corner, relative to the viewport's top-left.
  float origin_x() const { return origin_x_; }
  float origin_y() const { return origin_y_; }

  // The window position of a cell's top-left corner (fractional cells allowed).
  float screen_x(float cell_x, ScreenRect vp) const { return vp.x + origin_x_ + cell_x * cell_px_; }
  float screen_y(float cell_y, ScreenRect vp) const { return vp.y + origin_y_ + cell_y * cell_px_; }
  // The cell under a window position, if it is on the map.
  std::optional<Point> cell_at(float px, float py, int map_w, int map_h, ScreenRect vp) const;
  CellSpan visible(int map_w, int map_h, ScreenRect vp) const;
  // 0 (cells too small for a grid) .. 1.
  float grid_alpha(bool projector = false) const;

 private:
  float min_cell_px_ = 0.01f;
  float cell_px_ = 8.0f;
  float origin_x_ = 0.0f;
  float origin_y_ = 0.0f;
};

}  // namespace dungen::app
