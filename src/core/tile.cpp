#include "core/tile.hpp"

namespace dungen {

std::string_view tile_name(Tile t) {
  switch (t) {
    case Tile::Empty:
      return "empty";
    case Tile::Wall:
      return "wall";
    case Tile::Floor:
      return "floor";
    case Tile::Corridor:
      return "corridor";
    case Tile::Door:
      return "door";
  }
  return "unknown";
}

char tile_glyph(Tile t) {
  switch (t) {
    case Tile::Empty:
      return ' ';
    case Tile::Wall:
      return '#';
    case Tile::Floor:
      return '.';
    case Tile::Corridor:
      return ',';
    case Tile::Door:
      return '+';
  }
  return '?';
}

}  // namespace dungen
