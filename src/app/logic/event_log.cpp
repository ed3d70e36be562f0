#include "app/logic/event_log.hpp"

#include <algorithm>

#include "core/timeline.hpp"

namespace dungen::app {

void append_log(const Timeline& timeline, const Narration& narration, const ParamValues& params,
                std::uint64_t first, std::uint64_t last, std::uint64_t number_offset,
                std::size_t max_lines, std::vector<LogEntry>& out) {
  if (max_lines == 0 || last <= first) return;
  // Only the newest max_lines can survive: never describe more than that.
  first = std::max({first, timeline.earliest(), last > max_lines ? last - max_lines : 0});
  for (std::uint64_t k = first + 1; k <= last; ++k) {
    const Step* at = timeline.step_at(k);
    if (!at) continue;
    const Step s = *at;  // a copy: draws_at may decode over the timeline's
    std::string text = narration.words(s, params);
    if (const std::vector<Draw> draws = timeline.draws_at(k); !draws.empty()) {
      text += "  [" + step_draws_text(narration, s, draws, params) + "]";
    }
    out.push_back({number_offset + k, s.level, std::move(text)});
  }
  if (out.size() > max_lines) {
    out.erase(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(out.size() - max_lines));
  }
}

std::string format_log_entry(const LogEntry& e) {
  // Appended piece by piece: gcc 12 warns falsely (-Wrestrict) on "#" + std::to_string(...).
  std::string s;
  s += '#';
  s += std::to_string(e.step);
  s += ' ';
  std::string level(level_name(e.level));
  level.resize(8, ' ');
  s += level;
  s += e.text;
  return s;
}

}  // namespace dungen::app
