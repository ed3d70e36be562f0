#pragma once
// Every colour the viewer draws, in one place: the shader gets the tile colours as a uniform, the
// legend and overlays use them directly, and the screenshot test (tests/png_check.cpp) looks for
// them in the PNG. Chosen for a projector: strong lightness steps between wall, floor and
// corridor, saturated overlay colours that no tile uses. No GL here.

#include <array>
#include <cstdint>

#include "core/tile.hpp"

namespace dungen::app {

struct Rgb {
  std::uint8_t r, g, b;
  constexpr std::uint32_t packed() const {  // 0xRRGGBB
    return (std::uint32_t{r} << 16) | (std::uint32_t{g} << 8) | b;
  }
};

// Indexed by Tile's numeric value (the contract in core/tile.hpp).
inline constexpr std::array<Rgb, kTileCount> kTileColours = {{
    {14, 16, 22},     // empty: never touched
    {74, 82, 104},    // wall: slate
    {236, 224, 196},  // floor: parchment
    {222, 150, 60},   // corridor: amber
    {196, 46, 36},    // door: brick red
}};
static_assert(static_cast<int>(Tile::Door) == 4 && kTileCount == 5, "update kTileColours");

constexpr Rgb tile_colour(Tile t) {
  return kTileColours[static_cast<std::size_t>(t)];
}

inline constexpr Rgb kOutsideMap{40, 42, 50};  // the view around the map
inline constexpr Rgb kFrontier{0, 216, 255};   // flood-fill cells waiting to be visited
inline constexpr Rgb kAccepted{40, 210, 90};   // candidate accepted
inline constexpr Rgb kRejected{240, 50, 50};   // candidate rejected
inline constexpr Rgb kPath{255, 214, 0};       // tunnel / corridor being carved
inline constexpr Rgb kCursor{255, 40, 210};    // the cell being worked on
inline constexpr Rgb kStart{40, 120, 255};     // the player start
inline constexpr Rgb kHit{255, 140, 0};        // what a rejected candidate ran into
inline constexpr Rgb kWindow{255, 255, 255};   // the neighbourhood being read (a 3x3 block)
inline constexpr Rgb kFlipped{160, 90, 255};   // cells the current phase (a pass) has changed

}  // namespace dungen::app
