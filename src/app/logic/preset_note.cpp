#include "app/logic/preset_note.hpp"

#include "app/logic/session.hpp"

namespace dungen::app {

std::optional<PresetNote> note_of(const Preset& preset) {
  if (preset.title.empty() && preset.note.empty()) return std::nullopt;
  return PresetNote{preset.title, preset.note, preset.generator, preset.params};
}

std::optional<PresetNote> note_for_share(const Preset& preset, const std::vector<Preset>& lessons) {
  for (const Preset& lesson : lessons) {
    if (lesson.generator == preset.generator && lesson.seed == preset.seed &&
        lesson.params == preset.params && lesson.regions == preset.regions &&
        lesson.analysis == preset.analysis) {
      return note_of(lesson);
    }
  }
  return std::nullopt;
}

bool note_applies(const PresetNote& note, const Session& session) {
  return note.generator == &session.generator() && note.params == session.params();
}

}  // namespace dungen::app
