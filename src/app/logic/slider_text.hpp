#pragma once
// Where a slider's number goes so its grab never covers it. Dear ImGui 1.86 writes the value in
// the middle of the frame and draws the grab under it: wherever the grab stood, it hid a digit
// ("3[0] steps/s", "25[9]9"). The app draws the text itself, beside the grab, with the grab's
// place worked out here the way ImGui works it out (GL-free, so the tests can check it).

#include <cstdint>

namespace dungen::app {

// A stretch of a slider's frame along x, in pixels.
struct Span {
  float from = 0;
  float to = 0;
  float width() const { return to - from; }
};

// ImGui keeps this much of the frame clear of the grab at either end.
inline constexpr float kGrabPadding = 2.0f;

// Where value v stands between min and max, 0..1: on a log scale when log (min > 0; ImGui's
// logarithmic sliders), linear otherwise. Clamped, like the grab.
float slider_ratio(double v, double min, double max, bool log);

// The grab of a slider whose frame spans [x0, x0 + width]: a float slider's grab is grab_min
// wide; an integer slider's (values: how many whole values it has) is one value's share of the
// frame, at least grab_min (so a slider over 0..0, one value, is all grab). Its centre moves
// over the frame less the padding and half the grab, by ratio.
Span slider_grab(float x0, float width, float ratio, std::uint64_t values, float grab_min);

// Where a value text text_w wide starts. In the middle, as ImGui puts it, when that is clear of
// the grab; else in the middle of the wider side of the frame beside the grab when it fits there
// (pad kept from the frame's edge and from the grab). clear is false when it fits on neither
// side: the caller puts it on a plate of its own over the grab.
struct TextPlace {
  float x = 0;
  bool clear = true;
};
TextPlace slider_text_place(float x0, float width, Span grab, float text_w, float pad);

// The narrowest frame that has room for a text text_w wide beside a grab grab_w wide wherever
// the grab stands (slider_text_place's pad at both ends of the side): in the middle, each side
// has half of what the grab leaves.
float slider_width_for_text(float text_w, float grab_w, float pad);

}  // namespace dungen::app
