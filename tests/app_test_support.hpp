#pragma once
// A session for tests: a clock that never moves (so only the step cap ends a frame's work) and a
// fixed dice seed.

#include <cstdint>

#include "app/logic/session.hpp"
#include "app/logic/speed.hpp"

namespace dungen::app {

inline SessionConfig frozen_clock(std::uint64_t dice_seed) {
  SessionConfig cfg;
  cfg.clock = [] { return 0.0; };
  cfg.budget = {1.0, kDefaultMaxStepsPerFrame};
  cfg.dice_seed = dice_seed;
  return cfg;
}

}  // namespace dungen::app
