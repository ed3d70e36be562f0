// Pictures of maps without GL (render/): the CPU drawing follows the viewer's rules, PNG files
// decode to the same pixels, GIF recordings have the frames they promise, and the caps hold.

#include <gif_lib.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>

#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "png_decode.hpp"
#include "render/map_image.hpp"
#include "render/png_file.hpp"
#include "render/recording.hpp"
#include "render/tiled_export.hpp"

namespace dungen {
namespace {

Grid finished_map(std::string_view name, std::uint64_t seed) {
  const GeneratorSpec& spec = *find_generator(name);
  Stepper s = start_generator(spec, spec.schema.defaults(), seed, false);
  run_to_end(s);
  return s.grid();
}

TEST(MapImage, EachCellIsItsTileColourAtItsCentre) {
  const Grid map = finished_map("rooms-and-tunnels", 3);
  const Image img = draw_map(map, {.cell_px = 5});
  ASSERT_EQ(img.width, map.width() * 5);
  ASSERT_EQ(img.height, map.height() * 5);
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const Rgb want = kStandardPalette.tile(map.at(x, y));
      const Rgb got = img.at(x * 5 + 2, y * 5 + 2);
      ASSERT_EQ(got.packed(), want.packed()) << x << "," << y;
    }
  }
}

TEST(MapImage, RoomsAreColouredPerRoomWithWallsBetweenThem) {
  const Grid map = finished_map("room-accretion", 2);
  const int px = 8;
  const Image img = draw_map(map, {.cell_px = px, .room_colours = true});
  int walls_seen = 0;
  for (int y = 0; y + 1 < map.height(); ++y) {
    for (int x = 0; x + 1 < map.width(); ++x) {
      const std::int32_t label = map.label_at(x, y);
      if (label < 0 || map.at(x, y) != Tile::Floor) continue;
      EXPECT_EQ(img.at(x * px + px / 2, y * px + px / 2).packed(),
                id_colour(static_cast<std::uint32_t>(label) + 1, 0.42f, 0.96f).packed());
      // The right edge's last pixel is wall exactly when the room to the right is another one.
      const bool other = map.label_at(x + 1, y) != label;
      const bool wall = img.at(x * px + px - 1, y * px + px / 2).packed() ==
                        kStandardPalette.tile(Tile::Wall).packed();
      EXPECT_EQ(wall, other) << x << "," << y;
      walls_seen += other ? 1 : 0;
    }
  }
  EXPECT_GT(walls_seen, 10);
}

TEST(MapImage, RegionsAreTintedAndDifferentRegionsDiffer) {
  Grid map = finished_map("cellular-caves", 5);
  const RegionMap regions = label_regions(map, 8);
  ASSERT_GE(regions.sizes.size(), 2u);
  map.assign_regions(regions.labels);
  const Image tinted = draw_map(map, {.cell_px = 2});
  const Image plain = draw_map(map, {.cell_px = 2, .regions = false});
  std::set<std::uint32_t> colours;
  for (std::size_t i = 0; i < map.size(); ++i) {
    const Point p = map.point(i);
    const bool labelled = map.region(i) >= 0;
    EXPECT_EQ(tinted.at(p.x * 2, p.y * 2).packed() != plain.at(p.x * 2, p.y * 2).packed(),
              labelled);
    if (labelled) colours.insert(tinted.at(p.x * 2, p.y * 2).packed());
  }
  EXPECT_GE(colours.size(), 2u);
}

TEST(MapImage, TooBigPicturesAreRefusedSayingWhatFits) {
  EXPECT_FALSE(image_size_error(2048, 2048, 8).has_value());
  const auto err = image_size_error(4096, 4096, 8);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(
      err->message.find("32768x32768 px: allowed up to 16384 px a side (--cell-px 4 or less)"),
      std::string::npos)
      << err->message;
  EXPECT_NE(image_size_error(10, 10, 0)->message.find("--cell-px 0 is out of range: allowed 1..64"),
            std::string::npos);
  EXPECT_THROW(draw_map(Grid(2100, 10), {.cell_px = 8}), std::invalid_argument);
}

