#include "app/map_texture.hpp"

#include "app/gl.hpp"

#include <algorithm>
#include <utility>

#include "core/big_buffer.hpp"

namespace dungen::app {
namespace {

// Large uploads go in bands of rows so the staging buffer stays small (1 MB at two words a cell:
// it is there beside the map's new texture, at the app's peak of memory).
constexpr std::size_t kStagingCells = std::size_t{1} << 17;
constexpr std::size_t kKeptStagingCells = std::size_t{1} << 16;
// A buffer this big (bytes) is given up for a map that needs under a quarter of it.
constexpr std::size_t kKeepBufferBytes = std::size_t{8} << 20;

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

#if !DUNGEN_GL_ES
GLenum buffer_format(CellFormat f) {
  if (f.half) return GL_R16UI;
  return f.words == 2 ? GL_RG32UI : GL_R32UI;
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

std::optional<Error> MapTexture::reset(const Grid& grid, CellFormat f) {
  if (auto err = allocate(grid.width(), grid.height(), f)) return err;
  upload(grid, {0, 0, width_, height_});
  return std::nullopt;
}

bool MapTexture::fits(int width, int height, CellFormat f) const {
#if DUNGEN_GL_ES
  // A 2D texture is the map's shape and its format.
  return ready() && width == width_ && height == height_ && f == format_;
#else
  return buffer_ != 0 && cells_of(width, height) * f.bytes() <= capacity_;
#endif
}

std::optional<Error> MapTexture::allocate(int width, int height, CellFormat f) {
  const std::size_t cells = cells_of(width, height);
  if (cells > max_buffer_cells()) {
    return Error{"this GPU's buffer textures hold at most " + std::to_string(max_buffer_cells()) +
                 " cells"};
  }
  // A big buffer is not kept for a much smaller map (a small one is quick to make).
  const std::size_t bytes = cells * f.bytes();
  const bool oversized = capacity_ >= kKeepBufferBytes && bytes * 4 < capacity_;
  if (!fits(width, height, f) || oversized) {
#if DUNGEN_GL_ES
    const int side = max_texture_side();
    if (width > side || height > side) {
      return Error{"this browser's textures are at most " + std::to_string(side) + " cells a side"};
    }
    if (!texture_) glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    if (f.half) {
      glTexImage2D(GL_TEXTURE_2D, 0, GL_R16UI, width, height, 0, GL_RED_INTEGER, GL_UNSIGNED_SHORT,
                   nullptr);
    } else if (f.words == 2) {
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32UI, width, height, 0, GL_RG_INTEGER, GL_UNSIGNED_INT,
                   nullptr);
    } else {
      glTexImage2D(GL_TEXTURE_2D, 0, GL_R32UI, width, height, 0, GL_RED_INTEGER, GL_UNSIGNED_INT,
                   nullptr);
    }
    // Integer textures are never filtered (nor complete with the default mipmap filter).
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    capacity_ = bytes;
#else
    if (!buffer_) glGenBuffers(1, &buffer_);
    glBindBuffer(GL_TEXTURE_BUFFER, buffer_);
    capacity_ = buffer_bytes(bytes);
    glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(capacity_), nullptr, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
#endif
  }
  format_ = f;
#if !DUNGEN_GL_ES
  attach();  // the texture reads the buffer in the map's format
#endif
  width_ = width;
  height_ = height;
  damage({0, 0, width, height});
  return std::nullopt;
}

unsigned MapTexture::adopt(unsigned buffer, std::size_t bytes, int width, int height,
                           CellFormat f) {
  const unsigned old = std::exchange(buffer_, buffer);
  capacity_ = bytes;
  format_ = f;
  width_ = width;
  height_ = height;
  attach();
  damage({0, 0, width, height});
  return old;
}

void MapTexture::damage(Rect r) {
  damage_ = damage_ ? bounding(*damage_, r) : r;
}

unsigned MapTexture::park() {
#if !DUNGEN_GL_ES  // (the browser build has no buffer, and no allocator to give one to)
  if (texture_) {
    glBindTexture(GL_TEXTURE_BUFFER, texture_);
    glTexBuffer(GL_TEXTURE_BUFFER, buffer_format(format_), 0);  // detached: the buffer can go
    glBindTexture(GL_TEXTURE_BUFFER, 0);
  }
#endif
  capacity_ = 0;
  return std::exchange(buffer_, 0u);
}

unsigned MapTexture::release_buffer() {
  width_ = height_ = 0;
  return park();
}

void MapTexture::attach() {
#if !DUNGEN_GL_ES
  if (!texture_) glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_BUFFER, texture_);
  glTexBuffer(GL_TEXTURE_BUFFER, buffer_format(format_), buffer_);
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
  const CellFormat f = format_;
#if DUNGEN_GL_ES
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, f.half ? 2 : 4);  // (rows of 16-bit texels: any width)
#else
  glBindBuffer(GL_TEXTURE_BUFFER, buffer_);
#endif
  const auto band_to = [&](auto& staging) {
    const std::size_t per_cell = f.half ? 1 : static_cast<std::size_t>(f.words);
    for (int y = y0; y < y1; y += band) {
      const int rows = std::min(band, y1 - y);
      staging.resize(row_cells * static_cast<std::size_t>(rows) * per_cell);
      auto* out = staging.data();
      if (x0 == 0 && x1 == width_) {  // whole rows: one run
        pack_cells(grid, grid.index(0, y), row_cells * static_cast<std::size_t>(rows), f, out);
      } else {
        for (int yy = y; yy < y + rows; ++yy, out += row_cells * per_cell) {
          pack_cells(grid, grid.index(x0, yy), row_cells, f, out);
        }
      }
#if DUNGEN_GL_ES
      glTexSubImage2D(GL_TEXTURE_2D, 0, x0, y, x1 - x0, rows,
                      f.words == 2 ? GL_RG_INTEGER : GL_RED_INTEGER,
                      f.half ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT, staging.data());
#else
      glBufferSubData(GL_TEXTURE_BUFFER, static_cast<GLintptr>(grid.index(x0, y) * f.bytes()),
                      static_cast<GLsizeiptr>(staging.size() * sizeof(staging[0])), staging.data());
#endif
    }
    // A whole-map upload leaves up to 1 MB behind; steps only need a few cells.
    if (staging.size() > kKeptStagingCells * 2) free_buffer(staging);
  };
  if (f.half) {
    band_to(staging_half_);
  } else {
    band_to(staging_);
  }
#if DUNGEN_GL_ES
  glBindTexture(GL_TEXTURE_2D, 0);
#else
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
#endif
  damage({x0, y0, x1 - x0, y1 - y0});
}

}  // namespace dungen::app
