// Checks a dungen-viz screenshot: it exists, has the requested size, is not one flat colour,
// and shows the colours it should (tile colours from the app's palette, overlay colours).
//
//   png_check FILE WxH NAME[,NAME...]
//
// NAME is a tile (empty, wall, floor, corridor, door) or an overlay colour (frontier, accepted,
// rejected, path, cursor, start); each must cover at least kMinPixels pixels exactly.
// Exit 0 when every check passes, 1 with one line per failure otherwise.

#include <stb_image.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "app/palette.hpp"

namespace {

using dungen::app::Rgb;

// A colour drawn by the map shader covers whole cells, so even a small map gives this many.
constexpr int kMinPixels = 12;
// The panels alone have more colours than this: a flat or nearly flat image has fewer.
constexpr std::size_t kMinDistinctColours = 16;

bool colour_named(std::string_view name, Rgb* out) {
  using namespace dungen::app;
  using dungen::Tile;
  const std::map<std::string_view, Rgb> named = {
      {"empty", tile_colour(Tile::Empty)},
      {"wall", tile_colour(Tile::Wall)},
      {"floor", tile_colour(Tile::Floor)},
      {"corridor", tile_colour(Tile::Corridor)},
      {"door", tile_colour(Tile::Door)},
      {"frontier", kFrontier},
      {"accepted", kAccepted},
      {"rejected", kRejected},
      {"path", kPath},
      {"cursor", kCursor},
      {"start", kStart},
  };
  const auto it = named.find(name);
  if (it == named.end()) return false;
  *out = it->second;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: png_check FILE WxH NAME[,NAME...]\n");
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
  std::map<std::uint32_t, int> counts;
  for (long i = 0; i < static_cast<long>(w) * h; ++i) {
    const unsigned char* p = pixels + 3 * i;
    ++counts[(std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2]];
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
    if (!colour_named(name, &rgb)) {
      std::fprintf(stderr, "png_check: unknown colour name '%s'\n", name.c_str());
      return 2;
    }
    const auto it = counts.find(rgb.packed());
    const int n = it == counts.end() ? 0 : it->second;
    if (n < kMinPixels) {
      std::fprintf(stderr, "png_check: %s shows %s (#%06X) in %d pixels, expected %d or more\n",
                   path.c_str(), name.c_str(), rgb.packed(), n, kMinPixels);
      ++failures;
    }
  }
  if (failures == 0)
    std::printf("png_check: %s ok (%dx%d, %zu colours)\n", path.c_str(), w, h, counts.size());
  return failures == 0 ? 0 : 1;
}
