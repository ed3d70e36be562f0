#pragma once
// The app's seed sweep (lab/sweep.hpp) on a thread of its own: the current generator and
// parameters over N seeds, then what the Sweep pane shows: a histogram of every column, the
// share of connected maps, and the outliers (the kOutliers smallest and largest seeds by a chosen
// column, and every disconnected or empty map) with small pictures.
//
// One owner: the job's thread writes the result and then sets `done`; the window reads it only
// after seeing `done`. Cancelling is explicit (cancel(), or a new start(), or the destructor).

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/threads.hpp"
#include "lab/sweep.hpp"
#include "render/map_image.hpp"

namespace dungen::app {

inline constexpr std::uint64_t kDefaultSweepSeeds = 500;
inline constexpr int kOutliers = 12;
// At most this many pictures of disconnected or empty maps (beyond the outliers).
inline constexpr int kMaxBadPictures = 24;
inline constexpr int kThumbnailSide = 96;  // pixels, the longer side
inline constexpr int kHistogramBins = 24;

struct SweepPicture {
  std::uint64_t seed = 0;
  std::string why;  // "smallest floor_fraction", "disconnected", ...
  Image image;
};

struct SweepHistogram {
  std::string column;
  std::vector<float> counts;  // kHistogramBins, seeds per bin
  double min = 0, max = 0;
};

struct SweepResult {
  const GeneratorSpec* spec = nullptr;
  ParamValues params;
  std::vector<SweepRow> rows;
  std::vector<SweepHistogram> histograms;
  double connected_share = 0;
  std::string outlier_column;
  std::vector<SweepPicture> pictures;
};

class SweepJob {
 public:
  SweepJob() = default;
  ~SweepJob() { cancel(); }
  SweepJob(const SweepJob&) = delete;
  SweepJob& operator=(const SweepJob&) = delete;

  // Starts a sweep of seeds first..first+count-1 (cancelling one under way). `column` picks the
  // outliers (a column of sweep_columns; empty: floor_fraction).
  void start(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t first,
             std::uint64_t count, int connectivity, std::string column = {});
  // The same rows summarised by another column: only the new outliers' pictures are made.
  void repick(const SweepResult& done, std::string column);
  void cancel();
  // Blocks until the sweep has ended (headless pictures).
  void wait() {
    if (thread_.joinable()) thread_.join();
  }
  bool running() const { return thread_.joinable() && !done_->load(std::memory_order_acquire); }
  std::uint64_t progress() const { return progress_->load(std::memory_order_relaxed); }
  std::uint64_t total() const { return total_; }
  // The finished result, once (the window takes it and keeps it).
  std::optional<SweepResult> take();

 private:
  JThread thread_;
  std::shared_ptr<std::atomic<bool>> done_ = std::make_shared<std::atomic<bool>>(false);
  std::shared_ptr<std::atomic<std::uint64_t>> progress_ =
      std::make_shared<std::atomic<std::uint64_t>>(0);
  std::shared_ptr<std::optional<SweepResult>> result_;
  std::uint64_t total_ = 0;

  // Runs on the thread: the sweep (unless rows are given), the summary, the pictures.
  void launch(const GeneratorSpec& spec, const ParamValues& params, SweepOptions options,
              std::optional<std::vector<SweepRow>> rows, std::string column);
};

// What the job computes from the rows (exposed for the tests): histograms, connected share and
// which seeds get pictures, in order: smallest, largest, then disconnected or empty.
SweepResult summarise_sweep(const GeneratorSpec& spec, const ParamValues& params,
                            std::vector<SweepRow> rows, const std::string& column);

}  // namespace dungen::app
