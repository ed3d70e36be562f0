#include "app/screenshot.hpp"

#include "app/gl.hpp"
// The implementation is in Debian's libstb.so: no STB_IMAGE_WRITE_IMPLEMENTATION here.
#include <stb_image_write.h>

#include <optional>
#include <string_view>
#include <vector>

#include "app/gl_check.hpp"
#include "io/atomic_file.hpp"
#include "io/param_args.hpp"

namespace dungen::app {

std::optional<Error> write_screenshot(const std::string& path, int width, int height) {
  if (width <= 0 || height <= 0) {
    return Error{"the window has no pixels to capture (minimised?)"};
  }
  std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  gl_check::after("the screenshot's read-back");
  // Every pixel is opaque in the PNG, whatever alpha the UI left in the back buffer.
  for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;
  // GL's rows run bottom-up; PNG's top-down.
  stbi_flip_vertically_on_write(1);
  // Written whole or not at all (io/atomic_file.hpp): a failed write never leaves a truncated
  // PNG or destroys the one already there.
  Checked<AtomicFile> file = AtomicFile::open(path);
  if (!file) {
    return Error{"could not write " + shown(path) + ": " + file.error().message};
  }
  const auto sink = [](void* context, void* data, int size) {
    static_cast<AtomicFile*>(context)->write(
        std::string_view(static_cast<const char*>(data), static_cast<std::size_t>(size)));
  };
  if (stbi_write_png_to_func(sink, &*file, width, height, 4, pixels.data(), width * 4) == 0) {
    return Error{"could not encode the PNG for " + shown(path)};  // the temporary goes with `file`
  }
  if (auto error = file->commit()) {
    return Error{"could not write " + shown(path) + ": " + error->message};
  }
  return std::nullopt;
}

}  // namespace dungen::app
