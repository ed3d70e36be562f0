#pragma once
// dungen-viz's main loop, in the Dear ImGui example's order: poll, skip when minimised, new
// frame, UI, render, swap. Returns the process exit code (see options.hpp).

#include <chrono>

#include "app/options.hpp"

namespace dungen::app {

// `started`: when the program started (main's first line); the app's clock counts from it.
int run_app(const AppOptions& options, std::chrono::steady_clock::time_point started);

}  // namespace dungen::app