TEST(MapImage, OverlaysDrawEachItemInItsRolesColour) {
  Grid map(20, 10, Tile::Wall);
  Image img = draw_map(map, {.cell_px = 8});
  Overlay o{{box(Role::Rejected, Rect{2, 2, 5, 4}), marker(Role::Cursor, Point{15, 5}),
             read(Rect{10, 1, 2, 1}, {Tile::Floor, Tile::Wall})}};
  draw_overlay(img, o, 8, kStandardPalette);
  EXPECT_EQ(img.at(2 * 8, 3 * 8).packed(), kStandardPalette.rejected.packed());
  EXPECT_EQ(img.at(15 * 8, 5 * 8 + 4).packed(), kStandardPalette.cursor.packed());
  EXPECT_EQ(img.at(10 * 8, 8 * 8).packed(), kStandardPalette.tile(Tile::Wall).packed());
  // A read cell is drawn as it was read (floor here, though the map is wall), framed.
  EXPECT_EQ(img.at(10 * 8 + 4, 1 * 8 + 4).packed(), kStandardPalette.tile(Tile::Floor).packed());
  EXPECT_EQ(img.at(10 * 8, 1 * 8 + 4).packed(), kStandardPalette.read.packed());
}

TEST(PngFile, DecodesToTheSamePixelsAndReplacesAFileWhole) {
  const Image img = draw_map(finished_map("feature-accretion", 4), {.cell_px = 3});
  const std::string bytes = encode_png(img);
  const Image got = test::decode_png(bytes);
  ASSERT_EQ(got.width, img.width);
  ASSERT_EQ(got.height, img.height);
  EXPECT_TRUE(got.rgb == img.rgb);

  const auto dir = std::filesystem::temp_directory_path() / "dungen-test-png";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "map.png").string();
  { std::ofstream(path) << "yesterday's map"; }
  ASSERT_FALSE(write_png(path, img).has_value());
  EXPECT_EQ(std::filesystem::file_size(path), bytes.size());
  const auto err = write_png((dir / "no-such-dir" / "x.png").string(), img);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->message.rfind("cannot write ", 0), 0u) << err->message;
  std::filesystem::remove_all(dir);
}

// A PNG's chunks, each checked against its CRC (computed here bit by bit, apart from the
// writer's table): their types in order, or a line naming the first bad one.
std::vector<std::string> png_chunks(const std::string& bytes) {
  std::vector<std::string> types;
  if (bytes.compare(0, 8, "\x89PNG\r\n\x1A\n") != 0) return {"no signature"};
  const auto u32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<std::uint8_t>(bytes[at + i]);
    return v;
  };
  for (std::size_t at = 8; at < bytes.size();) {
    if (at + 12 > bytes.size()) return {"truncated chunk"};
    const std::uint32_t length = u32(at);
    if (at + 12 + length > bytes.size()) return {"truncated chunk"};
    std::uint32_t crc = 0xFFFFFFFFu;
    for (std::size_t i = at + 4; i < at + 8 + length; ++i) {
      crc ^= static_cast<std::uint8_t>(bytes[i]);
      for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    types.push_back(bytes.substr(at + 4, 4));
    if (~crc != u32(at + 8 + length)) return {"bad CRC in " + types.back()};
    at += 12 + length;
  }
  return types;
}

