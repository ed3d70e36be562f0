#pragma once
// The app's exports (a PNG of the map, a GIF of the run, the preset) on a thread of their own, so
// the window goes on drawing however big the map: the frame only makes the request (the PNG's
// map is copied into it, so stepping or changing the map during the export cannot touch what the
// job reads), and the job draws, encodes and writes, saying how far it has got.
//
// One owner: the request and the outcome slot belong to the job's thread until it sets `done`;
// the window reads the outcome only after seeing `done` (take()). Cancelling is explicit:
// cancel() asks, and the job looks between every band of PNG rows, at every GIF frame and before
// the file replaces the old one; a cancelled export writes nothing, and the file already there is
// untouched. Closing the app during an export stops it and waits for it (a band or a frame).
// Without threads (the browser build) the export runs inside start(), at once.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/threads.hpp"
#include "render/map_image.hpp"
#include "render/recording.hpp"

namespace dungen::app {

class Session;

enum class ExportKind { Png, Gif, Preset };

// The app records GIFs of maps up to this many cells a side (the CLI's `dungen record` takes any
// map whose picture fits), with about this many frames.
inline constexpr int kMaxGifMapSide = 512;
inline constexpr int kGifFrames = 120;

// Everything an export reads, owned by the request (nothing points into the session).
struct ExportRequest {
  ExportKind kind = ExportKind::Png;
  std::string path;  // the file to write, as the dialog chose it (absolute on the desktop)
  // Png: the map as it was when asked, and how to draw it.
  std::shared_ptr<const Grid> map;
  MapImageStyle style;
  std::uint64_t step = 0;  // the session's position then (for the message)
  // Gif: the run to record, from step 0 to record.last_step.
  const GeneratorSpec* generator = nullptr;
  ParamValues params;
  std::uint64_t seed = 0;
  RecordOptions record;
  // Preset: the file's text.
  std::string text;
};

// Why the session's current map cannot be exported as `kind` (a picture over the exporters'
// limits, a GIF of a map too big for the app); nothing if it can. Asked before the file dialog
// opens, so nobody chooses a name for an export that cannot happen.
std::optional<Error> export_refusal(const Session& session, ExportKind kind);
// The request for the session as it is now. Png copies the map (the one cost paid in the frame).
ExportRequest make_export(const Session& session, ExportKind kind, std::string path);

// What the job is doing, as the progress bar shows it: a stage and how far into it.
enum class ExportStage { Waiting, Drawing, Writing, Counting, Frames };

struct ExportProgress {
  ExportStage stage = ExportStage::Waiting;
  int done = 0;
  int total = 0;
  double fraction() const;   // 0..1 over the whole export
  std::string text() const;  // "drawing the picture", "frame 12 of 120", ...
};

// The job's progress, written by the job's thread and read by the window's: one atomic word, so
// the window never sees a stage with another stage's counts.
class ExportStatus {
 public:
  ExportStatus() = default;
  // `watch` hears every change, on the job's thread (the tests cancel at a chosen frame with it).
  explicit ExportStatus(std::function<void(const ExportProgress&)> watch)
      : watch_(std::move(watch)) {}
  void set(ExportStage stage, int done = 0, int total = 0);
  ExportProgress get() const;

 private:
  std::atomic<std::uint64_t> packed_{0};
  std::function<void(const ExportProgress&)> watch_;
};

struct ExportOutcome {
  enum Result { Written, Cancelled, Failed } result = Failed;
  std::string path;
  std::string detail;  // Written: " (16384x16384 px, step 40)"; Failed: the error
};

// The status line's words for an outcome: the full path written (or, `downloads`, the name of the
// file handed to the browser), what was cancelled, or the error.
std::string export_message(const ExportOutcome& outcome, ExportKind kind, bool downloads);

// The PNG export's whole work: the map drawn and encoded a band of rows at a time by the streaming
// writer (render/png_file: memory a few rows whatever the picture's height), its rows reported
// through `status`, a stop seen between bands (then nothing is written), the file replaced whole.
ExportOutcome export_map_png(const Grid& map, const MapImageStyle& style, std::uint64_t step,
                             const std::string& path, ExportStatus& status, StopToken stop);

// Any export's work (the job's thread runs it; the tests call it directly). Never throws: an
// exception (out of memory included) is a Failed outcome.
ExportOutcome run_export(const ExportRequest& request, ExportStatus& status, StopToken stop);

class ExportJob {
 public:
  ExportJob() = default;
  // `hold` runs on the job's thread before the export starts, with the job's stop token (the
  // tests hold it there until the job is asked to stop, to cancel an export that has not begun).
  explicit ExportJob(std::function<void(StopToken)> hold) : hold_(std::move(hold)) {}
  // Asks a running export to stop and waits for it to end (see above).
  ~ExportJob();
  ExportJob(const ExportJob&) = delete;
  ExportJob& operator=(const ExportJob&) = delete;

  // Starts the export; false (nothing started) while the last one is still running.
  bool start(ExportRequest request);
  // Asks the running export to stop; returns at once (the job ends at its next look).
  void cancel();
  bool running() const { return shared_ && !shared_->done.load(std::memory_order_acquire); }
  bool cancelling() const { return running() && stop_.stop_requested(); }
  ExportKind kind() const { return kind_; }
  const std::string& path() const { return path_; }
  ExportProgress progress() const { return shared_ ? shared_->status.get() : ExportProgress{}; }
  // The finished export's outcome, once.
  std::optional<ExportOutcome> take();
  // Blocks until the export has ended (tests, headless runs).
  void wait();

 private:
  struct Shared {
    ExportStatus status;
    std::atomic<bool> done{false};
    ExportOutcome outcome;  // the job's thread's until `done`
  };
  std::function<void(StopToken)> hold_;
  std::shared_ptr<Shared> shared_;
  StopSource stop_{kNoStopState};
  ExportKind kind_ = ExportKind::Png;
  std::string path_;
  JThread thread_;
};

}  // namespace dungen::app
