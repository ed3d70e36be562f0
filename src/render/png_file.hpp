#pragma once
// PNG files of map pictures (render/map_image.hpp), written whole or not at all (io/atomic_file).
//
// Two ways in. encode_png/write_png take a whole Image (stb_image_write's encoder): fine for a
// screenshot or a tileset. write_map_png draws and encodes a map a band of cell rows at a time
// with dungen's own streaming encoder (PngWriter: the chunks, their CRCs and a zlib stream of
// fixed-Huffman deflate), so its memory is a few rows of the picture whatever its height: a
// 4096x4096 map at 4 px a cell (16384x16384 px, 805 MB of pixels) is written in a few MB.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/threads.hpp"
#include "io/json_writer.hpp"
#include "render/map_image.hpp"

namespace dungen {

// The PNG's bytes (stb_image_write's encoder); empty if it failed.
std::string encode_png(const Image& image);
// Writes the picture to path; on failure the error in a few words ("cannot write x.png: ..."),
// and whatever was at path before is untouched.
std::optional<Error> write_png(const std::string& path, const Image& image);

// A PNG (8-bit RGB, no interlace) written to `sink` as its rows arrive: the signature and header
// at once, the compressed rows in IDAT chunks of up to 64 KB as they fill, IEND on finish().
// Memory: the deflate window (32 KB), one row and the chunk being filled.
class PngWriter {
 public:
  // Throws std::invalid_argument unless 1 <= width, height <= kMaxImageSide.
  PngWriter(int width, int height, TextSink sink);
  PngWriter(PngWriter&&) noexcept;
  PngWriter& operator=(PngWriter&&) noexcept;
  ~PngWriter();

  // Adds `count` rows of width*3 bytes each (RGB, top first). Throws std::logic_error past the
  // picture's height.
  void add_rows(const std::uint8_t* rgb, int count);
  // Ends the file (the last IDAT, IEND). Throws std::logic_error unless every row was added.
  void finish();

 private:
  struct Encoder;
  std::unique_ptr<Encoder> e_;
};

// Called now and then while a picture is written: (cell rows done, cell rows in all).
using PngProgress = std::function<void(int done, int total)>;

// The map's picture (draw_map's pixels exactly) as a PNG, drawn a band of cell rows at a time and
// streamed to `sink`: peak memory a few picture rows, whatever the map's height. Returns nothing
// on success, else one line: the picture too big (image_size_error's words), "stopped" when
// `stop` was requested (the sink then holds a partial file: discard it). `progress` hears the
// cell rows done. Out of memory throws std::bad_alloc, as everywhere.
std::optional<Error> write_map_png(const TextSink& sink, const Grid& grid,
                                   const MapImageStyle& style, const PngProgress& progress = {},
                                   StopToken stop = {});
// The same written to `path` whole or not at all (io/atomic_file: on any error, a stop included,
// whatever was at path is untouched). Errors as above, or "cannot write PATH: why".
std::optional<Error> write_map_png(const std::string& path, const Grid& grid,
                                   const MapImageStyle& style, const PngProgress& progress = {},
                                   StopToken stop = {});

}  // namespace dungen
