#include "render/tiled_export.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <vector>

#include "io/output_plan.hpp"
#include "render/map_image.hpp"
#include "render/png_file.hpp"

namespace dungen {
namespace {

using Json = nlohmann::json;

// The Tiled file format version these files follow.
constexpr const char* kTiledVersion = "1.10";
// Room tiles per row of the rooms tileset's image.
constexpr int kRoomColumns = 64;

Json property(const char* name, const char* type, Json value) {
  return {{"name", name}, {"type", type}, {"value", std::move(value)}};
}

Json tileset(const std::string& name, const std::string& image, int px, int count, int columns,
             Json tiles) {
  const int rows = (count + columns - 1) / columns;
  return {{"type", "tileset"},
          {"version", kTiledVersion},
          {"name", name},
          {"tilewidth", px},
          {"tileheight", px},
          {"tilecount", count},
          {"columns", columns},
          {"image", image},
          {"imagewidth", columns * px},
          {"imageheight", rows * px},
          {"margin", 0},
          {"spacing", 0},
          {"tiles", std::move(tiles)}};
}

Json tile_layer(int id, const char* name, int w, int h, std::vector<std::uint32_t> data) {
  return {{"type", "tilelayer"},
          {"id", id},
          {"name", name},
          {"width", w},
          {"height", h},
          {"x", 0},
          {"y", 0},
          {"opacity", 1},
          {"visible", true},
          {"data", std::move(data)}};
}

}  // namespace

TiledTilesets tiled_tilesets(const std::string& path) {
  const std::string stem = std::filesystem::path(path).stem().string();
  return {stem + "-tiles.png", stem + "-tiles.tsj", stem + "-rooms.png", stem + "-rooms.tsj"};
}

std::vector<std::string> tiled_tileset_paths(const std::string& path) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  const TiledTilesets t = tiled_tilesets(path);
  std::vector<std::string> out;
  for (const std::string& name : {t.tiles_png, t.tiles_tsj, t.rooms_png, t.rooms_tsj}) {
    out.push_back((folder / name).string());
  }
  return out;
}

namespace {

// ---- make_tiled's parts ------------------------------------------------------------------------

// The PNG bytes of a tileset's image, or why they could not be made.
std::optional<Error> encode_tileset_png(const Image& image, std::string& bytes) {
  bytes = encode_png(image);
  if (!bytes.empty()) return std::nullopt;
  return Error{"cannot encode a " + std::to_string(image.width) + "x" +
               std::to_string(image.height) + " PNG tileset"};
}

// The tiles tileset: one tile per Tile value, drawn as the exporters draw a cell.
std::optional<Error> make_tiles_tileset(const TiledTilesets& names, int px, TiledFiles& files) {
  Grid legend(kTileCount, 1);
  Json tile_props = Json::array();
  for (int t = 0; t < kTileCount; ++t) {
    const auto tile = static_cast<Tile>(t);
    legend.put(static_cast<std::size_t>(t), Cell{tile, Mark::None, -1, -1});
    tile_props.push_back(
        {{"id", t},
         {"type", std::string(tile_name(tile))},
         {"properties", Json::array({property("tile", "string", std::string(tile_name(tile))),
                                     property("walkable", "bool", is_walkable(tile))})}});
  }
  if (auto err = encode_tileset_png(draw_map(legend, {.cell_px = px}), files.tiles_png)) return err;
  files.tiles_tsj =
      tileset("dungen tiles", names.tiles_png, px, kTileCount, kTileCount, tile_props).dump(2) +
      "\n";
  return std::nullopt;
}

// The rooms tileset: room k's colour, as the app draws rooms that tile the map.
std::optional<Error> make_rooms_tileset(const TiledTilesets& names, int rooms, int px,
                                        TiledFiles& files) {
  const int columns = std::min(rooms, kRoomColumns);
  const int rows = (rooms + columns - 1) / columns;
  Image strip(columns * px, rows * px);
  for (int k = 0; k < rooms; ++k) {
    const Rgb c = id_colour(static_cast<std::uint32_t>(k) + 1, 0.42f, 0.96f);
    for (int y = 0; y < px; ++y)
      for (int x = 0; x < px; ++x) strip.set((k % columns) * px + x, (k / columns) * px + y, c);
  }
  if (auto err = encode_tileset_png(strip, files.rooms_png)) return err;
  files.rooms_tsj =
      tileset("dungen rooms", names.rooms_png, px, rooms, columns, Json::array()).dump(2) + "\n";
  return std::nullopt;
}

// Each cell's tile (the tiles tileset starts at gid 1).
Json tiles_layer(const Grid& grid) {
  std::vector<std::uint32_t> tiles(grid.size());
  for (std::size_t i = 0; i < grid.size(); ++i) {
    tiles[i] = 1u + static_cast<std::uint32_t>(grid.tile(i));
  }
  return tile_layer(1, "tiles", grid.width(), grid.height(), std::move(tiles));
}

// Each cell's room (the rooms tileset starts at gid `firstgid`; 0 for no room).
Json room_ids_layer(const Grid& grid, int rooms, int firstgid) {
  std::vector<std::uint32_t> ids(grid.size(), 0);
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const std::int32_t label = grid.label(i);
    if (label >= 0 && label < rooms) ids[i] = static_cast<std::uint32_t>(firstgid + label);
  }
  return tile_layer(2, "room ids", grid.width(), grid.height(), std::move(ids));
}

