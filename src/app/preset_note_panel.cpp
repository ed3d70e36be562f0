// The loaded preset's title and teaching note, under the map (normal and projector mode alike),
// for as long as the map is the preset's (logic/preset_note.hpp).

#include <imgui.h>

#include <algorithm>

#include "app/logic/session.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

bool shown(const Session& session, const UiState& ui) {
  return ui.preset_note && note_applies(*ui.preset_note, session);
}

}  // namespace

float measure_preset_note(const Session& session, const UiState& ui, float width) {
  if (!shown(session, ui)) return 0.0f;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float text_w = std::max(width - 2.0f * style.WindowPadding.x, 1.0f);
  const PresetNote& n = *ui.preset_note;
  float h = 2.0f * style.WindowPadding.y;
  if (!n.title.empty()) {
    h += ImGui::CalcTextSize(n.title.c_str(), nullptr, false, text_w).y + style.ItemSpacing.y;
  }
  if (!n.note.empty()) h += ImGui::CalcTextSize(n.note.c_str(), nullptr, false, text_w).y;
  return h + style.ItemSpacing.y;
}

void draw_preset_note(const Session& session, UiState& ui, const UiLayout& layout) {
  if (layout.note.h <= 0 || !shown(session, ui)) return;
  // No title bar: the note is part of the map's page. It scrolls when the layout gave it less
  // room than it wants.
  if (begin_fixed_window("##preset note", layout.note, /*title=*/false)) {
    const PresetNote& n = *ui.preset_note;
    ImGui::PushTextWrapPos(0.0f);
    if (!n.title.empty()) {
      ImGui::TextColored({1.0f, 0.85f, 0.3f, 1.0f}, "%s", n.title.c_str());
      note_item(ui, "note/title");
    }
    if (!n.note.empty()) {
      ImGui::TextUnformatted(n.note.c_str());
      note_item(ui, "note/text");
    }
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace dungen::app
