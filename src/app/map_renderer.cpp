#include "app/map_renderer.hpp"

#include "app/gl.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>

#include "render/palette.hpp"

namespace dungen::app {
namespace {

// A change of cells this many pixels or fewer is drawn at once; a bigger one behind the picture.
constexpr long kImmediatePixels = 1L << 16;
// A picture drawn behind the shown one goes a band of about this many pixels at a time, until
// the frame's map work is spent (at least one band a frame). Not smaller: each band waits on a
// software rasteriser's threads (glFinish), which a busy machine makes slow to come back.
constexpr int kBandPixels = 1 << 15;

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
          p.uniform("u_marks"),
          p.uniform("u_halo"),
          p.uniform("u_grid"),
          p.uniform("u_grid_strength"),
          p.uniform("u_grid_px"),
          p.uniform("u_labels"),
          p.uniform("u_regions"),
          p.uniform("u_cell_bits"),
          p.uniform("u_id_is_region"),
          p.uniform("u_region_bits"),
          p.uniform("u_heat_max"),
          p.uniform("u_anchor")};
  // A core profile draws nothing without a bound VAO, even when no attributes are read.
  glGenVertexArrays(1, &vao_);
#if !DUNGEN_GL_ES
  // map.frag's anchor: the shader's first sampler slot, with a state that never changes.
  const std::uint8_t pixel[4] = {0, 0, 0, 255};
  glGenTextures(1, &anchor_);
  glBindTexture(GL_TEXTURE_2D, anchor_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
#endif
}

void MapRenderer::warm_up() {
  const CellFormat formats[] = {{.words = 1}, {.words = 1, .half = true}, {.words = 2}};
  for (const CellFormat& f : formats) {
    MapTexture cells;
    if (cells.allocate(1, 1, f)) continue;  // (it cannot fail for one cell)
    const Key key{cells.id(), 1, 1, 1, 1, 0.0f, 0.0f, 1.0f, 0.0f, 1.0f, {}, &kStandardPalette};
    size_image(front_, 1, 1);
    redraw(front_, cells, key, 0, 0, 1, 1);
  }
}

MapRenderer::~MapRenderer() {
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (anchor_) glDeleteTextures(1, &anchor_);
  if (framebuffers_[0]) glDeleteFramebuffers(2, framebuffers_);
  if (images_[0]) glDeleteTextures(2, images_);
}

std::optional<MapRenderer::Key> MapRenderer::key_for(const MapTexture& texture, const MapView& view,
                                                     ScreenRect vp, float fb_scale,
                                                     const MapStyle& style,
                                                     const Palette& palette) {
  // The viewport in framebuffer pixels.
  const auto w = static_cast<int>(std::lround(vp.w * fb_scale));
  const auto h = static_cast<int>(std::lround(vp.h * fb_scale));
  if (w <= 0 || h <= 0) return std::nullopt;
  return Key{texture.id(),
             texture.width(),
             texture.height(),
             w,
             h,
             view.origin_x() * fb_scale,
             view.origin_y() * fb_scale,
             view.cell_px() * fb_scale,
             style.grid ? view.grid_alpha(style.projector) : 0.0f,
             fb_scale,
             style,
             &palette};
}

bool MapRenderer::current(const MapTexture& texture, const MapView& view, ScreenRect vp,
                          float fb_scale, const MapStyle& style, const Palette& palette) const {
  const std::optional<Key> key = key_for(texture, view, vp, fb_scale, style, palette);
  return key && drawn_ && *key == *drawn_ && !job_;
}

void MapRenderer::draw(MapTexture& texture, const MapView& view, ScreenRect vp, float fb_scale,
                       const MapStyle& style, const Palette& palette, ImDrawList* list,
                       bool complete, double budget_seconds) {
  const std::optional<Rect> damage = texture.take_damage();
  const std::optional<Key> key_now = key_for(texture, view, vp, fb_scale, style, palette);
  if (!key_now) return;
  // The viewport's top-left in framebuffer pixels.
  const long x = std::lround(vp.x * fb_scale);
  const long y = std::lround(vp.y * fb_scale);
  if (!texture.ready()) {
    // The cells are away (TextureStager::park, or being staged back): the last picture stays.
    // Before the first (a big map's cells still being staged), a blank one in the outside colour:
    // the UI's pass draws a picture from its first frame on, so a software rasteriser compiles
    // that kind of draw in the first frame (slow anyway), not in the frame the map first shows.
    if (!drawn_) {
      size_image(front_, key_now->w, key_now->h);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffers_[front_]);
      glDisable(GL_SCISSOR_TEST);  // (all of it)
      glClearColor(palette.outside.r / 255.0f, palette.outside.g / 255.0f,
                   palette.outside.b / 255.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
      front_changed_ = true;
    }
    show(list, x, y, key_now->w, key_now->h, fb_scale);
    return;
  }
  const Key& key = *key_now;
  const int w = key.w, h = key.h;
  if (size_image(front_, w, h)) {
    drawn_.reset();
    job_.reset();
  }
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);

