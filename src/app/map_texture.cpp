#include "app/map_texture.hpp"

#include "app/gl.hpp"

#include <algorithm>
#include <utility>

namespace dungen::app {
namespace {

// Large uploads go in bands of rows so the staging buffer stays small (8 MB).
constexpr std::size_t kStagingCells = std::size_t{1} << 20;
constexpr std::size_t kKeptStagingCells = std::size_t{1} << 16;
// A buffer this big is given up for a map of under a quarter of its cells.
constexpr std::size_t kKeepBufferCells = std::size_t{1} << 20;

std::size_t cells_of(int width, int height) {
  return static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
}

#if DUNGEN_GL_ES
// The longest side a 2D texture may have here (the browser build's cells are one).
int max_texture_side() {
  GLint side = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &side);
  return std::max(side, 0);
}
#endif

}  // namespace

std::size_t max_buffer_cells() {
#if DUNGEN_GL_ES
  return cells_of(max_texture_side(), max_texture_side());
#else
  GLint max_texels = 0;
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_texels);
  return static_cast<std::size_t>(std::max(max_texels, 0));
#endif
}

unsigned MapTexture::target() {
#if DUNGEN_GL_ES
  return GL_TEXTURE_2D;
#else
  return GL_TEXTURE_BUFFER;
#endif
}

MapTexture::~MapTexture() {
  if (texture_) glDeleteTextures(1, &texture_);
  if (buffer_) glDeleteBuffers(1, &buffer_);
}

bool MapTexture::reset(const Grid& grid, std::string* why) {
  if (!allocate(grid.width(), grid.height(), why)) return false;
  upload(grid, {0, 0, width_, height_});
  return true;
}

bool MapTexture::fits(int width, int height) const {
#if DUNGEN_GL_ES
  return ready() && width == width_ && height == height_;  // a 2D texture is the map's shape
#else
  return buffer_ != 0 && cells_of(width, height) <= capacity_;
#endif
}

bool MapTexture::allocate(int width, int height, std::string* why) {
  const std::size_t cells = cells_of(width, height);
  if (cells > max_buffer_cells()) {
    *why =
        "this GPU's buffer textures hold at most " + std::to_string(max_buffer_cells()) + " cells";
    return false;
  }
  // A big buffer is not kept for a much smaller map (a small one is quick to make).
  const bool oversized = capacity_ >= kKeepBufferCells && cells * 4 < capacity_;
  if (!fits(width, height) || oversized) {
#if DUNGEN_GL_ES
    const int side = max_texture_side();
    if (width > side || height > side) {
      *why = "this browser's textures are at most " + std::to_string(side) + " cells a side";
      return false;
    }
    if (!texture_) glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32UI, width, height, 0, GL_RG_INTEGER, GL_UNSIGNED_INT,
                 nullptr);
    // Integer textures are never filtered (nor complete with the default mipmap filter).
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    capacity_ = cells;
#else
    if (!buffer_) glGenBuffers(1, &buffer_);
    glBindBuffer(GL_TEXTURE_BUFFER, buffer_);
    glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(cells * kBytesPerCell), nullptr,
                 GL_DYNAMIC_DRAW);
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
    capacity_ = cells;
    attach();
#endif
  }
  width_ = width;
  height_ = height;
  damage({0, 0, width, height});
  return true;
}

unsigned MapTexture::adopt(unsigned buffer, std::size_t cells, int width, int height) {
  const unsigned old = std::exchange(buffer_, buffer);
  capacity_ = cells;
  width_ = width;
  height_ = height;
  attach();
  damage({0, 0, width, height});
  return old;
}

void MapTexture::damage(Rect r) {
  damage_ = damage_ ? bounding(*damage_, r) : r;
}

unsigned MapTexture::release_buffer() {
#if !DUNGEN_GL_ES  // (the browser build has no buffer, and no allocator to give one to)
  if (texture_) {
    glBindTexture(GL_TEXTURE_BUFFER, texture_);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RG32UI, 0);  // detached: the buffer can go
    glBindTexture(GL_TEXTURE_BUFFER, 0);
  }
#endif
  capacity_ = 0;
  width_ = height_ = 0;
  return std::exchange(buffer_, 0u);
}

void MapTexture::attach() {
#if !DUNGEN_GL_ES
  if (!texture_) glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_BUFFER, texture_);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RG32UI, buffer_);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
#endif
}

void MapTexture::upload(const Grid& grid, Rect r) {
  if (!ready() || grid.width() != width_ || grid.height() != height_) return;
  const int x0 = std::max(r.x, 0), y0 = std::max(r.y, 0);
  const int x1 = std::min(r.right(), width_), y1 = std::min(r.bottom(), height_);
  if (x0 >= x1 || y0 >= y1) return;
  const auto row_cells = static_cast<std::size_t>(x1 - x0);
  // Whole rows lie one after another in the buffer: bands of them go in one call each. Part
  // rows go one row a call. (A 2D texture takes a band of any width in one call.)
  const bool in_bands = DUNGEN_GL_ES || (x0 == 0 && x1 == width_);
  const int band =
      in_bands ? static_cast<int>(std::max<std::size_t>(1, kStagingCells / row_cells)) : 1;
#if DUNGEN_GL_ES
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
#else
  glBindBuffer(GL_TEXTURE_BUFFER, buffer_);
#endif
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
#if DUNGEN_GL_ES
    glTexSubImage2D(GL_TEXTURE_2D, 0, x0, y, x1 - x0, rows, GL_RG_INTEGER, GL_UNSIGNED_INT,
                    staging_.data());
  }
  glBindTexture(GL_TEXTURE_2D, 0);
#else
    glBufferSubData(GL_TEXTURE_BUFFER, static_cast<GLintptr>(grid.index(x0, y) * kBytesPerCell),
                    static_cast<GLsizeiptr>(staging_.size() * sizeof(std::uint32_t)),
                    staging_.data());
  }
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
#endif
  damage({x0, y0, x1 - x0, y1 - y0});
  // A whole-map upload leaves up to 8 MB behind; steps only need a few cells.
  if (staging_.size() > kKeptStagingCells * 2) staging_ = {};
}

}  // namespace dungen::app
