#pragma once
// PNG files of map pictures (render/map_image.hpp), written whole or not at all (io/atomic_file).

#include <optional>
#include <string>

#include "render/map_image.hpp"

namespace dungen {

// The PNG's bytes (stb_image_write's encoder).
std::string encode_png(const Image& image);
// Writes the picture to path; on failure the error in a few words ("cannot write x.png: ..."),
// and whatever was at path before is untouched.
std::optional<std::string> write_png(const std::string& path, const Image& image);

}  // namespace dungen
