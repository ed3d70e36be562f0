#include "app/logic/view_follow.hpp"

#include <algorithm>

namespace dungen::app {
namespace {

// The origin along one axis that puts [lo, hi) (in cells) in the middle of `size` pixels, kept
// so the map (`cells` long) covers the viewport where it can.
float centred(float lo, float hi, int cells, float size, float cell_px) {
  const float map = static_cast<float>(cells) * cell_px;
  if (map <= size) return (size - map) / 2.0f;
  const float origin = size / 2.0f - (lo + hi) / 2.0f * cell_px;
  return std::clamp(origin, size - map, 0.0f);
}

// True when [lo, hi) lies within the viewport less its margins along one axis.
bool well_inside(float lo, float hi, float origin, float size, float cell_px) {
  const float margin = size * kFollowMargin;
  const float a = origin + lo * cell_px, b = origin + hi * cell_px;
  // A focus bigger than the middle part is "well inside" when it is all in view.
  if (b - a > size - 2.0f * margin) return a >= 0.0f && b <= size;
  return a >= margin && b <= size - margin;
}

}  // namespace

ViewPlacement follow_focus(const std::optional<ViewPlacement>& current,
                           const std::optional<Rect>& focus, int map_w, int map_h, float vp_w,
                           float vp_h, float cell_px) {
  const bool same_zoom = current && current->cell_px == cell_px;
  if (!focus) {
    if (same_zoom) return *current;
    return {cell_px, centred(0.0f, static_cast<float>(map_w), map_w, vp_w, cell_px),
            centred(0.0f, static_cast<float>(map_h), map_h, vp_h, cell_px)};
  }
  const float x0 = static_cast<float>(focus->x), x1 = static_cast<float>(focus->right());
  const float y0 = static_cast<float>(focus->y), y1 = static_cast<float>(focus->bottom());
  ViewPlacement v{cell_px, 0.0f, 0.0f};
  v.origin_x = same_zoom && well_inside(x0, x1, current->origin_x, vp_w, cell_px)
                   ? current->origin_x
                   : centred(x0, x1, map_w, vp_w, cell_px);
  v.origin_y = same_zoom && well_inside(y0, y1, current->origin_y, vp_h, cell_px)
                   ? current->origin_y
                   : centred(y0, y1, map_h, vp_h, cell_px);
  return v;
}

}  // namespace dungen::app
