#pragma once
// Whether a frame's picture can differ from the last one drawn. A software rasteriser (Mesa's
// llvmpipe, what a machine without a GPU draws with) spends most of a frame on the UI's pixels:
// 6-10 ms for a 1280x720 window, three times that beside other busy processes. While a big map
// is built the app draws frames to show the work moving, but in most of them nothing on screen
// has moved yet (the progress bar advances a pixel now and then); such a frame is not drawn at
// all, and the buffers not swapped: the window shows it already (app/ui_pass.hpp).
//
// A frame's picture is Dear ImGui's draw data (lists of triangles, each list's vertices, indices
// and commands: clip, texture, range) over textures. It can differ from the last frame's when:
// - it is the first, or the window's size or scale changed, or the textures known to keep their
//   pixels (`steady`: the font, the map pictures) are others;
// - any list differs in any byte (a vertex's position, texture place or colour; an index; a
//   command), or lists came, went or changed order;
// - a steady texture's pixels changed (`changed_pictures`: a map picture drawn again in place);
// - a command shows a texture that is not steady: its pixels may have changed with nothing else
//   (a thumbnail uploaded), so such a frame is always drawn.
// No ImGui types here (logic/ builds without it): app/ui_pass.cpp passes the lists as views.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dungen::app {

// One draw command (ImDrawCmd): which triangles, with what clip and texture.
struct UiCommand {
  float clip[4] = {0, 0, 0, 0};  // x0, y0, x1, y1
  std::uintptr_t texture = 0;
  std::uintptr_t callback = 0;  // a callback (ImDrawCmd::UserCallback), 0: triangles
  std::uintptr_t callback_data = 0;
  unsigned vertex_offset = 0;
  unsigned index_offset = 0;
  unsigned index_count = 0;
};

// One draw list (ImDrawList), its buffers as bytes.
struct UiList {
  std::string_view name;
  std::span<const std::byte> vertices;
  std::span<const std::byte> indices;
  std::span<const UiCommand> commands;
};

struct UiFrame {
  float width = 0.0f, height = 0.0f;  // the screen, in the UI's units
  float scale = 1.0f;                 // framebuffer pixels a unit
  std::span<const UiList> lists;      // in the order they are drawn
  std::span<const std::uintptr_t> steady;
  bool changed_pictures = false;  // a steady texture's pixels changed since the last frame
};

class UiChange {
 public:
  // Whether `frame` can look other than the last frame given; keeps it for the next call.
  bool changed(const UiFrame& frame);

 private:
  bool same_as_kept(const UiFrame& frame) const;
  void keep(const UiFrame& frame);

  bool known_ = false;
  float width_ = 0.0f, height_ = 0.0f, scale_ = 0.0f;
  std::vector<std::uintptr_t> steady_;
  struct Kept {
    std::string name;
    std::vector<std::byte> vertices, indices;
    std::vector<UiCommand> commands;
  };
  std::vector<Kept> lists_;
};

}  // namespace dungen::app
