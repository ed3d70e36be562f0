// "Script" in the left panel, where the build runs generator scripts: the text of the script
// shown, edited in place and run (Ctrl+Enter, or the button) on the same seed, parameters and
// step; over a built-in, an empty editor for a new script, typed or pasted. "save as" writes
// the text (the page downloads it). The logic is logic/script_edit.hpp's; errors go where a
// saved file's go: last in the log, with the line they name.

#include <imgui.h>

#include <string>

#include "app/download.hpp"
#include "app/logic/script_edit.hpp"
#include "app/logic/session.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

// The editor's text grows as it is typed into (ImGui asks for room through this callback).
int grow_text(ImGuiInputTextCallbackData* data) {
  if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    auto* text = static_cast<std::string*>(data->UserData);
    text->resize(static_cast<std::size_t>(data->BufTextLen));
    data->Buf = text->data();
  }
  return 0;
}

// How many lines the editor shows: enough to read a step's code, not the whole panel.
constexpr float kEditorLines = 14.0f;

}  // namespace

void script_section(Session& session, UiState& ui) {
  ScriptEdit& edit = ui.script;
  follow_generator(edit, session.generator());
  const bool a_script = edit.of && !edit.of->source.empty();
  ImGui::PushTextWrapPos(0.0f);
  if (a_script) {
    ImGui::Text("%s%s", edit.name.c_str(), edit.edited ? " (edited: run it to see it)" : "");
  } else {
    ImGui::TextDisabled(
        "%s is built in (C++). Type or paste a generator script here "
        "(docs/SCRIPTING.md), then run it.",
        std::string(session.generator().name).c_str());
  }
  ImGui::PopTextWrapPos();
  // Ctrl+Enter ends the edit and says so (Enter is a new line, Tab a tab).
  const float height = ImGui::GetTextLineHeight() * kEditorLines;
  const bool ctrl_enter = ImGui::InputTextMultiline(
      "##script", edit.text.data(), edit.text.capacity() + 1, {-1.0f, height},
      ImGuiInputTextFlags_CallbackResize | ImGuiInputTextFlags_AllowTabInput |
          ImGuiInputTextFlags_EnterReturnsTrue,
      grow_text, &edit.text);
  if (ImGui::IsItemEdited()) edit.edited = true;
  note_item(ui, "script/editor");

  ImGui::BeginDisabled(edit.text.empty());
  if (ImGui::Button("run") || (ctrl_enter && !edit.text.empty())) edit.run = true;
  note_item(ui, "script/run");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(a_script ? "runs the text in place of %s: same seed, parameters and "
                                 "step (Ctrl+Enter in the editor)"
                               : "runs the text as a new generator, %s (Ctrl+Enter in the editor)",
                      edit.name.c_str());
  }
  ImGui::EndDisabled();
  if (edit.edited) {
    ImGui::SameLine();
    if (ImGui::Button("revert")) {
      edit.edited = false;
      edit.of = nullptr;  // follow_generator reads the shown script's text again
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("back to the text of the script shown");
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(edit.text.empty());
  if (ImGui::Button(files_are_downloads() ? "download" : "save as...")) {
    begin_file_action(session, ui, FileAction::SaveScript);
  }
  note_item(ui, "script/save");
  ImGui::EndDisabled();
  status_line(edit.said, edit.said_error);
}

}  // namespace dungen::app
