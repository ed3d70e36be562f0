#pragma once
// What a run of the app tells whoever runs it, beside the picture: the frame log
// (DUNGEN_VIZ_FRAME_LOG=FILE, for scripts/frame-times.sh), the browser page's state lines (for
// tests/web, which drives the page from its console), and the figures a headless run prints at
// the end. It keeps what it last said, so it says a thing again only when it changed; it reads
// no clock and no session, so it is tested with plain values.

#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace dungen::app {

// Where a frame's time went, in seconds: panels, session, texture upload, map, UI and present.
using FrameParts = std::array<double, 5>;

// Where the run stands, as the lines tell it.
struct RunState {
  std::uint64_t position = 0;
  std::uint64_t recorded = 0;
  bool playing = false;
  bool busy = false;
};

// What a frame log line says besides its times: of the map on show, and of what came before it.
struct FrameFlags {
  bool rebuilding = false;  // a new map is being built (Session::rebuilding): this is the last
  bool parked = false;      // its texture is given back, its last picture shown (TextureStager)
  // The loop waited for input before this frame, nothing on screen moving (App::animating false):
  // the time since the frame before was idle, not a frame late. (A wait may end without input,
  // at the idle redraw, and the input come a frame later.)
  bool woke = false;
  // Whether the UI's pass drew the frame (app/ui_pass.hpp: not when it could look no other than
  // the last one drawn, which the window shows already).
  bool drawn = true;
};

class RunReport {
 public:
  RunReport() = default;
  RunReport(const RunReport&) = delete;
  RunReport& operator=(const RunReport&) = delete;
  ~RunReport() { close_frame_log(); }

  // The frame log: a line a frame, "seconds-since-start frame-ms working", where the frame's
  // milliseconds went ("panels session upload map present"), then "rebuilding parked woke
  // drawn" (FrameFlags, 1 or 0 each).
  void open_frame_log(const char* path);
  void close_frame_log();
  void log_frame(double start, double took, bool working, const FrameParts& parts,
                 FrameFlags flags);
  static std::string frame_log_line(double start, double took, bool working,
                                    const FrameParts& parts, FrameFlags flags);

  // The page's list of drawn items changed since it was last printed (the layout is printed
  // again: where to click).
  bool items_changed(const std::string& items);
  // The page's state line when the run moved (while playing, at most every kReportSeconds) and
  // is not busy: "dungen-viz: step 3 of 120, paused, 5.1 ms a frame (the last: ...)", the mean
  // of the frames drawn since the last such line (or this one's time when none). frames and
  // total_seconds count the frames drawn so far and their time (the first one excepted).
  std::optional<std::string> page_line(const RunState& run, double drawn_at, int frames,
                                       double total_seconds, double took, const FrameParts& parts);

  // The first frame was shown `seconds` after main started.
  void first_shown(double seconds) { first_shown_ = seconds; }
  double first_shown() const { return first_shown_; }
  // A headless run's figures at the end (never asserted: times vary by machine).
  std::string end_figures(const RunState& run, int frames, double mean_seconds,
                          double slowest_seconds) const;

 private:
  std::FILE* frame_log_ = nullptr;
  double first_shown_ = 0.0;  // seconds since main started
  std::string printed_items_;
  std::uint64_t reported_position_ = UINT64_MAX;
  bool reported_playing_ = false;
  double last_report_ = 0.0;
  int frames_at_report_ = 1;  // (the total counts from the second frame)
  double total_at_report_ = 0.0;
};

// The browser build's state line comes at most this often while playing.
inline constexpr double kReportSeconds = 0.25;

}  // namespace dungen::app
