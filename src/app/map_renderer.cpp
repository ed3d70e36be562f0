#include "app/map_renderer.hpp"

#include <glad/gl.h>

#include <array>
#include <cmath>

#include "app/palette.hpp"

namespace dungen::app {
namespace {

void set_rgb(int location, Rgb c) {
  glUniform3f(location, c.r / 255.0f, c.g / 255.0f, c.b / 255.0f);
}

}  // namespace

MapRenderer::MapRenderer() : program_("map.vert", "map.frag") {
  const auto& p = program_;
  loc_ = {p.uniform("u_cells"),
          p.uniform("u_map_size"),
          p.uniform("u_viewport_origin"),
          p.uniform("u_viewport_height"),
          p.uniform("u_map_origin"),
          p.uniform("u_cell_px"),
          p.uniform("u_tiles"),
          p.uniform("u_outside"),
          p.uniform("u_frontier"),
          p.uniform("u_halo"),
          p.uniform("u_grid"),
          p.uniform("u_grid_strength"),
          p.uniform("u_grid_px"),
          p.uniform("u_labels"),
          p.uniform("u_regions")};
  // A core profile draws nothing without a bound VAO, even when no attributes are read.
  glGenVertexArrays(1, &vao_);
}

MapRenderer::~MapRenderer() {
  if (vao_) glDeleteVertexArrays(1, &vao_);
}

void MapRenderer::draw(const MapTexture& texture, const MapView& view, ScreenRect vp,
                       float fb_scale, int fb_height, const MapStyle& style,
                       const Palette& palette) {
  if (!texture.ready() || vp.w <= 0 || vp.h <= 0) return;
  // The viewport in framebuffer pixels, GL's bottom-left origin.
  const auto x = static_cast<GLint>(std::lround(vp.x * fb_scale));
  const auto w = static_cast<GLsizei>(std::lround(vp.w * fb_scale));
  const auto h = static_cast<GLsizei>(std::lround(vp.h * fb_scale));
  const auto y = static_cast<GLint>(fb_height - std::lround(vp.y * fb_scale)) - h;
  if (w <= 0 || h <= 0) return;
  glViewport(x, y, w, h);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);

  glUseProgram(program_.id());
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_BUFFER, texture.id());
  glUniform1i(loc_.cells, 0);
  glUniform2i(loc_.map_size, texture.width(), texture.height());
  glUniform2f(loc_.viewport_origin, static_cast<float>(x), static_cast<float>(y));
  glUniform1f(loc_.viewport_height, static_cast<float>(h));
  glUniform2f(loc_.map_origin, view.origin_x() * fb_scale, view.origin_y() * fb_scale);
  glUniform1f(loc_.cell_px, view.cell_px() * fb_scale);
  std::array<float, 3 * kTileCount> tiles{};
  for (std::size_t i = 0; i < palette.tiles.size(); ++i) {
    tiles[3 * i] = palette.tiles[i].r / 255.0f;
    tiles[3 * i + 1] = palette.tiles[i].g / 255.0f;
    tiles[3 * i + 2] = palette.tiles[i].b / 255.0f;
  }
  glUniform3fv(loc_.tiles, kTileCount, tiles.data());
  set_rgb(loc_.outside, palette.outside);
  set_rgb(loc_.frontier, palette.frontier);
  set_rgb(loc_.halo, palette.halo);
  glUniform1f(loc_.grid, style.grid ? view.grid_alpha() : 0.0f);
  glUniform1f(loc_.grid_strength, palette.grid_strength);
  glUniform1f(loc_.grid_px, palette.grid_px * fb_scale);
  glUniform1i(loc_.labels, style.labels ? 1 : 0);
  glUniform1i(loc_.regions, style.regions ? 1 : 0);

  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glUseProgram(0);
}

}  // namespace dungen::app
