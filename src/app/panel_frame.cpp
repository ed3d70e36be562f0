// What the panels share: fixed windows, collapsible side panels and their strips, the record of
// drawn widgets, line wrapping by measured width, and the panels' colours.

#include <imgui.h>

#include <string>

#include "app/panels.hpp"
#include "render/palette.hpp"

namespace dungen::app {
namespace {

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                    ImGuiWindowFlags_NoSavedSettings |
                                    ImGuiWindowFlags_NoBringToFrontOnFocus;
// Inside a strip, around its button (ui_layout.cpp's kStripMargin).
constexpr float kStripMargin = 4.0f;

ImVec4 to_vec4(Rgb c, float alpha = 1.0f) {
  return {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, alpha};
}

}  // namespace

bool begin_fixed_window(const char* name, ScreenRect area, bool title, int extra_flags) {
  ImGui::SetNextWindowPos({area.x, area.y});
  ImGui::SetNextWindowSize({area.w, area.h});
  const ImGuiWindowFlags flags = kFixed | ImGuiWindowFlags_NoCollapse | extra_flags;
  return ImGui::Begin(name, nullptr, title ? flags : flags | ImGuiWindowFlags_NoTitleBar);
}

bool begin_side_panel(const char* name, ScreenRect area, bool narrow, PanelState& state,
                      bool& reopen, bool* close) {
  if (reopen) {
    ImGui::SetNextWindowCollapsed(false, ImGuiCond_Always);
    reopen = false;
  }
  ImGui::SetNextWindowPos({area.x, area.y});
  ImGui::SetNextWindowSize({area.w, area.h});
  // Narrower than its content only when the user opened it where it cannot fit: then it scrolls.
  const bool visible =
      ImGui::Begin(name, close, narrow ? kFixed | ImGuiWindowFlags_HorizontalScrollbar : kFixed);
  if (ImGui::IsWindowCollapsed()) {
    state = PanelState::Closed;
    reopen = true;  // ImGui remembers the collapse: undo it when the panel opens again
    return false;
  }
  return visible;
}

void draw_panel_strip(const char* name, ScreenRect area, bool on_left, PanelState& state,
                      bool& reopen) {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {kStripMargin, kStripMargin});
  const std::string id = std::string("##strip ") + name;
  if (begin_fixed_window(id.c_str(), area, /*title=*/false,
                         ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
    const float side = ImGui::GetFrameHeight();
    if (ImGui::Button(on_left ? ">" : "<", {side, side})) {
      state = PanelState::Open;
      reopen = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("show the %s panel", name);
    // The title, one letter a line, so the strip says what it hides (as much as fits).
    const float bottom = area.y + area.h - kStripMargin;
    for (const char* c = name; *c != '\0'; ++c) {
      if (ImGui::GetCursorScreenPos().y + ImGui::GetTextLineHeight() > bottom) break;
      const char letter[2] = {*c, '\0'};
      const float w = ImGui::CalcTextSize(letter).x;
      ImGui::SetCursorPosX(kStripMargin + (side - w) / 2.0f);
      ImGui::TextDisabled("%s", letter);
    }
  }
  ImGui::End();
  ImGui::PopStyleVar();
}

void note_item(UiState& ui, std::string name, float text_w) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ui.drawn.push_back({std::move(name), {a.x, a.y, b.x - a.x, b.y - a.y}, text_w});
}

void same_line_if_fits(float next_width) {
  const float end = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + next_width;
  if (end <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

void swatch(const Palette& p, Rgb c, const char* text) {
  const float side = ImGui::GetTextLineHeight();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  ImGui::Dummy({side, side});
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float border = std::max(1.0f, side / 12.0f);
  list->AddRectFilled(a, {a.x + side, a.y + side}, IM_COL32(c.r, c.g, c.b, 255));
  list->AddRect(a, {a.x + side, a.y + side},
                IM_COL32(p.swatch_border.r, p.swatch_border.g, p.swatch_border.b, 255), 0.0f, 0,
                border);
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted(text);
}

void apply_theme(const Palette& palette, bool projector) {
  ImGuiStyle& style = ImGui::GetStyle();
  // The layout decides every window's size; ImGui's own minimum would overrule a narrow strip.
  style.WindowMinSize = {1.0f, 1.0f};
  style.Colors[ImGuiCol_WindowBg] = to_vec4(palette.panel);
  // Dear ImGui's grey secondary text is too faint for the back of a room.
  style.Colors[ImGuiCol_TextDisabled] =
      projector ? ImVec4{0.82f, 0.82f, 0.82f, 1.0f} : ImVec4{0.55f, 0.55f, 0.57f, 1.0f};
}

}  // namespace dungen::app
