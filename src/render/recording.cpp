#include "render/recording.hpp"

#include <algorithm>

#include "core/runner.hpp"

namespace dungen {

std::optional<std::string> record_gif(const GeneratorSpec& spec, const ParamValues& params,
                                      std::uint64_t seed, const RecordOptions& options,
                                      std::string& gif_bytes,
                                      const std::function<void(int, int)>& progress) {
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
  const std::uint64_t frames = 1 + steps / every + (steps % every != 0 ? 1 : 0);
  if (frames > static_cast<std::uint64_t>(kMaxGifFrames)) {
    const std::uint64_t fits = (steps + kMaxGifFrames - 2) / (kMaxGifFrames - 1);
    return "a frame every " + std::to_string(every) + " of the run's " + std::to_string(steps) +
           " steps is " + std::to_string(frames) + " frames: allowed up to " +
           std::to_string(kMaxGifFrames) + " (--every " + std::to_string(fits) + " or more)";
  }
  auto started = GifWriter::start(w * options.cell_px, h * options.cell_px);
  if (auto* err = std::get_if<std::string>(&started)) return *err;
  GifWriter gif = std::move(std::get<GifWriter>(started));
  const MapImageStyle style{options.cell_px, spec.text_shows_labels, true, &kStandardPalette};

  Stepper run = start_generator(spec, params, seed, true);
  const auto frame = [&](const Step* step, int delay) -> std::optional<std::string> {
    Image img = draw_map(run.grid(), style);
    if (step) draw_overlay(img, step->overlay, options.cell_px, *style.palette);
    auto err = gif.add(img, delay);
    if (progress) progress(gif.frames(), static_cast<int>(frames));
    return err;
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
