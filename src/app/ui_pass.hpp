#pragma once
// The UI's pass onto the window: Dear ImGui's frame (with the map's picture in it) drawn into the
// back buffer, unless it can look no other than the last frame drawn (logic/ui_change.hpp), when
// nothing is drawn and the buffers are not swapped: the window shows that frame already. A frame
// that must be shown (a screenshot, or after window events: an expose wants the pixels again) is
// always drawn.
// DUNGEN_VIZ_REDRAW=always draws every frame (to compare); DUNGEN_VIZ_REDRAW=check draws the
// frames it would not, too (into the back buffer, not shown), and says on stderr where one
// differs from the last frame drawn (gui.unchanged-frames).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "app/logic/ui_change.hpp"
#include "render/palette.hpp"

struct ImDrawData;

namespace dungen::app {

class UiPass {
 public:
  UiPass();

  // Draws `data` (ImGui's rendered frame) over `clear`, or not (see above). `steady`: textures
  // whose pixels change only when `changed_pictures` says so (the map pictures), besides the
  // font's. Returns whether it drew (then swap).
  bool draw(ImDrawData& data, Rgb clear, std::span<const std::uintptr_t> steady,
            bool changed_pictures, bool must_show);
  // Whether the last frame was drawn (the frame log's "ui": run_report.hpp's FrameFlags::ui).
  bool drew() const { return drew_; }

  struct Counts {
    long drawn = 0;
    long unchanged = 0;  // not drawn
    long checked = 0;    // DUNGEN_VIZ_REDRAW=check: frames not drawn, drawn to compare
    long differing = 0;  // ... and found to differ from the last frame drawn
  };
  const Counts& counts() const { return counts_; }
  bool checking() const { return mode_ == Mode::check; }
  std::string summary() const;

 private:
  enum class Mode { changed, always, check };
  void draw_all(ImDrawData& data, Rgb clear);
  std::vector<std::uint8_t> read_back(const ImDrawData& data) const;
  void check(ImDrawData& data, Rgb clear);

  Mode mode_ = Mode::changed;
  UiChange change_;
  bool drew_ = true;
  std::vector<std::uint8_t> last_drawn_;  // DUNGEN_VIZ_REDRAW=check: the last frame's pixels
  Counts counts_;
};

}  // namespace dungen::app
