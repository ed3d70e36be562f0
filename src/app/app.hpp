#pragma once
// dungen-viz's main loop, in the Dear ImGui example's order: poll, skip when minimised, new
// frame, UI, render, swap. Returns the process exit code (see options.hpp).

#include "app/options.hpp"

namespace dungen::app {

int run_app(const AppOptions& options);

}  // namespace dungen::app
