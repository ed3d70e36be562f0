#include "app/logic/map_text.hpp"

#include <algorithm>

namespace dungen::app {

float map_caption_px(float cell_px, float view_w, float view_h, float width_per_px,
                     float sharpest) {
  float px = std::clamp(cell_px * kCaptionPerCellPx, kMinCaptionPx, kMaxCaptionPx);
  px = std::min(px, std::max(sharpest * 1.25f, kMinCaptionPx));
  if (width_per_px > 0.0f) px = std::min(px, view_w * kCaptionMaxWidthShare / width_per_px);
  px = std::min(px, view_h * kCaptionMaxHeightShare);
  return std::max(px, kMinCaptionPx);
}

}  // namespace dungen::app
