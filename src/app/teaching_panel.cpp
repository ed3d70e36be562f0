// The right panel: the algorithm's pseudocode with the current line lit, "what just happened",
// and the live statistics.

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/logic/log_follow.hpp"
#include "app/logic/script_error.hpp"
#include "app/logic/session.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

ImVec4 level_colour(StepLevel level) {
  switch (level) {
    case StepLevel::Phase:
      return {1.0f, 0.85f, 0.3f, 1.0f};
    case StepLevel::Feature:
      return {0.45f, 0.95f, 0.55f, 1.0f};
    case StepLevel::Action:
      return {0.92f, 0.92f, 0.92f, 1.0f};
    case StepLevel::Cell:
      break;
  }
  return {0.62f, 0.62f, 0.66f, 1.0f};
}

// One pseudocode line, wrapped at the panel's edge with its indentation kept for the
// continuation lines (the font is proportional, so leading spaces become an indent).
float indent_of(std::string_view line) {
  const std::size_t spaces = std::min(line.find_first_not_of(' '), line.size());
  return static_cast<float>(spaces) / 4.0f * ImGui::GetFontSize() * 1.3f;
}

// A line's score in predict mode, "3/4", coloured by how well the class does on it.
struct LineMark {
  std::string text;
  ImU32 colour = 0;
};

// `mark`, when it has text, stands at the right end of the line's first row, and the line wraps
// short of it.
void code_line(std::string_view line, bool lit, const LineMark& mark = {}) {
  const std::size_t spaces = std::min(line.find_first_not_of(' '), line.size());
  const float indent = indent_of(line);
  const std::string text(line.substr(spaces));
  const float mark_w = mark.text.empty() ? 0.0f
                                         : ImGui::CalcTextSize(mark.text.c_str()).x +
                                               ImGui::GetStyle().ItemSpacing.x * 2.0f;
  if (indent > 0) ImGui::Indent(indent);
  ImGui::PushTextWrapPos(mark_w > 0 ? ImGui::GetContentRegionMax().x - mark_w : 0.0f);
  if (lit) {
    // The text goes on top of a bar the width of the panel, drawn once its height is known.
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->ChannelsSplit(2);
    list->ChannelsSetCurrent(1);
    ImGui::TextColored({0.0f, 0.0f, 0.0f, 1.0f}, "%s", text.c_str());
    list->ChannelsSetCurrent(0);
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    list->AddRectFilled({ImGui::GetWindowPos().x, min.y},
                        {ImGui::GetWindowPos().x + ImGui::GetWindowWidth(), max.y},
                        IM_COL32(230, 170, 30, 255));
    list->ChannelsMerge();
  } else {
    ImGui::TextUnformatted(text.c_str());
  }
  ImGui::PopTextWrapPos();
  if (indent > 0) ImGui::Unindent(indent);
  if (mark_w > 0) {
    ImDrawList* list = ImGui::GetWindowDrawList();
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 size = ImGui::CalcTextSize(mark.text.c_str());
    const float pad = ImGui::GetStyle().ItemSpacing.x * 0.5f;
    const ImVec2 at{ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x - size.x - pad, min.y};
    list->AddRectFilled({at.x - pad, at.y}, {at.x + size.x + pad, at.y + size.y},
                        IM_COL32(20, 20, 24, 230), 3.0f);
    list->AddText(at, mark.colour, mark.text.c_str());
  }
}

// The lesson's score of pseudocode line i of the generator shown (predict mode), if asked.
LineMark line_mark(const Session& session, std::size_t i) {
  if (!session.predict() || session.phase() != Phase::Generator) return {};
  const LineScore* s = session.lesson().find(session.generator().name, static_cast<int>(i));
  if (!s) return {};
  const double a = s->accuracy();
  const ImU32 colour = a >= 0.75  ? IM_COL32(110, 220, 110, 255)
                       : a >= 0.5 ? IM_COL32(240, 200, 80, 255)
                                  : IM_COL32(255, 110, 100, 255);
  return {std::to_string(s->right) + "/" + std::to_string(s->asked), colour};
}

