#pragma once
// Draws the map texture into its viewport with shaders/map.vert + map.frag: one quad, the tile
// colours of a palette (palette.hpp) passed as uniforms, the grid faded in by the view's zoom
// (projector mode's palette asks for thicker, darker grid lines).
//
// The picture is kept in an image of the viewport's size, which the UI's pass puts on the window
// each frame (a quad in a Dear ImGui draw list); the shader runs again only where the picture can
// differ. On a big map seen whole every pixel reads a cell far from its neighbour's, which costs a
// software rasteriser up to a hundred milliseconds for the whole viewport; the quad costs a few.
// - The view, the viewport, the style or the palette changed (a zoom, a pan, a resize): the whole
//   picture is drawn again at once (the user is moving it and must see it move).
// - A new map (another texture or size), or cells changed over a large area (a new seed, a whole
//   labelling): a second image is drawn a band of rows at a time, within what the frame's
//   kMapWorkSeconds leave (map_texture.hpp), while the first goes on showing the last picture; it
//   replaces it once complete.
// - Cells changed over a small area (a step): only their pixels are drawn again, at once.
// - Cells changed while a picture is drawn behind: once it is shown, by the two rules above.
// - No picture yet, the cells not on the GPU yet (a big map being staged): a blank one.
#include <array>
#include <cstdint>
#include <optional>
#include <utility>

#include "app/gl_program.hpp"
#include "app/map_texture.hpp"
#include "app/map_view.hpp"
#include "render/palette.hpp"

struct ImDrawList;

namespace dungen::app {

struct MapStyle {
  bool labels = false;     // room labels tile the map: colour floors per label, walls between them
  bool regions = false;    // tint walkable cells by region
  bool grid = true;        // allow the grid (it still fades with zoom)
  bool projector = false;  // projector mode: the grid shows from smaller cells
  // Above 0: the region layer holds an analysis's amounts (distances, discovery times), drawn as
  // heat from 0 (cold, blue) to heat_max (hot, red) instead of a colour per id.
  std::int32_t heat_max = 0;
  friend bool operator==(const MapStyle&, const MapStyle&) = default;
};

class MapRenderer {
 public:
  // Compiles the shaders; throws std::runtime_error with the driver's log if they fail.
  MapRenderer();
  ~MapRenderer();
  MapRenderer(const MapRenderer&) = delete;
  MapRenderer& operator=(const MapRenderer&) = delete;

  // viewport in logical pixels; fb_scale converts to framebuffer pixels (HiDPI).
  // Brings the picture up to date (off screen) and adds it to `list` (a Dear ImGui draw list,
  // drawn with the UI: anything added to the list later goes over the map).
  // Takes the texture's damage (MapTexture::take_damage). With `complete`, a picture being drawn
  // behind the shown one is finished in this frame (a screenshot must show what is current);
  // without it, this frame gives it budget_seconds (what the frame's map work has left, at least
  // one band).
  void draw(MapTexture& texture, const MapView& view, ScreenRect viewport, float fb_scale,
            const MapStyle& style, const Palette& palette, ImDrawList* list, bool complete = false,
            double budget_seconds = kMapWorkSeconds);
  // Draws one pixel of each format of cells (the shader's three kinds of buffer: map_texture.hpp's
  // buffer_bytes), so that a software rasteriser compiles those variants of the map's shader now,
  // before the first frame, and not in the frame after a user's action (its disk cache keeps them
  // for the next start). Call once, with the window's context current.
  void warm_up();
  // A new picture is being drawn over several frames (the window shows the last one meanwhile).
  bool busy() const { return job_.has_value(); }
  // Whether the picture on show is the one draw() would make of these now (the same map, view,
  // viewport and look; none being drawn behind it): then it needs none of the texture's cells.
  // While the texture is not ready (TextureStager::park) draw() shows the last picture as it is.
  bool current(const MapTexture& texture, const MapView& view, ScreenRect viewport, float fb_scale,
               const MapStyle& style, const Palette& palette) const;
  // For the UI's pass, which draws a frame only when it can look other than the last
  // (ui_pass.hpp): the textures of the two pictures, and whether the one shown was drawn again
  // in place since the last call (a picture swapped in is another texture in the draw list).
  std::array<std::uintptr_t, 2> pictures() const { return {images_[0], images_[1]}; }
  bool take_shown_change() { return std::exchange(front_changed_, false); }

 private:
  // Everything the whole picture depends on besides the texture's cells.
  struct Key {
    unsigned texture = 0;
    int map_w = 0, map_h = 0, w = 0, h = 0;
    float origin_x = 0, origin_y = 0, cell_px = 0, grid = 0, fb_scale = 0;
    MapStyle style;
    const Palette* palette = nullptr;
    friend bool operator==(const Key&, const Key&) = default;
  };
  // A picture drawn into the back image, a band at a time.
  struct Job {
    Key key;
    int row = 0;                      // the next row (from the top) to draw
    std::optional<Rect> late_damage;  // cells changed meanwhile: drawn again once it is shown
  };

  static std::optional<Key> key_for(const MapTexture& texture, const MapView& view,
                                    ScreenRect viewport, float fb_scale, const MapStyle& style,
                                    const Palette& palette);
  // Adds the front picture to `list`, its top-left at framebuffer pixel (x, y), within a viewport
  // of vw x vh framebuffer pixels.
  void show(ImDrawList* list, long x, long y, int vw, int vh, float fb_scale) const;
  bool size_image(int i, int w, int h);
  void redraw(int image, const MapTexture& texture, const Key& key, int x0, int y0, int x1, int y1);
  void update_picture(const MapTexture& texture, const Key& key, const std::optional<Rect>& damage);
  void redraw_damage(const MapTexture& texture, const Key& key, const Rect& cells);
  void continue_job(const MapTexture& texture, bool complete, double budget_seconds);
  std::optional<Rect> damage_pixels(const Key& key, const Rect& cells) const;

  GlProgram program_;
  unsigned vao_ = 0;
  unsigned anchor_ = 0;  // the 1x1 texture of map.frag's u_anchor (none in the browser build)
  // Two pictures: framebuffers over one colour texture each; front_ is shown. The one behind is
  // given its pixels only once a picture is drawn there.
  unsigned framebuffers_[2] = {0, 0};
  unsigned images_[2] = {0, 0};
  int image_size_[2][2] = {{0, 0}, {0, 0}};
  int front_ = 0;
  std::optional<Key> drawn_;  // what the front image shows (nullopt: nothing yet)
  std::optional<Job> job_;
  bool front_changed_ = false;  // the front picture drawn again since take_shown_change
  struct {
    int cells, map_size, viewport_origin, viewport_height, map_origin, cell_px, tiles, outside,
        marks, halo, grid, grid_strength, grid_px, labels, regions, cell_bits, id_is_region,
        region_bits, heat_max, anchor;
  } loc_{};
};

}  // namespace dungen::app