// The first `rooms` rooms as rectangles, then the player's start as a point; next_object counts
// the object ids used.
Json room_objects(const Layout& layout, int rooms, int px, int& next_object) {
  Json objects = Json::array();
  for (int k = 0; k < rooms; ++k) {
    const Layout::Room& r = layout.rooms[static_cast<std::size_t>(k)];
    objects.push_back(
        {{"id", next_object++},
         {"name", "room " + std::to_string(r.id + 1)},
         {"type", "room"},
         {"x", r.bounds.x * px},
         {"y", r.bounds.y * px},
         {"width", r.bounds.w * px},
         {"height", r.bounds.h * px},
         {"rotation", 0},
         {"visible", true},
         {"properties",
          Json::array({property("room_id", "int", r.id), property("cells", "int", r.cells),
                       property("rectangular", "bool", r.rectangular)})}});
  }
  if (layout.start) {
    objects.push_back({{"id", next_object++},
                       {"name", "start"},
                       {"type", "start"},
                       {"point", true},
                       {"x", layout.start->x * px + px / 2},
                       {"y", layout.start->y * px + px / 2},
                       {"width", 0},
                       {"height", 0},
                       {"rotation", 0},
                       {"visible", true}});
  }
  return objects;
}

Json object_layer(Json objects) {
  return {{"type", "objectgroup"},  {"id", 3},         {"name", "rooms"},
          {"draworder", "topdown"}, {"x", 0},          {"y", 0},
          {"opacity", 1},           {"visible", true}, {"objects", std::move(objects)}};
}

Json tiled_map(const Grid& grid, const GeneratorSpec& spec, int px, int next_object, Json tilesets,
               Json layers) {
  return {{"type", "map"},
          {"version", kTiledVersion},
          {"orientation", "orthogonal"},
          {"renderorder", "right-down"},
          {"width", grid.width()},
          {"height", grid.height()},
          {"tilewidth", px},
          {"tileheight", px},
          {"infinite", false},
          {"nextlayerid", 4},
          {"nextobjectid", next_object},
          {"properties", Json::array({property("generator", "string", std::string(spec.name))})},
          {"tilesets", std::move(tilesets)},
          {"layers", std::move(layers)}};
}

}  // namespace

// The map has three layers: tiles, room ids (when the rooms fit one tileset) and the rooms as
// objects; each tileset is its own file beside it.
std::optional<Error> make_tiled(const std::string& path, const Grid& grid, const Layout& layout,
                                const GeneratorSpec& spec, int cell_px, TiledFiles& files) {
  if (auto err = image_size_error(kTileCount, 1, cell_px)) return err;
  const TiledTilesets names = tiled_tilesets(path);
  const int px = cell_px;
  const auto rooms = static_cast<int>(std::min<std::size_t>(layout.rooms.size(), kMaxTiledRooms));
  const bool room_layer = rooms > 0 && layout.rooms.size() <= kMaxTiledRooms;

  if (auto err = make_tiles_tileset(names, px, files)) return err;
  Json tilesets = Json::array({{{"firstgid", 1}, {"source", names.tiles_tsj}}});
  Json layers = Json::array({tiles_layer(grid)});
  if (room_layer) {
    const int room_firstgid = 1 + kTileCount;
    if (auto err = make_rooms_tileset(names, rooms, px, files)) return err;
    tilesets.push_back({{"firstgid", room_firstgid}, {"source", names.rooms_tsj}});
    layers.push_back(room_ids_layer(grid, rooms, room_firstgid));
  }
  int next_object = 1;
  layers.push_back(object_layer(room_objects(layout, rooms, px, next_object)));
  const Json map = tiled_map(grid, spec, px, next_object, std::move(tilesets), std::move(layers));
  files.map = map.dump() + "\n";
  return std::nullopt;
}

std::optional<Error> plan_tiled(OutputPlan& plan, std::string_view flag, const std::string& path) {
  const std::size_t first = plan.size();
  if (auto err = plan.add(flag, path, "a tmj map's tilesets are written beside it (give a file)")) {
    return err;
  }
  for (const std::string& tileset : tiled_tileset_paths(plan.target(first))) {
    if (auto err = plan.add_derived(first, tileset, "tileset")) return err;
  }
  return std::nullopt;
}

void fill_tiled(OutputPlan& plan, std::size_t first, const TiledFiles& files) {
  const std::string* parts[] = {&files.map, &files.tiles_png, &files.tiles_tsj, &files.rooms_png,
                                &files.rooms_tsj};
  for (std::size_t k = 0; k < std::size(parts); ++k) {
    // No rooms tileset: whatever is there is left alone (the map does not name it).
    if (k >= 3 && files.rooms_tsj.empty()) {
      plan.drop(first + k);
    } else {
      plan.file(first + k).write(*parts[k]);
    }
  }
}

std::optional<Error> write_tiled(const std::string& path, const Grid& grid, const Layout& layout,
                                 const GeneratorSpec& spec, int cell_px) {
  OutputPlan plan;
  if (auto err = plan_tiled(plan, "the map", path)) return err;
  TiledFiles files;
  if (auto err = make_tiled(plan.target(0), grid, layout, spec, cell_px, files)) return err;
  fill_tiled(plan, 0, files);
  return plan.commit();
}

}  // namespace dungen
