#include "app/map_view.hpp"

#include <algorithm>
#include <cmath>

namespace dungen::app {
namespace {
constexpr float kFitMargin = 0.97f;
}  // namespace

void MapView::fit(int map_w, int map_h, ScreenRect vp) {
  if (map_w <= 0 || map_h <= 0 || vp.w <= 0 || vp.h <= 0) return;
  const float fit = std::min(vp.w / static_cast<float>(map_w), vp.h / static_cast<float>(map_h));
  cell_px_ = std::clamp(fit * kFitMargin, 0.01f, kMaxCellPx);
  // Zooming out further than a quarter of the fitted size only loses the map in the window.
  min_cell_px_ = std::min(cell_px_, fit / 4.0f);
  origin_x_ = (vp.w - cell_px_ * static_cast<float>(map_w)) / 2.0f;
  origin_y_ = (vp.h - cell_px_ * static_cast<float>(map_h)) / 2.0f;
}

void MapView::zoom_about(float factor, float px, float py, ScreenRect vp) {
  const float next = std::clamp(cell_px_ * factor, min_cell_px_, kMaxCellPx);
  const float lx = px - vp.x, ly = py - vp.y;
  // The map point under the cursor stays under it.
  origin_x_ = lx - (lx - origin_x_) * (next / cell_px_);
  origin_y_ = ly - (ly - origin_y_) * (next / cell_px_);
  cell_px_ = next;
}

std::optional<Point> MapView::cell_at(float px, float py, int map_w, int map_h,
                                      ScreenRect vp) const {
  if (!vp.contains(px, py)) return std::nullopt;
  const float cx = std::floor((px - vp.x - origin_x_) / cell_px_);
  const float cy = std::floor((py - vp.y - origin_y_) / cell_px_);
  if (cx < 0 || cy < 0 || cx >= static_cast<float>(map_w) || cy >= static_cast<float>(map_h)) {
    return std::nullopt;
  }
  return Point{static_cast<int>(cx), static_cast<int>(cy)};
}

CellSpan MapView::visible(int map_w, int map_h, ScreenRect vp) const {
  const auto first = [&](float o) { return static_cast<int>(std::floor(-o / cell_px_)); };
  const auto last = [&](float o, float size) {
    return static_cast<int>(std::ceil((size - o) / cell_px_));
  };
  CellSpan s;
  s.x0 = std::clamp(first(origin_x_), 0, map_w);
  s.y0 = std::clamp(first(origin_y_), 0, map_h);
  s.x1 = std::clamp(last(origin_x_, vp.w), 0, map_w);
  s.y1 = std::clamp(last(origin_y_, vp.h), 0, map_h);
  return s;
}

float MapView::grid_alpha(bool projector) const {
  const float start = projector ? kProjectorGridFadeStart : kGridFadeStart;
  const float full = projector ? kProjectorGridFadeFull : kGridFadeFull;
  return std::clamp((cell_px_ - start) / (full - start), 0.0f, 1.0f);
}

}  // namespace dungen::app
