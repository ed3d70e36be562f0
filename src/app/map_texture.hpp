#pragma once
// The whole map as one integer buffer texture (GL_TEXTURE_BUFFER over a buffer object, one texel
// per cell, row-major, cell (x, y) at y * width + x), read by shaders/map.frag. A cell is one or
// two 32-bit words (CellFormat):
//   r: bits 0-3 tile, bits 4-7 mark, bits 8-31 an id + 1 (0: none; ids past 2^24-2 saturate):
//      the label, or with one word, the region when the map carries regions; or, one word
//      carrying both (CellFormat::region_bits), the label + 1 in bits 8 up and the region + 1
//      in the top region_bits bits
//   g (two words only): region + 1 (0: none)
// or, a region phase's map whose ids drawn fit 8 bits (CellFormat::half), one 16-bit word: tile
//   and mark as in r, an id + 1 in bits 8-15 (both ids: the region + 1 in the top region_bits
//   bits): 32 MB at 4096x4096, not 64
//
// A buffer rather than a 2D texture: making the storage for a big map costs a software
// rasteriser a large part of a second (llvmpipe clears it), and a buffer can be made on another
// context (BufferAllocator) without holding up this one, which a texture cannot (Mesa locks
// every shared texture meanwhile). A buffer big enough is kept and reused for any map that fits.
//
// The browser build (OpenGL ES 3.0 / WebGL 2, gl.hpp) has no buffer textures: there the cells
// are a 2D GL_R32UI or GL_RG32UI texture of the map's size, cell (x, y) at texel (x, y), with the
// same packing; the shader reads it through the same cell_texel() (embed_shaders.cmake).

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/geometry.hpp"
#include "core/grid.hpp"

