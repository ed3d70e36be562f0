#include "app/logic/script_edit.hpp"

#include <algorithm>

#include "app/logic/session.hpp"

namespace dungen::app {

void follow_generator(ScriptEdit& edit, const GeneratorSpec& shown) {
  if (edit.edited || edit.of == &shown) return;
  edit.of = &shown;
  edit.text = std::string(shown.source);
  edit.name =
      shown.source_name.empty() ? std::string(kNewScriptName) : std::string(shown.source_name);
}

const GeneratorSpec* run_script_text(Session& session, ScriptEdit& edit,
                                     const ScriptTextLoader& load) {
  edit.run = false;
  if (!load) {
    session.set_script_error("this build runs no scripts", "");
    return nullptr;
  }
  if (edit.text.size() > kMaxEditedScriptBytes) {
    session.set_script_error(edit.name + " is " + std::to_string(edit.text.size()) +
                                 " bytes: a script is at most " +
                                 std::to_string(kMaxEditedScriptBytes) + " bytes",
                             "");
    return nullptr;
  }
  auto loaded = load(edit.text, edit.name);
  if (!loaded) {
    // As a watched file's error: Lua's own messages start "NAME.lua:LINE:" already.
    session.set_script_error(loaded.error().message, edit.text);
    return nullptr;
  }
  // The script the text came from, if it is still a script in the list (a built-in keeps its
  // place: the new script is added beside it).
  const auto listed = session.generators();
  const GeneratorSpec* before =
      edit.of && !edit.of->source.empty() &&
              std::find(listed.begin(), listed.end(), edit.of) != listed.end()
          ? edit.of
          : nullptr;
  const GeneratorSpec* now = loaded->get();
  session.replace_generator(before, std::move(*loaded));
  session.select_generator(*now);
  edit.of = now;
  edit.edited = false;
  return before;
}

}  // namespace dungen::app
