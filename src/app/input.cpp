#include "app/input.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cmath>
#include <variant>

#include "app/logic/key_queue.hpp"
#include "app/logic/session.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

constexpr float kWheelZoomStep = 1.2f;

// key_queue.hpp numbers keys as GLFW does, without including GLFW.
static_assert(keys::kSpace == GLFW_KEY_SPACE && keys::kMinus == GLFW_KEY_MINUS &&
              keys::kEqual == GLFW_KEY_EQUAL && keys::kA == GLFW_KEY_A && keys::kH == GLFW_KEY_H &&
              keys::kZ == GLFW_KEY_Z && keys::kRight == GLFW_KEY_RIGHT &&
              keys::kLeft == GLFW_KEY_LEFT && keys::kHome == GLFW_KEY_HOME &&
              keys::kEnd == GLFW_KEY_END && keys::kF1 == GLFW_KEY_F1 &&
              keys::kKeypadSubtract == GLFW_KEY_KP_SUBTRACT && keys::kKeypadAdd == GLFW_KEY_KP_ADD);

}  // namespace

void handle_keys(KeyQueue& queue, Session& session, UiState& ui) {
  for (const KeyAction& action : queue.drain(ImGui::GetIO().WantCaptureKeyboard)) {
    if (const auto* command = std::get_if<Command>(&action)) {
      session.apply(*command);
    } else if (std::get<UiAction>(action) == UiAction::ToggleHelp) {
      ui.show_help = !ui.show_help;
    }
  }
}

std::optional<Point> handle_mouse(MapView& view, ScreenRect map, int map_w, int map_h,
                                  MouseDrag& drag) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool over_map = !io.WantCaptureMouse && map.contains(io.MousePos.x, io.MousePos.y);
  if (over_map && io.MouseWheel != 0.0f) {
    view.zoom_about(std::pow(kWheelZoomStep, io.MouseWheel), io.MousePos.x, io.MousePos.y, map);
  }
  // A drag pans from the frame after its press: the press's own frame may carry the pointer's
  // jump from wherever it was before (a click elsewhere, then one on the map) as its delta.
  bool pressed_now = false;
  for (int button = 0; button < 3; ++button) {
    if (over_map && ImGui::IsMouseClicked(button) && !drag.active) pressed_now = true;
  }
  if (pressed_now) {
    drag.active = true;
    const std::optional<Point> cell = view.cell_at(io.MousePos.x, io.MousePos.y, map_w, map_h, map);
    drag.left = ImGui::IsMouseClicked(0) && cell.has_value();
    drag.travel = 0.0f;
    if (cell) drag.cell = *cell;
  }
  std::optional<Point> clicked;
  if (drag.active && !pressed_now) {
    drag.travel += std::abs(io.MouseDelta.x) + std::abs(io.MouseDelta.y);
    if (drag.left && ImGui::IsMouseReleased(0) && drag.travel <= kClickSlopPx) clicked = drag.cell;
  }
  if (!ImGui::IsMouseDown(0) && !ImGui::IsMouseDown(1) && !ImGui::IsMouseDown(2)) {
    drag.active = false;
    drag.left = false;
  }
  // Within the slop the map stays put, so a click does not nudge it.
  if (drag.active && !pressed_now && !(drag.left && drag.travel <= kClickSlopPx)) {
    view.pan(io.MouseDelta.x, io.MouseDelta.y);
  }
  return clicked;
}

}  // namespace dungen::app