namespace dungen::app {

inline constexpr std::uint32_t kMaxPackedId = (1u << 24) - 1;

// The most one frame spends on a big new map's deferred work, both parts together: the staged
// upload of its cells (TextureStager), then drawing its picture behind the shown one
// (MapRenderer). Shared, so the frame that ends one and starts the other is not two budgets long
// (the upload had 6 ms and the picture 8 of their own: such a frame spent 14 ms of its 30 on them,
// on a 4096x4096 map under a software rasteriser).
inline constexpr double kMapWorkSeconds = 0.006;

// What a cell's texel holds. A map carries at most one kind of id in most runs (a generator's
// room labels, or the flood fill's regions over a map without labels): one word a cell, half
// the memory of two (64 MB instead of 128 at 4096x4096). A labelled map with regions shares the
// word's 24 id bits between them where both fit (room accretion's 356,000 rooms take 19 bits,
// its one region 1); else it takes two words.
struct CellFormat {
  int words = 1;              // 32-bit words a cell: 1 or 2
  bool id_is_region = false;  // one word: its id is the region (else the label)
  int region_bits = 0;        // one word with both: the region + 1's bits, at the top of r
  bool half = false;          // one 16-bit word, not 32: the ids + 1 take 8 bits at most
  std::size_t bytes() const {
    return half ? sizeof(std::uint16_t) : static_cast<std::size_t>(words) * sizeof(std::uint32_t);
  }
  bool operator==(const CellFormat&) const = default;
};

// The largest id a half word holds alone (its id + 1 takes bits 8-15).
inline constexpr std::int32_t kHalfMaxId = 254;

// The largest label and region id (or an analysis's amount) a map holds, where known (-1: none
// or not known). The session tells them with each upload (TextureUpload).
struct IdBounds {
  std::int32_t label = -1;
  std::int32_t region = -1;
};

// The bits an id + 1 takes, for ids up to `most` (0 for none).
inline int id_bits(std::int32_t most) {
  int bits = 0;
  for (std::uint32_t v = most < 0 ? 0u : static_cast<std::uint32_t>(most) + 1u; v != 0; v >>= 1) {
    ++bits;
  }
  return bits;
}

// The format for `grid`; `regions`: the map shown is a region phase's (it carries regions, or
// will as the flood fill goes on; the label layer, if any, came with the map). `labels`: the
// labels are drawn (MapStyle::labels, the generators whose rooms tile the map); where they are
// not, a map with regions leaves them out and takes one word a cell (64 MB less at 4096x4096).
// A map with both takes one word when `most` says both fit in its 24 id bits: the labels the
// bits they need, the regions all the rest (so that a flood fill's regions as it goes on rarely
// outgrow them; when they do, the format changes to two words). A region phase's map takes a
// 16-bit word (half) where the ids it draws fit its 8 id bits: its regions alone, kHalfMaxId at
// most; or with labels, the labels' bits and the regions' together (a maze's 60 rooms and its
// one region). Regions that outgrow it as a flood fill goes on take one word from then.
inline CellFormat cell_format(const Grid& grid, bool regions, bool labels, IdBounds most = {}) {
  if (!(regions && labels && grid.has_labels())) {
    return {.words = 1, .id_is_region = regions, .half = regions && most.region <= kHalfMaxId};
  }
  const int label_bits = most.label >= 0 ? std::max(1, id_bits(most.label)) : 24;
  if (label_bits < 8 && id_bits(most.region) <= 8 - label_bits) {
    return {.words = 1, .region_bits = 8 - label_bits, .half = true};
  }
  const int region_bits = 24 - label_bits;
  if (region_bits >= 1 && id_bits(most.region) <= region_bits) {
    return {.words = 1, .region_bits = region_bits};
  }
  return {.words = 2};
}

// The format to go on with: once a map's regions have outgrown a format, the map stays in the
// bigger one (a half word, then one word, then two) until another map comes (`widest` remembers
// the bytes a cell it took; `new_map` forgets), so a flood fill scrubbed back and forth across
// the count where they outgrow it does not repack the whole map each time.
inline CellFormat keep_wide(CellFormat f, bool new_map, std::size_t& widest) {
  if (new_map) widest = 0;
  if (f.half && f.bytes() < widest) {
    // One word: the same ids, the labels' bits as they were and the regions 16 more.
    f.half = false;
    if (f.region_bits > 0) f.region_bits += 16;
  }
  if (f.words == 1 && f.region_bits > 0 && f.bytes() < widest) f = {.words = 2};
  widest = std::max(widest, f.bytes());
  return f;
}

namespace detail {
// An id layer read for packing: absent (None), 32 bits a cell (a wide label or region layer), or
// a narrow one's byte a cell, which holds the value + 1 already (IdLayer).
struct None {};
inline std::uint32_t id_plus_one(std::int32_t v) {
  return static_cast<std::uint32_t>(std::max(v, -1)) + 1u;
}
inline std::uint32_t id_plus_one(std::uint8_t v) {
  return v;
}

// kWords 1 with a region layer: the label (id) and the region share the word, the region + 1 in
// its top region_bits bits (CellFormat::region_bits). Out: a 32-bit word, or a 16-bit one (half).
template <int kWords, bool kMark, class Id, class Region, class Out>
void pack_run(const Tile* tile, const Mark* mark, const Id* id, const Region* region, std::size_t n,
              int region_bits, Out* out) {
  // Branch-free per cell (the layers present are the template's), so the loop vectorises: a
  // whole 4096x4096 map is packed in a few milliseconds. Ids past their bits saturate.
  constexpr bool kId = !std::is_same_v<Id, None>;
  constexpr bool kRegion = !std::is_same_v<Region, None>;
  constexpr unsigned kBits = 8 * sizeof(Out);  // a word's: 32, or 16 (half)
  static_assert(kBits == 32 || kWords == 1);
  [[maybe_unused]] const std::uint32_t region_max = region_bits > 0 ? (1u << region_bits) - 1u : 0u;
  [[maybe_unused]] const std::uint32_t label_max =
      region_bits > 0 ? (1u << (kBits - 8 - region_bits)) - 1u
                      : (kBits == 16 ? std::uint32_t{kHalfMaxId} + 1u : kMaxPackedId);
  for (std::size_t k = 0; k < n; ++k) {
    std::uint32_t w = static_cast<std::uint32_t>(tile[k]) & 15u;
    if constexpr (kMark) w |= (static_cast<std::uint32_t>(mark[k]) & 15u) << 4;
    if constexpr (kId) {
      w |= std::min(id_plus_one(id[k]), kWords == 1 ? label_max : kMaxPackedId) << 8;
    }
    if constexpr (kWords == 1 && kRegion) {
      out[k] = static_cast<Out>(w | std::min(id_plus_one(region[k]), region_max)
                                        << (kBits - region_bits));
    } else if constexpr (kWords == 1) {
      out[k] = static_cast<Out>(w);
    } else {
      out[2 * k] = w;
      if constexpr (kRegion) {
        out[2 * k + 1] = id_plus_one(region[k]);
      } else {
        out[2 * k + 1] = 0;
      }
    }
  }
}

// Calls pack with an id layer's cells first .. first + n - 1 as they are stored (a byte or 32 bits
// a cell), or None when the grid has none. A packed layer's (a map kept on show while the next is
// built, IdLayer::pack) are unpacked for the call, 32 bits a cell.
template <class Pack>
void with_ids(const IdLayer& layer, std::size_t first, std::size_t n, Pack pack) {
  if (const std::uint8_t* narrow = layer.narrow()) {
    pack(narrow + first);
  } else if (const std::int32_t* wide = layer.wide()) {
    pack(wide + first);
  } else if (const PackedIds* packed = layer.packed()) {
    // (Into memory kept for the next band: fresh pages for each would fault their way in.)
    static thread_local std::vector<std::int32_t> band;
    constexpr std::size_t kKeptCells = std::size_t{1} << 20;
    std::vector<std::int32_t> once;
    std::vector<std::int32_t>& cells = n <= kKeptCells ? band : once;
    cells.resize(n);
    PackedIds::Reader reader(*packed, first);
    for (std::size_t k = 0; k < n; ++k) cells[k] = reader[k];
    pack(static_cast<const std::int32_t*>(cells.data()));
  } else {
    pack(static_cast<const None*>(nullptr));
  }
}
}  // namespace detail

namespace detail {
template <class Out>
void pack_cells(const Grid& grid, std::size_t first, std::size_t n, CellFormat f, Out* out) {
  const Tile* tiles = grid.tiles().data() + first;
  const Mark* marks = grid.has_marks() ? grid.marks().data() + first : nullptr;
  // One word: the region, if shown, is the id, unless the word holds both (region_bits).
  const bool region_is_id = f.words == 1 && f.id_is_region;
  const bool region_drawn = f.words == 2 || f.region_bits > 0;
  // One loop for each set of layers present and the widths they are stored in.
  const auto run = [&]<int kWords>(const auto* id, const auto* region) {
    using Id = std::remove_cvref_t<decltype(*id)>;
    using Region = std::remove_cvref_t<decltype(*region)>;
    if (marks) {
      pack_run<kWords, true, Id, Region>(tiles, marks, id, region, n, f.region_bits, out);
    } else {
      pack_run<kWords, false, Id, Region>(tiles, marks, id, region, n, f.region_bits, out);
    }
  };
  const auto words = [&](const auto* id, const auto* region) {
    if constexpr (sizeof(Out) == sizeof(std::uint16_t)) {
      run.template operator()<1>(id, region);
    } else if (f.words == 2) {
      run.template operator()<2>(id, region);
    } else {
      run.template operator()<1>(id, region);
    }
  };
  const None* none = nullptr;
  with_ids(grid.region_layer(), first, n, [&](const auto* regions) {
    const auto with_id = [&](const auto* id) {
      region_drawn ? words(id, regions) : words(id, none);
    };
    if (region_is_id) {
      with_id(regions);
    } else {
      with_ids(grid.label_layer(), first, n, with_id);
    }
  });
}
}  // namespace detail

// Packs cells first .. first + n - 1 of grid in format f (the packing above), one after another,
// f.words 32-bit words each; or, for a half format, into 16-bit words (the second form).
inline void pack_cells(const Grid& grid, std::size_t first, std::size_t n, CellFormat f,
                       std::uint32_t* out) {
  detail::pack_cells(grid, first, n, f, out);
}
inline void pack_cells(const Grid& grid, std::size_t first, std::size_t n, CellFormat f,
                       std::uint16_t* out) {
  detail::pack_cells(grid, first, n, f, out);
}

// The bytes a map's buffer is made with, for `bytes` of cells: rounded up to a multiple of
// kBufferStep that is not a power of two. A software rasteriser (Mesa's llvmpipe) compiles a
// variant of the map's shader for each kind of buffer texture it reads, 100-300 ms in the draw
// that first needs it, and a buffer's kind includes whether its size is a power of two and (a
// union read the wrong way) bits 8-15 of its size: a map of another width or format was a new
// kind. Sized so, every buffer of one format is one kind, which MapRenderer::warm_up compiles
// at the start.
inline constexpr std::size_t kBufferStep = std::size_t{64} << 10;
constexpr std::size_t buffer_bytes(std::size_t bytes) {
  std::size_t b = (std::max(bytes, kBufferStep) + kBufferStep - 1) / kBufferStep * kBufferStep;
  while ((b & (b - 1)) == 0) b += kBufferStep;  // (twice at most: 64 KiB, then 128 KiB)
  return b;
}

// The most cells one buffer texture may hold here (GL_MAX_TEXTURE_BUFFER_SIZE; in the browser
// build, a square 2D texture of GL_MAX_TEXTURE_SIZE a side).
std::size_t max_buffer_cells();

class MapTexture {
 public:
  MapTexture() = default;
  MapTexture(const MapTexture&) = delete;
  MapTexture& operator=(const MapTexture&) = delete;
  ~MapTexture();

