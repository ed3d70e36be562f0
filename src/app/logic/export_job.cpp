#include "app/logic/export_job.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <new>

#include "app/logic/session.hpp"
#include "app/logic/session_preset.hpp"
#include "io/atomic_file.hpp"
#include "io/param_args.hpp"
#include "io/preset.hpp"
#include "render/png_file.hpp"

namespace dungen::app {
namespace {

// The largest cell size up to the default that keeps the picture within the exporters' limit.
int fitting_cell_px(int width, int height, int limit) {
  return std::clamp(limit / std::max(width, height), 1, kDefaultCellPx);
}

// Stage, done and total in one word: 8 bits, 28 and 28 (counts are frames or rows, far below).
constexpr std::uint64_t kCountBits = 28;
constexpr std::uint64_t kCountMask = (std::uint64_t{1} << kCountBits) - 1;

std::uint64_t count_bits(int n) {
  return static_cast<std::uint64_t>(std::max(n, 0)) & kCountMask;
}

ExportOutcome cancelled(const std::string& path) {
  return {ExportOutcome::Cancelled, path, {}};
}
ExportOutcome failed(const std::string& path, std::string why) {
  return {ExportOutcome::Failed, path, std::move(why)};
}

// Writes `bytes` whole or not at all; a stop seen before the file replaces the old one keeps it.
ExportOutcome write_file(const std::string& path, const std::string& bytes, std::string detail,
                         StopToken stop) {
  if (stop.stop_requested()) return cancelled(path);
  Checked<AtomicFile> file = AtomicFile::open(path);
  if (!file) return failed(path, "cannot write " + shown(path) + ": " + file.error().message);
  file->write(bytes);
  if (stop.stop_requested()) return cancelled(path);  // the temporary file goes with `file`
  if (auto why = file->commit()) {
    return failed(path, "cannot write " + shown(path) + ": " + why->message);
  }
  return {ExportOutcome::Written, path, std::move(detail)};
}

ExportOutcome record(const ExportRequest& r, ExportStatus& status, StopToken stop) {
  status.set(ExportStage::Counting);
  std::string bytes;
  auto err = record_gif(
      *r.generator, r.params, r.seed, r.record, bytes,
      [&](int done, int total) { status.set(ExportStage::Frames, done, total); }, stop);
  if (err && stop.stop_requested()) return cancelled(r.path);  // nothing written
  if (err) return failed(r.path, err->message);
  if (stop.stop_requested()) return cancelled(r.path);
  status.set(ExportStage::Writing);
  return write_file(r.path, bytes, " (steps 0.." + std::to_string(r.record.last_step) + ")", stop);
}

}  // namespace

std::optional<Error> export_refusal(const Session& session, ExportKind kind) {
  const Grid& g = session.grid();
  switch (kind) {
    case ExportKind::Png:
      return image_size_error(g.width(), g.height(),
                              fitting_cell_px(g.width(), g.height(), kMaxImageSide));
    case ExportKind::Gif: {
      const ParamValues& p = session.params();
      const int w = p.get_int("width"), h = p.get_int("height");
      if (std::max(w, h) > kMaxGifMapSide) {
        return Error{"GIFs from the app: maps up to " + std::to_string(kMaxGifMapSide) +
                     " cells a side (use `dungen record` for bigger ones)"};
      }
      return std::nullopt;
    }
    case ExportKind::Preset:
      return std::nullopt;
  }
  return std::nullopt;
}

ExportRequest make_export(const Session& session, ExportKind kind, std::string path) {
  ExportRequest r;
  r.kind = kind;
  r.path = std::move(path);
  r.step = session.position();
  switch (kind) {
    case ExportKind::Png: {
      const Grid& g = session.grid();
      r.map = std::make_shared<const Grid>(g);  // the snapshot: the job never sees the session's
      r.style = {.cell_px = fitting_cell_px(g.width(), g.height(), kMaxImageSide),
                 .room_colours = session.generator().text_shows_labels};
      break;
    }
    case ExportKind::Gif: {
      r.generator = &session.generator();
      r.params = session.params();
      r.seed = session.seed();
      const int w = r.params.get_int("width"), h = r.params.get_int("height");
      r.record.frames = kGifFrames;
      r.record.cell_px = fitting_cell_px(w, h, kMaxGifSide);
      r.record.last_step = std::max<std::uint64_t>(1, session.position());
      break;
    }
    case ExportKind::Preset:
      r.text = preset_json(preset_of(session));
      break;
  }
  return r;
}

double ExportProgress::fraction() const {
  const double part = total > 0 ? std::clamp(static_cast<double>(done) / total, 0.0, 1.0) : 0.0;
  switch (stage) {
    case ExportStage::Waiting:
    case ExportStage::Counting:
      return 0.0;
    case ExportStage::Drawing:  // a PNG: its rows drawn and encoded as they go
      return part;
    case ExportStage::Writing:  // the file, once all is made
      return 0.95 + 0.05 * part;
    case ExportStage::Frames:
      return 0.95 * part;
  }
  return 0.0;
}

std::string ExportProgress::text() const {
  switch (stage) {
    case ExportStage::Waiting:
      return "starting";
    case ExportStage::Drawing:
      return total > 0 ? "row " + std::to_string(done) + " of " + std::to_string(total) : "drawing";
    case ExportStage::Writing:
      return "writing";
    case ExportStage::Counting:
      return "counting steps";
    case ExportStage::Frames:
      return "frame " + std::to_string(done) + " of " + std::to_string(total);
  }
  return "";
}

void ExportStatus::set(ExportStage stage, int done, int total) {
  packed_.store(static_cast<std::uint64_t>(stage) << (2 * kCountBits) |
                    count_bits(done) << kCountBits | count_bits(total),
                std::memory_order_relaxed);
  if (watch_) watch_(get());
}

ExportProgress ExportStatus::get() const {
  const std::uint64_t v = packed_.load(std::memory_order_relaxed);
  return {static_cast<ExportStage>(v >> (2 * kCountBits)),
          static_cast<int>((v >> kCountBits) & kCountMask), static_cast<int>(v & kCountMask)};
}

std::string export_message(const ExportOutcome& outcome, ExportKind kind, bool downloads) {
  const char* what = kind == ExportKind::Png   ? "the PNG"
                     : kind == ExportKind::Gif ? "the GIF"
                                               : "the preset";
  switch (outcome.result) {
    case ExportOutcome::Written: {
      if (downloads) {
        const std::string name = std::filesystem::path(outcome.path).filename().string();
        return "downloaded " + shown(name, kShownPathMaxBytes) + outcome.detail;
      }
      return "wrote " + shown(outcome.path, kShownPathMaxBytes) + outcome.detail;
    }
    case ExportOutcome::Cancelled:
      return std::string("cancelled ") + what + ": nothing written to " +
             shown(outcome.path, kShownPathMaxBytes);
    case ExportOutcome::Failed:
      return outcome.detail;
  }
  return outcome.detail;
}

ExportOutcome export_map_png(const Grid& map, const MapImageStyle& style, std::uint64_t step,
                             const std::string& path, ExportStatus& status, StopToken stop) {
  if (auto err = image_size_error(map.width(), map.height(), style.cell_px)) {
    return failed(path, err->message);
  }
  status.set(ExportStage::Drawing, 0, map.height());
  const auto err = write_map_png(
      path, map, style, [&](int done, int total) { status.set(ExportStage::Drawing, done, total); },
      stop);
  if (err && stop.stop_requested()) return cancelled(path);  // nothing written
  if (err) return failed(path, err->message);
  const long width = static_cast<long>(map.width()) * style.cell_px;
  const long height = static_cast<long>(map.height()) * style.cell_px;
  return {ExportOutcome::Written, path,
          " (" + std::to_string(width) + "x" + std::to_string(height) + " px, step " +
              std::to_string(step) + ")"};
}

ExportOutcome run_export(const ExportRequest& request, ExportStatus& status, StopToken stop) {
  try {
    if (stop.stop_requested()) return cancelled(request.path);
    switch (request.kind) {
      case ExportKind::Png:
        if (!request.map) return failed(request.path, "no map to export");
        return export_map_png(*request.map, request.style, request.step, request.path, status,
                              stop);
      case ExportKind::Gif:
        if (!request.generator) return failed(request.path, "no run to record");
        return record(request, status, stop);
      case ExportKind::Preset:
        status.set(ExportStage::Writing);
        return write_file(request.path, request.text, " (the preset)", stop);
    }
    return failed(request.path, "nothing to export");
  } catch (const std::bad_alloc&) {
    return failed(request.path, "not enough memory to export " + shown(request.path));
  } catch (const std::exception& e) {
    return failed(request.path, "cannot export " + shown(request.path) + ": " + e.what());
  }
}

ExportJob::~ExportJob() {
  // Stopped, every export ends within a step of its work (a band of PNG rows, a GIF frame, a
  // file's write) and writes nothing: it is waited for.
  cancel();
  if (thread_.joinable()) thread_.join();
}

bool ExportJob::start(ExportRequest request) {
  if (running()) return false;
  if (thread_.joinable()) thread_.join();  // the last export's thread, already finished
  shared_ = std::make_shared<Shared>();
  stop_ = StopSource();
  kind_ = request.kind;
  path_ = request.path;
  // The thread owns the request; it shares only the status and the outcome slot with the window.
  auto body = [request = std::move(request), shared = shared_, hold = hold_](StopToken stop) {
    // At the window's priority, as the seed sweep's thread: the window paces its frames while
    // only work moves (app.cpp), and a lowered export (the worker's nice 10) was starved for
    // minutes by other programs on a busy two-core machine while the user waited for it.
    if (hold) hold(stop);
    ExportOutcome outcome = run_export(request, shared->status, stop);
    shared->outcome = std::move(outcome);
    shared->done.store(true, std::memory_order_release);
  };
  if constexpr (kHaveThreads) {
    thread_ = JThread(
        [body = std::move(body), stop = stop_.get_token()](StopToken) mutable { body(stop); });
  } else {
    body(stop_.get_token());
  }
  return true;
}

void ExportJob::cancel() {
  if (running()) stop_.request_stop();
}

std::optional<ExportOutcome> ExportJob::take() {
  if (!shared_ || !shared_->done.load(std::memory_order_acquire)) return std::nullopt;
  if (thread_.joinable()) thread_.join();
  std::optional<ExportOutcome> out = std::move(shared_->outcome);
  shared_.reset();
  return out;
}

void ExportJob::wait() {
  if (thread_.joinable()) thread_.join();
}

}  // namespace dungen::app
