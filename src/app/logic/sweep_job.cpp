#include "app/logic/sweep_job.hpp"

#include <algorithm>

#include "core/runner.hpp"
#include "core/threads.hpp"
#include "lab/sweep_export.hpp"

namespace dungen::app {

namespace {

// One column's histogram over the rows: kHistogramBins bins from its least to its greatest
// value (all in the first bin when they are all the same).
SweepHistogram histogram_of(const std::vector<SweepRow>& rows, const std::string& col) {
  SweepHistogram h;
  h.column = col;
  h.counts.assign(kHistogramBins, 0.0f);
  if (!rows.empty()) {
    h.min = h.max = column_value(rows.front(), col);
    for (const SweepRow& row : rows) {
      h.min = std::min(h.min, column_value(row, col));
      h.max = std::max(h.max, column_value(row, col));
    }
    const double span = h.max - h.min;
    for (const SweepRow& row : rows) {
      const double v = column_value(row, col);
      const int bin = span <= 0 ? 0
                                : std::min(kHistogramBins - 1,
                                           static_cast<int>((v - h.min) / span * kHistogramBins));
      h.counts[static_cast<std::size_t>(bin)] += 1.0f;
    }
  }
  return h;
}

// The seeds whose pictures are shown: the smallest and largest by r's outlier column, then the
// empty and disconnected maps (up to kMaxBadPictures), each seed once.
void pick_outliers(SweepResult& r, const std::vector<SweepRow>& rows) {
  // Sorted by the column, ties by seed, so the choice is the same every time.
  std::vector<const SweepRow*> sorted;
  for (const SweepRow& row : rows) sorted.push_back(&row);
  std::sort(sorted.begin(), sorted.end(), [&](const SweepRow* a, const SweepRow* b) {
    const double va = column_value(*a, r.outlier_column), vb = column_value(*b, r.outlier_column);
    return va != vb ? va < vb : a->seed < b->seed;
  });
  std::vector<std::uint64_t> taken;
  const auto pick = [&](const SweepRow& row, std::string why) {
    if (std::find(taken.begin(), taken.end(), row.seed) != taken.end()) return;
    taken.push_back(row.seed);
    r.pictures.push_back({row.seed, std::move(why), {}});
  };
  const std::size_t n = std::min<std::size_t>(kOutliers, sorted.size());
  for (std::size_t i = 0; i < n; ++i) pick(*sorted[i], "smallest " + r.outlier_column);
  for (std::size_t i = 0; i < n; ++i)
    pick(*sorted[sorted.size() - 1 - i], "largest " + r.outlier_column);
  int bad = 0;
  for (const SweepRow& row : rows) {
    if (bad >= kMaxBadPictures) break;
    if (row.floor_fraction == 0.0) {
      pick(row, "empty");
      ++bad;
    } else if (!row.connected) {
      pick(row, "disconnected");
      ++bad;
    }
  }
}

}  // namespace

SweepResult summarise_sweep(const GeneratorSpec& spec, const ParamValues& params,
                            std::vector<SweepRow> rows, const std::string& column) {
  SweepResult r;
  r.spec = &spec;
  r.params = params;
  r.outlier_column = column.empty() ? "floor_fraction" : column;
  for (const std::string& col : sweep_columns(rows)) {
    if (col == "seed") continue;
    r.histograms.push_back(histogram_of(rows, col));
  }
  std::size_t connected = 0;
  for (const SweepRow& row : rows) connected += row.connected ? 1 : 0;
  r.connected_share =
      rows.empty() ? 0.0 : static_cast<double>(connected) / static_cast<double>(rows.size());
  pick_outliers(r, rows);
  r.rows = std::move(rows);
  return r;
}

void SweepJob::start(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t first,
                     std::uint64_t count, int connectivity, std::string column) {
  launch(spec, params, {first, first + count - 1, connectivity, 0}, std::nullopt,
         std::move(column));
}

void SweepJob::repick(const SweepResult& done, std::string column) {
  if (done.rows.empty()) return;
  launch(*done.spec, done.params, {done.rows.front().seed, done.rows.back().seed, 8, 0}, done.rows,
         std::move(column));
}

void SweepJob::launch(const GeneratorSpec& spec, const ParamValues& params, SweepOptions options,
                      std::optional<std::vector<SweepRow>> rows, std::string column) {
  cancel();
  done_ = std::make_shared<std::atomic<bool>>(false);
  progress_ = std::make_shared<std::atomic<std::uint64_t>>(rows ? rows->size() : 0);
  result_ = std::make_shared<std::optional<SweepResult>>();
  total_ = options.last_seed - options.first_seed + 1;
  // The thread owns copies of everything it reads, and the shared slots it writes.
  // Without threads (the browser build) it runs here, at once.
  auto body = [&spec, params, options, rows = std::move(rows), column, done = done_,
               progress = progress_, result = result_](StopToken stop) mutable {
    if (!rows) {
      rows = run_sweep(
          spec, params, options, [&](std::uint64_t d) { progress->store(d); }, stop);
    }
    if (!stop.stop_requested()) {
      SweepResult r = summarise_sweep(spec, params, std::move(*rows), column);
      for (SweepPicture& p : r.pictures) {
        if (stop.stop_requested()) break;
        Stepper s = start_generator(spec, params, p.seed, false);
        run_to_end(s);
        p.image =
            draw_thumbnail(s.grid(), kThumbnailSide, {.room_colours = spec.text_shows_labels});
      }
      if (!stop.stop_requested()) *result = std::move(r);
    }
    done->store(true, std::memory_order_release);
  };
  if constexpr (kHaveThreads) {
    thread_ = JThread(std::move(body));
  } else {
    body(StopToken{});
  }
}

void SweepJob::cancel() {
  if (thread_.joinable()) {
    thread_.request_stop();
    thread_.join();
  }
}

std::optional<SweepResult> SweepJob::take() {
  if (!result_ || !done_->load(std::memory_order_acquire)) return std::nullopt;
  if (thread_.joinable()) thread_.join();
  std::optional<SweepResult> r = std::move(*result_);
  result_.reset();
  return r;
}

}  // namespace dungen::app
