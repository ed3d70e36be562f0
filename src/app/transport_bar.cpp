// The bar under the map: play/pause, step, step back, run to the next cell/action/feature/phase,
// run to end, restart; the speed (log slider), the scrubber, and a progress bar while a long job
// is spread over frames.

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/logic/scrubber_text.hpp"
#include "app/logic/session.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

constexpr int kMaxHatchLines = 4096;  // more than any bar is wide

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

// Hatches the part of the scrubber about to be drawn in [a, b] (steps 0..recorded) that lies
// before `earliest`, under the slider's translucent frame so its label stays crisp, and returns
// where history starts on it.
float hatch_forgotten_steps(ImVec2 a, ImVec2 b, std::uint64_t earliest, std::uint64_t recorded) {
  // Where the grab's centre stands at step `earliest` (ImGui's slider keeps 2 px and half a
  // grab clear at either end; a range this long has the smallest grab).
  const float inset = 2.0f + ImGui::GetStyle().GrabMinSize * 0.5f;
  const float f = static_cast<float>(static_cast<double>(earliest) / static_cast<double>(recorded));
  const float x = a.x + inset + (b.x - a.x - 2.0f * inset) * f;
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->PushClipRect(a, {x, b.y}, true);
  const float h = b.y - a.y;
  const float gap = std::max(4.0f, h * 0.3f);
  for (int k = 0; k < kMaxHatchLines && a.x - h + gap * static_cast<float>(k) < x; ++k) {
    const float x0 = a.x - h + gap * static_cast<float>(k);
    list->AddLine({x0, b.y}, {x0 + h, a.y}, IM_COL32(220, 220, 220, 150), 1.0f);
  }
  list->PopClipRect();
  return x;
}

// Short marks on the slider's edges where history starts, clear of its label.
void mark_history_start(float x, ImVec2 a, ImVec2 b) {
  const float tick = std::max(3.0f, ImGui::GetStyle().FramePadding.y);
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImU32 colour = IM_COL32(255, 210, 80, 255);
  list->AddLine({x, a.y}, {x, a.y + tick}, colour, 2.0f);
  list->AddLine({x, b.y - tick}, {x, b.y}, colour, 2.0f);
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
    // The bar spans the run from step 0, so where the history held starts shows on it (a drag
    // before that stops there: seek clamps).
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const ImVec2 b{a.x + ImGui::GetContentRegionAvail().x, a.y + ImGui::GetFrameHeight()};
    const float start_x = lo > 0 ? hatch_forgotten_steps(a, b, lo, hi) : 0.0f;
    const std::uint64_t zero = 0;
    const std::string format = scrubber_format(lo, hi);
    if (ImGui::SliderScalar("##scrub", ImGuiDataType_U64, &pos, &zero, &hi, format.c_str())) {
      session.seek(pos);
    }
    if (lo > 0) mark_history_start(start_x, a, b);
    if (ImGui::IsItemHovered()) {
      if (lo > 0) {
        ImGui::SetTooltip(
            "drag to scrub: steps %s to %s are held; the %s before them were forgotten to bound "
            "memory (|< runs the generator again from step 0)",
            grouped(lo).c_str(), grouped(hi).c_str(), grouped(lo).c_str());
      } else {
        ImGui::SetTooltip("every recorded step: drag to scrub");
      }
    }
  }
  ImGui::End();
}

}  // namespace dungen::app
