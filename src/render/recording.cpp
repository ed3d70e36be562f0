#include "render/recording.hpp"

#include <algorithm>

#include "core/runner.hpp"

namespace dungen {

std::optional<Error> record_gif(const GeneratorSpec& spec, const ParamValues& params,
                                std::uint64_t seed, const RecordOptions& options,
                                std::string& gif_bytes,
                                const std::function<void(int, int)>& progress, StopToken stop) {
  const int w = params.get_int("width"), h = params.get_int("height");
  if (auto err = image_size_error(w, h, options.cell_px)) return err;
  // How many steps the run has: a run without recording, to space the frames (same seed, same
  // steps: the stepped run below is the same run).
  Stepper counting = start_generator(spec, params, seed, false);
  std::uint64_t steps = run_to_end(counting).steps;
  if (options.last_step > 0) steps = std::min(steps, options.last_step);
  std::uint64_t every = options.every;
  if (every == 0) {
    const auto want = static_cast<std::uint64_t>(std::max(1, options.frames - 1));
    every = std::max<std::uint64_t>(1, (steps + want - 1) / want);
  }
  // Step 0, one every `every` steps, and the last.
  const auto frames_at = [&](std::uint64_t k) { return 1 + steps / k + (steps % k != 0 ? 1 : 0); };
  // The smallest --every that gives at most `fits` frames (fits >= 2).
  const auto every_for = [&](std::uint64_t fits) {
    return std::max<std::uint64_t>(1, (steps + fits - 2) / (fits - 1));
  };
  const std::uint64_t frames = frames_at(every);
  const std::string spacing = "a frame every " + std::to_string(every) + " of the run's " +
                              std::to_string(steps) + " steps is " + std::to_string(frames) +
                              " frames";
  if (frames > static_cast<std::uint64_t>(kMaxGifFrames)) {
    return Error{spacing + ": allowed up to " + std::to_string(kMaxGifFrames) + " (--every " +
                 std::to_string(every_for(kMaxGifFrames)) + " or more)"};
  }
  // The work: every frame is drawn whole and encoded (about 35M pixels a second here).
  const std::uint64_t frame_pixels = static_cast<std::uint64_t>(w) * options.cell_px *
                                     static_cast<std::uint64_t>(h) * options.cell_px;
  if (frames * frame_pixels > options.max_pixels) {
    const std::uint64_t fits = options.max_pixels / frame_pixels;
    return Error{
        spacing + " of " + std::to_string(w * options.cell_px) + "x" +
        std::to_string(h * options.cell_px) + " px, " +
        std::to_string(frames * frame_pixels / 1'000'000) + "M pixels to draw: allowed up to " +
        std::to_string(options.max_pixels / 1'000'000) + "M (" +
        (fits >= 2 ? "--every " + std::to_string(every_for(fits)) + " or more, or --frames " +
                         std::to_string(std::min<std::uint64_t>(fits, kMaxGifFrames)) +
                         " or fewer, or a smaller --cell-px"
                   : std::string("a smaller --cell-px or map")) +
        ")"};
  }
  Checked<GifWriter> started = GifWriter::start(w * options.cell_px, h * options.cell_px);
  if (!started) return started.error();
  GifWriter gif = std::move(*started);
  const MapImageStyle style{options.cell_px, spec.text_shows_labels, true, &kStandardPalette};

  Stepper run = start_generator(spec, params, seed, true);
  // The file's size: refused once it passes max_bytes, or as soon as the frames so far say it
  // will pass it by a quarter (what is written, and the largest frame yet for each frame to
  // come: a 4096x4096 cave's random fill is known at its first frame). The --every suggested
  // fits frames as large as the largest yet.
  std::uint64_t largest = 1;
  const auto too_big = [&](std::optional<std::uint64_t> projected) {
    const auto size = [](std::uint64_t bytes) {
      return bytes >= (1u << 20) ? std::to_string(bytes >> 20) + " MB"
                                 : std::to_string(bytes >> 10) + " KB";
    };
    const std::uint64_t fits = options.max_bytes / largest;
    return Error{
        spacing +
        (projected ? ", about " + size(*projected) : ": the GIF passed " + size(gif.bytes())) +
        ": allowed up to " + size(options.max_bytes) + " (" +
        (fits >= 2 ? "--every " + std::to_string(every_for(fits)) + " or more, or"
                   : std::string("")) +
        " a smaller --cell-px or map)"};
  };
  const auto frame = [&](const Step* step, int delay) -> std::optional<Error> {
    if (stop.stop_requested()) return Error{"stopped"};
    Image img = draw_map(run.grid(), style);
    if (step) draw_overlay(img, step->overlay, options.cell_px, *style.palette);
    const std::uint64_t before = gif.bytes();
    const auto err = gif.add(img, delay);
    largest = std::max(largest, gif.bytes() - before);
    if (!err && progress) progress(gif.frames(), static_cast<int>(frames));
    if (gif.bytes() > options.max_bytes) return too_big(std::nullopt);
    if (err) return err;
    const std::uint64_t projected =
        gif.bytes() + largest * (frames - static_cast<std::uint64_t>(gif.frames()));
    if (projected > options.max_bytes + options.max_bytes / 4) return too_big(projected);
    return std::nullopt;
  };
  if (auto err = frame(nullptr, options.delay_cs)) return err;
  std::uint64_t n = 0;
  // The bound is the step count of the same run, counted above.
  while (n < steps) {
    const Step* step = run.next();
    if (!step) break;
    ++n;
    const bool last = n == steps;
    if (n % every != 0 && !last) continue;
    if (auto err = frame(step, last ? options.end_hold_cs : options.delay_cs)) return err;
  }
  return gif.finish(gif_bytes);
}

}  // namespace dungen
