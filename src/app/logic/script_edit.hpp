#pragma once
// A generator script edited in the app (the "Script" section): the page's way to write one, and a
// quick change on the desktop (whose main way is the student's own editor, which the app
// watches). The editor follows the generator shown, as long as nothing was typed; "run" reads
// the typed text as a script that takes the shown one's place, with its seed, parameters and
// step, as a saved file's does.

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "generators/registry.hpp"

namespace dungen::app {

class Session;

// Reads a generator script from its text, with the name its errors call it ("gen.lua"): the
// generator, or what is wrong.
using ScriptTextLoader = std::function<Checked<std::shared_ptr<const GeneratorSpec>>(
    const std::string& text, const std::string& name)>;

// The longest text the editor holds (the script host reads no more: kMaxScriptBytes).
inline constexpr std::size_t kMaxEditedScriptBytes = 1 << 20;

// What a script typed over a built-in is called until it is saved.
inline constexpr std::string_view kNewScriptName = "my-generator.lua";

struct ScriptEdit {
  std::string text;                   // what the editor holds
  const GeneratorSpec* of = nullptr;  // the script it was loaded from (null: a new script)
  std::string name{kNewScriptName};   // what errors call it, and a saved file's name
  bool edited = false;                // typed into since it was loaded or run
  bool run = false;                   // "run" was pressed: the app reads the text at its next frame
  bool open = false;  // the section was open at the last frame (the panel widens for it)
  std::string said;   // what the last save did, or why it failed
  bool said_error = false;
};

// While nothing is typed, the editor holds the text of the generator shown: a script's own, or
// nothing for a built-in (a new script is typed or pasted there).
void follow_generator(ScriptEdit& edit, const GeneratorSpec& shown);

// Reads the text: a good script takes the place of the one the text came from (when that is
// still listed) and is shown, on the same seed, parameters and step; the editor then follows
// it. A bad one leaves the run as it was and puts its error, with its line, under the log. The
// script that was replaced (null: none, or the text did not read).
const GeneratorSpec* run_script_text(Session& session, ScriptEdit& edit,
                                     const ScriptTextLoader& load);

}  // namespace dungen::app