// The pseudocode, the current line lit and always wholly in view: whenever any of it is out of
// the box (the line moved, the box shrank, projector mode's bigger font re-wrapped the lines),
// the box scrolls to put it in the middle. tests/layout_check reads the two rectangles noted.
void pseudocode_section(Session& session, UiState& ui) {
  const auto lines = session.pseudocode();
  const auto current = session.current_line();
  // Room for the lines, some of them wrapped, up to about half the panel.
  const float line = ImGui::GetTextLineHeightWithSpacing();
  float height = std::min(line * (static_cast<float>(lines.size()) * 1.45f + 0.6f),
                          ImGui::GetContentRegionAvail().y * 0.5f);
  // And never less than the lit line wrapped at the box's width (a narrow projector panel wraps
  // a long line into many), so all of it can be in view.
  if (current && static_cast<std::size_t>(*current) < lines.size()) {
    const std::string_view lit = lines[static_cast<std::size_t>(*current)];
    const ImGuiStyle& style = ImGui::GetStyle();
    const float wrap = ImGui::GetContentRegionAvail().x - 2.0f * style.WindowPadding.x -
                       style.ScrollbarSize - indent_of(lit);
    const std::string text(lit.substr(std::min(lit.find_first_not_of(' '), lit.size())));
    const float lit_h = ImGui::CalcTextSize(text.c_str(), nullptr, false, std::max(wrap, 1.0f)).y;
    height = std::max(height, lit_h + 2.0f * style.WindowPadding.y + line);
  }
  ImGui::BeginChild("pseudocode", {0, height}, true);
  const ImVec2 box_min = ImGui::GetWindowPos();
  const ImVec2 box_size = ImGui::GetWindowSize();
  // A new layout (projector mode on or off, a new UI scale, the panel resized) re-wraps the
  // lines: the scroll kept from the old one may leave the lit line out of view, and the check
  // below, clamped to the old layout's scroll range, would not see it until the next step. A
  // layout seen for the first time scrolls to the lit line as a moved one does.
  ImGuiStorage* storage = ImGui::GetStateStorage();
  bool relaid = false;
  for (const auto& [key, now] : {std::pair{"box w", box_size.x}, std::pair{"box h", box_size.y},
                                 std::pair{"font", ImGui::GetFontSize()}}) {
    const ImGuiID id = ImGui::GetID(key);
    relaid = relaid || storage->GetFloat(id, -1.0f) != now;
    storage->SetFloat(id, now);
  }
  // What of the box shows text: inside its border and padding.
  const float pad = ImGui::GetStyle().WindowPadding.y * 0.5f;
  const ScreenRect view{box_min.x, box_min.y + pad, box_size.x, box_size.y - 2.0f * pad};
  ui.drawn.push_back({"teaching/pseudocode", view, 0.0f});
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool lit = current && static_cast<std::size_t>(*current) == i;
    code_line(lines[i], lit, line_mark(session, i));
    if (!lit) continue;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ui.drawn.push_back({"teaching/lit-line", {a.x, a.y, b.x - a.x, b.y - a.y}, 0.0f});
    const bool moved = relaid || storage->GetInt(ImGui::GetID("lit"), -1) != static_cast<int>(i);
    // A cut line that scrolling cannot bring further in (a box shorter than the line, scrolled
    // to its end) asks for no scroll, else every frame would ask again.
    const float scroll = ImGui::GetScrollY();
    const float target = std::clamp(scroll + (a.y + b.y) * 0.5f - (box_min.y + box_size.y * 0.5f),
                                    0.0f, ImGui::GetScrollMaxY());
    const bool cut = (a.y < view.y || b.y > view.bottom()) && std::abs(target - scroll) >= 1.0f;
    if (moved || cut) {
      // Applied when the box begins next frame.
      ImGui::SetScrollFromPosY((a.y + b.y) * 0.5f - box_min.y, 0.5f);
      ui.another_frame = true;
    }
  }
  storage->SetInt(ImGui::GetID("lit"), current ? *current : -1);
  ImGui::EndChild();
}

