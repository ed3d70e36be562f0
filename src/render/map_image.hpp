#pragma once
// Pictures of a map without GL, for the exporters (PNG, GIF, the Tiled tileset): the same colours
// and rules as the viewer's shader (shaders/map.frag): tile colours from the palette, rooms that
// tile the map coloured per room with walls drawn between them, walkable cells tinted per
// flood-fill region, frontier cells marked; and the step's overlay drawn over it for a recording.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/step.hpp"
#include "render/palette.hpp"

namespace dungen {

// No exported picture is wider or taller than this (16384 px: what image viewers and GPUs take).
inline constexpr int kMaxImageSide = 16384;
inline constexpr int kDefaultCellPx = 8;
inline constexpr int kMaxCellPx = 64;

struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;  // row-major, 3 bytes a pixel

  Image() = default;
  Image(int w, int h) : width(w), height(h), rgb(static_cast<std::size_t>(w) * h * 3, 0) {}
  Rgb at(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * width + x) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
  void set(int x, int y, Rgb c) {
    const std::size_t i = (static_cast<std::size_t>(y) * width + x) * 3;
    rgb[i] = c.r;
    rgb[i + 1] = c.g;
    rgb[i + 2] = c.b;
  }
};

struct MapImageStyle {
  int cell_px = kDefaultCellPx;
  bool room_colours = false;  // rooms tile the map (GeneratorSpec::text_shows_labels)
  bool regions = true;        // tint cells that carry a region id
  const Palette* palette = &kStandardPalette;
  // Above 0: the region layer holds amounts (a level analysis's distances), drawn as heat from
  // cold (0) to hot (heat_max) instead of a colour per id.
  std::int32_t heat_max = 0;
};

// Why a width x height map cannot be drawn at cell_px pixels a cell (the picture would pass
// kMaxImageSide, or cell_px is outside 1..kMaxCellPx), worded for the user; nothing if it can.
std::optional<Error> image_size_error(int width, int height, int cell_px);

// The map's picture. Throws std::invalid_argument when image_size_error() says it cannot be made.
Image draw_map(const Grid& grid, const MapImageStyle& style);
// The same picture a band at a time: draws the map's cell rows first_row.. (band.height /
// cell_px of them) into `band` (the map's width times cell_px wide), exactly as those rows of
// draw_map's picture (tested). For pictures too big to hold whole (render/png_file.hpp streams
// them). Throws std::invalid_argument when the band does not fit the map.
void draw_map_rows(const Grid& grid, const MapImageStyle& style, int first_row, Image& band);

// A small picture of the map, its longer side max_side pixels (or the map's, if smaller): each
// pixel the colour of the cell under its centre (no walls between rooms, no overlay).
Image draw_thumbnail(const Grid& grid, int max_side, const MapImageStyle& style);

// Draws a step's overlay (candidate, what it hit, the path being dug, the cursor, the window
// read) over a picture made by draw_map with the same cell_px.
void draw_overlay(Image& image, const Overlay& overlay, int cell_px, const Palette& palette);

// The colour of room or region number id (1-based, as the renderer packs them), as the shader
// makes it: hues a golden-ratio step apart, so neighbouring ids never look alike.
Rgb id_colour(std::uint32_t id, float saturation, float value);
// A flood-fill region's tint over the colour `under` (region id 1-based, as packed), as the
// shader draws it: the region hues skip the bands of the roles drawn over regions (the frontier's
// lime, the cursor's magenta, the sky blue of a finished region, the start's blue), so a region
// never looks like one of them (tests/test_app_palette.cpp).
Rgb region_tint(Rgb under, std::uint32_t id);
// An amount t in 0..1 as heat over a cell: blue (cold, 0) through green and yellow to red (hot);
// the same ramp as shaders/map.frag's heat_colour.
Rgb heat_tint(Rgb under, float t);
// The ramp's colour itself at t in 0..1 (what heat_tint lays over a cell).
Rgb heat_colour(float t);
// The hue (0..1) of region id: the golden-ratio hue squeezed into the allowed bands.
float region_hue(std::uint32_t id);

}  // namespace dungen
