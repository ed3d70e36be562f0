// The left panel: generator, seed, map size and parameters (made from the schema), regions,
// view settings and the colour legend.

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "analysis/regions.hpp"
#include "app/logic/session.hpp"
#include "app/palette.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

void help_marker(const ParamDef& def) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
  ImGui::TextUnformatted(std::string(def.help).c_str());
  ImGui::TextDisabled("allowed %s, default %lld (Ctrl+click to type)", describe_range(def).c_str(),
                      static_cast<long long>(def.def));
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// One widget for one parameter. Returns the new value when the user changed it (for the map
// size only once the slider is released: every new size is a whole new texture).
std::optional<std::int64_t> param_widget(const ParamDef& def, std::int64_t value) {
  const std::string label = std::string(def.name);
  const bool size = def.name == "width" || def.name == "height";
  // While a size slider is held, it shows the value being dragged, not the session's.
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID editing = ImGui::GetID((label + "##editing").c_str());
  const ImGuiID pending = ImGui::GetID((label + "##pending").c_str());
  std::int64_t v = size && storage->GetBool(editing) ? storage->GetInt(pending) : value;
  bool changed = false;
  switch (def.kind) {
    case ParamKind::Bool: {
      bool b = v != 0;
      changed = ImGui::Checkbox(label.c_str(), &b);
      v = b ? 1 : 0;
      break;
    }
    case ParamKind::Choice: {
      // A choice shows what it means where the schema names it ("1: continue elsewhere").
      const auto choice_text = [&](std::int64_t c) {
        std::string t = std::to_string(c);
        for (std::size_t i = 0; i < def.choices.size() && i < def.choice_names.size(); ++i) {
          if (def.choices[i] == c) t += ": " + std::string(def.choice_names[i]);
        }
        return t;
      };
      const std::string preview = choice_text(v);
      if (ImGui::BeginCombo(label.c_str(), preview.c_str())) {
        for (const std::int64_t c : def.choices) {
          if (ImGui::Selectable(choice_text(c).c_str(), c == v)) {
            v = c;
            changed = true;
          }
        }
        ImGui::EndCombo();
      }
      break;
    }
    case ParamKind::Percent:
    case ParamKind::Int: {
      // Wide ranges (sizes up to 4096, counts up to 10000) need a logarithmic slider to be
      // usable at the small end.
      const bool wide = def.max - def.min > 200 && def.min > 0;
      const char* format = def.kind == ParamKind::Percent ? "%lld%%" : "%lld";
      changed = ImGui::SliderScalar(label.c_str(), ImGuiDataType_S64, &v, &def.min, &def.max,
                                    format, wide ? ImGuiSliderFlags_Logarithmic : 0);
      break;
    }
  }
  std::optional<std::int64_t> result;
  if (size) {
    storage->SetBool(editing, ImGui::IsItemActive());
    storage->SetInt(pending, static_cast<int>(v));
    if (ImGui::IsItemDeactivatedAfterEdit()) result = v;
  } else if (changed && v != value) {
    result = v;
  }
  help_marker(def);  // last: the tooltip window ends the item queries above
  return result;
}

