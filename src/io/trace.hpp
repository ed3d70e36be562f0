#pragma once
// The text trace of a run (`dungen generate ... --trace FILE`): every step as one JSON object per
// line (JSON Lines), for teaching material and for tests. Each line holds the step's number
// (1-based), the algorithm, its level, the pseudocode line it performs (number, 1-based, and
// text), the words the app's log shows, the values it drew, and the cells it changed with the
// layers that changed:
//   {"step":12,"algorithm":"rooms-and-tunnels","level":"action","line":5,"code":"...",
//    "words":"attempt 4 rejected: it touches room 2","draws":{"w":7,"h":5},
//    "changes":[{"x":3,"y":4,"tile":"floor","label":0},{"x":5,"y":6,"n":7,"tile":"floor"}]}
// (the second a run: 7 cells from x = 5 to the right, changed alike).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/canvas.hpp"
#include "core/narration.hpp"
#include "core/step.hpp"
#include "io/json_writer.hpp"

namespace dungen {

// A trace's size is bounded (`--trace-limit MB`): a 4096x4096 run can write many GB. Past the
// limit the trace is refused (the file there, if any, kept).
inline constexpr std::uint64_t kDefaultTraceLimitMb = 256;
inline constexpr std::uint64_t kMaxTraceLimitMb = 65536;  // 64 GB

struct TraceLine {
  std::uint64_t number = 0;
  std::string_view algorithm;
  const Step& step;
  std::span<const Draw> draws;
  std::span<const CellChange> changes;
};

// One line of the trace, newline included.
std::string trace_line(const TraceLine& t, const Narration& narration, const ParamValues& params,
                       const Grid& grid);
// The same streamed to `sink` in pieces (a smoothing pass over a 4096x4096 map changes millions
// of cells in one step: its line is never whole in memory).
void write_trace_line(const TraceLine& t, const Narration& narration, const ParamValues& params,
                      const Grid& grid, const TextSink& sink);

}  // namespace dungen
