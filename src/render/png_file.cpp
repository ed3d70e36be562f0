#include "render/png_file.hpp"

// The implementation is in Debian's libstb.so: no STB_IMAGE_WRITE_IMPLEMENTATION here.
#include <stb_image_write.h>

#include "io/atomic_file.hpp"

namespace dungen {

std::string encode_png(const Image& image) {
  std::string bytes;
  const auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<std::size_t>(size));
  };
  // The flip is stb's global setting (the app's screenshots read GL rows bottom-up): say ours.
  stbi_flip_vertically_on_write(0);
  if (stbi_write_png_to_func(append, &bytes, image.width, image.height, 3, image.rgb.data(),
                             image.width * 3) == 0) {
    return {};
  }
  return bytes;
}

std::optional<std::string> write_png(const std::string& path, const Image& image) {
  const std::string bytes = encode_png(image);
  if (bytes.empty())
    return "cannot encode a " + std::to_string(image.width) + "x" + std::to_string(image.height) +
           " PNG";
  std::string why;
  auto file = AtomicFile::open(path, &why);
  if (!file) return "cannot write " + path + ": " + why;
  file->write(bytes);
  if (!file->commit(&why)) return "cannot write " + path + ": " + why;
  return std::nullopt;
}

}  // namespace dungen
