// The left panel: generator, seed, map size and parameters (made from the schema), regions,
// view settings and the colour legend. Every width comes from the text it has to show: the
// label column is as wide as the longest parameter name, a combo whose choice does not fit beside
// its label goes under it, and rows of buttons wrap.

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "analysis/regions.hpp"
#include "app/compare_pane.hpp"
#include "app/logic/session.hpp"
#include "app/logic/slider_text.hpp"
#include "app/panels.hpp"
#include "render/palette.hpp"

namespace dungen::app {
namespace {

// Sizes from the current font, shared by measure_controls_panel and the drawing.
struct Metrics {
  float label = 0;        // the label column: the longest label
  float gap = 0;          // between a widget's frame and its label
  float field_min = 0;    // the narrowest a slider's frame may be
  float single = 0;       // the widest thing that cannot wrap (a button, a stacked combo)
  float swatch_cell = 0;  // one legend entry
};

float text_w(std::string_view s) {
  const std::string t(s);
  return ImGui::CalcTextSize(t.c_str()).x;
}
float button_w(std::string_view s) {
  return text_w(s) + 2.0f * ImGui::GetStyle().FramePadding.x;
}
// A checkbox or a radio button: the box, then its label.
float check_w(std::string_view s) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + text_w(s);
}
// A generator as the list names it: a script is marked (one may share a built-in's name).
std::string generator_label(const GeneratorSpec& spec) {
  std::string label(spec.name);
  if (!spec.source.empty()) label += " (script)";
  return label;
}

float combo_w(std::string_view preview) {
  return button_w(preview) + ImGui::GetFrameHeight();  // the text, then the arrow
}

// A choice shows what it means where the schema names it ("1: continue elsewhere").
std::string choice_text(const ParamDef& def, std::int64_t c) {
  std::string t = std::to_string(c);
  for (std::size_t i = 0; i < def.choices.size() && i < def.choice_names.size(); ++i) {
    if (def.choices[i] == c) t += ": " + std::string(def.choice_names[i]);
  }
  return t;
}

// The legend's words for a tile (empty is the cells no step has touched yet).
const char* tile_legend(Tile t) {
  return t == Tile::Empty ? "unused" : tile_name(t).data();
}

// A seed field that shows the largest seed (2^64-1, 20 digits) whole.
float seed_field_w() {
  return button_w("18446744073709551615");
}

// Pane B's settings (compare mode) share the label column: its schema counts too.
Metrics metrics(const Session& session, const Session* b) {
  Metrics m;
  m.gap = ImGui::GetStyle().ItemInnerSpacing.x;
  m.field_min = ImGui::GetFontSize() * 5.0f;
  m.label = std::max({text_w("seed"), text_w("UI scale")});
  const auto params = [&](const Schema& schema) {
    for (const ParamDef& def : schema.params) {
      if (def.kind == ParamKind::Bool) {
        m.single = std::max(m.single, check_w(def.name));
        continue;
      }
      m.label = std::max(m.label, text_w(def.name));
      if (def.kind == ParamKind::Choice) {
        for (const std::int64_t c : def.choices) {
          m.single = std::max(m.single, combo_w(choice_text(def, c)));
        }
      }
    }
  };
  params(session.params().schema());
  if (b) params(b->params().schema());
  params(region_schema());
  for (const GeneratorSpec* spec : session.generators()) {
    m.single = std::max(m.single, combo_w(generator_label(*spec)));
  }
  m.single = std::max(m.single, seed_field_w());
  for (const char* button : {"flood-fill from this step", "fit (F)", "help (F1)", "reset (U)"}) {
    m.single = std::max(m.single, button_w(button));
  }
  for (const char* c : {"grid (G)", "region labels (L)", "projector (P)", "run to end", "animated",
                        "instant", "on change:"}) {
    m.single = std::max(m.single, check_w(c));
  }
  float legend = 0;
  for (int t = 0; t < kTileCount; ++t) {
    legend = std::max(legend, text_w(tile_legend(static_cast<Tile>(t))));
  }
  for (const RoleInfo& r : kRoles) legend = std::max(legend, text_w(std::string(r.legend).c_str()));
  m.swatch_cell = ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.x + legend;
  return m;
}

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

// A combo with its label to the right when the choice fits beside it, else the label on a line
// of its own and the combo the panel's full width. Returns the chosen value if it changed.
std::optional<std::int64_t> choice_widget(UiState& ui, const Metrics& m, std::string_view items,
                                          const ParamDef& def, std::int64_t v) {
  const std::string label(def.name);
  const std::string preview = choice_text(def, v);
  const bool beside = combo_w(preview) <= ImGui::CalcItemWidth();
  if (!beside) {
    ImGui::TextUnformatted(label.c_str());
    ImGui::SetNextItemWidth(-1.0f);
  }
  std::optional<std::int64_t> result;
  const std::string id = beside ? label : "##" + label;
  if (ImGui::BeginCombo(id.c_str(), preview.c_str())) {
    for (const std::int64_t c : def.choices) {
      if (ImGui::Selectable(choice_text(def, c).c_str(), c == v) && c != v) result = c;
    }
    ImGui::EndCombo();
  }
  note_item(ui, std::string(items) + label,
            combo_w(preview) + (beside ? m.gap + text_w(label) : 0.0f));
  return result;
}

// One widget for one parameter. Returns the new value when the user changed it (for the map
// size only once the slider is released: every new size is a whole new texture). drag: the
// session told when a slider is taken and let go (Session::begin_param_drag), if any.
std::optional<std::int64_t> param_widget(UiState& ui, const Metrics& m, std::string_view items,
                                         const ParamDef& def, std::int64_t value,
                                         Session* drag = nullptr) {
  if (def.kind == ParamKind::Choice) {
    auto result = choice_widget(ui, m, items, def, value);
    help_marker(def);
    return result;
  }
  const std::string label = std::string(def.name);
  const bool size = def.name == "width" || def.name == "height";
  // While a size slider is held, it shows the value being dragged, not the session's.
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID editing = ImGui::GetID((label + "##editing").c_str());
  const ImGuiID pending = ImGui::GetID((label + "##pending").c_str());
  std::int64_t v = size && storage->GetBool(editing) ? storage->GetInt(pending) : value;
  bool changed = false;
  float needed = 0;
  if (def.kind == ParamKind::Bool) {
    bool b = v != 0;
    changed = ImGui::Checkbox(label.c_str(), &b);
    v = b ? 1 : 0;
    needed = check_w(label);
  } else {
    // Wide ranges (sizes up to 4096, counts up to 1,000,000) need a logarithmic slider to be
    // usable at the small end.
    const bool wide = def.max - def.min > 200 && def.min > 0;
    const char* format = def.kind == ParamKind::Percent ? "%lld%%" : "%lld";
    const auto shown = [&] {
      char text[32];
      std::snprintf(text, sizeof text, def.kind == ParamKind::Percent ? "%lld%%" : "%lld",
                    static_cast<long long>(v));
      return SliderShown{text, slider_ratio(static_cast<double>(v), static_cast<double>(def.min),
                                            static_cast<double>(def.max), wide)};
    };
    changed = slider_with_clear_text(label.c_str(), ImGuiDataType_S64, &v, &def.min, &def.max,
                                     format, wide ? ImGuiSliderFlags_Logarithmic : 0, shown,
                                     static_cast<std::uint64_t>(def.max - def.min) + 1);
    needed = button_w(shown().text) + m.gap + text_w(label);
  }
  note_item(ui, std::string(items) + label, needed);
  if (def.kind != ParamKind::Bool) {
    // The slider's track alone (where its grab moves), for scripts that drag it.
    const ImVec2 a = ImGui::GetItemRectMin();
    ui.drawn.push_back({std::string(items) + label + "/track",
                        {a.x, a.y, ImGui::CalcItemWidth(), ImGui::GetItemRectSize().y}});
  }
  if (drag && !size) {
    if (ImGui::IsItemActivated()) drag->begin_param_drag();
    if (ImGui::IsItemDeactivated()) drag->end_param_drag();
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

// Radio buttons on as many lines as the panel needs.
bool radio_row(int& value, std::initializer_list<std::pair<const char*, int>> options) {
  bool changed = false;
  bool first = true;
  for (const auto& [label, v] : options) {
    if (!first) same_line_if_fits(check_w(label));
    first = false;
    changed |= ImGui::RadioButton(label, &value, v);
  }
  return changed;
}

// A session's settings: its generator, seed and parameters, and what the last change was told
// (pane A's, and compare mode's pane B with the same widgets). `items` names them for the
// layout's list ("controls/" for A, "compare/" for B).
void settings_rows(Session& session, UiState& ui, const Metrics& m, std::string_view items) {
  const GeneratorSpec& current = session.generator();
  // The panel is titled "Generator": the combo needs no label, and gets the whole width.
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::BeginCombo("##generator", generator_label(current).c_str())) {
    for (const GeneratorSpec* spec : session.generators()) {
      if (ImGui::Selectable(generator_label(*spec).c_str(), spec == &current)) {
        session.select_generator(*spec);
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(spec->summary).c_str());
    }
    ImGui::EndCombo();
  }
  note_item(ui, std::string(items) + "generator", combo_w(generator_label(current)));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", std::string(session.generator().summary).c_str());
  ImGui::PopTextWrapPos();

  // The seed as text, checked by the CLI's rule when it is committed: ImGui's number field would
  // clamp 99999999999999999999999 to 2^64-1 without a word. Wide enough for any seed's 20
  // digits; where that and the dice do not fit beside the label column, it has a row of its own.
  char seed[64];
  std::snprintf(seed, sizeof seed, "%llu", static_cast<unsigned long long>(session.seed()));
  const float dice = button_w("dice");
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float field = std::max(ImGui::CalcItemWidth() - dice - spacing, seed_field_w());
  const bool own_row = field + spacing + dice > ImGui::CalcItemWidth();
  ImGui::SetNextItemWidth(own_row ? -1.0f : field);
  const std::string shown = seed;
  ImGui::InputText("##seed", seed, sizeof seed, ImGuiInputTextFlags_CharsDecimal);
  // What was typed, kept from frame to frame: Tab or a click elsewhere ends the edit a frame
  // later, when this buffer holds the session's seed again (Enter ends it in the frame it is
  // pressed, with the typed text still here).
  std::string& typed = ui.typed[std::string(items) + "seed"];
  if (ImGui::IsItemActive()) typed = seed;
  if (ImGui::IsItemDeactivatedAfterEdit()) session.set_seed_text(seed != shown ? seed : typed);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("seed: a whole number, 0 to 2^64-1");
  note_item(ui, std::string(items) + "seed", text_w("18446744073709551615"));
  if (!own_row) ImGui::SameLine();
  if (ImGui::Button("dice")) session.roll_seed();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("a new random seed (R)");
  ImGui::SameLine(0.0f, m.gap);
  ImGui::TextUnformatted("seed");

  // A copy: set_param may regenerate and replace the values being iterated.
  const ParamValues params = session.params();
  const auto& defs = params.schema().params;
  for (std::size_t i = 0; i < defs.size(); ++i) {
    if (auto v = param_widget(ui, m, items, defs[i], params.values()[i], &session)) {
      session.set_param(defs[i].name, *v);
    }
  }
  if (!session.notice().empty()) {
    // Broken at spaces only: ImGui's own wrap breaks "0..18446744073709551615" after "0.".
    const std::string text = break_at_spaces(session.notice(), ImGui::GetContentRegionAvail().x);
    ImGui::TextColored({1.0f, 0.85f, 0.2f, 1.0f}, "%s", text.c_str());
    if (ImGui::SmallButton("ok")) session.clear_notice();
  }
}

void generator_section(Session& session, UiState& ui, const Metrics& m) {
  settings_rows(session, ui, m, "controls/");
  int mode = session.mode() == RunMode::Live ? 0 : 1;
  ImGui::TextUnformatted("on change:");
  same_line_if_fits(check_w("run to end"));
  // The same switch as M: choosing "run to end" runs the map shown to its end.
  if (radio_row(mode, {{"run to end", 0}, {"step 0", 1}}) &&
      (mode == 0) != (session.mode() == RunMode::Live)) {
    session.apply(Command::ToggleLive);
  }
}

void regions_section(Session& session, UiState& ui, const Metrics& m) {
  // Which analysis follows the generator: the flood fill's regions, or a designer's question.
  const AnalysisSpec& now = analysis_spec(session.analysis());
  if (ImGui::BeginCombo("analysis", std::string(now.title).c_str())) {
    for (const AnalysisSpec& a : all_analyses()) {
      if (ImGui::Selectable(std::string(a.title).c_str(), a.kind == now.kind)) {
        session.set_analysis(a.kind);
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(a.summary).c_str());
    }
    ImGui::EndCombo();
  }
  note_item(ui, "controls/analysis");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(now.summary).c_str());
  int mode = static_cast<int>(session.regions_mode());
  if (radio_row(mode, {{"off", static_cast<int>(RegionsMode::Off)},
                       {"animated", static_cast<int>(RegionsMode::Animated)},
                       {"instant", static_cast<int>(RegionsMode::Instant)}})) {
    session.set_regions_mode(static_cast<RegionsMode>(mode));
  }
  note_item(ui, "controls/regions-instant");  // the row's last radio (scripts/frame-times.sh)
  const ParamValues rp = session.region_params();
  const auto& defs = rp.schema().params;
  for (std::size_t i = 0; i < defs.size(); ++i) {
    if (auto v = param_widget(ui, m, "controls/", defs[i], rp.values()[i])) {
      session.set_region_param(defs[i].name, *v);
    }
  }
  const std::string from_here = now.kind == AnalysisKind::Regions
                                    ? std::string("flood-fill from this step")
                                    : std::string(now.title) + " from this step";
  if (ImGui::Button(from_here.c_str())) session.analyse_regions_now();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "run the animated %s on the map as it is now",
        now.kind == AnalysisKind::Regions ? "region labelling" : std::string(now.title).c_str());
  }
}

