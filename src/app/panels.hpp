#pragma once
// The ImGui panels. Each draws from the Session's accessors and turns clicks into Session calls;
// none keeps state of its own beyond what UiState holds.

#include "app/map_view.hpp"

namespace dungen::app {

class Session;
class Window;

// GL-side UI state that is not part of the session.
struct UiState {
  bool show_help = false;
  float font_scale = 1.0f;  // applied to the Window between frames
};

void draw_controls_panel(Session& session, UiState& ui, ScreenRect area);
void draw_teaching_panel(Session& session, ScreenRect area);
void draw_transport_bar(Session& session, ScreenRect area);
void draw_help_window(UiState& ui);

// Pins the next ImGui window to a rectangle of the window (no title bar, not movable).
bool begin_fixed_window(const char* name, ScreenRect area, bool title = true);

}  // namespace dungen::app
