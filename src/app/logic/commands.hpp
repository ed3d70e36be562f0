#pragma once
// Keyboard actions as named commands. The GL side maps keys to a Command and calls
// Session::apply(); the Help window lists key_bindings(). View-only commands (fit, grid) only
// set flags on Session::view() that the renderer reads.

#include <span>
#include <string_view>

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
  ToggleLive,          // M: live mode <-> step mode
  Regions,             // N: regions off -> animated -> instant -> off
  ResetUiScale,        // U: UI (text) scale back to 1 (view only)
  ToggleProjector,     // P: projector mode on / off (view only)
  ToggleCompare,       // C: compare mode on / off (a second pane following this one)
  ToggleFollow,        // V: projector mode, big map: follow the step / fit the map (view only)
};

struct KeyBinding {
  std::string_view key;          // as the Help window prints it
  std::string_view description;  // what it does
  Command command;
};

// Every binding, in the order the Help window lists them.
std::span<const KeyBinding> key_bindings();

}  // namespace dungen::app
