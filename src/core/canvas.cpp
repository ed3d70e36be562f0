#include "core/canvas.hpp"

#include <cstring>

namespace dungen {

void Canvas::write_tiles(std::size_t first, const Tile* src, std::size_t count) {
  Tile* dst = grid_->tiles_.data() + first;
  if (!log_) {
    std::memcpy(dst, src, count);
    return;
  }
  for (std::size_t k = 0; k < count; ++k) {
    if (dst[k] != src[k]) set_tile(first + k, src[k]);
  }
}

}  // namespace dungen
