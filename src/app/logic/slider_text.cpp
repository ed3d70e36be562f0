#include "app/logic/slider_text.hpp"

#include <algorithm>
#include <cmath>

namespace dungen::app {

float slider_ratio(double v, double min, double max, bool log) {
  if (!(max > min)) return 0.0f;
  v = std::clamp(v, min, max);
  const double r =
      log && min > 0.0 ? std::log(v / min) / std::log(max / min) : (v - min) / (max - min);
  return static_cast<float>(std::clamp(r, 0.0, 1.0));
}

Span slider_grab(float x0, float width, float ratio, std::uint64_t values, float grab_min) {
  const float slider = std::max(width - 2.0f * kGrabPadding, 0.0f);
  float grab = grab_min;
  if (values > 0) grab = std::max(slider / static_cast<float>(values), grab_min);
  grab = std::min(grab, slider);
  const float centre =
      x0 + kGrabPadding + grab * 0.5f + (slider - grab) * std::clamp(ratio, 0.0f, 1.0f);
  return {centre - grab * 0.5f, centre + grab * 0.5f};
}

TextPlace slider_text_place(float x0, float width, Span grab, float text_w, float pad) {
  const float middle = x0 + (width - text_w) * 0.5f;
  // Clear: the text and the grab share no pixel.
  if (middle + text_w <= grab.from || middle >= grab.to) return {middle, true};
  // The two sides beside the grab, each less the padding at both of its ends.
  const float left = grab.from - x0 - 2.0f * pad;
  const float right = x0 + width - grab.to - 2.0f * pad;
  const bool left_fits = text_w <= left, right_fits = text_w <= right;
  if (left_fits && (!right_fits || left >= right)) {
    return {x0 + pad + (left - text_w) * 0.5f, true};
  }
  if (right_fits) return {grab.to + pad + (right - text_w) * 0.5f, true};
  return {middle, false};
}

float slider_width_for_text(float text_w, float grab_w, float pad) {
  return 2.0f * (text_w + 2.0f * pad) + grab_w + 2.0f * kGrabPadding;
}

}  // namespace dungen::app