void view_section(Session& session, UiState& ui, const Metrics& m) {
  ViewFlags& view = session.view();
  ImGui::Checkbox("grid (G)", &view.show_grid);
  same_line_if_fits(check_w("region labels (L)"));
  ImGui::Checkbox("region labels (L)", &view.show_region_labels);
  ImGui::Checkbox("projector (P)", &view.projector);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "large text, thick grid lines, high contrast; only the map and the "
        "algorithm (this panel folds away: > brings it back)");
  }
  if (ImGui::Button("fit (F)")) view.fit_requested = true;
  same_line_if_fits(button_w("help (F1)"));
  if (ImGui::Button("help (F1)")) ui.show_help = !ui.show_help;

  // Applied when released: a font that changes under the mouse would move the slider with it.
  float v = ui.scale_edit >= 0.0f ? ui.scale_edit : ui.font_scale;
  const auto shown = [&] {
    char text[16];
    std::snprintf(text, sizeof text, "%.2f", static_cast<double>(v));
    return SliderShown{text, slider_ratio(v, kMinUiScale, kMaxUiScale, false)};
  };
  const float lo = kMinUiScale, hi = kMaxUiScale;
  slider_with_clear_text("UI scale", ImGuiDataType_Float, &v, &lo, &hi, "%.2f",
                         ImGuiSliderFlags_AlwaysClamp, shown, 0);
  note_item(ui, "controls/ui-scale", button_w("0.00") + m.gap + text_w("UI scale"));
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("text size, %.2f to %.2f, applied when you let go (U: back to 1)",
                      kMinUiScale, kMaxUiScale);
  }
  if (ImGui::IsItemActive()) {
    ui.scale_edit = v;
  } else {
    if (ImGui::IsItemDeactivatedAfterEdit())
      ui.font_scale = std::clamp(v, kMinUiScale, kMaxUiScale);
    ui.scale_edit = -1.0f;
  }
  if (ImGui::Button("reset (U)")) ui.font_scale = kDefaultUiScale;
}

