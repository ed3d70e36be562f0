// dungen-viz: watch the dungeon generators work, step by step.

#include <chrono>
#include <cstdio>
#include <string>
#include <variant>
#include <vector>

#include "app/app.hpp"
#include "app/logic/memory.hpp"
#include "app/options.hpp"
#include "app/page.hpp"
#if defined(DUNGEN_HAVE_SCRIPTS)
#include "script/shipped_scripts.hpp"
#endif

namespace {

#if defined(DUNGEN_HAVE_SCRIPTS)
// The Script section refuses what the script host would not read: one cap, said in two places.
static_assert(dungen::app::kMaxEditedScriptBytes == dungen::script::kMaxScriptBytes);

// A script as a generator: the spec, kept alive with the script that owns it.
dungen::Checked<std::shared_ptr<const dungen::GeneratorSpec>> as_spec(
    dungen::Checked<std::shared_ptr<const dungen::script::ScriptGenerator>> loaded) {
  if (!loaded) return loaded.error();
  const std::shared_ptr<const dungen::script::ScriptGenerator> script = *loaded;
  return std::shared_ptr<const dungen::GeneratorSpec>(script, &script->spec());
}

dungen::Checked<std::shared_ptr<const dungen::GeneratorSpec>> load_script_spec(
    const std::string& path) {
  return as_spec(dungen::script::ScriptGenerator::load(path));
}

// The same from the text the Script section holds, with the name its errors call it.
dungen::Checked<std::shared_ptr<const dungen::GeneratorSpec>> load_script_text_spec(
    const std::string& text, const std::string& name) {
  return as_spec(dungen::script::ScriptGenerator::from_source(text, name));
}

// The shipped scripts the list shows (a built-in's script twin is left to --script).
std::vector<std::shared_ptr<const dungen::GeneratorSpec>> shipped_script_specs() {
  std::vector<std::shared_ptr<const dungen::GeneratorSpec>> out;
  for (const dungen::script::ShippedScript& s : dungen::script::shipped_scripts()) {
    if (s.same_name_as_built_in) continue;
    if (auto spec = load_script_spec(s.path)) out.push_back(std::move(*spec));
  }
  return out;
}
#endif

int run(const std::vector<std::string>& args, std::chrono::steady_clock::time_point started) {
  using namespace dungen::app;
#if defined(__EMSCRIPTEN__)
  ParseContext where{.page = true, .lesson_dirs = {DUNGEN_INSTALLED_PRESETS}};
#else
  ParseContext where{.page = false,
                     .lesson_dirs = {DUNGEN_INSTALLED_PRESETS, DUNGEN_SOURCE_PRESETS}};
#endif
#if defined(DUNGEN_HAVE_SCRIPTS)
  where.load_script = load_script_spec;
  where.load_script_text = load_script_text_spec;
  where.shipped_scripts = shipped_script_specs();
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
  dungen::app::give_big_blocks_their_own_pages();  // before any thread (app/logic/memory.hpp)
  const int code = run(std::vector<std::string>(argv + 1, argv + argc), started);
  // The page keeps running after main (its frames); it returns here only when the app ended
  // at once: the page then shows what was printed (nothing happens on the desktop).
  dungen::app::page::ended(code);
  return code;
}
