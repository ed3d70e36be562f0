// What the panels share: fixed windows, collapsible side panels and their strips, the record of
// drawn widgets, line wrapping by measured width, and the panels' colours.

#include <imgui.h>
#include <imgui_internal.h>  // TempInputIsActive: is a slider being typed into?

#include <algorithm>
#include <cstdint>
#include <string>

#include "app/logic/slider_text.hpp"
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

// Text turned a quarter clockwise, reading downwards, its first letter at `at` (the top right
// of the turned text: its glyphs' tops face right). ImGui writes text across only: it is written
// across from `at`, then its vertices are turned about `at`.
void text_down(ImDrawList* list, ImVec2 at, ImU32 colour, const char* text) {
  const ImVec2 size = ImGui::CalcTextSize(text);
  // ImGui drops glyphs outside the clip rectangle before they are turned, and the GPU clips
  // after: a rectangle over both places.
  list->PushClipRect({at.x - size.y, at.y - size.y}, {at.x + size.x, at.y + size.x}, false);
  const int first = list->VtxBuffer.Size;
  list->AddText(at, colour, text);
  for (int i = first; i < list->VtxBuffer.Size; ++i) {
    ImVec2& p = list->VtxBuffer[i].pos;
    const ImVec2 d{p.x - at.x, p.y - at.y};
    p = {at.x - d.y, at.y + d.x};  // (1, 0) -> (0, 1): across becomes down
  }
  list->PopClipRect();
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
    // The title written down the strip, so it says what it hides: whole, or not at all.
    const ImVec2 size = ImGui::CalcTextSize(name);
    const float top = ImGui::GetCursorScreenPos().y + ImGui::GetStyle().ItemSpacing.y;
    const std::string_view title = strip_title(name, size.x, area.y + area.h - kStripMargin - top);
    if (!title.empty()) {
      const float centre = ImGui::GetWindowPos().x + kStripMargin + side / 2.0f;
      text_down(ImGui::GetWindowDrawList(), {centre + size.y / 2.0f, top},
                ImGui::GetColorU32(ImGuiCol_TextDisabled), name);
    }
  }
  ImGui::End();
  ImGui::PopStyleVar();
}

void note_item(UiState& ui, std::string name, float text_w) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ui.drawn.push_back({std::move(name), {a.x, a.y, b.x - a.x, b.y - a.y}, text_w});
}

std::string break_at_spaces(const std::string& text, float width) {
  std::string out;
  std::string line;  // the line being filled, without its last word
  std::size_t at = 0;
  // Each pass takes one word (up to the next space or line break) and its separator.
  while (at < text.size()) {
    const std::size_t end = std::min(text.find_first_of(" \n", at), text.size());
    const std::string word = text.substr(at, end - at);
    const std::string joined = line.empty() ? word : line + ' ' + word;
    if (!line.empty() && ImGui::CalcTextSize(joined.c_str()).x > width) {
      out += line + '\n';
      line = word;
    } else {
      line = joined;
    }
    if (end < text.size() && text[end] == '\n') {
      out += line + '\n';
      line.clear();
    }
    at = end + 1;
  }
  return out + line;
}

float widest_word(const std::string& text) {
  float widest = 0.0f;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find_first_of(" \n", at), text.size());
    const char* first = text.data() + at;
    widest = std::max(widest, ImGui::CalcTextSize(first, first + (end - at)).x);
    at = end + 1;
  }
  return widest;
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

bool slider_with_clear_text(const char* label, int data_type, void* value, const void* min,
                            const void* max, const char* format, int flags,
                            const std::function<SliderShown()>& shown, std::uint64_t values) {
  // ImGui writes the value and the label itself, under the grab: both in a colour that does not
  // show, except while the slider is being typed into (Ctrl+click), whose field is its own.
  const bool typing = ImGui::TempInputIsActive(ImGui::GetID(label));
  if (!typing) ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(0, 0, 0, 0));
  const bool changed = ImGui::SliderScalar(label, data_type, value, min, max, format, flags);
  if (!typing) ImGui::PopStyleColor();
  if (typing) return changed;
  // The frame is the item less its label, which ImGui puts ItemInnerSpacing to the right.
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  const char* label_end = ImGui::FindRenderedTextEnd(label);
  const float label_w = ImGui::CalcTextSize(label, label_end).x;
  const float frame_w = b.x - a.x - (label_w > 0.0f ? style.ItemInnerSpacing.x + label_w : 0.0f);
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const float y = a.y + style.FramePadding.y;
  if (label_w > 0.0f) {
    list->AddText({a.x + frame_w + style.ItemInnerSpacing.x, y}, text, label, label_end);
  }
  const SliderShown now = shown();
  const Span grab = slider_grab(a.x, frame_w, now.ratio, values, style.GrabMinSize);
  const float text_w = ImGui::CalcTextSize(now.text.c_str()).x;
  const TextPlace at = slider_text_place(a.x, frame_w, grab, text_w, style.FramePadding.x * 0.5f);
  list->PushClipRect(a, {a.x + frame_w, b.y}, true);
  if (!at.clear) {
    // No side has room (a short slider with a wide grab): the text on a plate of the frame's
    // colour over the grab, so it still reads.
    const float h = ImGui::GetTextLineHeight();
    list->AddRectFilled(
        {at.x - 2.0f, y}, {at.x + text_w + 2.0f, y + h},
        ImGui::GetColorU32(ImGuiCol_FrameBg, 1.0f / style.Colors[ImGuiCol_FrameBg].w),
        style.FrameRounding);
  }
  list->AddText({at.x, y}, text, now.text.c_str());
  list->PopClipRect();
  return changed;
}

void apply_theme(const Palette& palette, bool projector) {
  ImGuiStyle& style = ImGui::GetStyle();
  // The layout decides every window's size; ImGui's own minimum would overrule a narrow strip.
  style.WindowMinSize = {1.0f, 1.0f};
  style.Colors[ImGuiCol_WindowBg] = to_vec4(palette.panel);
  // Dear ImGui's dark style draws combo lists, menus and tooltips at 94% alpha: the map and the
  // panel under an open list showed through its words. Opaque, a shade lighter than the panel so
  // the list stands out from what it covers.
  const auto lighter = [](std::uint8_t c) { return static_cast<std::uint8_t>(c + (255 - c) / 10); };
  style.Colors[ImGuiCol_PopupBg] =
      to_vec4({lighter(palette.panel.r), lighter(palette.panel.g), lighter(palette.panel.b)});
  // Dear ImGui's grey secondary text is too faint for the back of a room.
  style.Colors[ImGuiCol_TextDisabled] =
      projector ? ImVec4{0.82f, 0.82f, 0.82f, 1.0f} : ImVec4{0.55f, 0.55f, 0.57f, 1.0f};
}

void status_line(const std::string& text, bool error) {
  if (text.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  if (error) {
    ImGui::TextColored({1.0f, 0.45f, 0.35f, 1.0f}, "%s", text.c_str());
  } else {
    ImGui::TextUnformatted(text.c_str());
  }
  ImGui::PopTextWrapPos();
}

}  // namespace dungen::app
