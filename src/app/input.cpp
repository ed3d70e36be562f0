#include "app/input.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cmath>
#include <string_view>
#include <vector>

#include "app/logic/commands.hpp"
#include "app/logic/session.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

constexpr float kWheelZoomStep = 1.2f;

struct KeyChord {
  std::vector<int> keys;  // any of these GLFW keys
  bool ctrl = false;
  bool shift = false;
  bool any_shift = false;  // '+' is Shift+'=' on many layouts: ignore Shift there
  bool repeat = false;     // held down: keeps stepping
};

std::vector<int> glfw_keys(std::string_view name) {
  if (name == "Space") return {GLFW_KEY_SPACE};
  if (name == "Right") return {GLFW_KEY_RIGHT};
  if (name == "Left") return {GLFW_KEY_LEFT};
  if (name == "Home") return {GLFW_KEY_HOME};
  if (name == "End") return {GLFW_KEY_END};
  if (name == "+") return {GLFW_KEY_EQUAL, GLFW_KEY_KP_ADD};
  if (name == "-") return {GLFW_KEY_MINUS, GLFW_KEY_KP_SUBTRACT};
  if (name.size() == 1 && name[0] >= 'A' && name[0] <= 'Z') return {GLFW_KEY_A + (name[0] - 'A')};
  return {};
}

// "Ctrl+Shift+Right" -> Right with Ctrl and Shift held.
KeyChord parse_chord(std::string_view text) {
  KeyChord chord;
  while (text.size() > 1) {
    const auto plus = text.find('+');
    if (plus == std::string_view::npos || plus == 0) break;
    const std::string_view mod = text.substr(0, plus);
    if (mod == "Ctrl") chord.ctrl = true;
    if (mod == "Shift") chord.shift = true;
    text.remove_prefix(plus + 1);
  }
  chord.keys = glfw_keys(text);
  chord.any_shift = text == "+" || text == "-";
  chord.repeat = text == "Right" || text == "Left" || chord.any_shift;
  return chord;
}

bool pressed(const KeyChord& chord) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl != chord.ctrl || io.KeyAlt) return false;
  if (!chord.any_shift && io.KeyShift != chord.shift) return false;
  for (const int key : chord.keys) {
    if (ImGui::IsKeyPressed(key, chord.repeat)) return true;
  }
  return false;
}

}  // namespace

void handle_keys(Session& session, UiState& ui) {
  if (ImGui::GetIO().WantCaptureKeyboard) return;
  for (const KeyBinding& b : key_bindings()) {
    if (pressed(parse_chord(b.key))) session.apply(b.command);
  }
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.KeyCtrl && !io.KeyAlt &&
      (ImGui::IsKeyPressed(GLFW_KEY_F1, false) || ImGui::IsKeyPressed(GLFW_KEY_H, false))) {
    ui.show_help = !ui.show_help;
  }
}

void handle_mouse(MapView& view, ScreenRect map, MouseDrag& drag) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool over_map = !io.WantCaptureMouse && map.contains(io.MousePos.x, io.MousePos.y);
  if (over_map && io.MouseWheel != 0.0f) {
    view.zoom_about(std::pow(kWheelZoomStep, io.MouseWheel), io.MousePos.x, io.MousePos.y, map);
  }
  for (int button = 0; button < 3; ++button) {
    if (over_map && ImGui::IsMouseClicked(button)) drag.active = true;
  }
  if (!ImGui::IsMouseDown(0) && !ImGui::IsMouseDown(1) && !ImGui::IsMouseDown(2)) {
    drag.active = false;
  }
  if (drag.active) view.pan(io.MouseDelta.x, io.MouseDelta.y);
}

}  // namespace dungen::app
