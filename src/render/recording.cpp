#include "render/recording.hpp"

#include <algorithm>

#include "core/runner.hpp"

namespace dungen {

namespace {

// How a recording is spaced: the steps it covers, a frame every `every` of them, and `frames`
// in all (step 0, one every `every` steps, and the last).
struct FramePlan {
  std::uint64_t steps = 0;
  std::uint64_t every = 1;
  std::uint64_t frames = 0;

  // The smallest --every that gives at most `fits` frames (fits >= 2).
  std::uint64_t every_for(std::uint64_t fits) const {
    return std::max<std::uint64_t>(1, (steps + fits - 2) / (fits - 1));
  }
  // How the messages about its size begin.
  std::string spacing() const {
    return "a frame every " + std::to_string(every) + " of the run's " + std::to_string(steps) +
           " steps is " + std::to_string(frames) + " frames";
  }
};

// How many steps the run has: a run without recording, to space the frames (same seed, same
// steps: the stepped run that records is the same run).
FramePlan plan_frames(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t seed,
                      const RecordOptions& options) {
  FramePlan plan;
  Stepper counting = start_generator(spec, params, seed, false);
  plan.steps = run_to_end(counting).steps;
  if (options.last_step > 0) plan.steps = std::min(plan.steps, options.last_step);
  plan.every = options.every;
  if (plan.every == 0) {
    const auto want = static_cast<std::uint64_t>(std::max(1, options.frames - 1));
    plan.every = std::max<std::uint64_t>(1, (plan.steps + want - 1) / want);
  }
  plan.frames = 1 + plan.steps / plan.every + (plan.steps % plan.every != 0 ? 1 : 0);
  return plan;
}

// Whether the frames pass the caps known before any is drawn: their count, and the pixels of
// all of them (every frame is drawn whole and encoded, about 35M pixels a second here).
std::optional<Error> frame_limit_error(const FramePlan& plan, int w, int h,
                                       const RecordOptions& options) {
  if (plan.frames > static_cast<std::uint64_t>(kMaxGifFrames)) {
    return Error{plan.spacing() + ": allowed up to " + std::to_string(kMaxGifFrames) +
                 " (--every " + std::to_string(plan.every_for(kMaxGifFrames)) + " or more)"};
  }
  const std::uint64_t frame_pixels = static_cast<std::uint64_t>(w) * options.cell_px *
                                     static_cast<std::uint64_t>(h) * options.cell_px;
  if (plan.frames * frame_pixels <= options.max_pixels) return std::nullopt;
  const std::uint64_t fits = options.max_pixels / frame_pixels;
  return Error{
      plan.spacing() + " of " + std::to_string(w * options.cell_px) + "x" +
      std::to_string(h * options.cell_px) + " px, " +
      std::to_string(plan.frames * frame_pixels / 1'000'000) + "M pixels to draw: allowed up to " +
      std::to_string(options.max_pixels / 1'000'000) + "M (" +
      (fits >= 2 ? "--every " + std::to_string(plan.every_for(fits)) + " or more, or --frames " +
                       std::to_string(std::min<std::uint64_t>(fits, kMaxGifFrames)) +
                       " or fewer, or a smaller --cell-px"
                 : std::string("a smaller --cell-px or map")) +
      ")"};
}

std::string bytes_text(std::uint64_t bytes) {
  return bytes >= (1u << 20) ? std::to_string(bytes >> 20) + " MB"
                             : std::to_string(bytes >> 10) + " KB";
}

// Draws each frame and adds it to the GIF, watching the file's size: refused once it passes
// max_bytes, or as soon as the frames so far say it will pass it by a quarter (what is written,
// and the largest frame yet for each frame to come: a 4096x4096 cave's random fill is known at
// its first frame). The --every suggested fits frames as large as the largest yet.
struct FrameWriter {
  const RecordOptions& options;
  const FramePlan& plan;
  MapImageStyle style;
  GifWriter gif;
  const std::function<void(int, int)>& progress;
  StopToken stop;
  std::uint64_t largest = 1;  // the largest frame's bytes so far

  Error too_big(std::optional<std::uint64_t> projected) const {
    const std::uint64_t fits = options.max_bytes / largest;
    return Error{plan.spacing() +
                 (projected ? ", about " + bytes_text(*projected)
                            : ": the GIF passed " + bytes_text(gif.bytes())) +
                 ": allowed up to " + bytes_text(options.max_bytes) + " (" +
                 (fits >= 2 ? "--every " + std::to_string(plan.every_for(fits)) + " or more, or"
                            : std::string("")) +
                 " a smaller --cell-px or map)"};
  }

  // The map as it is now, with `step`'s overlay when there is one.
  std::optional<Error> add(const Grid& grid, const Step* step, int delay) {
    if (stop.stop_requested()) return Error{"stopped"};
    Image img = draw_map(grid, style);
    if (step) draw_overlay(img, step->overlay, options.cell_px, *style.palette);
    const std::uint64_t before = gif.bytes();
    const auto err = gif.add(img, delay);
    largest = std::max(largest, gif.bytes() - before);
    if (!err && progress) progress(gif.frames(), static_cast<int>(plan.frames));
    if (gif.bytes() > options.max_bytes) return too_big(std::nullopt);
    if (err) return err;
    const std::uint64_t projected =
        gif.bytes() + largest * (plan.frames - static_cast<std::uint64_t>(gif.frames()));
    if (projected > options.max_bytes + options.max_bytes / 4) return too_big(projected);
    return std::nullopt;
  }
};

}  // namespace

std::optional<Error> record_gif(const GeneratorSpec& spec, const ParamValues& params,
                                std::uint64_t seed, const RecordOptions& options,
                                std::string& gif_bytes,
                                const std::function<void(int, int)>& progress, StopToken stop) {
  const int w = params.get_int("width"), h = params.get_int("height");
  if (auto err = image_size_error(w, h, options.cell_px)) return err;
  const FramePlan plan = plan_frames(spec, params, seed, options);
  if (auto err = frame_limit_error(plan, w, h, options)) return err;
  Checked<GifWriter> started = GifWriter::start(w * options.cell_px, h * options.cell_px);
  if (!started) return started.error();
  FrameWriter out{.options = options,
                  .plan = plan,
                  .style = {options.cell_px, spec.text_shows_labels, true, &kStandardPalette},
                  .gif = std::move(*started),
                  .progress = progress,
                  .stop = std::move(stop)};

  Stepper run = start_generator(spec, params, seed, true);
  if (auto err = out.add(run.grid(), nullptr, options.delay_cs)) return err;
  std::uint64_t n = 0;
  // The bound is the step count of the same run, counted by plan_frames.
  while (n < plan.steps) {
    const Step* step = run.next();
    if (!step) break;
    ++n;
    const bool last = n == plan.steps;
    if (n % plan.every != 0 && !last) continue;
    if (auto err = out.add(run.grid(), step, last ? options.end_hold_cs : options.delay_cs)) {
      return err;
    }
  }
  return out.gif.finish(gif_bytes);
}

}  // namespace dungen
