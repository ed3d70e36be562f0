#pragma once
// A loaded preset's title and teaching note, shown under the map (in projector mode too) for as
// long as the map is the preset's: the same generator and parameters (a new seed keeps it, as the
// lesson still holds; another generator or a changed parameter drops it). However the preset
// came: the lesson menu, --preset FILE, a share string or a web link (whose query is the same
// command line). A share string carries no note: a lesson with the same settings lends its own.

#include <optional>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "generators/registry.hpp"
#include "io/preset.hpp"

namespace dungen::app {

class Session;

struct PresetNote {
  std::string title;
  std::string note;
  const GeneratorSpec* generator = nullptr;
  ParamValues params;
};

// The preset's note; none when it has neither title nor note.
std::optional<PresetNote> note_of(const Preset& preset);

// A preset read from a share string: the note of the lesson with its generator, seed and
// parameters, if there is one (a share string of a lesson gives the lesson's note).
std::optional<PresetNote> note_for_share(const Preset& preset, const std::vector<Preset>& lessons);

// True while the session shows the preset's map (its generator and parameters).
bool note_applies(const PresetNote& note, const Session& session);

}  // namespace dungen::app
