#pragma once
// The tile vocabulary shared by every generator, the exporters and the renderer.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace dungen {

// The numeric values are part of the renderer's contract (shaders/tilemap.frag) and of the
// text/JSON legend: append new tiles at the end, never renumber.
enum class Tile : std::uint8_t {
  Empty = 0,  // never touched (feature-accretion keeps unused space distinct from wall)
  Wall = 1,
  Floor = 2,
  Corridor = 3,
  Door = 4,
};

inline constexpr int kTileCount = 5;

// Floor, corridor and door can be walked on; empty and wall cannot.
constexpr bool is_walkable(Tile t) {
  return t == Tile::Floor || t == Tile::Corridor || t == Tile::Door;
}

std::string_view tile_name(Tile t);
// The glyph used by the text and JSON exports.
char tile_glyph(Tile t);

// Per-cell marks a stepper may set to show work in progress (drawn by the renderer).
enum class Mark : std::uint8_t {
  None = 0,
  Frontier = 1,    // waiting to be visited (flood fill)
  Connector = 2,   // a wall joining two regions, waiting to be opened (rooms and mazes)
  DeadEnd = 3,     // a dead end: waiting to be filled (rooms and mazes), or found (dead ends)
  Path = 4,        // on the critical path (the path analysis)
  Chokepoint = 5,  // an articulation cell (the chokepoints analysis)
};
inline constexpr std::size_t kMarkCount = 6;

}  // namespace dungen