// A script's error, last in the log (a run that stopped early, or a file that could not be read
// again): in the error colour, and hovering or clicking it shows the line it names.
void script_error_row(const Session& session) {
  const Session::RunError error = session.run_error();
  if (error.text.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
  ImGui::TextUnformatted(error.text.c_str());
  ImGui::PopStyleColor();
  const std::optional<int> line = script_error_line(error.text);
  if (!line) return;
  const bool clicked = ImGui::IsItemClicked();
  if (ImGui::IsItemHovered() || clicked) {
    ImGui::SetTooltip("%s", source_excerpt(error.source, *line).c_str());
  }
}

// "What just happened": the last steps up to the cursor, newest at the bottom and in view
// (LogFollow decides when it follows; the state lives in the panel's ImGui storage).
// lines_below: the room to leave under it for the sections that follow.
void log_section(Session& session, float lines_below) {
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID follow_id = ImGui::GetID("log follows");
  const ImGuiID scroll_id = ImGui::GetID("log scroll");
  LogFollow follow(storage->GetBool(follow_id, true));
  ImGui::TextUnformatted("What just happened");
  if (!follow.following()) {
    // Only shown while the user reads further up: one click brings the newest line back.
    ImGui::SameLine();
    if (ImGui::SmallButton("follow")) follow.follow();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("scroll to the current step and stay there");
  }
  const auto& log = session.log();
  // Whatever the stats below leave, at least six lines.
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float height = std::max(line * 6.0f, ImGui::GetContentRegionAvail().y - line * lines_below);
  ImGui::BeginChild("log", {0, height}, true);
  ImGui::PushTextWrapPos(0.0f);
  for (const LogEntry& e : log) {
    ImGui::PushStyleColor(ImGuiCol_Text, level_colour(e.level));
    ImGui::TextUnformatted(format_log_entry(e).c_str());
    ImGui::PopStyleColor();
  }
  script_error_row(session);
  ImGui::PopTextWrapPos();
  // The user moves the log with the wheel over it, or by dragging its scroll bar (the mouse
  // held inside it and the offset going up); nothing else here scrolls it up.
  const float y = ImGui::GetScrollY();
  const float last_y = storage->GetFloat(scroll_id, y);
  const bool over = ImGui::IsWindowHovered() || ImGui::IsWindowFocused();
  const bool wheel_up = ImGui::IsWindowHovered() && ImGui::GetIO().MouseWheel > 0.0f;
  const bool dragged_up = over && ImGui::IsMouseDown(ImGuiMouseButton_Left) && y < last_y - 0.5f;
  if (follow.update({y, ImGui::GetScrollMaxY(), line, wheel_up || dragged_up})) {
    ImGui::SetScrollHereY(1.0f);  // applied at the next frame, with its sizes
  }
  storage->SetFloat(scroll_id, y);
  ImGui::EndChild();
  storage->SetBool(follow_id, follow.following());
}

// One row of the stats table, each text broken at its spaces to its column (ImGui's own wrap
// breaks a word that does not fit mid-word). The value's cell is noted for tests/layout_check: its
// column's width against the value's widest word.
struct StatsRow {
  std::string name, value;
  float value_word = 0;  // widest_word(value)
};
void row(UiState& ui, const StatsRow& r, float names_w) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(break_at_spaces(r.name, names_w).c_str());
  ImGui::TableNextColumn();
  const float x = ImGui::GetCursorScreenPos().x;
  const float column = ImGui::GetContentRegionAvail().x;
  ImGui::TextUnformatted(break_at_spaces(r.value, column).c_str());
  std::string item = "algorithm/stats/" + r.name;
  std::replace(item.begin(), item.end(), ' ', '_');
  note_item(ui, std::move(item), r.value_word);
  ui.drawn.back().rect.x = x;
  ui.drawn.back().rect.w = column;
}

