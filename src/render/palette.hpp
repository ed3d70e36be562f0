#pragma once
// Every colour dungen draws, in one place: the viewer's shader gets the tile colours as uniforms,
// its legend, panels and overlays use them directly, the image exporters (render/map_image.hpp)
// paint with them, and the screenshot test (tests/png_check.cpp) looks for them. No GL here.
//
// Two palettes: the standard one and projector mode's, which steps lightness further apart
// (projectors wash dark colours out). Both are checked by tests/test_app_palette.cpp: door,
// rejected and accepted (and the other pairs seen together) stay apart under simulated
// protanopia, deuteranopia and tritanopia, and every overlay stroke, with its dark halo, has a
// 3:1 contrast against every tile it can sit on. Hue is never the only cue: accepted is a light
// sky blue, rejected a vermilion, a door dark wood brown.

#include <array>
#include <cstdint>

#include "core/overlay.hpp"
#include "core/tile.hpp"

namespace dungen {

struct Rgb {
  std::uint8_t r, g, b;
  constexpr std::uint32_t packed() const {  // 0xRRGGBB
    return (std::uint32_t{r} << 16) | (std::uint32_t{g} << 8) | b;
  }
};

struct Palette {
  std::array<Rgb, kTileCount> tiles;  // indexed by Tile's numeric value (core/tile.hpp)
  Rgb outside;                        // the view around the map
  Rgb panel;                          // the panels' background (the legend's swatches sit on it)
  Rgb swatch_border;    // around every legend swatch, so a dark one still shows on the panel
  Rgb halo;             // drawn under overlay strokes, so they show on light tiles too
  Rgb frontier;         // flood-fill cells waiting to be visited
  Rgb accepted;         // candidate accepted
  Rgb rejected;         // candidate rejected
  Rgb path;             // tunnel / corridor being carved
  Rgb cursor;           // the cell being worked on
  Rgb start;            // the player start
  Rgb hit;              // what a rejected candidate ran into
  Rgb window;           // the neighbourhood being read (a 3x3 block)
  Rgb flipped;          // cells the current phase (a pass) has changed
  Rgb read;             // cells a step read, framed
  Rgb connector;        // a maze's waiting connectors (a map mark)
  Rgb dead_end;         // a maze's dead ends waiting to be filled (a map mark)
  Rgb dropped;          // connectors dropped as no longer needed
  Rgb trail;            // a walker's latest cells
  Rgb choices;          // the cells a random choice was drawn from
  Rgb cut;              // a BSP cut
  float grid_strength;  // how dark the grid lines are (0..1 towards black)
  float grid_px;        // the grid lines' width at full zoom, in pixels

  constexpr Rgb tile(Tile t) const { return tiles[static_cast<std::size_t>(t)]; }
};
static_assert(static_cast<int>(Tile::Door) == 4 && kTileCount == 5, "update the palettes' tiles");

inline constexpr Palette kStandardPalette{
    .tiles = {{
        {8, 9, 12},       // empty: never touched
        {66, 73, 94},     // wall: slate
        {236, 224, 196},  // floor: parchment
        {222, 150, 60},   // corridor: amber
        {112, 54, 18},    // door: dark wood
    }},
    .outside = {40, 42, 50},
    .panel = {16, 16, 18},
    .swatch_border = {170, 170, 180},
    .halo = {0, 0, 0},
    .frontier = {170, 255, 60},
    .accepted = {60, 190, 255},
    .rejected = {255, 110, 60},
    .path = {255, 214, 0},
    .cursor = {255, 80, 220},
    .start = {40, 120, 255},
    .hit = {255, 255, 255},
    .window = {255, 255, 255},
    .flipped = {199, 189, 231},
    .read = {0, 250, 202},
    .connector = {0, 225, 125},
    .dead_end = {255, 163, 203},
    .dropped = {165, 165, 165},
    .trail = {255, 170, 113},
    .choices = {136, 198, 148},
    .cut = {59, 197, 64},
    .grid_strength = 0.45f,
    .grid_px = 1.0f,
};

// Darker walls, whiter floors, black around, a heavier grid: the steps a washed-out projector
// still shows. Everything drawn over the map keeps the standard palette's colours, so a lesson
// switched to the projector mid-way keeps its meanings (what changes is below, nothing else).
inline constexpr Palette kProjectorPalette = [] {
  Palette p = kStandardPalette;
  p.tiles = {{
      {0, 0, 0},        // empty
      {46, 52, 70},     // wall
      {255, 248, 228},  // floor
      {240, 140, 24},   // corridor
      {112, 54, 18},    // door
  }};
  p.outside = {38, 36, 34};
  p.panel = {0, 0, 0};
  p.swatch_border = {220, 220, 220};
  p.grid_strength = 0.7f;
  p.grid_px = 3.0f;
  return p;
}();

// The one colour of each overlay role (core/overlay.hpp): what the app, the exporters and the
// legend draw it in. Roles that share a colour differ in style (a filled box against a frame).
constexpr Rgb role_colour(const Palette& p, Role r) {
  switch (r) {
    case Role::Candidate:
    case Role::Cause:
    case Role::Part:
    case Role::Option:
    case Role::Path:  // a white line and filled cells, where the others are frames
      return p.window;
    case Role::Accepted:
    case Role::Opened:
    case Role::Finished:
    case Role::Right:  // a thick frame, where the others are thin
      return p.accepted;
    case Role::Rejected:
    case Role::SharedWall:
    case Role::Chokepoint:  // marked cells, never beside a rejected candidate
    case Role::Wrong:       // a thick frame
      return p.rejected;
    case Role::Tunnel:
      return p.path;
    case Role::Cursor:
    case Role::Walker:
    case Role::Loop:  // a line, where the cursor is a square
      return p.cursor;
    case Role::Read:
      return p.read;
    case Role::Flipped:
      return p.flipped;
    case Role::Connector:
      return p.connector;
    case Role::Dropped:
      return p.dropped;
    case Role::DeadEnd:
      return p.dead_end;
    case Role::Trail:
      return p.trail;
    case Role::Choices:
      return p.choices;
    case Role::Cut:
      return p.cut;
    case Role::Frontier:
      return p.frontier;
    case Role::Start:
      return p.start;
  }
  return p.window;
}

constexpr const Palette& palette_for(bool projector) {
  return projector ? kProjectorPalette : kStandardPalette;
}

}  // namespace dungen
