#include "app/logic/run_report.hpp"

#include <algorithm>

namespace dungen::app {
namespace {

// printf into a std::string (the lines are short; a longer one is cut, never overrun).
template <class... Args>
std::string format(const char* pattern, Args... args) {
  char buf[512];
  const int n = std::snprintf(buf, sizeof buf, pattern, args...);
  return std::string(buf, n < 0 ? 0 : std::min(static_cast<std::size_t>(n), sizeof buf - 1));
}

}  // namespace

void RunReport::open_frame_log(const char* path) {
  close_frame_log();
  if (path) frame_log_ = std::fopen(path, "w");
}

void RunReport::close_frame_log() {
  if (frame_log_) std::fclose(frame_log_);
  frame_log_ = nullptr;
}

std::string RunReport::frame_log_line(double start, double took, bool working,
                                      const FrameParts& parts, FrameFlags flags) {
  return format("%.3f %.2f %d %.1f %.1f %.1f %.1f %.1f %d %d %d %d\n", start, took * 1000.0,
                working ? 1 : 0, parts[0] * 1e3, parts[1] * 1e3, parts[2] * 1e3, parts[3] * 1e3,
                parts[4] * 1e3, flags.rebuilding ? 1 : 0, flags.parked ? 1 : 0, flags.woke ? 1 : 0,
                flags.drawn ? 1 : 0);
}

void RunReport::log_frame(double start, double took, bool working, const FrameParts& parts,
                          FrameFlags flags) {
  if (!frame_log_) return;
  std::fputs(frame_log_line(start, took, working, parts, flags).c_str(), frame_log_);
  std::fflush(frame_log_);
}

bool RunReport::items_changed(const std::string& items) {
  if (items == printed_items_) return false;
  printed_items_ = items;
  return true;
}

std::optional<std::string> RunReport::page_line(const RunState& run, double drawn_at, int frames,
                                                double total_seconds, double took,
                                                const FrameParts& parts) {
  const bool moved = run.position != reported_position_ || run.playing != reported_playing_;
  const bool due =
      !run.playing || run.playing != reported_playing_ || drawn_at - last_report_ >= kReportSeconds;
  if (!moved || !due || run.busy) return std::nullopt;
  reported_position_ = run.position;
  reported_playing_ = run.playing;
  last_report_ = drawn_at;
  const int since = frames - frames_at_report_;
  const double mean_ms =
      since > 0 ? (total_seconds - total_at_report_) * 1000.0 / since : took * 1000.0;
  frames_at_report_ = frames;
  total_at_report_ = total_seconds;
  return format(
      "dungen-viz: step %llu of %llu, %s, %.1f ms a frame (the last: panels %.1f, session "
      "%.1f, upload %.1f, map %.1f, UI and present %.1f)\n",
      static_cast<unsigned long long>(run.position), static_cast<unsigned long long>(run.recorded),
      run.playing ? "playing" : "paused", mean_ms, parts[0] * 1e3, parts[1] * 1e3, parts[2] * 1e3,
      parts[3] * 1e3, parts[4] * 1e3);
}

std::string RunReport::end_figures(const RunState& run, int frames, double mean_seconds,
                                   double slowest_seconds) const {
  return format("dungen-viz: first frame shown %.0f ms after start (%s)\n", first_shown_ * 1000.0,
                run.busy ? "work still under way" : "finished") +
         format(
             "dungen-viz: %d frames, after the first: mean %.1f ms, slowest %.1f ms; step %llu "
             "of %llu%s\n",
             frames, mean_seconds * 1000.0, slowest_seconds * 1000.0,
             static_cast<unsigned long long>(run.position),
             static_cast<unsigned long long>(run.recorded), run.busy ? " (still working)" : "");
}

}  // namespace dungen::app