// The streamed PNG of a map decodes to exactly draw_map's pixels: rooms coloured with walls,
// regions tinted, several cell sizes, heights that are not a whole number of bands.
TEST(PngFile, StreamedMapDecodesToDrawMapsPixels) {
  struct Case {
    std::string_view generator;
    int px;
    bool regions;
  };
  for (const Case c : {Case{"room-accretion", 4, false}, Case{"room-accretion", 1, true},
                       Case{"cellular-caves", 3, true}, Case{"rooms-and-tunnels", 7, false},
                       Case{"bsp-rooms", 13, true}}) {
    SCOPED_TRACE(std::string(c.generator) + " px " + std::to_string(c.px));
    const GeneratorSpec& spec = *find_generator(c.generator);
    Grid map = finished_map(c.generator, 6);
    if (c.regions) map.assign_regions(label_regions(map, 8).labels);
    const MapImageStyle style{.cell_px = c.px, .room_colours = spec.text_shows_labels};
    std::string bytes;
    std::size_t largest_piece = 0;
    int last_done = 0;
    const auto err = write_map_png(
        [&](std::string_view piece) {
          bytes += piece;
          largest_piece = std::max(largest_piece, piece.size());
        },
        map, style,
        [&](int done, int total) {
          EXPECT_GT(done, last_done);
          EXPECT_EQ(total, map.height());
          last_done = done;
        });
    ASSERT_FALSE(err.has_value()) << err->message;
    EXPECT_EQ(last_done, map.height());
    const std::vector<std::string> chunks = png_chunks(bytes);
    ASSERT_GE(chunks.size(), 3u);
    EXPECT_EQ(chunks.front(), "IHDR");
    EXPECT_EQ(chunks.back(), "IEND");
    for (std::size_t i = 1; i + 1 < chunks.size(); ++i) EXPECT_EQ(chunks[i], "IDAT");
    const Image want = draw_map(map, style);
    // Written in pieces of at most one IDAT chunk (64 KB and a row), never the file whole.
    EXPECT_LE(largest_piece, (std::size_t{64} << 10) + 2 * (want.width * 3 + 1) + 12);
    const Image got = test::decode_png(bytes);
    ASSERT_EQ(got.width, want.width);
    ASSERT_EQ(got.height, want.height);
    EXPECT_TRUE(got.rgb == want.rgb);
  }
}

// Band by band is the whole picture's rows exactly.
TEST(MapImage, BandsAreTheWholePicturesRows) {
  const GeneratorSpec& spec = *find_generator("room-accretion");
  const Grid map = finished_map("room-accretion", 3);
  const MapImageStyle style{.cell_px = 5, .room_colours = spec.text_shows_labels};
  const Image whole = draw_map(map, style);
  Image band(map.width() * 5, 3 * 5);
  draw_map_rows(map, style, 7, band);
  const std::size_t row = static_cast<std::size_t>(whole.width) * 3;
  EXPECT_TRUE(std::equal(band.rgb.begin(), band.rgb.end(), whole.rgb.begin() + 7 * 5 * row));
  Image too_far(map.width() * 5, 5);
  EXPECT_THROW(draw_map_rows(map, style, map.height(), too_far), std::invalid_argument);
}

// A stop leaves the file there as it was; an unwritable path is an error naming it.
TEST(PngFile, StoppedOrUnwritableMapKeepsTheOldFile) {
  const auto dir = std::filesystem::temp_directory_path() / "dungen-test-png-stream";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "map.png").string();
  { std::ofstream(path) << "yesterday's map"; }
  const Grid map = finished_map("cellular-caves", 2);
  StopSource stop;
  int bands = 0;
  const auto err = write_map_png(
      path, map, {.cell_px = 8},  // 8 cell rows a band: 7 bands
      [&](int, int) {
        if (++bands == 2) stop.request_stop();
      },
      stop.get_token());
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->message, "stopped");
  EXPECT_EQ(std::filesystem::file_size(path), 15u);
  ASSERT_FALSE(write_map_png(path, map, {.cell_px = 2}).has_value());
  EXPECT_TRUE(test::decode_png([&] {
                std::ifstream in(path, std::ios::binary);
                return std::string(std::istreambuf_iterator<char>(in), {});
              }())
                  .rgb == draw_map(map, {.cell_px = 2}).rgb);
  const auto bad = write_map_png((dir / "no-such-dir" / "x.png").string(), map, {.cell_px = 2});
  ASSERT_TRUE(bad.has_value());
  EXPECT_EQ(bad->message.rfind("cannot write '", 0), 0u) << bad->message;
  std::filesystem::remove_all(dir);
}

