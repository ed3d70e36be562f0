#include "app/logic/scrubber_text.hpp"

#include <algorithm>

#include "app/logic/session.hpp"

namespace dungen::app {

std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string scrubber_format(std::uint64_t earliest, std::uint64_t recorded) {
  // Digits ungrouped, as the position (ImGui prints it) and the stats panel have them.
  std::string f = "step %llu of " + std::to_string(recorded);
  if (earliest > 0) f += " (history from step " + std::to_string(earliest) + ")";
  return f;
}

bool scrubber_empty(std::uint64_t recorded) {
  return recorded == 0;
}

ScrubSpan scrubber_span(const Session& session) {
  const std::uint64_t earliest = session.rebuilding() ? 0 : session.earliest();
  return {earliest, std::max(session.recorded(), earliest)};
}

}  // namespace dungen::app