  update_picture(texture, key, damage);
  if (job_) continue_job(texture, complete, budget_seconds);
  // A picture finished with a big change made meanwhile starts another (redraw_damage): a
  // complete frame draws that one too (it has no changes made meanwhile, so it is the last).
  if (job_ && complete) continue_job(texture, complete, budget_seconds);
  show(list, x, y, w, h, fb_scale);
}

void MapRenderer::show(ImDrawList* list, long x, long y, int vw, int vh, float fb_scale) const {
  // (The picture may be of another size than the viewport while the cells are away: a resize
  // waits for them. Its top-left part that fits is shown.)
  const int iw = image_size_[front_][0], ih = image_size_[front_][1];
  if (iw <= 0 || ih <= 0) return;
  const int w = std::min(iw, vw), h = std::min(ih, vh);
  const float u = static_cast<float>(w) / static_cast<float>(iw);
  const float v = 1.0f - static_cast<float>(h) / static_cast<float>(ih);
  // The picture goes on the window with the UI's own pass, first in its background list: one
  // textured quad whose pixels land 1:1 on the framebuffer's (nearest sampling, opaque, the
  // image's first row at the bottom). A software rasteriser compiles a program for each new
  // kind of draw (glBlitFramebuffer's took it 36 ms in the first frame); this one is the UI's.
  const auto tex = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(images_[front_]));
  // Opaque, so drawn without blending (a software rasteriser reads no pixels back for it); the
  // UI's state comes back after it.
  list->AddCallback([](const ImDrawList*, const ImDrawCmd*) { glDisable(GL_BLEND); }, nullptr);
  list->AddImage(tex, ImVec2(static_cast<float>(x) / fb_scale, static_cast<float>(y) / fb_scale),
                 ImVec2(static_cast<float>(x + w) / fb_scale, static_cast<float>(y + h) / fb_scale),
                 ImVec2(0.0f, 1.0f), ImVec2(u, v));
  list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

// Decides how this frame's key and damage reach the picture: all of it now (nothing drawn yet,
// or the view moved), behind the shown one (a new map, or a big change of cells), or the changed
// pixels now (a small change).
void MapRenderer::update_picture(const MapTexture& texture, const Key& key,
                                 const std::optional<Rect>& damage) {
  const int w = key.w, h = key.h;
  Key same_view = key;  // the key the drawn picture would have with this frame's map
  if (drawn_) {
    same_view.texture = drawn_->texture;
    same_view.map_w = drawn_->map_w;
    same_view.map_h = drawn_->map_h;
  }
  // A new map (another texture or size) fitted to the same viewport moves the view too, but the
  // shown picture, the last map's, stays right where it is until the new one is drawn behind it.
  const bool new_map = drawn_ && (key.texture != drawn_->texture || key.map_w != drawn_->map_w ||
                                  key.map_h != drawn_->map_h);
  const bool same_frame = drawn_ && key.w == drawn_->w && key.h == drawn_->h;
  if (!drawn_ || (same_view != *drawn_ && !(new_map && same_frame))) {
    // Nothing drawn yet, or the user moved the view: all of it, now.
    job_.reset();
    redraw(front_, texture, key, 0, 0, w, h);
    drawn_ = key;
  } else if (key != *drawn_ || (job_ && job_->key == key)) {
    // A new map (or one being drawn): go on drawing it behind the shown picture.
    if (!job_ || job_->key != key) {
      job_ = Job{key, 0, std::nullopt};
    } else if (damage) {
      job_->late_damage = job_->late_damage ? bounding(*job_->late_damage, *damage) : *damage;
    }
  } else if (damage) {
    redraw_damage(texture, key, *damage);
  }
}

// Cells changed under the shown picture: their pixels now if they are few, else the whole
// picture again behind it.
void MapRenderer::redraw_damage(const MapTexture& texture, const Key& key, const Rect& cells) {
  const auto px = damage_pixels(key, cells);
  if (!px) return;
  if (static_cast<long>(px->w) * px->h > kImmediatePixels) {
    job_ = Job{key, 0, std::nullopt};
  } else {
    redraw(front_, texture, key, px->x, px->y, px->right(), px->bottom());
  }
}

void MapRenderer::continue_job(const MapTexture& texture, bool complete, double budget_seconds) {
  Job& job = *job_;
  const int w = job.key.w, h = job.key.h;
  const int band = std::max(1, kBandPixels / std::max(1, w));
  size_image(1 - front_, w, h);  // the picture behind: made when first needed
  const auto start = std::chrono::steady_clock::now();
  // At least one band a frame; the bound is the picture's height.
  for (int guard = 0; guard <= h && job.row < h; ++guard) {
    const int rows = std::min(band, h - job.row);
    redraw(1 - front_, texture, job.key, 0, job.row, w, job.row + rows);
    job.row += rows;
    // A software rasteriser draws when asked to finish: only then is the band's cost known.
    glFinish();
    const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
    if (!complete && spent.count() >= budget_seconds) break;
  }
  if (job.row < h) return;
  front_ = 1 - front_;
  drawn_ = job.key;
  const std::optional<Rect> late = job.late_damage;
  job_.reset();
  // What changed meanwhile is drawn as any change is: a big one (a playing run's rows over the
  // frames the picture took) goes behind again rather than into this frame all at once.
  if (late) redraw_damage(texture, *drawn_, *late);
}

