#include "app/logic/frame_pacer.hpp"

#include <algorithm>

namespace dungen::app {

void FramePacer::saw_events(int events) {
  if (events > 0) {
    settle_frames_ = kSettleFrames;
  } else if (settle_frames_ > 0) {
    --settle_frames_;
  }
}

bool FramePacer::skip_idle_page_frame(double now, int events, bool animating,
                                      bool editing_text) const {
  return events == 0 && !animating && now - last_drawn_ < idle_wait(editing_text);
}

double FramePacer::start_frame(double now) {
  const double dt = now - last_;
  last_ = now;
  ++frames_;
  return dt;
}

void FramePacer::drawn(double took, double now) {
  last_drawn_ = now;
  if (frames_ > 1) {
    slowest_ = std::max(slowest_, took);
    total_ += took;
  }
}

double FramePacer::spare(bool only_work, double spent) const {
  if (!paced_) return 0.0;
  const double period = only_work ? kWorkingFrameSeconds : kMinFrameSeconds;
  return std::max(0.0, period - spent);
}

}  // namespace dungen::app
