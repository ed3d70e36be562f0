// What an analysis's colours mean, under the legend's swatches: a heat map's ramp from 0 to its
// top with what its numbers are ("steps from the start"), or what an analysis's colour per id
// stands for ("the dead-end corridor the cell is in"). Drawn with the same ramp the map is
// (render/map_image.hpp's heat_tint over a floor), so the bar shows the map's own colours.

#include <imgui.h>

#include <string>

#include "app/logic/session.hpp"
#include "app/panels.hpp"
#include "render/map_image.hpp"

namespace dungen::app {

namespace {
ImU32 colour(Rgb c) {
  return IM_COL32(c.r, c.g, c.b, 255);
}
}  // namespace

void analysis_legend(Session& session, const Palette& p) {
  const std::optional<AnalysisKind> shown = session.shown_analysis();
  if (!shown) return;
  const AnalysisSpec& a = analysis_spec(*shown);
  ImGui::PushTextWrapPos(0.0f);
  const std::int32_t top = session.heat_max();
  if (a.values == AnalysisValues::Amounts && top > 0) {
    // The ramp in even steps, each a band of the floor's heat at its share of the top.
    constexpr int kBands = 24;
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = ImGui::GetTextLineHeight();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* list = ImGui::GetWindowDrawList();
    const Rgb floor = p.tile(Tile::Floor);
    for (int b = 0; b < kBands; ++b) {
      const float x0 = at.x + width * static_cast<float>(b) / kBands;
      const float x1 = at.x + width * static_cast<float>(b + 1) / kBands;
      const Rgb c = heat_tint(floor, static_cast<float>(b) / (kBands - 1));
      list->AddRectFilled({x0, at.y}, {x1, at.y + height}, colour(c));
    }
    list->AddRect(at, {at.x + width, at.y + height}, colour(p.swatch_border));
    ImGui::Dummy({width, height});
    const std::string right = std::to_string(top);
    ImGui::TextUnformatted("0");
    ImGui::SameLine(width - ImGui::CalcTextSize(right.c_str()).x);
    ImGui::TextUnformatted(right.c_str());
    ImGui::TextDisabled("colour: %s, 0 to %d (cold to hot)", std::string(a.values_meaning).c_str(),
                        top);
  } else if (a.kind != AnalysisKind::Regions) {
    ImGui::TextDisabled("each colour: %s", std::string(a.values_meaning).c_str());
  }
  ImGui::PopTextWrapPos();
}

}  // namespace dungen::app
