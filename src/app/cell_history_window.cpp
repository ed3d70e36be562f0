// A cell's history (Session::cell_history): every step that touched the cell clicked, oldest
// first, in words; each entry moves the transport to its step.

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/logic/session.hpp"
#include "app/panels.hpp"

namespace dungen::app {

void draw_cell_history_window(Session& session, UiState& ui) {
  if (!ui.history_cell) return;
  const Point cell = *ui.history_cell;
  // Read a part a frame (a big map's history can take a tenth of a second), and on as the run
  // grows (a step at the head may touch the cell); not again when the cursor only moved: the
  // history is of the whole run recorded.
  const Session::CellHistory& history = session.cell_history(cell, kCellHistorySecondsPerFrame);
  ui.history_reading = !history.complete;
  ui.history_steps = history.entries.size() + history.more;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float margin = ImGui::GetFrameHeight() * 0.5f;
  ImGui::SetNextWindowPos({vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + margin * 4},
                          ImGuiCond_Appearing, {0.5f, 0.0f});
  // As tall as its entries, up to 40% of the window (it scrolls past that).
  // 34 fonts wide, or the window's width on a phone.
  const float width = std::max(ImGui::GetFontSize() * 8.0f,
                               std::min(ImGui::GetFontSize() * 34.0f, vp->WorkSize.x - 2 * margin));
  ImGui::SetNextWindowSizeConstraints({width, 0.0f}, {std::max(1.0f, vp->WorkSize.x - 2 * margin),
                                                      std::max(1.0f, vp->WorkSize.y * 0.4f)});
  bool open = true;
  const std::string title = "History of cell " + xy_text(cell) + "###cell history";
  if (ImGui::Begin(title.c_str(), &open, ImGuiWindowFlags_AlwaysAutoResize)) {
    const auto& entries = history.entries;
    // While a read goes on, the entries are the last complete read's (none for a new cell): the
    // steps recorded since are being read.
    const bool reading = !history.complete;
    if (reading) {
      ImGui::TextWrapped(entries.empty() ? "Reading the run's history for this cell: %d%% read..."
                                         : "Reading the steps recorded since: %d%% read...",
                         static_cast<int>(history.read * 100.0));
    }
    if (!entries.empty()) {
      ImGui::TextWrapped("%zu step%s changed it, oldest first. Click one to go there.",
                         entries.size() + history.more,
                         entries.size() + history.more == 1 ? "" : "s");
    } else if (!reading && history.forgotten == 0 && history.forgotten_analysis == 0) {
      ImGui::TextWrapped(
          "No step recorded so far has changed this cell: it is as the map "
          "began.");
    } else if (!reading) {
      ImGui::TextWrapped("No step still recorded has changed this cell.");
    }
    // Past its budget the history keeps the newest steps: say which ones were not looked at.
    std::string forgotten;
    if (history.forgotten > 0) forgotten = "Steps 1-" + std::to_string(history.forgotten);
    if (history.forgotten_analysis > 0) {
      forgotten += (forgotten.empty() ? "Analysis steps 1-" : " and analysis steps 1-") +
                   std::to_string(history.forgotten_analysis);
    }
    if (!forgotten.empty()) {
      ImGui::TextDisabled("%s are no longer recorded.", forgotten.c_str());
    }
    note_item(ui, "history/summary");  // the layout lines say the window is open
    const std::uint64_t at = session.position();
    const float wrap = width - 2.0f * ImGui::GetStyle().WindowPadding.x;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const bool here = entries[i].position == at;
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(
              "##entry", here, 0,
              {wrap, ImGui::CalcTextSize(entries[i].text.c_str(), nullptr, false, wrap).y})) {
        session.seek(entries[i].position);
      }
      ImGui::SameLine(0.0f, 0.0f);
      ImGui::SetCursorPosX(ImGui::GetCursorPosX() - wrap);
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
      ImGui::TextUnformatted(entries[i].text.c_str());
      ImGui::PopTextWrapPos();
      ImGui::PopID();
    }
    if (history.more > 0) {
      ImGui::TextDisabled("... and %zu later steps", history.more);
    }
  }
  ImGui::End();
  if (!open) ui.history_cell.reset();
}

}  // namespace dungen::app
