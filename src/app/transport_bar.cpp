// The bar under the map: play/pause, step, step back, run to the next cell/action/feature/phase,
// run to end, restart; the speed (log slider), the scrubber, and a progress bar while a long job
// is spread over frames.

#include <imgui.h>

#include <cstdio>
#include <string>

#include "app/logic/session.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

bool button(const char* label, const char* tip) {
  const bool pressed = ImGui::Button(label);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  ImGui::SameLine();
  return pressed;
}

// "1", "250", "12.5k", "1M" steps/s: no '%', since it is used as a slider's format string.
std::string speed_text(double s) {
  char buf[48];
  if (s >= 1e6) {
    std::snprintf(buf, sizeof buf, "%.3gM steps/s", s / 1e6);
  } else if (s >= 1e3) {
    std::snprintf(buf, sizeof buf, "%.3gk steps/s", s / 1e3);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g steps/s", s);
  }
  return buf;
}

}  // namespace

void draw_transport_bar(Session& session, ScreenRect area) {
  if (!begin_fixed_window("Transport", area, /*title=*/false)) {
    ImGui::End();
    return;
  }
  if (button("|<", "restart: back to step 0 (Home)")) session.restart();
  if (button("<", "one step back (Left)")) session.step_back();
  if (button(session.playing() ? "pause" : "play", "play / pause (Space)")) session.toggle_play();
  if (button(">", "one step forward (Right)")) session.step();
  ImGui::TextUnformatted("next:");
  ImGui::SameLine();
  if (button("cell", "run to the next step of any size")) session.run_to_next(StepLevel::Cell);
  if (button("action", "run to the next action: a candidate tried (Ctrl+Right)")) {
    session.run_to_next(StepLevel::Action);
  }
  if (button("feature", "run to the next room, corridor or region (Shift+Right)")) {
    session.run_to_next(StepLevel::Feature);
  }
  if (button("phase", "run to the next phase (Ctrl+Shift+Right)")) {
    session.run_to_next(StepLevel::Phase);
  }
  if (button(">|", "run to the end (End)")) session.run_to_end();

  ImGui::NewLine();
  // Second row: the speed, then the scrubber (or the progress bar) in the rest of the width.
  float t = static_cast<float>(slider_from_speed(session.speed()));
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  if (ImGui::SliderFloat("##speed", &t, 0.0f, 1.0f, speed_text(session.speed()).c_str())) {
    session.set_speed(speed_from_slider(t));
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("playing speed, 1 to 1,000,000 steps/s (+ / -)");
  ImGui::SameLine();

  std::uint64_t pos = session.position();
  const std::uint64_t lo = session.earliest();
  const std::uint64_t hi = std::max(session.recorded(), lo);
  if (session.busy()) {
    // The job's progress replaces the scrubber until it is done.
    char label[96];
    std::snprintf(label, sizeof label, "%s... %.0f%%", std::string(session.busy_label()).c_str(),
                  session.progress() * 100.0);
    ImGui::ProgressBar(static_cast<float>(session.progress()), {-1, 0}, label);
  } else {
    ImGui::SetNextItemWidth(-1);
    const std::string format = "step %llu of " + std::to_string(hi);
    if (ImGui::SliderScalar("##scrub", ImGuiDataType_U64, &pos, &lo, &hi, format.c_str())) {
      session.seek(pos);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("every recorded step: drag to scrub");
  }
  ImGui::End();
}

}  // namespace dungen::app