void stats_section(const Session& session, UiState& ui) {
  const LiveStats s = session.stats();
  // The rows first: the columns' widths follow from their words.
  std::vector<StatsRow> rows;
  // A script that broke a rule ends its run early: stopped, not done (the log says why). A later
  // read of the script that failed leaves this run as it was.
  const char* end = session.stopped_early() ? " (stopped)" : " (done)";
  rows.push_back({"step", std::to_string(s.step) + " of " + std::to_string(s.recorded) +
                              (session.finished() ? end : "")});
  // The generator's own numbers, then the flood fill's while it runs (or the instant labels').
  for (const StatRow& r : s.generator) rows.push_back({r.label, r.text});
  if (!s.flood_fill.empty()) {
    for (const StatRow& r : s.flood_fill) rows.push_back({r.label, r.text});
  } else if (s.regions) {
    rows.push_back({"flood-fill regions", std::to_string(s.regions->count)});
    rows.push_back(
        {"largest flood-fill region", percent_text(s.regions->largest_fraction) + " of the floor"});
  } else if (!s.analysis_on) {
    rows.push_back({"analysis", "off (the Analysis section, or N)"});
  } else {
    rows.push_back({s.analysis, "follows the generator's steps"});
  }
  // The names take the width of the longest one (that of the regions' rows at least, so that the
  // column keeps its width when they come) unless the values need the room (stats_name_width).
  const char* regions_name = "largest flood-fill region";
  StatsColumnText t{ImGui::CalcTextSize(regions_name).x, widest_word(regions_name)};
  for (StatsRow& r : rows) {
    r.value_word = widest_word(r.value);
    t.longest_name = std::max(t.longest_name, ImGui::CalcTextSize(r.name.c_str()).x);
    t.name_word = std::max(t.name_word, widest_word(r.name));
    t.longest_value = std::max(t.longest_value, ImGui::CalcTextSize(r.value.c_str()).x);
    t.value_word = std::max(t.value_word, r.value_word);
  }
  // Both columns' text: the table's width less each cell's padding and the border between.
  const float room =
      ImGui::GetContentRegionAvail().x - 4.0f * ImGui::GetStyle().CellPadding.x - 1.0f;
  const float names_w = stats_name_width(t, room);
  if (!ImGui::BeginTable("stats", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) return;
  ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, names_w);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  for (const StatsRow& r : rows) row(ui, r, names_w);
  ImGui::EndTable();
}

