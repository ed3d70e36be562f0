// The right panel: the algorithm's pseudocode with the current line lit, "what just happened",
// and the live statistics.

#include <imgui.h>

#include <string>

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

void pseudocode_section(Session& session) {
  const auto lines = session.pseudocode();
  const auto current = session.current_line();
  const float height =
      ImGui::GetTextLineHeightWithSpacing() * (static_cast<float>(lines.size()) + 0.5f);
  ImGui::BeginChild("pseudocode", {0, height}, true);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool lit = current && static_cast<std::size_t>(*current) == i;
    if (lit) {
      // A bar the width of the panel behind the line, readable from the back of a room.
      const ImVec2 p = ImGui::GetCursorScreenPos();
      ImGui::GetWindowDrawList()->AddRectFilled(
          p, {p.x + ImGui::GetContentRegionAvail().x, p.y + ImGui::GetTextLineHeight()},
          IM_COL32(200, 150, 20, 255));
      ImGui::TextColored({0.0f, 0.0f, 0.0f, 1.0f}, "%s", std::string(lines[i]).c_str());
    } else {
      ImGui::TextUnformatted(std::string(lines[i]).c_str());
    }
  }
  ImGui::EndChild();
}

void log_section(Session& session) {
  const auto& log = session.log();
  const float height = ImGui::GetTextLineHeightWithSpacing() * 11.0f;
  ImGui::BeginChild("log", {0, height}, true, ImGuiWindowFlags_HorizontalScrollbar);
  for (const LogEntry& e : log) {
    ImGui::TextColored(level_colour(e.level), "%s", format_log_entry(e).c_str());
  }
  // Follow the newest line unless the user has scrolled up to read.
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID seen = ImGui::GetID("newest");
  const int newest = log.empty() ? -1 : static_cast<int>(log.back().step);
  if (newest != storage->GetInt(seen, -2) &&
      ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 4 * ImGui::GetTextLineHeight()) {
    ImGui::SetScrollHereY(1.0f);
  }
  storage->SetInt(seen, newest);
  ImGui::EndChild();
}

void row(const char* name, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(value.c_str());
}

std::string percent(double f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", f * 100.0);
  return buf;
}

void stats_section(const Session& session) {
  const LiveStats s = session.stats();
  if (!ImGui::BeginTable("stats", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) return;
  row("step", std::to_string(s.step) + " of " + std::to_string(s.recorded) +
                  (session.finished() ? " (done)" : ""));
  row("attempts", std::to_string(s.counters.attempts));
  row("placed", std::to_string(s.counters.placed));
  row("rejected", std::to_string(s.counters.rejected));
  row("cells changed", std::to_string(s.counters.cells));
  row("floor", percent(s.floor_fraction) + " (" + std::to_string(s.walkable) + " cells)");
  if (s.regions) {
    row("regions", std::to_string(s.regions->count) + (s.regions->complete ? "" : " so far"));
    row("largest region", percent(s.regions->largest_fraction) + " of the floor");
  } else {
    row("regions", "off (Regions panel or N)");
  }
  ImGui::EndTable();
}

}  // namespace

void draw_teaching_panel(Session& session, ScreenRect area) {
  if (begin_fixed_window("Algorithm", area)) {
    ImGui::TextUnformatted(session.phase() == Phase::Regions ? "Pseudocode: flood-fill regions"
                                                             : "Pseudocode");
    pseudocode_section(session);
    ImGui::TextUnformatted("What just happened");
    log_section(session);
    ImGui::TextUnformatted("Stats");
    stats_section(session);
  }
  ImGui::End();
}

}  // namespace dungen::app