// The pixels (from the image's top-left) of the damaged cells, one cell wider on each side: a
// room's wall is drawn from the labels of the cells next to it. Nullopt when off the picture.
std::optional<Rect> MapRenderer::damage_pixels(const Key& key, const Rect& cells) const {
  const auto px = [&](float origin, int cell) {
    return origin + static_cast<float>(cell) * key.cell_px;
  };
  const int x0 = std::max(0, static_cast<int>(std::floor(px(key.origin_x, cells.x - 1))) - 1);
  const int x1 =
      std::min(key.w, static_cast<int>(std::ceil(px(key.origin_x, cells.right() + 1))) + 1);
  const int y0 = std::max(0, static_cast<int>(std::floor(px(key.origin_y, cells.y - 1))) - 1);
  const int y1 =
      std::min(key.h, static_cast<int>(std::ceil(px(key.origin_y, cells.bottom() + 1))) + 1);
  if (x0 >= x1 || y0 >= y1) return std::nullopt;
  return Rect{x0, y0, x1 - x0, y1 - y0};
}

// Gives image i the size w x h; true when it had to be made again (its pixels are gone).
bool MapRenderer::size_image(int i, int w, int h) {
  if (!framebuffers_[0]) {
    glGenFramebuffers(2, framebuffers_);
    glGenTextures(2, images_);
  }
  if (image_size_[i][0] == w && image_size_[i][1] == h) return false;
  glBindTexture(GL_TEXTURE_2D, images_[i]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffers_[i]);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, images_[i], 0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  image_size_[i][0] = w;
  image_size_[i][1] = h;
  return true;
}

// Runs the shader over the pixels x0..x1, y0..y1 (from the top-left) of image `image`.
void MapRenderer::redraw(int image, const MapTexture& texture, const Key& key, int x0, int y0,
                         int x1, int y1) {
  if (image == front_) front_changed_ = true;
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffers_[image]);
  glViewport(0, 0, key.w, key.h);
  glEnable(GL_SCISSOR_TEST);
  glScissor(x0, key.h - y1, x1 - x0, y1 - y0);  // GL counts rows from the bottom
  glUseProgram(program_.id());
  if (anchor_) {
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, anchor_);
    glUniform1i(loc_.anchor, 1);
  }
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(MapTexture::target(), texture.id());
  glUniform1i(loc_.cells, 0);
  glUniform2i(loc_.map_size, texture.width(), texture.height());
  glUniform1i(loc_.cell_bits, static_cast<GLint>(8 * texture.format().bytes()));
  glUniform1i(loc_.id_is_region, texture.format().id_is_region ? 1 : 0);
  glUniform1i(loc_.region_bits, texture.format().region_bits);
  glUniform2f(loc_.viewport_origin, 0.0f, 0.0f);
  glUniform1f(loc_.viewport_height, static_cast<float>(key.h));
  glUniform2f(loc_.map_origin, key.origin_x, key.origin_y);
  glUniform1f(loc_.cell_px, key.cell_px);
  std::array<float, 3 * kTileCount> tiles{};
  for (std::size_t i = 0; i < key.palette->tiles.size(); ++i) {
    tiles[3 * i] = key.palette->tiles[i].r / 255.0f;
    tiles[3 * i + 1] = key.palette->tiles[i].g / 255.0f;
    tiles[3 * i + 2] = key.palette->tiles[i].b / 255.0f;
  }
  glUniform3fv(loc_.tiles, kTileCount, tiles.data());
  set_rgb(loc_.outside, key.palette->outside);
  // The marks' colours, by Mark value (slot 0, no mark, is never read).
  const Rgb marks[kMarkCount] = {key.palette->frontier,  key.palette->frontier,
                                 key.palette->connector, key.palette->dead_end,
                                 key.palette->window,    key.palette->rejected};
  std::array<float, 3 * kMarkCount> mark_rgb{};
  for (std::size_t i = 0; i < kMarkCount; ++i) {
    mark_rgb[3 * i] = marks[i].r / 255.0f;
    mark_rgb[3 * i + 1] = marks[i].g / 255.0f;
    mark_rgb[3 * i + 2] = marks[i].b / 255.0f;
  }
  glUniform3fv(loc_.marks, kMarkCount, mark_rgb.data());
  set_rgb(loc_.halo, key.palette->halo);
  glUniform1f(loc_.grid, key.grid);
  glUniform1f(loc_.grid_strength, key.palette->grid_strength);
  glUniform1f(loc_.grid_px, key.palette->grid_px * key.fb_scale);
  glUniform1i(loc_.labels, key.style.labels ? 1 : 0);
  glUniform1i(loc_.regions, key.style.regions ? 1 : 0);
  glUniform1i(loc_.heat_max, key.style.heat_max);

  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_SCISSOR_TEST);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
}

}  // namespace dungen::app
