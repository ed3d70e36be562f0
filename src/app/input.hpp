#pragma once
// Keyboard and mouse on the GL side: the keys queued by the window's key callback become the
// session's Commands (logic/key_queue.hpp: every press and auto-repeat is one action; the key
// names come from key_bindings(), so the Help window and the bindings cannot disagree); the
// mouse zooms and pans the map view.

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
};

// Wheel: zoom about the cursor. Drag (any button) that starts on the map: pan.
void handle_mouse(MapView& view, ScreenRect map, MouseDrag& drag);

}  // namespace dungen::app
