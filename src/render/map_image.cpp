#include "render/map_image.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dungen {
namespace {

Rgb to_rgb(float r, float g, float b) {
  const auto byte = [](float v) {
    return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
  };
  return {byte(r), byte(g), byte(b)};
}

Rgb mix(Rgb a, Rgb b, float t) {
  const auto m = [t](std::uint8_t x, std::uint8_t y) {
    return static_cast<std::uint8_t>(
        std::lround(static_cast<float>(x) * (1.0f - t) + static_cast<float>(y) * t));
  };
  return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b)};
}

// What the shader draws for one cell, before walls: tile, room colour, region tint, mark.
Rgb cell_colour(const Grid& grid, std::size_t i, const MapImageStyle& style) {
  const Palette& p = *style.palette;
  const Tile tile = grid.tile(i);
  Rgb c = p.tile(tile);
  const std::int32_t label = grid.label(i);
  if (style.room_colours && label >= 0 && tile == Tile::Floor) {
    c = id_colour(static_cast<std::uint32_t>(label) + 1, 0.42f, 0.96f);
  }
  const std::int32_t region = grid.region(i);
  if (style.regions && region >= 0) {
    c = style.heat_max > 0
            ? heat_tint(c, static_cast<float>(region) / static_cast<float>(style.heat_max))
            : region_tint(c, static_cast<std::uint32_t>(region) + 1);
  }
  if (const auto role = mark_role(grid.mark(i))) c = role_colour(p, *role);
  return c;
}

void fill_rect(Image& img, int x0, int y0, int x1, int y1, Rgb c) {
  x0 = std::max(x0, 0), y0 = std::max(y0, 0);
  x1 = std::min(x1, img.width), y1 = std::min(y1, img.height);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) img.set(x, y, c);
}

// An outline `w` pixels wide just inside the cells x0..x1, y0..y1 (in pixels), with a one-pixel
// dark halo inside it so it shows on light tiles too (as the viewer's strokes do).
void outline(Image& img, int x0, int y0, int x1, int y1, int w, Rgb c, Rgb halo) {
  fill_rect(img, x0, y0, x1, y0 + w, c);
  fill_rect(img, x0, y1 - w, x1, y1, c);
  fill_rect(img, x0, y0, x0 + w, y1, c);
  fill_rect(img, x1 - w, y0, x1, y1, c);
  if (x1 - x0 > 2 * w + 2 && y1 - y0 > 2 * w + 2) {
    fill_rect(img, x0 + w, y0 + w, x1 - w, y0 + w + 1, halo);
    fill_rect(img, x0 + w, y1 - w - 1, x1 - w, y1 - w, halo);
    fill_rect(img, x0 + w, y0 + w, x0 + w + 1, y1 - w, halo);
    fill_rect(img, x1 - w - 1, y0 + w, x1 - w, y1 - w, halo);
  }
}

}  // namespace

namespace {
Rgb hsv_colour(float hue, float saturation, float value) {
  float k[3];
  const float offsets[3] = {0.0f, 2.0f / 3.0f, 1.0f / 3.0f};
  for (int i = 0; i < 3; ++i) {
    const float h = hue + offsets[i];
    const float f = h - std::floor(h);
    k[i] = std::clamp(std::fabs(f * 6.0f - 3.0f) - 1.0f, 0.0f, 1.0f);
  }
  const auto channel = [&](float kk) { return value * (1.0f + (kk - 1.0f) * saturation); };
  return to_rgb(channel(k[0]), channel(k[1]), channel(k[2]));
}
float golden_hue(std::uint32_t id) {
  const std::uint32_t x = id * 2654435769u;
  return static_cast<float>(x >> 8) / 16777216.0f;
}
}  // namespace

Rgb id_colour(std::uint32_t id, float saturation, float value) {
  return hsv_colour(golden_hue(id), saturation, value);
}

// The same bands as region_colour in shaders/map.frag: red through orange to yellow (0.975 to
// 0.14), and green (0.33 to 0.40); the rest of the circle is too near a role drawn over regions
// under one kind of colour vision or another.
float region_hue(std::uint32_t id) {
  const float h = golden_hue(id) * 0.235f;
  if (h < 0.165f) return std::fmod(0.975f + h, 1.0f);
  return 0.33f + (h - 0.165f);
}

Rgb heat_colour(float t) {
  return hsv_colour(0.66f * (1.0f - std::clamp(t, 0.0f, 1.0f)), 0.8f, 0.95f);
}

Rgb heat_tint(Rgb under, float t) {
  return mix(under, heat_colour(t), 0.75f);
}

Rgb region_tint(Rgb under, std::uint32_t id) {
  return mix(under, hsv_colour(region_hue(id), 0.75f, 0.95f), 0.7f);
}

std::optional<Error> image_size_error(int width, int height, int cell_px) {
  if (cell_px < 1 || cell_px > kMaxCellPx) {
    return Error{"--cell-px " + std::to_string(cell_px) + " is out of range: allowed 1.." +
                 std::to_string(kMaxCellPx)};
  }
  const long w = static_cast<long>(width) * cell_px, h = static_cast<long>(height) * cell_px;
  if (w > kMaxImageSide || h > kMaxImageSide) {
    const int fits = kMaxImageSide / std::max(width, height);
    return Error{"a " + std::to_string(width) + "x" + std::to_string(height) + " map at " +
                 std::to_string(cell_px) + " px a cell is " + std::to_string(w) + "x" +
                 std::to_string(h) + " px: allowed up to " + std::to_string(kMaxImageSide) +
                 " px a side" +
                 (fits >= 1 ? " (--cell-px " + std::to_string(fits) + " or less)"
                            : std::string(" (a smaller map)"))};
  }
  return std::nullopt;
}