// A colour square with a border, so a colour close to the panel's (unused cells) still shows.
void legend_section(Session& session, const Palette& p, const Metrics& m) {
  const Legend legend = session.legend();
  // As many columns as whole entries fit, up to three.
  const float avail = ImGui::GetContentRegionAvail().x + ImGui::GetStyle().ItemSpacing.x;
  const int columns = std::clamp(
      static_cast<int>(avail / (m.swatch_cell + ImGui::GetStyle().ItemSpacing.x * 2.0f)), 1, 3);
  if (!ImGui::BeginTable("legend", columns)) return;
  for (const Tile t : legend.tiles) {
    ImGui::TableNextColumn();
    swatch(p, p.tile(t), tile_legend(t));
  }
  for (const Role r : legend.roles) {
    ImGui::TableNextColumn();
    swatch(p, role_colour(p, r), std::string(role_info(r).legend).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(role_info(r).help).c_str());
  }
  ImGui::EndTable();
  const std::optional<AnalysisKind> shown = session.shown_analysis();
  if (shown && *shown != AnalysisKind::Regions) {
    analysis_legend(session, p);
    return;
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled(session.generator().text_shows_labels
                          ? "each room and each region has its own colour"
                          : "each region has its own colour");
  ImGui::PopTextWrapPos();
}

}  // namespace

