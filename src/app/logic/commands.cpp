#include "app/logic/commands.hpp"

#include <array>

namespace dungen::app {

namespace {
constexpr std::array kBindings = {
    KeyBinding{"Space", "play / pause", Command::PlayPause},
    KeyBinding{"Right", "one step forward", Command::Step},
    KeyBinding{"Left", "one step back", Command::StepBack},
    KeyBinding{"Ctrl+Right", "run to the next action", Command::NextAction},
    KeyBinding{"Shift+Right", "run to the next feature (room, corridor, region)",
               Command::NextFeature},
    KeyBinding{"Ctrl+Shift+Right", "run to the next phase", Command::NextPhase},
    KeyBinding{"R", "new random seed, regenerate", Command::RegenerateNewSeed},
    KeyBinding{"Home", "restart from step 0", Command::Restart},
    KeyBinding{"End", "run to the end", Command::RunToEnd},
    KeyBinding{"F", "fit the map to the window", Command::FitView},
    KeyBinding{"G", "show / hide the cell grid", Command::ToggleGrid},
    KeyBinding{"L",
               "show / hide region numbers (1-9a-zA-Z; in projector mode as the log numbers "
               "them)",
               Command::ToggleRegionLabels},
    KeyBinding{"+", "faster (x2)", Command::SpeedUp},
    KeyBinding{"-", "slower (/2)", Command::SpeedDown},
    KeyBinding{"M", "live mode / step mode", Command::ToggleLive},
    KeyBinding{"N", "regions: off, animated, instant", Command::Regions},
    KeyBinding{"U", "UI scale back to 1", Command::ResetUiScale},
    KeyBinding{"P", "projector mode: large text, thick grid, high contrast, map and algorithm only",
               Command::ToggleProjector},
    KeyBinding{"C", "compare mode: a second pane with its own parameters, on the same transport",
               Command::ToggleCompare},
    KeyBinding{"V",
               "projector mode, map too big for readable cells: follow the step / fit the whole "
               "map",
               Command::ToggleFollow},
};
}  // namespace

std::span<const KeyBinding> key_bindings() {
  return kBindings;
}

}  // namespace dungen::app
