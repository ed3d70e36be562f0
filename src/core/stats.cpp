#include "core/stats.hpp"

#include <cstdio>
#include <utility>

namespace dungen {

std::string percent_text(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", fraction * 100.0);
  return buf;
}

StatRow count_row(std::string key, std::string label, std::int64_t value) {
  return {std::move(key), std::move(label), std::to_string(value), value};
}

}  // namespace dungen