PanelWidths measure_controls_panel(const Session& session, const Session* b, bool script_open) {
  const Metrics m = metrics(session, b);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float chrome = 2.0f * style.WindowPadding.x + style.ScrollbarSize;
  const float min = chrome + std::max({m.label + m.gap + m.field_min, m.single, m.swatch_cell});
  // A script's lines run to about 80 characters: about 40 ems of the UI's font.
  const float want_ems = script_open ? 40.0f : 20.0f;
  return {min, std::max(min, ImGui::GetFontSize() * want_ems)};
}

void draw_controls_panel(Session& session, UiState& ui, const UiLayout& layout) {
  if (!layout.controls_open) {
    draw_panel_strip("Generator", layout.controls, /*on_left=*/true, ui.controls,
                     ui.reopen_controls);
    return;
  }
  if (begin_side_panel("Generator", layout.controls, layout.controls_narrow, ui.controls,
                       ui.reopen_controls)) {
    const Metrics m = metrics(session, ui.compare ? &ui.compare->b() : nullptr);
    // The frames take what the label column leaves.
    ImGui::PushItemWidth(-(m.label + m.gap));
    generator_section(session, ui, m);
    if (ui.compare && ImGui::CollapsingHeader("Compare: pane B", ImGuiTreeNodeFlags_DefaultOpen)) {
      ImGui::PushID("pane B");
      settings_rows(ui.compare->b(), ui, m, "compare/");
      ui.compare->draw_section(session, ui);
      ImGui::PopID();
    }
    if (ImGui::CollapsingHeader("Analysis", ImGuiTreeNodeFlags_DefaultOpen)) {
      regions_section(session, ui, m);
    }
    if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) {
      view_section(session, ui, m);
    }
    if (ui.share.scripts) {
      ui.script.open = ImGui::CollapsingHeader("Script");
      note_item(ui, "controls/script");
      if (ui.script.open) script_section(session, ui);
    }
    const bool share_open = ImGui::CollapsingHeader("Save and share");
    note_item(ui, "controls/share");
    if (share_open) share_section(session, ui);
    if (ImGui::CollapsingHeader("Lab")) lab_section(session, ui);
    if (ImGui::CollapsingHeader("Legend", ImGuiTreeNodeFlags_DefaultOpen)) {
      legend_section(session, palette_for(session.view().projector), m);
    }
    ImGui::PopItemWidth();
  }
  ImGui::End();
}

}  // namespace dungen::app