void generator_section(Session& session) {
  const GeneratorSpec& current = session.generator();
  if (ImGui::BeginCombo("generator", std::string(current.name).c_str())) {
    for (const GeneratorSpec* spec : session.generators()) {
      if (ImGui::Selectable(std::string(spec->name).c_str(), spec == &current)) {
        session.select_generator(spec->name);
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(spec->summary).c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", std::string(session.generator().summary).c_str());
  ImGui::PopTextWrapPos();

  std::uint64_t seed = session.seed();
  ImGui::SetNextItemWidth(ImGui::CalcItemWidth() - ImGui::GetFrameHeight() * 2.2f);
  ImGui::InputScalar("##seed", ImGuiDataType_U64, &seed);
  if (ImGui::IsItemDeactivatedAfterEdit()) session.set_seed(seed);
  ImGui::SameLine();
  if (ImGui::Button("dice")) session.roll_seed();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("a new random seed (R)");
  ImGui::SameLine();
  ImGui::TextUnformatted("seed");

  // A copy: set_param may regenerate and replace the values being iterated.
  const ParamValues params = session.params();
  const auto& defs = params.schema().params;
  for (std::size_t i = 0; i < defs.size(); ++i) {
    if (auto v = param_widget(defs[i], params.values()[i])) session.set_param(defs[i].name, *v);
  }
  if (!session.notice().empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored({1.0f, 0.85f, 0.2f, 1.0f}, "%s", session.notice().c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::SmallButton("ok")) session.clear_notice();
  }
  int mode = session.mode() == RunMode::Live ? 0 : 1;
  ImGui::TextUnformatted("on change:");
  ImGui::SameLine();
  if (ImGui::RadioButton("run to end", &mode, 0)) session.set_mode(RunMode::Live);
  ImGui::SameLine();
  if (ImGui::RadioButton("step 0", &mode, 1)) session.set_mode(RunMode::Step);
}

void regions_section(Session& session) {
  int mode = static_cast<int>(session.regions_mode());
  bool changed = ImGui::RadioButton("off", &mode, static_cast<int>(RegionsMode::Off));
  ImGui::SameLine();
  changed |= ImGui::RadioButton("animated", &mode, static_cast<int>(RegionsMode::Animated));
  ImGui::SameLine();
  changed |= ImGui::RadioButton("instant", &mode, static_cast<int>(RegionsMode::Instant));
  if (changed) session.set_regions_mode(static_cast<RegionsMode>(mode));
  const ParamValues rp = session.region_params();
  const auto& defs = rp.schema().params;
  for (std::size_t i = 0; i < defs.size(); ++i) {
    if (auto v = param_widget(defs[i], rp.values()[i])) session.set_region_param(defs[i].name, *v);
  }
  if (ImGui::Button("flood-fill from this step")) session.analyse_regions_now();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("run the animated region labelling on the map as it is now");
  }
}

void view_section(Session& session, UiState& ui) {
  ViewFlags& view = session.view();
  ImGui::Checkbox("grid (G)", &view.show_grid);
  ImGui::SameLine();
  ImGui::Checkbox("region labels (L)", &view.show_region_labels);
  if (ImGui::Button("fit (F)")) view.fit_requested = true;
  ImGui::SameLine();
  if (ImGui::Button("help (F1)")) ui.show_help = !ui.show_help;
  ImGui::SliderFloat("UI scale", &ui.font_scale, 0.75f, 3.0f, "%.2f");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("text size, e.g. 1.5 for a projector");
}

void swatch(Rgb c, const char* text) {
  const ImVec4 col{c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f};
  ImGui::ColorButton(text, col, ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoBorder);
  ImGui::SameLine();
  ImGui::TextUnformatted(text);
}

void legend_section(bool labels) {
  if (!ImGui::BeginTable("legend", 3)) return;
  const auto cell = [](Rgb c, const char* text) {
    ImGui::TableNextColumn();
    swatch(c, text);
  };
  cell(tile_colour(Tile::Wall), "wall");
  cell(tile_colour(Tile::Floor), "floor");
  cell(tile_colour(Tile::Corridor), "corridor");
  cell(tile_colour(Tile::Door), "door");
  cell(tile_colour(Tile::Empty), "unused");
  cell(kFrontier, "frontier");
  cell(kAccepted, "accepted");
  cell(kRejected, "rejected");
  cell(kPath, "tunnel");
  cell(kCursor, "cursor");
  cell(kStart, "start");
  ImGui::EndTable();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled(labels ? "each room and each region has its own colour"
                             : "each region has its own colour");
  ImGui::PopTextWrapPos();
}

}  // namespace

bool begin_fixed_window(const char* name, ScreenRect area, bool title) {
  ImGui::SetNextWindowPos({area.x, area.y});
  ImGui::SetNextWindowSize({area.w, area.h});
  constexpr ImGuiWindowFlags kFlags =
      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  return ImGui::Begin(name, nullptr, title ? kFlags : kFlags | ImGuiWindowFlags_NoTitleBar);
}

void draw_controls_panel(Session& session, UiState& ui, ScreenRect area) {
  if (begin_fixed_window("Generator", area)) {
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 8.6f);
    generator_section(session);
    if (ImGui::CollapsingHeader("Regions (flood fill)", ImGuiTreeNodeFlags_DefaultOpen)) {
      regions_section(session);
    }
    if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) view_section(session, ui);
    if (ImGui::CollapsingHeader("Legend", ImGuiTreeNodeFlags_DefaultOpen)) {
      legend_section(session.generator().text_shows_labels);
    }
    ImGui::PopItemWidth();
  }
  ImGui::End();
}

}  // namespace dungen::app
