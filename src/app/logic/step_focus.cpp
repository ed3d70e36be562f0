#include "app/logic/step_focus.hpp"

namespace dungen::app {

std::optional<Rect> step_focus(const OverlayView& overlay) {
  std::optional<Rect> focus;
  const auto add = [&focus](const Rect& r) { focus = focus ? bounding(*focus, r) : r; };
  if (!overlay.candidates.empty()) {
    // The newest, drawn on top; older ones are fading out and no longer the step's.
    const CandidateMark& c = overlay.candidates.back();
    if (c.age == 0.0f) {
      add(c.rect);
      if (c.hit) add(*c.hit);
    }
  }
  if (overlay.window) add(*overlay.window);
  for (const Point p : overlay.path) add({p.x, p.y, 1, 1});
  if (overlay.cursor) add({overlay.cursor->x, overlay.cursor->y, 1, 1});
  return focus;
}

}  // namespace dungen::app
