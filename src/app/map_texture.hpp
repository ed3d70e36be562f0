#pragma once
// The whole map as one integer texture (GL_RG32UI, one texel per cell), read by shaders/map.frag:
//   r: bits 0-3 tile, bits 4-7 mark, bits 8-31 label + 1 (0: none; labels past 2^24-2 saturate)
//   g: region + 1 (0: none)
// Only the cells a step changed are re-uploaded (a dirty rectangle), so a step on a 4096x4096
// map costs a few texels, not 128 MB.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/geometry.hpp"
#include "core/grid.hpp"

namespace dungen::app {

inline constexpr std::uint32_t kMaxPackedLabel = (1u << 24) - 1;

inline std::array<std::uint32_t, 2> pack_cell(const Grid& grid, std::size_t i) {
  const auto tile = static_cast<std::uint32_t>(grid.tile(i)) & 15u;
  const auto mark = static_cast<std::uint32_t>(grid.mark(i)) & 15u;
  const std::int32_t label = grid.label(i);
  const std::uint32_t label1 =
      label < 0 ? 0u : std::min(static_cast<std::uint32_t>(label) + 1u, kMaxPackedLabel);
  const std::int32_t region = grid.region(i);
  const std::uint32_t region1 = region < 0 ? 0u : static_cast<std::uint32_t>(region) + 1u;
  return {tile | (mark << 4) | (label1 << 8), region1};
}

class MapTexture {
 public:
  MapTexture() = default;
  MapTexture(const MapTexture&) = delete;
  MapTexture& operator=(const MapTexture&) = delete;
  ~MapTexture();

  // Makes the texture width x height and uploads every cell of grid. False (with *why) when the
  // GPU cannot hold a texture that large.
  bool reset(const Grid& grid, std::string* why);
  // Makes the texture width x height without filling it (upload() fills it, a band at a time).
  bool allocate(int width, int height, std::string* why);
  // Takes over a width x height texture made elsewhere (TextureAllocator); returns the one it
  // had (0: none) for the caller to delete.
  unsigned adopt(unsigned texture, int width, int height);
  // Re-uploads the cells in r (clipped to the map).
  void upload(const Grid& grid, Rect r);

  unsigned id() const { return texture_; }
  int width() const { return width_; }
  int height() const { return height_; }
  bool ready() const { return texture_ != 0; }

 private:
  unsigned texture_ = 0;
  int width_ = 0;
  int height_ = 0;
  std::vector<std::uint32_t> staging_;
};

}  // namespace dungen::app
