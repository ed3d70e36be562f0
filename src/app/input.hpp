#pragma once
// Keyboard and mouse on the GL side: keys become the session's Commands (the key names come
// from its key_bindings(), so the Help window and the bindings cannot disagree); the mouse
// zooms and pans the map view.

#include "app/map_view.hpp"

namespace dungen::app {

class Session;
struct UiState;

// Call between ImGui::NewFrame and the panels. Does nothing while an ImGui widget (a text
// field) has the keyboard.
void handle_keys(Session& session, UiState& ui);

struct MouseDrag {
  bool active = false;  // a drag that started on the map
};

// Wheel: zoom about the cursor. Drag (any button) that starts on the map: pan.
void handle_mouse(MapView& view, ScreenRect map, MouseDrag& drag);

}  // namespace dungen::app