// A GIF read back with giflib's decoder.
struct Decoded {
  int width = 0, height = 0, frames = 0;
  bool loops = false;
  std::vector<int> delays;
  Image first;
};

Decoded decode_gif(const std::string& bytes) {
  struct Reader {
    const std::string* data;
    std::size_t at = 0;
  } reader{&bytes};
  const auto read = [](GifFileType* gif, GifByteType* out, int n) {
    auto* r = static_cast<Reader*>(gif->UserData);
    const std::size_t take =
        std::min<std::size_t>(static_cast<std::size_t>(n), r->data->size() - r->at);
    std::memcpy(out, r->data->data() + r->at, take);
    r->at += take;
    return static_cast<int>(take);
  };
  int err = 0;
  GifFileType* gif = DGifOpen(&reader, read, &err);
  Decoded d;
  if (!gif || DGifSlurp(gif) == GIF_ERROR) {
    ADD_FAILURE() << "giflib cannot read it back";
    if (gif) DGifCloseFile(gif, &err);
    return d;
  }
  d.width = gif->SWidth;
  d.height = gif->SHeight;
  d.frames = gif->ImageCount;
  for (int i = 0; i < gif->ImageCount; ++i) {
    GraphicsControlBlock gcb;
    if (DGifSavedExtensionToGCB(gif, i, &gcb) == GIF_OK) d.delays.push_back(gcb.DelayTime);
    for (int e = 0; e < gif->SavedImages[i].ExtensionBlockCount; ++e) {
      const ExtensionBlock& b = gif->SavedImages[i].ExtensionBlocks[e];
      if (b.Function == APPLICATION_EXT_FUNC_CODE && b.ByteCount == 11 &&
          std::memcmp(b.Bytes, "NETSCAPE2.0", 11) == 0) {
        d.loops = true;
      }
    }
  }
  const SavedImage& s = gif->SavedImages[0];
  const ColorMapObject* map = s.ImageDesc.ColorMap ? s.ImageDesc.ColorMap : gif->SColorMap;
  d.first = Image(d.width, d.height);
  for (int y = 0; y < d.height; ++y)
    for (int x = 0; x < d.width; ++x) {
      const GifColorType c = map->Colors[s.RasterBits[y * d.width + x]];
      d.first.set(x, y, {c.Red, c.Green, c.Blue});
    }
  DGifCloseFile(gif, &err);
  return d;
}

TEST(GifRecording, HasTheFramesAndTheFirstIsStepZero) {
  const GeneratorSpec& spec = *find_generator("rooms-and-tunnels");
  ParamValues p = spec.schema.defaults();
  ASSERT_FALSE(p.set("width", 40).has_value());
  ASSERT_FALSE(p.set("height", 24).has_value());
  ASSERT_FALSE(p.set("max_rooms", 8).has_value());
  Stepper counting = start_generator(spec, p, 9, false);
  const std::uint64_t steps = run_to_end(counting).steps;
  std::string gif;
  int heard = 0;
  const auto err =
      record_gif(spec, p, 9, {.every = 10, .cell_px = 4}, gif, [&](int done, int total) {
        EXPECT_LE(done, total);
        heard = done;
      });
  ASSERT_FALSE(err.has_value()) << err->message;
  const Decoded d = decode_gif(gif);
  const int frames = static_cast<int>(1 + steps / 10 + (steps % 10 != 0));
  EXPECT_EQ(d.frames, frames);
  EXPECT_EQ(heard, frames);
  EXPECT_EQ(d.width, 160);
  EXPECT_EQ(d.height, 96);
  EXPECT_TRUE(d.loops);
  ASSERT_EQ(d.delays.size(), static_cast<std::size_t>(frames));
  EXPECT_EQ(d.delays.back(), 200);  // the last frame is held
  // Step 0 is the background: exactly draw_map of a fresh run.
  Stepper fresh = start_generator(spec, p, 9, false);
  const Image want = draw_map(fresh.grid(), {.cell_px = 4});
  EXPECT_EQ(d.first.rgb, want.rgb);
}

