// dungen-viz: watch the dungeon generators work, step by step.

#include <chrono>
#include <cstdio>
#include <string>
#include <variant>
#include <vector>

#include "app/app.hpp"
#include "app/options.hpp"
#include "app/page.hpp"

namespace {

int run(const std::vector<std::string>& args, std::chrono::steady_clock::time_point started) {
  using namespace dungen::app;
#if defined(__EMSCRIPTEN__)
  const ParseContext where{.page = true, .lesson_dirs = {DUNGEN_INSTALLED_PRESETS}};
#else
  const ParseContext where{.page = false,
                           .lesson_dirs = {DUNGEN_INSTALLED_PRESETS, DUNGEN_SOURCE_PRESETS}};
#endif
  const ParseResult parsed = parse_options(args, where);
  if (const auto* help = std::get_if<HelpRequested>(&parsed)) {
    std::fputs(help->text.c_str(), stdout);
    std::fflush(stdout);
    return kExitOk;
  }
  if (const auto* bad = std::get_if<BadFlags>(&parsed)) {
    std::fprintf(stderr, "dungen-viz: %s\n", bad->message.c_str());
    return kExitBadFlags;
  }
  return run_app(std::get<AppOptions>(parsed), started);
}

}  // namespace

int main(int argc, char** argv) {
  const auto started = std::chrono::steady_clock::now();
  const int code = run(std::vector<std::string>(argv + 1, argv + argc), started);
  // The page keeps running after main (its frames); it returns here only when the app ended
  // at once: the page then shows what was printed (nothing happens on the desktop).
  dungen::app::page::ended(code);
  return code;
}
