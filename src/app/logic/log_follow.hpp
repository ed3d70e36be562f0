#pragma once
// Whether the log panel follows its newest line (the current step). It does, after any resize,
// scrub or step, until the user scrolls it up to read; then it stays where the user put it
// until they scroll back to the bottom or press "follow". The GL side reads the scroll state
// after laying the lines out and scrolls to the newest line whenever this says so.
//
// Following is a state, not "the scroll is near the bottom": a resize that rewraps the lines,
// or a jump that replaces them all, moves the bottom away from where the scroll was, and a
// test of the distance would then stop following without the user doing anything.

namespace dungen::app {

struct LogScroll {
  float y = 0.0f;      // the log's scroll offset this frame
  float max_y = 0.0f;  // the largest offset (0 when every line fits)
  float line = 0.0f;   // a line's height: how close to the bottom counts as at the bottom
  // The user moved the log up this frame (the wheel over it, its scroll bar dragged up).
  bool user_scrolled_up = false;
};

class LogFollow {
 public:
  explicit LogFollow(bool following = true) : following_(following) {}
  // Call once a frame; true: scroll to the newest line.
  bool update(const LogScroll& s) {
    if (following_ && s.user_scrolled_up && s.max_y > 0.0f) following_ = false;
    // Back at the bottom (or nothing left to scroll): follow again.
    if (!following_ && !s.user_scrolled_up && s.y >= s.max_y - 0.5f * s.line) following_ = true;
    return following_;
  }
  void follow() { following_ = true; }  // the "follow" button
  bool following() const { return following_; }

 private:
  bool following_ = true;
};

}  // namespace dungen::app