TEST(GifRecording, TooManyFramesIsRefusedSayingWhatFits) {
  const GeneratorSpec& spec = *find_generator("cellular-caves");
  ParamValues p = spec.schema.defaults();
  ASSERT_FALSE(p.set("step_cells", 1).has_value());
  std::string gif;
  const auto err = record_gif(spec, p, 1, {.every = 1, .cell_px = 2}, gif);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->message.find("allowed up to 3000 (--every "), std::string::npos) << err->message;
  EXPECT_TRUE(gif.empty());
}

// Too much drawing (all frames' pixels past max_pixels) is refused before any frame, naming the
// --every that fits; that --every then fits.
TEST(GifRecording, TooMuchWorkIsRefusedBeforeAnyFrameSayingWhatFits) {
  const GeneratorSpec& spec = *find_generator("rooms-and-tunnels");
  const ParamValues p = spec.schema.defaults();
  const int w = p.get_int("width") * 2, h = p.get_int("height") * 2;  // 160x90 px
  const auto px = static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h);
  std::string gif;
  int frames_drawn = 0;
  const auto progress = [&](int done, int) { frames_drawn = done; };
  const auto err =
      record_gif(spec, p, 3, {.every = 1, .cell_px = 2, .max_pixels = 20 * px}, gif, progress);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(frames_drawn, 0);
  const std::size_t at = err->message.find("(--every ");
  ASSERT_NE(at, std::string::npos) << err->message;
  EXPECT_NE(err->message.find("or --frames 20 or fewer"), std::string::npos) << err->message;
  const std::uint64_t every = std::stoull(err->message.substr(at + 9));
  ASSERT_FALSE(
      record_gif(spec, p, 3, {.every = every, .cell_px = 2, .max_pixels = 20 * px}, gif, progress)
          .has_value());
  EXPECT_LE(frames_drawn, 20);
  ASSERT_GT(every, 1u);
  EXPECT_TRUE(record_gif(spec, p, 3, {.every = every - 1, .cell_px = 2, .max_pixels = 20 * px}, gif,
                         progress)
                  .has_value());
}

