#pragma once
// Keyboard and mouse on the GL side: the keys queued by the window's key callback become the
// session's Commands (logic/key_queue.hpp: every press and auto-repeat is one action; the key
// names come from key_bindings(), so the Help window and the bindings cannot disagree); the
// mouse zooms and pans the map view.

#include <optional>

#include "app/map_view.hpp"

namespace dungen::app {

class KeyQueue;
class Session;
struct UiState;

// Call between ImGui::NewFrame and the panels: drains the queue, applying each key's action in
// order. While an ImGui widget (a text field) has the keyboard the keys are its: dropped.
void handle_keys(KeyQueue& queue, Session& session, UiState& ui);

struct MouseDrag {
  bool active = false;  // a drag that started on the map
  // A left press on the map, and how far the pointer has moved since: released within
  // kClickSlopPx of where it began, it was a click (or a tap), not a pan.
  bool left = false;
  float travel = 0.0f;
  Point cell{};  // the cell pressed
};
inline constexpr float kClickSlopPx = 6.0f;

// Wheel: zoom about the cursor. Drag (any button) that starts on the map: pan. Returns the cell
// a left click (or a tap) landed on, on the frame it is released.
std::optional<Point> handle_mouse(MapView& view, ScreenRect map, int map_w, int map_h,
                                  MouseDrag& drag);

}  // namespace dungen::app
