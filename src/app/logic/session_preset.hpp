#pragma once
// Presets and share strings (io/preset.hpp) in the app: the session's settings as a preset, and a
// preset applied to the session (the generator, its seed and parameters, the regions choice).

#include <optional>
#include <string>

#include "app/logic/session.hpp"
#include "core/error.hpp"
#include "io/preset.hpp"

namespace dungen::app {

// The session's settings (no fork: a fork is compare's pane B's, Comparison::preset_of).
Preset preset_of(const Session& session);
// Applies a preset (already validated by its parser). Nothing is changed on an error. The
// session's own fork ends; the preset's fork is for the caller to give a pane B.
std::optional<Error> apply_preset(Session& session, const Preset& preset);

RegionsMode regions_mode_of(PresetRegions r);
PresetRegions preset_regions_of(RegionsMode m);

}  // namespace dungen::app
