// Projector mode's legend (the controls panel with the full one is folded away there): exactly
// the tiles on the map and the roles drawn at the current step (logic/legend.hpp), as swatches
// wrapped at the panel's width, each role's Help sentence on hover.

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/logic/session.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

struct Entry {
  Rgb colour;
  std::string text;
  std::string_view help;
};

std::vector<Entry> entries(Session& session, const Palette& p) {
  std::vector<Entry> out;
  const Legend legend = session.legend();
  for (const Tile t : legend.tiles) {
    out.push_back({p.tile(t), t == Tile::Empty ? "unused" : std::string(tile_name(t)), {}});
  }
  for (const Role r : legend.roles) {
    out.push_back({role_colour(p, r), std::string(role_info(r).legend), role_info(r).help});
  }
  return out;
}

}  // namespace

void compact_legend_section(Session& session, UiState& ui, const Palette& p) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::GetContentRegionAvail().x;
  const float side = ImGui::GetTextLineHeight();
  float x = 0.0f;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  for (const Entry& e : entries(session, p)) {
    const float w = side + style.ItemInnerSpacing.x + ImGui::CalcTextSize(e.text.c_str()).x;
    if (x > 0.0f && x + style.ItemSpacing.x * 2.0f + w <= width) {
      ImGui::SameLine(0.0f, style.ItemSpacing.x * 2.0f);
      x += style.ItemSpacing.x * 2.0f + w;
    } else {
      x = w;
    }
    swatch(p, e.colour, e.text.c_str());
    if (!e.help.empty() && ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s", std::string(e.help).c_str());
    }
  }
  analysis_legend(session, p);
  const ImVec2 end = ImGui::GetItemRectMax();
  ui.drawn.push_back({"teaching/legend", {top.x, top.y, width, end.y - top.y}, 0.0f});
}

}  // namespace dungen::app
