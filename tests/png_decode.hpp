#pragma once
// A PNG's pixels, decoded by stb_image (apart from the writers under test): what the tests compare
// with draw_map's picture. An empty Image when the bytes are not a PNG stb can read.

#include <stb_image.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "render/map_image.hpp"

namespace dungen::test {

inline Image decode_png(const std::string& bytes) {
  int w = 0, h = 0, comp = 0;
  std::unique_ptr<unsigned char, void (*)(void*)> pixels(
      stbi_load_from_memory(reinterpret_cast<const unsigned char*>(bytes.data()),
                            static_cast<int>(bytes.size()), &w, &h, &comp, 3),
      stbi_image_free);
  if (!pixels) return {};
  Image img(w, h);
  std::memcpy(img.rgb.data(), pixels.get(), img.rgb.size());
  return img;
}

inline Image decode_png_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return decode_png(std::string(std::istreambuf_iterator<char>(in), {}));
}

}  // namespace dungen::test
