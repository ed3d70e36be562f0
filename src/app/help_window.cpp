// The Help window: every key binding (from the session's command list) and the mouse controls.

#include <imgui.h>

#include <string>

#include "app/logic/commands.hpp"
#include "app/panels.hpp"

namespace dungen::app {

void draw_help_window(UiState& ui) {
  if (!ui.show_help) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f},
      ImGuiCond_Appearing, {0.5f, 0.5f});
  if (ImGui::Begin("Help", &ui.show_help, ImGuiWindowFlags_AlwaysAutoResize)) {
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
      const auto row = [](std::string_view key, std::string_view what) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::string(key).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::string(what).c_str());
      };
      for (const KeyBinding& b : key_bindings()) row(b.key, b.description);
      row("F1 or H", "show / hide this help");
      row("mouse wheel", "zoom about the cursor");
      row("drag", "pan the map");
      row("hover", "a cell's coordinates, tile, label and region");
      ImGui::EndTable();
    }
    ImGui::TextDisabled("keys are ignored while a text field has focus");
  }
  ImGui::End();
}

}  // namespace dungen::app
