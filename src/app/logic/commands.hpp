#pragma once
// Keyboard actions as named commands, and the one list of every key the app answers. The GL side
// maps keys to a Command and calls Session::apply(); the Help window, the key queue (which keys
// mean what), `dungen-viz --keys` and the README's key table all read key_bindings(), so none of
// them can name a key the others do not. View-only commands (fit, grid) only set flags on
// Session::view() that the renderer reads.

#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace dungen::app {

enum class Command {
  PlayPause,           // Space
  Step,                // Right
  StepBack,            // Left
  NextAction,          // Ctrl+Right: run to the next action (or bigger) step
  NextFeature,         // Shift+Right: run to the next feature (or bigger) step
  NextPhase,           // Shift+Ctrl+Right
  RegenerateNewSeed,   // R: roll a new seed and regenerate
  Restart,             // Home: back to step 0
  RunToEnd,            // End
  FitView,             // F (view only)
  ToggleGrid,          // G (view only)
  ToggleRegionLabels,  // L (view only)
  SpeedUp,             // + / =
  SpeedDown,           // -
  ToggleLive,          // M: on change: run to end <-> step 0
  Regions,             // N: regions off -> animated -> instant -> off
  ResetUiScale,        // U: UI (text) scale back to 1 (view only)
  ToggleProjector,     // P: projector mode on / off (view only)
  ToggleCompare,       // C: compare mode on / off (a second pane following this one)
  ToggleFollow,        // V: projector mode, big map: follow the step / fit the map (view only)
  TogglePredict,       // Q: predict mode on / off (logic/predict.hpp)
};

// Actions that change only the window, not the session.
enum class UiAction {
  ToggleHelp,  // F1 or H
};

using KeyAction = std::variant<Command, UiAction>;

struct KeyBinding {
  // As the Help window prints it: "Ctrl+Shift+Right", "+", "F1 or H" (either key). The key queue
  // reads the keys from these words (logic/key_queue.hpp).
  std::string_view key;
  std::string_view description;  // what it does, in the words the panels use for the same thing
  KeyAction action;
};

// Every binding, in the order the Help window lists them.
std::span<const KeyBinding> key_bindings();

// What the mouse does over the map (app/input.cpp) and on a slider (ImGui's), listed after the
// keys.
struct MouseControl {
  std::string_view gesture;  // "drag"
  std::string_view description;
};
std::span<const MouseControl> mouse_controls();

// The keys and the mouse as the README's markdown table, between the two marker comments
// (kKeyListBegin, kKeyListEnd) that let tests/ find the block in README.md and a one-line command
// replace it. `dungen-viz --keys` prints it.
inline constexpr std::string_view kKeyListBegin = "<!-- keys: generated, do not edit -->";
inline constexpr std::string_view kKeyListEnd = "<!-- /keys -->";
std::string key_list_markdown();

}  // namespace dungen::app
