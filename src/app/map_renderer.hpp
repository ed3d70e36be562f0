#pragma once
// Draws the map texture into its viewport with shaders/map.vert + map.frag: one quad, the tile
// colours of a palette (palette.hpp) passed as uniforms, the grid faded in by the view's zoom
// (projector mode's palette asks for thicker, darker grid lines).

#include "app/gl_program.hpp"
#include "app/map_texture.hpp"
#include "app/map_view.hpp"

namespace dungen::app {

struct Palette;

struct MapStyle {
  bool labels = false;   // room labels tile the map: colour floors per label, walls between them
  bool regions = false;  // tint walkable cells by region
  bool grid = true;      // allow the grid (it still fades with zoom)
};

class MapRenderer {
 public:
  // Compiles the shaders; throws std::runtime_error with the driver's log if they fail.
  MapRenderer();
  ~MapRenderer();
  MapRenderer(const MapRenderer&) = delete;
  MapRenderer& operator=(const MapRenderer&) = delete;

  // viewport in logical pixels; fb_scale converts to framebuffer pixels (HiDPI).
  void draw(const MapTexture& texture, const MapView& view, ScreenRect viewport, float fb_scale,
            int fb_height, const MapStyle& style, const Palette& palette);

 private:
  GlProgram program_;
  unsigned vao_ = 0;
  struct {
    int cells, map_size, viewport_origin, viewport_height, map_origin, cell_px, tiles, outside,
        frontier, halo, grid, grid_strength, grid_px, labels, regions;
  } loc_{};
};

}  // namespace dungen::app
