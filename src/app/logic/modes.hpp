#pragma once
// The session's modes, shared by the session and its track.

namespace dungen::app {

enum class RunMode {
  Live,  // every change regenerates to the end at once (the default)
  Step,  // every change regenerates to step 0, paused, ready to play
};

enum class RegionsMode {
  Off,
  Animated,  // the region stepper's steps follow the generator's on the timeline
  Instant,   // label_regions at the generator's last step, no steps
};

enum class Phase { Generator, Regions };

}  // namespace dungen::app
