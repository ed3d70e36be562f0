#pragma once
// A generator written as a Lua script (docs/SCRIPTING.md): the table its file returns declares
// its name, summary, parameters, pseudocode, statistics and background, and its `run` function
// is the body. Loading makes a GeneratorSpec the rest of dungen runs exactly as it runs a
// built-in; each run (a Stepper) runs `run` as a coroutine in a sandbox of its own
// (script/lua_sandbox.hpp), each `step{...}` or `done{...}` one step, its cells changed only
// through `set`, its random values drawn only through draw_int / draw_chance / draw_coin from
// the run's own RNG.
//
// A script that breaks a rule (a bad declaration, an unknown tile or level, a line out of range,
// a step without words, a run that ends without done, more instructions or memory than allowed)
// stops with an error naming the rule and the script's line: at load time as the Error load
// returns, during a run as a ScriptStopped exception out of Stepper::next().

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/step_generator.hpp"
#include "generators/registry.hpp"
#include "script/lua_sandbox.hpp"

namespace dungen::script {

// A run stopped by its script: the words say what and where ("gen.lua:12: ...").
class ScriptStopped : public GeneratorStopped {
 public:
  using GeneratorStopped::GeneratorStopped;
};

// The most a script file may hold, and the most distinct step words one script may say (the
// words are kept for the log and the trace; past this a run stops).
inline constexpr std::size_t kMaxScriptBytes = std::size_t{1} << 20;
inline constexpr std::size_t kMaxScriptWords = 1'000'000;
// The largest size a stat set by a script may have (stat(slot, v) needs |v| at most this): stats
// are recorded as changes, and a change between two such values always fits in 64 bits.
inline constexpr std::int64_t kMaxScriptStat = 1'000'000'000'000'000;  // 10^15
// What one step may draw over the map (overlay items, and their cells in all), and the most rooms
// a run may declare.
inline constexpr int kMaxOverlayItems = 4096;
inline constexpr int kMaxOverlayCells = 1 << 20;
inline constexpr std::size_t kMaxScriptRooms = 1 << 16;
// A step's words are kept as a template and the numbers in it ("steps east to (#,#): # of #
// floor cells" and 7, 4, 2, 39): a long walk says a million different sentences with a few
// templates. At most this many numbers a sentence go into the step; the rest stay in the text.
inline constexpr int kWordNumbers = 6;
// A run remembers this many texts and draw names of its own (past it, each goes to the shared
// table again); names up to kShortString bytes are Lua's short strings, one copy per state.
inline constexpr std::size_t kMaxRunTextCache = 1 << 16;
inline constexpr std::size_t kShortString = 40;

class ScriptGenerator {
 public:
  // Reads and checks the script at `path` (at most kMaxScriptBytes). An error's words do not
  // repeat the path: the caller names it as the user typed it.
  static Checked<std::shared_ptr<const ScriptGenerator>> load(const std::string& path,
                                                              SandboxLimits limits = {});
  // The same from text; `chunk_name` is what errors call it ("gen.lua").
  static Checked<std::shared_ptr<const ScriptGenerator>> from_source(std::string source,
                                                                     std::string chunk_name,
                                                                     SandboxLimits limits = {});

  // Valid while this object lives (hold the shared_ptr as long as anything runs the spec).
  const GeneratorSpec& spec() const { return *spec_; }
  const std::string& source() const { return source_; }
  const std::string& chunk_name() const { return chunk_name_; }
  const SandboxLimits& limits() const { return limits_; }

  // Text kept for as long as this object: a step's words (by id, for the log) and a draw's name.
  // An id is -1 past kMaxScriptWords texts.
  int word_id(std::string_view words) const;
  std::string_view word(int id) const;
  std::string_view name_of_draw(std::string_view name) const;
  // A step's words from its event (a template's id and the numbers: see kWordNumbers), and how
  // its draw `draw_name` reads (the step's draw words, kept as text `id`; "" for none).
  std::string decode_words(const Event& event) const;
  std::string draw_words(int id, std::string_view draw_name) const;

  // The declared stats: how many, and where stat i (0-based) keeps its value (a fraction keeps
  // its denominator in the slot after).
  std::size_t stat_count() const { return stats_.size(); }
  struct StatSlot {
    std::size_t first;
    bool fraction;
  };
  StatSlot stat_slot(std::size_t i) const { return {stats_[i].slot, stats_[i].fraction}; }

  ScriptGenerator(const ScriptGenerator&) = delete;
  ScriptGenerator& operator=(const ScriptGenerator&) = delete;

 private:
  ScriptGenerator() = default;
  std::string_view keep(std::string text);
  std::optional<Error> read_declaration(LuaSandbox& box);
  std::optional<Error> read_stats(lua_State* L, const std::string& at);

  std::string source_;
  std::string chunk_name_;
  SandboxLimits limits_;
  std::deque<std::string> kept_;  // the declaration's texts (the schema's and spec's views)
  std::string_view name_, summary_;
  std::vector<std::string_view> pseudocode_;
  struct StatDecl {
    std::string_view key, label;
    bool fraction = false;
    std::size_t slot = 0;
  };
  std::vector<StatDecl> stats_;
  Schema schema_;
  Tile background_ = Tile::Wall;
  std::unique_ptr<GeneratorSpec> spec_;

  mutable std::mutex words_mutex_;  // runs on several threads (a sweep) share the words
  mutable std::deque<std::string> words_;
  mutable std::unordered_map<std::string_view, int> word_ids_;
  mutable std::unordered_map<std::string_view, std::string_view> draw_names_;
};

}  // namespace dungen::script
