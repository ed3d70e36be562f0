#include "app/logic/speed.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace dungen::app {

namespace {
const double kDecades = std::log10(kMaxSpeed / kMinSpeed);
}

double clamp_speed(double steps_per_second) {
  if (std::isnan(steps_per_second)) return kDefaultSpeed;
  return std::clamp(steps_per_second, kMinSpeed, kMaxSpeed);
}

double speed_from_slider(double t) {
  if (std::isnan(t)) return kDefaultSpeed;
  t = std::clamp(t, 0.0, 1.0);
  return clamp_speed(kMinSpeed * std::pow(10.0, t * kDecades));
}

double slider_from_speed(double steps_per_second) {
  const double s = clamp_speed(steps_per_second);
  return std::clamp(std::log10(s / kMinSpeed) / kDecades, 0.0, 1.0);
}

Clock steady_clock_seconds() {
  return [] {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
  };
}

}  // namespace dungen::app
