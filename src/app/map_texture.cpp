#include "app/map_texture.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <utility>

namespace dungen::app {
namespace {

// Large uploads go in bands of rows so the staging buffer stays small (8 MB).
constexpr std::size_t kStagingCells = std::size_t{1} << 20;
constexpr std::size_t kKeptStagingCells = std::size_t{1} << 16;

}  // namespace

MapTexture::~MapTexture() {
  if (texture_) glDeleteTextures(1, &texture_);
}

bool MapTexture::reset(const Grid& grid, std::string* why) {
  if (!allocate(grid.width(), grid.height(), why)) return false;
  upload(grid, {0, 0, width_, height_});
  return true;
}

bool MapTexture::allocate(int width, int height, std::string* why) {
  GLint max_side = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_side);
  if (width > max_side || height > max_side) {
    *why = "this GPU's textures are at most " + std::to_string(max_side) + " cells wide";
    return false;
  }
  if (texture_ && width_ == width && height_ == height) return true;
  if (!texture_) glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  // Integer textures cannot be filtered; NEAREST is also what keeps cell edges crisp.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32UI, width, height, 0, GL_RG_INTEGER, GL_UNSIGNED_INT,
               nullptr);
  width_ = width;
  height_ = height;
  return true;
}

unsigned MapTexture::adopt(unsigned texture, int width, int height) {
  const unsigned old = texture_;
  texture_ = texture;
  width_ = width;
  height_ = height;
  return old;
}

void MapTexture::upload(const Grid& grid, Rect r) {
  if (!texture_ || grid.width() != width_ || grid.height() != height_) return;
  const int x0 = std::max(r.x, 0), y0 = std::max(r.y, 0);
  const int x1 = std::min(r.right(), width_), y1 = std::min(r.bottom(), height_);
  if (x0 >= x1 || y0 >= y1) return;
  const auto row_cells = static_cast<std::size_t>(x1 - x0);
  const int band = static_cast<int>(std::max<std::size_t>(1, kStagingCells / row_cells));
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  for (int y = y0; y < y1; y += band) {
    const int rows = std::min(band, y1 - y);
    staging_.resize(row_cells * static_cast<std::size_t>(rows) * 2);
    std::uint32_t* out = staging_.data();
    for (int yy = y; yy < y + rows; ++yy) {
      for (std::size_t i = grid.index(x0, yy), end = i + row_cells; i < end; ++i) {
        const auto packed = pack_cell(grid, i);
        *out++ = packed[0];
        *out++ = packed[1];
      }
    }
    glTexSubImage2D(GL_TEXTURE_2D, 0, x0, y, x1 - x0, rows, GL_RG_INTEGER, GL_UNSIGNED_INT,
                    staging_.data());
  }
  // A whole-map upload leaves up to 8 MB behind; steps only need a few cells.
  if (staging_.size() > kKeptStagingCells * 2) staging_ = {};
}

}  // namespace dungen::app
