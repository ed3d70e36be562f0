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
namespace {

// A description's width, in fonts, and the least beside its key before it goes under it.
constexpr float kHelpTextFonts = 32.0f;
constexpr float kHelpMinTextFonts = 12.0f;

}  // namespace

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
    // The descriptions wrap at kHelpTextFonts fonts, or at what the window leaves beside the
    // keys; where that is under kHelpMinTextFonts (a small window at a large UI scale) each
    // description goes under its key instead, so nothing is read by scrolling sideways.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float font = ImGui::GetFontSize();
    float keys_w = 0.0f;
    for (const KeyBinding& b : key_bindings()) {
      keys_w = std::max(keys_w, ImGui::CalcTextSize(std::string(b.key).c_str()).x);
    }
    for (const MouseControl& m : mouse_controls()) {
      keys_w = std::max(keys_w, ImGui::CalcTextSize(std::string(m.gesture).c_str()).x);
    }
    const float window_w =
        vp->WorkSize.x - 2.0f * margin - 2.0f * style.WindowPadding.x - style.ScrollbarSize;
    const float beside = window_w - keys_w - 2.0f * style.CellPadding.x - style.ItemSpacing.x;
    const bool stacked = beside < font * kHelpMinTextFonts;
    const float text_w = std::max(
        font * 4.0f, std::min(font * kHelpTextFonts, stacked ? window_w - 2.0f * font : beside));
    const auto wrapped = [text_w](std::string_view what) {
      ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + text_w);
      ImGui::TextUnformatted(std::string(what).c_str());
      ImGui::PopTextWrapPos();
    };
    if (ImGui::BeginTable("keys", stacked ? 1 : 2, ImGuiTableFlags_RowBg)) {
      const auto row = [&](std::string_view key, std::string_view what) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (stacked) {
          wrapped(key);  // a long one ("Ctrl+Shift+Right") is wider than a small window too
        } else {
          ImGui::TextUnformatted(std::string(key).c_str());
        }
        if (stacked) {
          ImGui::Indent(font);
          wrapped(what);
          ImGui::Unindent(font);
        } else {
          ImGui::TableNextColumn();
          wrapped(what);
        }
      };
      // The one list of keys (logic/commands.cpp), which the README's table is made from too.
      for (const KeyBinding& b : key_bindings()) row(b.key, b.description);
      for (const MouseControl& m : mouse_controls()) row(m.gesture, m.description);
      ImGui::EndTable();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, style.Colors[ImGuiCol_TextDisabled]);
    wrapped("keys are ignored while a text field has focus");
    ImGui::PopStyleColor();
    // What each thing drawn over the map means: one sentence per role (core/overlay.hpp), the
    // same list the legend names.
    ImGui::Separator();
    wrapped("What is drawn over the map");
    // The same shape as the keys: a swatch and its words, the sentence beside or under it.
    if (ImGui::BeginTable("roles", stacked ? 1 : 2, ImGuiTableFlags_RowBg)) {
      const Palette& palette = palette_for(ui.projector);
      for (const RoleInfo& r : kRoles) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        // The role's swatch and words, as the legend shows them.
        ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + text_w);
        swatch(palette, role_colour(palette, r.role), std::string(r.legend).c_str());
        ImGui::PopTextWrapPos();
        if (stacked) {
          ImGui::Indent(font);
          wrapped(r.help);
          ImGui::Unindent(font);
        } else {
          ImGui::TableNextColumn();
          wrapped(r.help);
        }
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace dungen::app
