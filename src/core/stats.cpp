#include "core/stats.hpp"

#include <cstdio>

namespace dungen {

std::string percent_text(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", fraction * 100.0);
  return buf;
}

}  // namespace dungen
