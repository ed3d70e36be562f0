#pragma once
// Animated GIFs of a run, encoded by giflib (never by hand): one frame a picture
// (render/map_image.hpp), each with its own colour table of the colours it uses (the 256 most
// used, the rest drawn in the nearest of them, if a frame has more), looping forever.
// Frames go to the encoder as they are added, so memory stays one frame plus the file.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "render/map_image.hpp"

namespace dungen {

// Past these a recording stops with a clear message rather than making a file nobody can open.
inline constexpr int kMaxGifFrames = 3000;
inline constexpr std::size_t kMaxGifBytes = std::size_t{128} << 20;
inline constexpr int kMaxGifSide = 4096;  // pixels

class GifWriter {
 public:
  // A GIF of width x height pixels, or why not (a side past kMaxGifSide).
  static Checked<GifWriter> start(int width, int height);
  GifWriter(GifWriter&&) noexcept;
  GifWriter& operator=(GifWriter&&) noexcept;
  ~GifWriter();

  // Adds a frame (the size given to start), shown for delay_cs hundredths of a second. The error,
  // past kMaxGifFrames or kMaxGifBytes, or if the encoder fails; then the writer is finished.
  std::optional<Error> add(const Image& frame, int delay_cs);
  int frames() const { return frames_; }
  std::size_t bytes() const;
  // Ends the file and moves its bytes into gif_bytes; or the error.
  std::optional<Error> finish(std::string& gif_bytes);

 private:
  struct Encoder;
  explicit GifWriter(std::unique_ptr<Encoder> e, int width, int height);
  std::unique_ptr<Encoder> encoder_;
  int width_ = 0;
  int height_ = 0;
  int frames_ = 0;
};

}  // namespace dungen