  // Sizes the texture for grid in format f (a new buffer only if the one it has is too small)
  // and uploads every cell. The error says why when the GL cannot hold a map that large.
  std::optional<Error> reset(const Grid& grid, CellFormat f);
  // Sizes it for a width x height map without filling it (upload() fills it, a band at a time).
  std::optional<Error> allocate(int width, int height, CellFormat f);
  // Whether a width x height map in format f fits the buffer it has.
  bool fits(int width, int height, CellFormat f) const;
  // Takes over a buffer of `bytes` bytes made elsewhere (BufferAllocator), for a width x height
  // map in format f; returns the buffer it had (0: none) for the caller to delete.
  unsigned adopt(unsigned buffer, std::size_t bytes, int width, int height, CellFormat f);
  // Gives up its buffer (the caller deletes it); not ready() until it has another.
  unsigned release_buffer();
  // The same, but it goes on saying which map it held (width, height, format): a picture drawn
  // from it (MapRenderer) stays that map's while its cells are away (TextureStager::park).
  unsigned park();
  // Re-uploads the cells in r (clipped to the map).
  void upload(const Grid& grid, Rect r);

  // The cells changed since the last call (uploaded, or the whole map after a new buffer), for
  // whoever keeps a picture of it (MapRenderer's cached image); nullopt when none changed.
  std::optional<Rect> take_damage() { return std::exchange(damage_, std::nullopt); }

  unsigned id() const { return texture_; }
  // What id() is bound as: GL_TEXTURE_BUFFER (GL_TEXTURE_2D in the browser build).
  static unsigned target();
  int width() const { return width_; }
  int height() const { return height_; }
  CellFormat format() const { return format_; }
  bool ready() const { return texture_ != 0 && capacity_ != 0; }

 private:
  void attach();
  void damage(Rect r);

  unsigned texture_ = 0;
  unsigned buffer_ = 0;       // none in the browser build
  std::size_t capacity_ = 0;  // bytes the buffer (or 2D texture) holds
  int width_ = 0;
  int height_ = 0;
  CellFormat format_;
  std::vector<std::uint32_t> staging_;
  std::vector<std::uint16_t> staging_half_;  // (a half format's)
  std::optional<Rect> damage_;
};

}  // namespace dungen::app
