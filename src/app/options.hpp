#pragma once
// The command line of dungen-viz. Parsing is separate from the window so a bad flag is reported
// (one line, exit 2) before anything graphical starts.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/logic/headless.hpp"
#include "app/logic/script_edit.hpp"
#include "io/preset.hpp"

namespace dungen::app {

// Exit codes: the launcher script (scripts/run-app.sh) relies on kExitNoDisplay to fall back to
// printing a map with the `dungen` CLI.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // a runtime failure (GL error, screenshot not written)
inline constexpr int kExitBadFlags = 2;
inline constexpr int kExitNoDisplay = 3;

// Reads a generator script (src/script) from its file: the generator, or what is wrong.
using ScriptLoader =
    std::function<Checked<std::shared_ptr<const GeneratorSpec>>(const std::string&)>;
// (ScriptTextLoader, from the text: logic/script_edit.hpp.)

struct AppOptions {
  // The session's starting state (generator, seed, parameters, steps, back, regions).
  HeadlessSetup setup;
  int frames = 0;                         // > 0: render this many frames, then exit
  std::optional<std::string> screenshot;  // write the last frame here (PNG)
  // Leave the run to the frames (under their time budget, with the progress bar), as the
  // interactive app does, instead of finishing it before the first frame.
  bool no_wait = false;
  int width = 1280;  // window size in screen coordinates
  int height = 720;
  float font_scale = 1.0f;
  bool projector = false;  // start in projector mode
  // Compare mode (--compare): pane B starts as a copy of A, then takes these.
  bool compare = false;
  bool by_fraction = false;                    // --by-fraction: B follows by share of its run
  const GeneratorSpec* b_generator = nullptr;  // --b-generator (none: A's)
  std::optional<std::uint64_t> b_seed;         // --b-seed
  std::optional<ParamValues> b_params;         // --b-PARAM VALUE... (B's schema; validated)
  // --sweep N: open the Sweep pane on N seeds from the seed (a headless picture waits for it).
  std::optional<std::uint64_t> sweep_seeds;
  // The preset --preset or --share gave (its title and note are shown under the map), and
  // whether it came from a share string (which carries no note: a lesson's may match it).
  std::optional<Preset> preset;
  bool preset_is_share = false;
  // The generators beyond the built-ins: the shipped scripts, then each --script FILE (the
  // first of which is opened unless --generator says otherwise). The files the app watches
  // (and reads again when one changes) are --script's.
  std::vector<std::shared_ptr<const GeneratorSpec>> scripts;
  struct WatchedScript {
    std::string path;
    const GeneratorSpec* spec = nullptr;  // null: the file did not read as a script (yet)
    std::string error;                    // why not, shown under the log
  };
  std::vector<WatchedScript> watched;
  ScriptLoader load_script;           // to read a watched script again
  ScriptTextLoader load_script_text;  // to run the Script section's text
};

// --help, --version or --keys: the text goes to standard output and the program exits 0.
struct HelpRequested {
  std::string text;
};
struct BadFlags {
  std::string message;  // one line: what is wrong and what is allowed
};

using ParseResult = std::variant<AppOptions, HelpRequested, BadFlags>;

// Where the line comes from: the desktop's command line, or the browser page's address (which
// refuses the flags that mean nothing there and points to dungen.html?help), and the folders the
// lesson presets are in (--preset NAME finds a lesson by name).
struct ParseContext {
  bool page = false;
  std::vector<std::string> lesson_dirs;
  // Scripts: the loader (none: --script is refused) and the shipped ones, listed after the
  // built-ins.
  ScriptLoader load_script;
  ScriptTextLoader load_script_text;
  std::vector<std::shared_ptr<const GeneratorSpec>> shipped_scripts;
};

ParseResult parse_options(const std::vector<std::string>& args, const ParseContext& where = {});

}  // namespace dungen::app