// A file past max_bytes is refused as soon as its frames so far say it will pass it by a quarter,
// or when it passes it, naming the --every that fits (frames as big as the largest yet).
TEST(GifRecording, TooManyBytesIsRefusedSayingWhatFits) {
  const GeneratorSpec& caves = *find_generator("cellular-caves");
  ParamValues p = caves.schema.defaults();
  ASSERT_FALSE(p.set("width", 400).has_value());
  ASSERT_FALSE(p.set("height", 200).has_value());
  std::string gif;
  int frames_drawn = 0;
  const auto progress = [&](int done, int) { frames_drawn = done; };
  // Even step 0's blank frame, 95 times, is far past 30 KB.
  auto err =
      record_gif(caves, p, 3, {.frames = 100, .cell_px = 1, .max_bytes = 30'000}, gif, progress);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(frames_drawn, 1);  // known at the first frame
  EXPECT_NE(err->message.find(" KB: allowed up to 29 KB (--every "), std::string::npos)
      << err->message;
  // Rooms added one by one: each frame a little bigger than the last, so the projection stays
  // under and the file is refused when it passes.
  const GeneratorSpec& rooms = *find_generator("rooms-and-tunnels");
  const ParamValues r = rooms.schema.defaults();
  ASSERT_FALSE(record_gif(rooms, r, 3, {.frames = 10, .cell_px = 1}, gif, progress).has_value());
  const std::uint64_t ten = gif.size();
  err = record_gif(rooms, r, 3, {.frames = 10, .cell_px = 1, .max_bytes = ten * 9 / 10}, gif,
                   progress);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->message.find("the GIF passed"), std::string::npos) << err->message;
  EXPECT_NE(err->message.find("(--every "), std::string::npos) << err->message;
}

nlohmann::json read_json(const std::filesystem::path& p) {
  std::ifstream in(p);
  return nlohmann::json::parse(in);
}

// The .tmj parses, every layer has width x height entries, every gid resolves to a tileset whose
// .tsj and image exist with the sizes they declare, and the objects are the rooms and the start.
TEST(TiledExport, EveryLayerIsFullAndEveryGidResolves) {
  const auto dir = std::filesystem::temp_directory_path() / "dungen-test-tiled";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (std::string_view name : {"rooms-and-tunnels", "room-accretion", "cellular-caves"}) {
    SCOPED_TRACE(name);
    const GeneratorSpec& spec = *find_generator(name);
    Stepper s = start_generator(spec, spec.schema.defaults(), 5, false);
    run_to_end(s);
    const std::string path = (dir / (std::string(name) + ".tmj")).string();
    const auto err = write_tiled(path, s.grid(), s.layout(), spec, 12);
    ASSERT_FALSE(err.has_value()) << err->message;
    const nlohmann::json map = read_json(path);
    const int w = map["width"], h = map["height"];
    EXPECT_EQ(w, s.grid().width());
    EXPECT_EQ(map["orientation"], "orthogonal");
    // gid ranges from the tilesets.
    std::vector<std::pair<int, int>> ranges;
    for (const auto& ts : map["tilesets"]) {
      const auto tsj = dir / ts["source"].get<std::string>();
      ASSERT_TRUE(std::filesystem::exists(tsj)) << tsj;
      const nlohmann::json t = read_json(tsj);
      int iw = 0, ih = 0, comp = 0;
      const std::string image = (dir / t["image"].get<std::string>()).string();
      ASSERT_NE(stbi_info(image.c_str(), &iw, &ih, &comp), 0) << image;
      EXPECT_EQ(iw, t["imagewidth"].get<int>());
      EXPECT_EQ(ih, t["imageheight"].get<int>());
      EXPECT_GE(
          t["columns"].get<int>() *
              ((t["tilecount"].get<int>() + t["columns"].get<int>() - 1) / t["columns"].get<int>()),
          t["tilecount"].get<int>());
      ranges.push_back(
          {ts["firstgid"].get<int>(), ts["firstgid"].get<int>() + t["tilecount"].get<int>()});
    }
    int tile_layers = 0;
    std::size_t objects = 0;
    for (const auto& layer : map["layers"]) {
      if (layer["type"] == "objectgroup") {
        objects = layer["objects"].size();
        continue;
      }
      ++tile_layers;
      ASSERT_EQ(layer["data"].size(), static_cast<std::size_t>(w) * h);
      for (const auto& gid : layer["data"]) {
        const int g = gid;
        if (g == 0) continue;
        bool resolves = false;
        for (auto [lo, hi] : ranges) resolves = resolves || (g >= lo && g < hi);
        ASSERT_TRUE(resolves) << "gid " << g;
      }
    }
    EXPECT_EQ(objects, s.layout().rooms.size() + (s.layout().start ? 1 : 0));
    EXPECT_EQ(tile_layers, s.layout().rooms.empty() ? 1 : 2);
    // The tiles layer is the map: gid 1 + tile value.
    const auto& data = map["layers"][0]["data"];
    for (std::size_t i = 0; i < s.grid().size(); ++i) {
      ASSERT_EQ(data[i].get<int>(), 1 + static_cast<int>(s.grid().tile(i)));
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace dungen
