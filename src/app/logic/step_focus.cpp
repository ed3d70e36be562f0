#include "app/logic/step_focus.hpp"

namespace dungen::app {

std::optional<StepFocus> step_focus(const OverlayView& overlay) {
  std::optional<Rect> area;
  std::optional<Rect> core;
  const auto add = [&area](const Rect& r) { area = area ? bounding(*area, r) : r; };
  if (!overlay.candidates.empty()) {
    // The newest, drawn on top; older ones are fading out and no longer the step's.
    const CandidateMark& c = overlay.candidates.back();
    if (c.age == 0.0f) {
      add(c.rect);
      if (c.hit) add(*c.hit);
      core = c.rect;
    }
  }
  if (overlay.window) {
    add(*overlay.window);
    core = *overlay.window;
  }
  for (const Point p : overlay.path) add({p.x, p.y, 1, 1});
  if (overlay.cursor) {
    const Rect at{overlay.cursor->x, overlay.cursor->y, 1, 1};
    add(at);
    core = at;
  }
  if (!area) return std::nullopt;
  return StepFocus{*area, core.value_or(*area)};
}

}  // namespace dungen::app
