#pragma once
// How much to run at a time. The generator decides where it can pause (its steps); the caller
// decides how many steps to run: one, N, until a step of some level, or to the end. Works on a
// Stepper (forward only) or a Timeline (which records what it runs).

#include <concepts>
#include <cstdint>

#include "core/step.hpp"

namespace dungen {

template <class S>
concept StepSource = requires(S s) {
  { s.next() } -> std::same_as<const Step*>;
};

struct RunResult {
  std::uint64_t steps = 0;     // steps run
  bool finished = false;       // the source ran out of steps
  const Step* last = nullptr;  // the last step run, if any
};

// Runs up to n steps.
template <StepSource S>
RunResult run_steps(S& source, std::uint64_t n) {
  RunResult r;
  while (r.steps < n) {
    const Step* s = source.next();
    if (!s) {
      r.finished = true;
      break;
    }
    r.last = s;
    ++r.steps;
  }
  return r;
}

// Runs until a step whose level is at least `level` has run (included), at most max_steps.
template <StepSource S>
RunResult run_until(S& source, StepLevel level, std::uint64_t max_steps = UINT64_MAX) {
  RunResult r;
  while (r.steps < max_steps) {
    const Step* s = source.next();
    if (!s) {
      r.finished = true;
      break;
    }
    r.last = s;
    ++r.steps;
    if (s->level >= level) break;
  }
  return r;
}

// Runs every remaining step. Terminates because every generator's loops are bounded.
template <StepSource S>
RunResult run_to_end(S& source) {
  return run_steps(source, UINT64_MAX);
}

}  // namespace dungen
