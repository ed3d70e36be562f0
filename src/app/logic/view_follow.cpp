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
                           const std::optional<StepFocus>& focus, int map_w, int map_h, float vp_w,
                           float vp_h, float cell_px) {
  const bool same_zoom = current && current->cell_px == cell_px;
  if (!focus) {
    if (same_zoom) return *current;
    return {cell_px, centred(0.0f, static_cast<float>(map_w), map_w, vp_w, cell_px),
            centred(0.0f, static_cast<float>(map_h), map_h, vp_h, cell_px)};
  }
  // Along one axis: the area if it fits the middle of the viewport, else the core.
  const auto axis = [&](int area_lo, int area_len, int core_lo, int core_len, int cells, float size,
                        std::optional<float> origin) {
    const bool fits =
        static_cast<float>(area_len) * cell_px <= size * (1.0f - 2.0f * kFollowMargin);
    const float lo = static_cast<float>(fits ? area_lo : core_lo);
    const float hi = lo + static_cast<float>(fits ? area_len : core_len);
    if (origin && well_inside(lo, hi, *origin, size, cell_px)) return *origin;
    return centred(lo, hi, cells, size, cell_px);
  };
  const Rect& a = focus->area;
  const Rect& c = focus->core;
  ViewPlacement v{cell_px, 0.0f, 0.0f};
  v.origin_x = axis(a.x, a.w, c.x, c.w, map_w, vp_w,
                    same_zoom ? std::optional<float>(current->origin_x) : std::nullopt);
  v.origin_y = axis(a.y, a.h, c.y, c.h, map_h, vp_h,
                    same_zoom ? std::optional<float>(current->origin_y) : std::nullopt);
  return v;
}

}  // namespace dungen::app
