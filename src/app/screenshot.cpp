#include "app/screenshot.hpp"

#include <glad/gl.h>
// The implementation is in Debian's libstb.so: no STB_IMAGE_WRITE_IMPLEMENTATION here.
#include <stb_image_write.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace dungen::app {

bool write_screenshot(const std::string& path, int width, int height, std::string* why) {
  if (width <= 0 || height <= 0) {
    *why = "the window has no pixels to capture (minimised?)";
    return false;
  }
  std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  // Every pixel is opaque in the PNG, whatever alpha the UI left in the back buffer.
  for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;
  // GL's rows run bottom-up; PNG's top-down.
  stbi_flip_vertically_on_write(1);
  errno = 0;
  if (stbi_write_png(path.c_str(), width, height, 4, pixels.data(), width * 4) == 0) {
    *why =
        "could not write '" + path + "'" + (errno ? std::string(": ") + std::strerror(errno) : "");
    return false;
  }
  return true;
}

}  // namespace dungen::app
