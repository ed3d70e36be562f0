#include "app/logic/commands.hpp"

#include <array>

namespace dungen::app {

namespace {
// The words match the panels' for the same thing (the transport bar's tooltips, the Controls
// panel's labels), so Help, the README and the panels say one thing.
constexpr std::array kBindings = {
    KeyBinding{"Space", "play / pause", Command::PlayPause},
    KeyBinding{"Right", "one step forward", Command::Step},
    KeyBinding{"Left", "one step back", Command::StepBack},
    KeyBinding{"Ctrl+Right", "run to the next action: a candidate tried", Command::NextAction},
    KeyBinding{"Shift+Right", "run to the next room, corridor or region", Command::NextFeature},
    KeyBinding{"Ctrl+Shift+Right", "run to the next phase", Command::NextPhase},
    KeyBinding{"R", "a new random seed", Command::RegenerateNewSeed},
    KeyBinding{"Home", "restart: back to step 0", Command::Restart},
    KeyBinding{"End", "run to the end", Command::RunToEnd},
    KeyBinding{"F", "fit: the whole map in view", Command::FitView},
    KeyBinding{"G", "grid: show / hide the cell grid", Command::ToggleGrid},
    KeyBinding{"L",
               "region labels: show / hide region numbers (1-9a-zA-Z; in projector mode as the "
               "log numbers them)",
               Command::ToggleRegionLabels},
    KeyBinding{"+", "faster (x2 steps/s)", Command::SpeedUp},
    KeyBinding{"-", "slower (/2 steps/s)", Command::SpeedDown},
    KeyBinding{"M", "on change: run to end / step 0 (what a new seed or parameter does to the run)",
               Command::ToggleLive},
    KeyBinding{"N", "Analysis (regions, distance, path, ...): off, animated, instant",
               Command::Regions},
    KeyBinding{"U", "UI scale back to 1", Command::ResetUiScale},
    KeyBinding{"P",
               "projector: large text, thick grid lines, high contrast; only the map and the "
               "algorithm",
               Command::ToggleProjector},
    KeyBinding{"C", "compare mode: a second pane with its own parameters, on the same transport",
               Command::ToggleCompare},
    KeyBinding{"V",
               "projector mode, map too big for readable cells: follow the step / fit the whole "
               "map",
               Command::ToggleFollow},
    KeyBinding{"Q",
               "predict mode: before each step that answers a question, ask it; the step shows "
               "once answered",
               Command::TogglePredict},
    KeyBinding{"F1 or H", "help: show / hide the Help window", UiAction::ToggleHelp},
};

constexpr std::array kMouse = {
    MouseControl{"mouse wheel", "zoom about the cursor"},
    MouseControl{"drag", "pan the map"},
    MouseControl{"hover", "a cell's coordinates, tile, label and region"},
    MouseControl{"click a cell", "its history: every step that changed it (predict mode: answer)"},
    MouseControl{"Ctrl+click a slider", "type its value"},
};
}  // namespace

std::span<const KeyBinding> key_bindings() {
  return kBindings;
}

std::span<const MouseControl> mouse_controls() {
  return kMouse;
}

std::string key_list_markdown() {
  std::string out(kKeyListBegin);
  out += "\n\n| Key | What it does |\n| --- | --- |\n";
  const auto row = [&out](std::string_view key, std::string_view what) {
    out += "| ";
    out += key;
    out += " | ";
    out += what;
    out += " |\n";
  };
  for (const KeyBinding& b : kBindings) row(b.key, b.description);
  for (const MouseControl& m : kMouse) row(m.gesture, m.description);
  out += '\n';
  out += kKeyListEnd;
  out += '\n';
  return out;
}

}  // namespace dungen::app
