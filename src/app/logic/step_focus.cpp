#include "app/logic/step_focus.hpp"

namespace dungen::app {

std::optional<StepFocus> step_focus(const OverlayView& overlay) {
  std::optional<Rect> area;
  std::optional<Rect> core;
  std::optional<Rect> cursor;
  const auto add = [&area](const Rect& r) { area = area ? bounding(*area, r) : r; };
  for (const ShownItem& s : overlay.items) {
    // Fading items are an older step's; other walkers are not the step's focus.
    if (s.age != 0.0f || s.item.role == Role::Walker) continue;
    const OverlayItem& i = s.item;
    if (i.rect != Rect{}) {
      add(i.rect);
      // What was tried or read is the core; what it ran into only widens the area.
      if (i.role != Role::Cause) core = i.rect;
    }
    for (const Point p : i.cells) add({p.x, p.y, 1, 1});
    if (i.role == Role::Cursor && !i.cells.empty()) {
      cursor = Rect{i.cells.front().x, i.cells.front().y, 1, 1};
    }
  }
  if (!area) return std::nullopt;
  if (cursor) core = cursor;
  return StepFocus{*area, core.value_or(*area)};
}

}  // namespace dungen::app
