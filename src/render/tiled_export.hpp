#pragma once
// A map for the Tiled editor and the engines that read its files: a Tiled JSON map (.tmj,
// orthogonal) with a tile layer of the tiles, a tile layer of the room ids (when the generator
// made rooms), and an object layer with the rooms (rectangles; an accretion room's is its bounding
// box, marked "rectangular": false) and the player start (a point). Its tilesets are written next
// to it: NAME-tiles.tsj/.png (the legend's tiles, in the app's colours, each with its name and
// whether it is walkable) and NAME-rooms.tsj/.png (one coloured tile a room).
//
// Gids: 0 is no tile; tile t is gid 1 + t (core/tile.hpp's numbering); room k is the rooms
// tileset's firstgid + k.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/stepper.hpp"
#include "generators/registry.hpp"
#include "io/output_plan.hpp"

namespace dungen {

// A rooms tileset holds at most this many rooms (one tile each); a map with more has no rooms
// tile layer (the rooms object layer still lists them all, up to the same cap).
inline constexpr int kMaxTiledRooms = 65536;

// The tilesets written beside a .tmj at `path`, as the map names them (NAME-tiles.png/.tsj,
// NAME-rooms.png/.tsj), and where they go: every file a tmj output writes besides itself.
struct TiledTilesets {
  std::string tiles_png, tiles_tsj, rooms_png, rooms_tsj;
};
TiledTilesets tiled_tilesets(const std::string& path);
std::vector<std::string> tiled_tileset_paths(const std::string& path);

// The files of a tmj output, made in memory: the map (naming its tilesets as tiled_tilesets(path)
// does) and the tilesets' .png and .tsj; the rooms tileset's are empty when the map has no rooms
// tile layer. Returns the error in one line, or nothing.
struct TiledFiles {
  std::string map, tiles_png, tiles_tsj, rooms_png, rooms_tsj;
};
std::optional<Error> make_tiled(const std::string& path, const Grid& grid, const Layout& layout,
                                const GeneratorSpec& spec, int cell_px, TiledFiles& files);

// A tmj output in an output plan (io/output_plan.hpp): the map `flag` names, then its four
// tilesets beside the map's target (a symlink's target, so the map's references resolve), all
// checked and opened now. Returns the error, or nothing; the map is then plan.file(first) and
// its tilesets the four entries after it.
std::optional<Error> plan_tiled(OutputPlan& plan, std::string_view flag, const std::string& path);
// Writes `files` into the entries plan_tiled added from `first` (the rooms tileset's dropped
// when there is none); plan.commit() then replaces all of them together.
void fill_tiled(OutputPlan& plan, std::size_t first, const TiledFiles& files);

// make_tiled, plan_tiled and fill_tiled in one: path (which should end in .tmj) and its
// tilesets, all replaced together or none. Returns the error in one line, or nothing.
std::optional<Error> write_tiled(const std::string& path, const Grid& grid, const Layout& layout,
                                 const GeneratorSpec& spec, int cell_px);

}  // namespace dungen
