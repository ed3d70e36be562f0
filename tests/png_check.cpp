// Checks a dungen-viz screenshot: it exists, has the requested size, is not one flat colour,
// and shows the colours it should (tile colours from the app's palette, overlay colours).
//
//   png_check [--projector] FILE WxH NAME[,NAME...] X,Y,WxH [SAME.png]
//
// NAME is a tile (empty, wall, floor, corridor, door) or an overlay colour (frontier, accepted,
// rejected, path, cursor, start); each must cover at least kMinPixels pixels exactly inside the
// map viewport X,Y,WxH (dungen-viz prints it after a headless run: the legend beside the map
// shows every colour too, so the whole picture would prove nothing). With SAME.png, the map
// viewport must also be pixel-for-pixel the same in both pictures (a step reached by stepping
// back must look exactly like the same step reached going forward).
// --projector: the colours are projector mode's palette's (dungen-viz --projector).
// Exit 0 when every check passes, 1 with one line per failure otherwise.

#include <stb_image.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "render/palette.hpp"

namespace {

using dungen::Rgb;

// A colour drawn by the map shader covers whole cells, so even a small map gives this many.
constexpr int kMinPixels = 12;
// The panels alone have more colours than this: a flat or nearly flat image has fewer.
constexpr std::size_t kMinDistinctColours = 16;

bool colour_named(const dungen::Palette& p, std::string_view name, Rgb* out) {
  using dungen::Tile;
  const std::map<std::string_view, Rgb> named = {
      {"empty", p.tile(Tile::Empty)},
      {"wall", p.tile(Tile::Wall)},
      {"floor", p.tile(Tile::Floor)},
      {"corridor", p.tile(Tile::Corridor)},
      {"door", p.tile(Tile::Door)},
      {"frontier", p.frontier},
      {"accepted", p.accepted},
      {"rejected", p.rejected},
      {"path", p.path},
      {"cursor", p.cursor},
      {"start", p.start},
  };
  const auto it = named.find(name);
  if (it == named.end()) return false;
  *out = it->second;
  return true;
}

struct Box {
  int x, y, w, h;
};

// 0 when the other picture has the same size and the same pixels inside box, else 1.
int compare_maps(const unsigned char* pixels, int w, int h, const char* other_path, Box box) {
  int ow = 0, oh = 0, channels = 0;
  unsigned char* other = stbi_load(other_path, &ow, &oh, &channels, 3);
  if (!other) {
    std::fprintf(stderr, "png_check: %s cannot be read: %s\n", other_path, stbi_failure_reason());
    return 1;
  }
  int differing = 0;
  if (ow != w || oh != h) {
    std::fprintf(stderr, "png_check: %s is %dx%d, not %dx%d\n", other_path, ow, oh, w, h);
    differing = -1;
  } else {
    for (int y = std::max(box.y, 0); y < std::min(box.y + box.h, h); ++y) {
      for (int x = std::max(box.x, 0); x < std::min(box.x + box.w, w); ++x) {
        const long i = 3 * (static_cast<long>(y) * w + x);
        if (pixels[i] != other[i] || pixels[i + 1] != other[i + 1] || pixels[i + 2] != other[i + 2])
          ++differing;
      }
    }
    if (differing > 0) {
      std::fprintf(stderr, "png_check: the map differs from %s's in %d pixels\n", other_path,
                   differing);
    }
  }
  stbi_image_free(other);
  return differing == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const bool projector = argc > 1 && std::string_view(argv[1]) == "--projector";
  if (projector) {
    --argc;
    ++argv;
  }
  const dungen::Palette& palette = dungen::palette_for(projector);
  if (argc != 5 && argc != 6) {
    std::fprintf(stderr,
                 "usage: png_check [--projector] FILE WxH NAME[,NAME...] X,Y,WxH [SAME.png]\n");
    return 2;
  }
  int map_x = 0, map_y = 0, map_w = 0, map_h = 0;
  if (std::sscanf(argv[4], "%d,%d,%dx%d", &map_x, &map_y, &map_w, &map_h) != 4 || map_w <= 0 ||
      map_h <= 0) {
    std::fprintf(stderr, "png_check: map viewport '%s' is not X,Y,WxH\n", argv[4]);
    return 2;
  }
  const std::string path = argv[1];
  int want_w = 0, want_h = 0;
  if (std::sscanf(argv[2], "%dx%d", &want_w, &want_h) != 2) {
    std::fprintf(stderr, "png_check: size '%s' is not WxH\n", argv[2]);
    return 2;
  }
  int w = 0, h = 0, channels = 0;
  unsigned char* pixels = stbi_load(path.c_str(), &w, &h, &channels, 3);
  if (!pixels) {
    std::fprintf(stderr, "png_check: %s cannot be read: %s\n", path.c_str(), stbi_failure_reason());
    return 1;
  }
  int failures = 0;
  if (w != want_w || h != want_h) {
    std::fprintf(stderr, "png_check: %s is %dx%d, expected %dx%d\n", path.c_str(), w, h, want_w,
                 want_h);
    ++failures;
  }
  if (argc == 6) failures += compare_maps(pixels, w, h, argv[5], {map_x, map_y, map_w, map_h});
  std::map<std::uint32_t, int> counts;      // the whole picture
  std::map<std::uint32_t, int> map_counts;  // the map viewport
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const unsigned char* p = pixels + 3 * (static_cast<long>(y) * w + x);
      const std::uint32_t rgb = (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
      ++counts[rgb];
      if (x >= map_x && y >= map_y && x < map_x + map_w && y < map_y + map_h) ++map_counts[rgb];
    }
  }
  stbi_image_free(pixels);
  if (counts.size() < kMinDistinctColours) {
    std::fprintf(stderr, "png_check: %s has only %zu colours (flat image?)\n", path.c_str(),
                 counts.size());
    ++failures;
  }
  std::string names = argv[3];
  std::set<std::string> seen;
  for (std::size_t start = 0; start <= names.size();) {
    const std::size_t comma = std::min(names.find(',', start), names.size());
    const std::string name = names.substr(start, comma - start);
    start = comma + 1;
    if (name.empty() || !seen.insert(name).second) continue;
    Rgb rgb{};
    if (!colour_named(palette, name, &rgb)) {
      std::fprintf(stderr, "png_check: unknown colour name '%s'\n", name.c_str());
      return 2;
    }
    const auto it = map_counts.find(rgb.packed());
    const int n = it == map_counts.end() ? 0 : it->second;
    if (n < kMinPixels) {
      std::fprintf(stderr,
                   "png_check: %s shows %s (#%06X) in %d pixels of the map, expected %d or more\n",
                   path.c_str(), name.c_str(), rgb.packed(), n, kMinPixels);
      ++failures;
    }
  }
  if (failures == 0)
    std::printf("png_check: %s ok (%dx%d, %zu colours)\n", path.c_str(), w, h, counts.size());
  return failures == 0 ? 0 : 1;
}
