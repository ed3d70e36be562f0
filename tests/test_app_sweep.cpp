// The app's sweep job: it runs on its own thread, ends with histograms that count every seed,
// pictures of the outliers in order, and can be cancelled.

#include <gtest/gtest.h>

#include <chrono>
#include <numeric>
#include <thread>

#include "app/logic/sweep_job.hpp"
#include "lab/sweep_export.hpp"

namespace dungen::app {
namespace {

// A test waits at most this long for a small sweep (a bound, not a timing: it fails only if hung).
constexpr auto kPatience = std::chrono::seconds(120);

std::optional<SweepResult> wait_for(SweepJob& job) {
  const auto until = std::chrono::steady_clock::now() + kPatience;
  while (std::chrono::steady_clock::now() < until) {
    if (auto r = job.take()) return r;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return std::nullopt;
}

TEST(AppSweep, HistogramsCountEverySeedAndOutliersAreInOrder) {
  const GeneratorSpec& spec = *find_generator("cellular-caves");
  SweepJob job;
  job.start(spec, spec.schema.defaults(), 1, 60, 8, "regions");
  auto r = wait_for(job);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(job.progress(), 60u);
  ASSERT_EQ(r->rows.size(), 60u);
  EXPECT_EQ(r->histograms.size(), sweep_columns(r->rows).size() - 1);
  for (const SweepHistogram& h : r->histograms) {
    EXPECT_EQ(std::accumulate(h.counts.begin(), h.counts.end(), 0.0f), 60.0f) << h.column;
  }
  // Pictures: 12 smallest by regions (ascending), 12 largest (descending), then the bad ones.
  ASSERT_GE(r->pictures.size(), 24u);
  const auto regions_of = [&](std::uint64_t seed) { return r->rows[seed - 1].regions; };
  for (int i = 0; i + 1 < kOutliers; ++i) {
    EXPECT_LE(regions_of(r->pictures[i].seed), regions_of(r->pictures[i + 1].seed));
    EXPECT_EQ(r->pictures[i].why, "smallest regions");
  }
  for (const SweepPicture& p : r->pictures) {
    EXPECT_GT(p.image.width, 0);
    EXPECT_LE(std::max(p.image.width, p.image.height), kThumbnailSide);
    if (p.why == "disconnected") {
      EXPECT_FALSE(r->rows[p.seed - 1].connected);
    }
  }
  std::size_t connected = 0;
  for (const SweepRow& row : r->rows) connected += row.connected;
  EXPECT_DOUBLE_EQ(r->connected_share, static_cast<double>(connected) / 60.0);
}

TEST(AppSweep, ACancelledSweepEndsWithoutAResult) {
  const GeneratorSpec& spec = *find_generator("room-accretion");
  SweepJob job;
  job.start(spec, spec.schema.defaults(), 1, 100000, 8);
  EXPECT_TRUE(job.running());
  job.cancel();
  EXPECT_FALSE(job.running());
  EXPECT_FALSE(job.take().has_value());
  EXPECT_LT(job.progress(), 100000u);
}

}  // namespace
}  // namespace dungen::app
