// The Help window: every key binding and the mouse controls (logic/commands.cpp's lists), and
// one sentence for every role drawn over the map.

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/logic/commands.hpp"
#include "app/panels.hpp"
#include "core/overlay.hpp"
#include "render/palette.hpp"

namespace dungen::app {

void draw_help_window(UiState& ui) {
  if (!ui.show_help) return;
  // Centred, and never bigger than the window: at a large UI scale in a small window it scrolls
  // (both ways) instead of running off the screen with its close button.
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float margin = ImGui::GetFrameHeight() * 0.5f;
  ImGui::SetNextWindowPos(
      {vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f},
      ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSizeConstraints({0.0f, 0.0f}, {std::max(1.0f, vp->WorkSize.x - 2 * margin),
                                                     std::max(1.0f, vp->WorkSize.y - 2 * margin)});
  if (ImGui::Begin("Help", &ui.show_help,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_HorizontalScrollbar |
                       ImGuiWindowFlags_NoMove)) {
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
      const auto row = [](std::string_view key, std::string_view what) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::string(key).c_str());
        ImGui::TableNextColumn();
        // Wrapped as the roles' sentences below: at a large UI scale a long one would otherwise
        // widen the window past the screen and be read by scrolling sideways.
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
        ImGui::TextWrapped("%s", std::string(what).c_str());
        ImGui::PopTextWrapPos();
      };
      // The one list of keys (logic/commands.cpp), which the README's table is made from too.
      for (const KeyBinding& b : key_bindings()) row(b.key, b.description);
      for (const MouseControl& m : mouse_controls()) row(m.gesture, m.description);
      ImGui::EndTable();
    }
    ImGui::TextDisabled("keys are ignored while a text field has focus");
    // What each thing drawn over the map means: one sentence per role (core/overlay.hpp), the
    // same list the legend names.
    ImGui::Separator();
    ImGui::TextUnformatted("What is drawn over the map");
    if (ImGui::BeginTable("roles", 2, ImGuiTableFlags_RowBg)) {
      const Palette& palette = palette_for(ui.projector);
      for (const RoleInfo& r : kRoles) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        // The role's swatch and words, as the legend shows them.
        swatch(palette, role_colour(palette, r.role), std::string(r.legend).c_str());
        ImGui::TableNextColumn();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
        ImGui::TextWrapped("%s", std::string(r.help).c_str());
        ImGui::PopTextWrapPos();
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace dungen::app
