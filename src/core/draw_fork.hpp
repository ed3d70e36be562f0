#pragma once
// "What if this draw were different": one named random draw of one step given a value of the
// user's choosing. The RNG is drawn from exactly as before, so every later draw reads the same
// stream, and only the value the body is handed changes: whatever differs from the unforked run
// follows from that one choice. Steps before the fork are the unforked run's, bit for bit.
//
// Written "STEP:NAME=VALUE" in share strings, presets and on the command line ("12:w=9"); a
// step drawing the same name more than once names the later ones "NAME#2", "NAME#3".

#include <cstdint>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace dungen {

struct DrawFork {
  std::uint64_t step = 0;  // 1-based: the step whose draw is replaced
  std::string name;        // the draw's name, as the step's draws list it
  int occurrence = 1;      // which draw of that name in the step: 1 is the first
  std::int64_t value = 0;  // set to this, moved into the draw's range if outside it
  friend bool operator==(const DrawFork&, const DrawFork&) = default;
};

// The most draws of one name in one step a fork can pick from ("NAME#N").
inline constexpr int kMaxForkOccurrence = 1000000;

// A draw as a fork names it: "w", or "w#2" for its step's second draw of that name.
std::string fork_draw_name(std::string_view name, int occurrence);
std::string fork_draw_name(const DrawFork& fork);
std::string fork_text(const DrawFork& fork);  // "12:w=9", "12:dir#2=1"
// The text as written above. The error says what was given and what is allowed.
Checked<DrawFork> parse_fork(std::string_view text);

// What a fork did to its run: nothing yet (the step not reached, or it drew no such value), or
// which draw it changed, from what to what.
struct ForkOutcome {
  bool applied = false;
  std::int64_t drawn = 0;  // the value the RNG gave
  std::int64_t value = 0;  // the value the body got (the fork's, within lo..hi)
  std::int32_t lo = 0, hi = -1;
};

}  // namespace dungen
