#pragma once
// The command line of `dungen`, read and checked before any work starts: what to run, or one
// line saying what is wrong (an Error, core/error.hpp). Kept apart from running it so the fuzz
// target (tests/fuzz/fuzz_cli_args.cpp) can drive every check without generating a map.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/analysis.hpp"
#include "core/draw_fork.hpp"
#include "core/error.hpp"
#include "core/params.hpp"
#include "generators/registry.hpp"
#include "io/trace.hpp"
#include "script/script_generator.hpp"

namespace dungen {

enum class OutputFormat : std::uint8_t { Text, Json, Png, Tmj, Csv };

// What to run: generate (a map), record (a GIF of the run) or sweep (many seeds). The generator
// and its values come from NAME and flags, over a preset or share string when one is given
// (every flag given overrides it, wherever it stands).
struct GenerateRequest {
  const GeneratorSpec* spec = nullptr;
  // A generator given as a script (NAME ending in .lua): it owns *spec, so it lives as long.
  std::shared_ptr<const script::ScriptGenerator> script;
  // The generator as the line named it (a script by its path), for the messages' hints.
  std::string named_as;
  ParamValues params;
  ParamValues region_params;
  std::uint64_t seed = kDefaultSeed;
  OutputFormat format = OutputFormat::Text;
  bool regions = false;
  // generate --analyse: the level analyses to run after the generator, in the order given
  std::vector<AnalysisKind> analyses;
  // generate --fork STEP:NAME=VALUE (or a preset's fork): the run with that one draw changed
  std::optional<DrawFork> fork;
  bool help = false;  // "COMMAND NAME --help": list NAME's parameters, nothing else
  std::optional<std::string> out_path;
  std::optional<std::string> trace_path;
  // --trace-limit: the most the trace may write, in MB
  std::uint64_t trace_limit_mb = kDefaultTraceLimitMb;
  int cell_px = 8;  // png, tmj, record: pixels a cell
  // record: a frame every `every` steps, or about `frames` frames (0: the default)
  std::uint64_t every = 0;
  int frames = 0;
  // sweep: seeds first..last, threads (0: one per core)
  std::uint64_t first_seed = 0;
  std::uint64_t last_seed = 0;
  unsigned threads = 0;
  // sweep --range X,Y (or "default": the generator's pair): the expressive range as a PNG
  // (--out) and its CSV beside it; --against SHARE: a second parameter set on the same scale.
  std::optional<std::pair<std::string, std::string>> range;
  bool range_default = false;
  std::optional<std::string> against;
};

struct CliRequest {
  enum class Command : std::uint8_t { Usage, List, Generate, Record, Sweep, Version };
  Command command = Command::Usage;
  GenerateRequest generate;  // for Generate, Record and Sweep
};

// A flag a command takes besides the generator's parameters (and the region parameters, which
// generate with --regions and sweep take): how its value is written and what it does. One table
// in cli_args.cpp holds every flag with its value kind and what it sets; it serves the parser
// (which flags a command knows, given once, needed, clashing) and `COMMAND NAME --help`.
struct CommandFlag {
  std::string_view flag;   // "--cell-px"
  std::string_view value;  // "N"; empty for a switch (--regions)
  std::string_view help;
};
std::vector<CommandFlag> command_flags(CliRequest::Command command);
// The first word of the command in a usage line: "generate", "record", "sweep".
std::string_view command_name(CliRequest::Command command);

// Reads args (without the program name): the request, or the Error, worded for the user, for
// anything wrong: unknown or repeated flags, values out of range, flags that would have no
// effect, extra arguments. run_cli prints an error as one line ("dungen: ...") and exits 2.
// Touches no file (paths are checked when they are opened) but a --preset file, read.
Checked<CliRequest> parse_cli(const std::vector<std::string>& args);

}  // namespace dungen