// The values the current step drew from the RNG ("w = 7", "roll = 37"), so a student can see
// where a room's size or a cell's fate came from; and, for a generator's step, "what if": each
// drawn value can be set anywhere in the range it was drawn from and the run forked into compare's
// pane B with that one value changed. Values counted while drawing were not drawn: shown only.
void draws_section(const Session& session, UiState& ui) {
  ImGui::TextWrapped("Random draws of this step");
  const std::vector<ShownDraw> draws = session.current_draws();
  if (draws.empty()) {
    ImGui::TextDisabled("  none");
    return;
  }
  // Forks are of the generator's steps (the analysis after it draws from no fork's run).
  const bool can_fork = session.phase() == Phase::Generator && !session.rebuilding();
  const std::uint64_t step = session.position();
  ImGui::PushID("draws");
  ImGui::PushID(static_cast<int>(step & 0x7fffffff));
  for (std::size_t i = 0; i < draws.size(); ++i) {
    const ShownDraw& d = draws[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(("  " + d.words).c_str());
    ImGui::PopTextWrapPos();
    if (!d.draw.drawn()) {
      ImGui::SameLine();
      ImGui::TextDisabled("(counted, not drawn)");
    } else if (can_fork) {
      // The value to fork with, kept by ImGui per step and draw; it starts at the value drawn.
      const int drawn = static_cast<int>(d.draw.value);
      int* value = ImGui::GetStateStorage()->GetIntRef(ImGui::GetID("value"), drawn);
      const std::string range = std::to_string(d.draw.lo) + ".." + std::to_string(d.draw.hi);
      const float button_w =
          ImGui::CalcTextSize("fork into B").x + 2.0f * ImGui::GetStyle().FramePadding.x;
      ImGui::Indent();
      ImGui::SetNextItemWidth(
          std::max(ImGui::GetFontSize() * 5.0f,
                   ImGui::GetContentRegionAvail().x - button_w - ImGui::GetStyle().ItemSpacing.x));
      const std::string format = d.name + " = %d of " + range;
      ImGui::SliderInt("##value", value, d.draw.lo, d.draw.hi, format.c_str(),
                       ImGuiSliderFlags_AlwaysClamp);
      note_item(ui, "teaching/draw/" + fork_draw_name(d.name, d.occurrence));
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s was drawn from %s (Ctrl+click to type a value)", d.name.c_str(),
                          range.c_str());
      }
      ImGui::SameLine();
      ImGui::BeginDisabled(*value == drawn);
      if (ImGui::Button("fork into B")) {
        ui.fork_into_b = DrawFork{step, d.name, d.occurrence, *value};
      }
      ImGui::EndDisabled();
      note_item(ui, "teaching/fork/" + fork_draw_name(d.name, d.occurrence));
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        if (*value == drawn) {
          ImGui::SetTooltip("pick another value for %s first", d.name.c_str());
        } else {
          ImGui::SetTooltip(
              "compare mode: pane B runs this map again with %s = %d at step %llu, beside it "
              "step by step",
              d.name.c_str(), *value, static_cast<unsigned long long>(step));
        }
      }
      ImGui::Unindent();
    }
    ImGui::PopID();
  }
  ImGui::PopID();
  ImGui::PopID();
}

}  // namespace

PanelWidths measure_teaching_panel(bool minimal) {
  // Pseudocode, log and stats values wrap; the stats names and the headings set the minimum.
  const float font = ImGui::GetFontSize();
  return minimal ? PanelWidths{font * 14.0f, font * 21.0f}
                 : PanelWidths{font * 16.0f, font * 24.0f};
}

void draw_teaching_panel(Session& session, UiState& ui, const UiLayout& layout, bool minimal) {
  if (!layout.teaching_open) {
    draw_panel_strip("Algorithm", layout.teaching, /*on_left=*/false, ui.teaching,
                     ui.reopen_teaching);
    return;
  }
  if (begin_side_panel("Algorithm", layout.teaching, layout.teaching_narrow, ui.teaching,
                       ui.reopen_teaching)) {
    // While a big map's successor is built elsewhere, everything below (lit line, log, draws,
    // stats) is the last map's, made with the settings before the change: said, and greyed.
    const bool old_map = session.rebuilding();
    if (old_map) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_PlotHistogram]);
      ImGui::TextWrapped(
          "A new map is being built (%s, %.0f%%); below: the last map's steps and "
          "figures.",
          std::string(session.busy_label()).c_str(), session.progress() * 100.0);
      ImGui::PopStyleColor();
    }
    ImGui::BeginDisabled(old_map);
    if (session.predict()) predict_section(session, ui);
    ImGui::TextWrapped(
        "%s", session.phase() == Phase::Regions
                  ? ("Pseudocode: " + std::string(analysis_spec(session.analysis()).title)).c_str()
                  : "Pseudocode");
    pseudocode_section(session, ui);
    // Projector mode shows the pseudocode, the legend of what is on the map, and the log: the
    // log takes the rest.
    if (minimal) compact_legend_section(session, ui, palette_for(true));
    log_section(session, minimal ? 0.0f : 13.0f);
    if (!minimal) {
      draws_section(session, ui);
      ImGui::TextUnformatted("Stats");
      stats_section(session, ui);
    }
    ImGui::EndDisabled();
  }
  ImGui::End();
}

}  // namespace dungen::app
