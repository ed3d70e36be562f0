#pragma once
// Presets and share strings: a generator, a seed, every parameter and the regions choice, saved
// so that a run can be reloaded, handed to a student or pasted into a chat.
//
// A preset file is a small JSON object (docs/presets.md):
//   {"dungen_preset": 1, "generator": "rooms-and-tunnels", "seed": 7,
//    "params": {"width": 80, "max_rooms": 30, ...},
//    "regions": "off" | "instant" | "animated", "analysis": "distance", "connectivity": 8,
//    "fork": "12:w=9", "predict": true, "title": "...", "note": "..."}
// Only "dungen_preset" and "generator" are required; parameters left out take their defaults.
// A share string is one line: the generator, then every value as a flag name:
//   rooms-and-tunnels?seed=7&width=80&height=45&max-rooms=30&room-min-size=6&room-max-size=10
// with &fork=12:w=9 and &predict=1 after the parameters when the preset has them.
//
// Errors are values (core/error.hpp): one line naming the origin (file), the field and what
// is allowed; nothing is half-loaded.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "analysis/analysis.hpp"
#include "core/draw_fork.hpp"
#include "core/error.hpp"
#include "core/params.hpp"
#include "generators/registry.hpp"

namespace dungen {

inline constexpr int kPresetFormat = 1;
// A preset file bigger than this is not a preset (a JSON of a whole map handed in by mistake).
inline constexpr std::size_t kMaxPresetBytes = std::size_t{64} << 10;

enum class PresetRegions : std::uint8_t { Off, Instant, Animated };
std::string_view regions_name(PresetRegions r);  // "off", "instant", "animated"

struct Preset {
  const GeneratorSpec* generator = nullptr;
  std::uint64_t seed = kDefaultSeed;
  ParamValues params;  // the generator's schema; valid (range and constraints)
  PresetRegions regions = PresetRegions::Off;
  ParamValues region_params;  // region_schema()'s (connectivity)
  // What "regions" runs: the flood fill (the default) or another level analysis.
  AnalysisKind analysis = AnalysisKind::Regions;
  // The same run with one draw changed, shown beside it (dungen-viz opens compare mode with pane
  // B forked; `dungen generate` runs the fork): a teacher sends what one random choice decided.
  std::optional<DrawFork> fork;
  // Predict mode: the app asks what the next step will do before showing it.
  bool predict = false;
  std::string title;  // for a lesson's menu; may be empty
  std::string note;   // what it shows; may be empty
};

// The generator's defaults, seed kDefaultSeed, regions off.
Preset default_preset(const GeneratorSpec& spec);

// The generators a preset may name beyond the built-ins: scripts the caller has read (and keeps
// alive as long as the preset), looked up by name after the built-ins.
using ScriptGenerators = std::span<const GeneratorSpec* const>;

// A preset from a file's text; `origin` names it in errors ("lesson.json: ...").
Checked<Preset> parse_preset(std::string_view text, std::string_view origin,
                             ScriptGenerators scripts = {});
// Reads and parses a file (at most kMaxPresetBytes).
Checked<Preset> read_preset_file(const std::string& path, ScriptGenerators scripts = {});
// The preset as a file's text (every parameter, pretty-printed, ending in a newline).
std::string preset_json(const Preset& preset);

std::string share_string(const Preset& preset);
Checked<Preset> parse_share_string(std::string_view text, ScriptGenerators scripts = {});

}  // namespace dungen
