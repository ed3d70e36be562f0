// dungen-viz: watch the dungeon generators work, step by step.

#include <chrono>
#include <cstdio>
#include <string>
#include <variant>
#include <vector>

#include "app/app.hpp"
#include "app/options.hpp"

int main(int argc, char** argv) {
  const auto started = std::chrono::steady_clock::now();
  using namespace dungen::app;
  const std::vector<std::string> args(argv + 1, argv + argc);
  const ParseResult parsed = parse_options(args);
  if (const auto* help = std::get_if<HelpRequested>(&parsed)) {
    std::fputs(help->text.c_str(), stdout);
    return kExitOk;
  }
  if (const auto* bad = std::get_if<BadFlags>(&parsed)) {
    std::fprintf(stderr, "dungen-viz: %s\n", bad->message.c_str());
    return kExitBadFlags;
  }
  return run_app(std::get<AppOptions>(parsed), started);
}