void draw_map_rows(const Grid& grid, const MapImageStyle& style, int first_row, Image& band) {
  const int px = style.cell_px;
  const int rows = band.height / px;
  if (band.width != grid.width() * px || band.height % px != 0 || first_row < 0 ||
      first_row + rows > grid.height()) {
    throw std::invalid_argument("draw_map_rows: the band does not fit the map");
  }
  // Walls between rooms as the shader draws them: half a wall on each side of an edge between
  // two labels, from 3 px a cell on. Every cell draws inside its own square only, so a band of
  // rows is exactly those rows of the whole picture.
  const bool walls = style.room_colours && px >= 3;
  const int half_wall = std::max(1, static_cast<int>(std::lround(static_cast<float>(px) * 0.09f)));
  const Rgb wall = style.palette->tile(Tile::Wall);
  const auto label_at = [&](int x, int y) {
    return grid.in_bounds(x, y) ? grid.label(grid.index(x, y)) : -1;
  };
  for (int row = 0; row < rows; ++row) {
    const int y = first_row + row;
    const int top = row * px, bottom = (row + 1) * px;
    for (int x = 0; x < grid.width(); ++x) {
      const std::size_t i = grid.index(x, y);
      const int left = x * px, right = (x + 1) * px;
      fill_rect(band, left, top, right, bottom, cell_colour(grid, i, style));
      const std::int32_t label = grid.label(i);
      if (!walls || label < 0) continue;
      if (label_at(x - 1, y) != label) fill_rect(band, left, top, left + half_wall, bottom, wall);
      if (label_at(x + 1, y) != label) fill_rect(band, right - half_wall, top, right, bottom, wall);
      if (label_at(x, y - 1) != label) fill_rect(band, left, top, right, top + half_wall, wall);
      if (label_at(x, y + 1) != label)
        fill_rect(band, left, bottom - half_wall, right, bottom, wall);
    }
  }
}

Image draw_map(const Grid& grid, const MapImageStyle& style) {
  if (auto err = image_size_error(grid.width(), grid.height(), style.cell_px)) {
    throw std::invalid_argument(err->message);
  }
  Image img(grid.width() * style.cell_px, grid.height() * style.cell_px);
  draw_map_rows(grid, style, 0, img);
  return img;
}

Image draw_thumbnail(const Grid& grid, int max_side, const MapImageStyle& style) {
  const int longer = std::max(grid.width(), grid.height());
  const int side = std::clamp(max_side, 1, longer);
  const int w = std::max(1, static_cast<int>(static_cast<long>(grid.width()) * side / longer));
  const int h = std::max(1, static_cast<int>(static_cast<long>(grid.height()) * side / longer));
  Image img(w, h);
  for (int y = 0; y < h; ++y) {
    const auto cy = static_cast<int>((static_cast<long>(2 * y + 1) * grid.height()) / (2L * h));
    for (int x = 0; x < w; ++x) {
      const auto cx = static_cast<int>((static_cast<long>(2 * x + 1) * grid.width()) / (2L * w));
      img.set(x, y, cell_colour(grid, grid.index(cx, cy), style));
    }
  }
  return img;
}

void draw_overlay(Image& img, const Overlay& o, int px, const Palette& p) {
  const int w = std::clamp(px / 4, 1, 4);
  const auto box = [&](const Rect& r, Rgb c) {
    outline(img, r.x * px, r.y * px, r.right() * px, r.bottom() * px, w, c, p.halo);
  };
  const auto cell = [&](Point c, Rgb colour) {
    outline(img, c.x * px, c.y * px, (c.x + 1) * px, (c.y + 1) * px, std::max(1, w / 2), colour,
            p.halo);
  };
  const auto fill = [&](Point c, Rgb colour) {
    fill_rect(img, c.x * px, c.y * px, (c.x + 1) * px, (c.y + 1) * px, colour);
  };
  // Lines first, then cells, then boxes, then markers: what is worked on is drawn on top.
  for (const RoleShape pass :
       {RoleShape::Line, RoleShape::Cells, RoleShape::Box, RoleShape::Marker}) {
    for (const OverlayItem& i : o.items) {
      const RoleInfo& info = role_info(i.role);
      if (info.shape != pass) continue;
      const Rgb c = role_colour(p, i.role);
      if (i.role == Role::Read && i.read.size() == static_cast<std::size_t>(i.rect.w) * i.rect.h) {
        // As the step read them.
        for (int y = 0; y < i.rect.h; ++y) {
          for (int x = 0; x < i.rect.w; ++x) {
            fill({i.rect.x + x, i.rect.y + y},
                 p.tile(i.read[static_cast<std::size_t>(y) * i.rect.w + x]));
          }
        }
      }
      if (i.rect != Rect{}) box(i.rect, c);
      for (const Point at : i.cells) {
        if (pass == RoleShape::Line) {
          fill(at, c);
        } else {
          cell(at, c);
        }
      }
    }
  }
}

}  // namespace dungen
