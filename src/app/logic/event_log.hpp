#pragma once
// "What just happened": the last steps up to the cursor, in the words of the algorithm that made
// them (its Narration), with the values each step drew.

#include <cstdint>
#include <string>
#include <vector>

#include "core/narration.hpp"
#include "core/step.hpp"

namespace dungen {
class Timeline;
}

namespace dungen::app {

// How many lines the log panel keeps.
inline constexpr std::size_t kLogLines = 100;

struct LogEntry {
  std::uint64_t step = 0;  // the step's number on the session's scrubber (1-based)
  StepLevel level = StepLevel::Cell;
  std::string text;  // "attempt 4 rejected: it touches room 2", then the draws: "[w = 7, h = 5]"
};

// Appends the steps (first, last] of timeline to out, oldest first, numbering them from
// number_offset + k, keeping at most max_lines (the newest).
void append_log(const Timeline& timeline, const Narration& narration, const ParamValues& params,
                std::uint64_t first, std::uint64_t last, std::uint64_t number_offset,
                std::size_t max_lines, std::vector<LogEntry>& out);

// One line: "#12 action  attempt 4 rejected: it touches room 2".
std::string format_log_entry(const LogEntry& e);

}  // namespace dungen::app
