#pragma once
// A run recorded as an animated GIF: the map with the step's overlay, a frame every K steps (or
// about N frames over the whole run), the last frame held a while. Used by `dungen record`.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/threads.hpp"
#include "generators/registry.hpp"
#include "render/gif_file.hpp"

namespace dungen {

// The most work one recording may do: the pixels of all its frames together (2^31, about a
// minute or two of drawing and encoding: 128 frames of a 4096x4096 map at 1 px a cell). Checked
// before any frame is drawn; the message names the --every that fits.
inline constexpr std::uint64_t kMaxRecordPixels = std::uint64_t{1} << 31;

struct RecordOptions {
  std::uint64_t every = 0;  // a frame every this many steps; 0: worked out from `frames`
  int frames = 100;         // with every == 0: about this many frames over the whole run
  int cell_px = kDefaultCellPx;
  int delay_cs = 6;             // each frame's time, in hundredths of a second
  int end_hold_cs = 200;        // the last frame's
  std::uint64_t last_step = 0;  // record steps 0..last_step only (0: the whole run)
  // The caps (tests make them small): all frames' pixels together, and the file's bytes.
  std::uint64_t max_pixels = kMaxRecordPixels;
  std::uint64_t max_bytes = kMaxGifBytes;
};

// Runs the generator and records it into gif_bytes. `progress`, if given, hears (frames written,
// frames in all) now and then. Errors (one line): a picture too big, too many frames for the
// caps (frames, pixels of all frames: before any frame is drawn), a file past max_bytes (as soon
// as the frames so far say it will pass it by a quarter, or when it passes it), each saying
// which --every would fit; the encoder failing; "stopped" when `stop` was requested (looked at
// before every frame; gif_bytes is then incomplete: discard it).
std::optional<Error> record_gif(const GeneratorSpec& spec, const ParamValues& params,
                                std::uint64_t seed, const RecordOptions& options,
                                std::string& gif_bytes,
                                const std::function<void(int, int)>& progress = {},
                                StopToken stop = {});

}  // namespace dungen
