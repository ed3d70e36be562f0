#include "cli/cli_args.hpp"

#include <algorithm>
#include <thread>

#include "analysis/regions.hpp"
#include "core/text.hpp"
#include "io/param_args.hpp"
#include "io/preset.hpp"
#include "io/trace.hpp"
#include "lab/sweep.hpp"
#include "render/gif_file.hpp"
#include "render/map_image.hpp"
#include "render/recording.hpp"
#include "script/shipped_scripts.hpp"

namespace dungen {
namespace {

using Command = CliRequest::Command;

// Which commands take a flag: a bit each.
enum : unsigned { kGen = 1, kRec = 2, kSweep = 4, kAll = 7 };

unsigned command_bit(Command command) {
  return command == Command::Generate ? kGen
         : command == Command::Record ? kRec
         : command == Command::Sweep  ? kSweep
                                      : 0u;
}

// What a flag's value is, checked by the loop before the flag's own apply runs.
enum class ValueKind : std::uint8_t {
  Switch,  // no value: on when given ("--regions=x" is refused)
  Text,    // any text; a missing value is an empty one, which apply words with what is allowed
  Path,    // a file path: not empty
};

// What a flag does with its (checked) value: the error, or nothing.
using Apply = std::optional<Error> (*)(Command command, const std::string& value,
                                       GenerateRequest& r);

// One row of the flag table: which commands take it, its name, value and help (as
// `COMMAND NAME --help` prints them), its value kind and what it sets. `needed`: the error when a
// command that takes the flag is run without it.
struct FlagRow {
  unsigned commands;
  CommandFlag flag;
  ValueKind kind;
  Apply apply;
  std::string_view needed = {};
};

// A whole number in min..max for `flag`, stored in `out`.
template <class T>
std::optional<Error> set_whole(std::string_view flag, const std::string& value, std::int64_t min,
                               std::int64_t max, T& out, std::string_view allowed = {}) {
  const Checked<std::int64_t> v = parse_int_flag(flag, value, min, max, allowed);
  if (!v) return v.error();
  out = static_cast<T>(*v);
  return std::nullopt;
}

// "A..B" for --seeds.
std::optional<Error> parse_seed_range(const std::string& text, GenerateRequest& r) {
  const std::size_t dots = text.find("..");
  const auto bad = [&](const std::string& why) {
    return Error{"--seeds " + shown(text) + " " + why + ": allowed A..B, 0 <= A <= B, at most " +
                 std::to_string(kMaxSweepSeeds) + " seeds"};
  };
  if (text.empty()) return Error{"--seeds needs a value: allowed A..B (e.g. 1..1000)"};
  if (dots == std::string::npos) return bad("is not a range");
  for (auto [part, out] : {std::pair{text.substr(0, dots), &r.first_seed},
                           std::pair{text.substr(dots + 2), &r.last_seed}}) {
    const Checked<std::uint64_t> parsed = parse_uint_flag("--seeds", part);
    if (!parsed) return bad("is not a range of whole numbers");
    *out = *parsed;
  }
  if (r.last_seed < r.first_seed) return bad("is empty");
  if (r.last_seed - r.first_seed >= kMaxSweepSeeds) return bad("is too many seeds");
  return std::nullopt;
}

std::optional<Error> parse_format(Command command, const std::string& value, GenerateRequest& r) {
  const bool generate = command == Command::Generate;
  const std::pair<std::string_view, OutputFormat> formats[] = {{"text", OutputFormat::Text},
                                                               {"json", OutputFormat::Json},
                                                               {"png", OutputFormat::Png},
                                                               {"tmj", OutputFormat::Tmj},
                                                               {"csv", OutputFormat::Csv}};
  for (const auto& [name, format] : formats) {
    // generate writes maps (no csv); sweep writes tables (csv or json).
    const bool taken = generate ? format != OutputFormat::Csv
                                : format == OutputFormat::Csv || format == OutputFormat::Json;
    if (taken && value == name) {
      r.format = format;
      return std::nullopt;
    }
  }
  const std::string allowed = generate ? "text, json, png or tmj" : "csv or json";
  if (value.empty()) return Error{"--format needs a value: allowed " + allowed};
  return Error{"--format " + shown(value) + " is not a format: allowed " + allowed};
}

// --analyse distance,path,...: each a level analysis, once; the flood fill has --regions.
std::optional<Error> parse_analyses(Command, const std::string& value, GenerateRequest& r) {
  std::string allowed;
  for (const AnalysisSpec& a : all_analyses()) {
    if (a.kind == AnalysisKind::Regions) continue;
    allowed += (allowed.empty() ? "" : ", ") + std::string(a.name);
  }
  if (value.empty()) return Error{"--analyse needs a value: one or more of " + allowed};
  std::size_t from = 0;
  while (from <= value.size()) {
    const std::size_t comma = std::min(value.find(',', from), value.size());
    const std::string name = value.substr(from, comma - from);
    const AnalysisSpec* a = find_analysis(name);
    if (a && a->kind == AnalysisKind::Regions) {
      return Error{"--analyse regions: the flood fill is --regions; --analyse takes " + allowed};
    }
    if (!a) {
      return Error{"--analyse " + shown(name) + " is not an analysis: allowed " + allowed +
                   ", separated by commas"};
    }
    if (std::find(r.analyses.begin(), r.analyses.end(), a->kind) != r.analyses.end()) {
      return Error{"--analyse names " + name + " twice: give each analysis once"};
    }
    r.analyses.push_back(a->kind);
    from = comma + 1;
  }
  return std::nullopt;
}

// Read before the other flags (find_preset): here only a missing value is an error.
std::optional<Error> preset_value(std::string_view flag, const std::string& value) {
  if (!value.empty()) return std::nullopt;
  return Error{std::string(flag) + " needs a value: " +
               (flag == "--preset" ? "a preset file" : "a share string, NAME?seed=7&...")};
}

// The same for generate (png, tmj) and record: a row each, for their help lines.
std::optional<Error> set_cell_px(Command, const std::string& value, GenerateRequest& r) {
  return set_whole("--cell-px", value, 1, kMaxCellPx, r.cell_px);
}

std::optional<Error> set_out(Command, const std::string& value, GenerateRequest& r) {
  r.out_path = value;
  return std::nullopt;
}

// The lines below say these numbers.
static_assert(kDefaultSeed == 1 && kMaxCellPx == 64 && kDefaultCellPx == 8);
static_assert(kMaxGifFrames == 3000 && RecordOptions{}.frames == 100);
static_assert(kDefaultTraceLimitMb == 256 && kMaxTraceLimitMb == 65536);

// Every flag of generate, record and sweep but the generators' parameters, in the order
// `COMMAND NAME --help` lists them.
const FlagRow kFlags[] = {
    {kAll,
     {"--seed", "N", "random seed (default 1)"},  // first: the parameters follow it
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest& r) -> std::optional<Error> {
       const Checked<std::uint64_t> seed = parse_seed_flag(v);
       if (!seed) return seed.error();
       r.seed = *seed;
       return std::nullopt;
     }},
    {kSweep,
     {"--seeds", "A..B", "the seeds to run, e.g. 1..1000 (needed)"},
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest& r) { return parse_seed_range(v, r); },
     "sweep needs --seeds A..B (e.g. --seeds 1..1000)"},
    {kGen,
     {"--regions", "", "label flood-fill regions (JSON 'regions', text glyphs)"},
     ValueKind::Switch,
     [](Command, const std::string&, GenerateRequest& r) -> std::optional<Error> {
       r.regions = true;
       return std::nullopt;
     }},
    {kGen,
     {"--analyse", "A,B,...",
      "level analyses: distance, path, dead-ends, loops, chokepoints (JSON 'analyses', text and "
      "png marks, trace steps)"},
     ValueKind::Text,
     parse_analyses},
    {kGen,
     {"--format", "text|json|png|tmj", "output format (default text; png and tmj need --out)"},
     ValueKind::Text,
     parse_format},
    {kSweep,
     {"--range", "X,Y",
      "the expressive range of two columns (or 'default': the generator's pair): a PNG heat "
      "map at --out FILE.png and its CSV at FILE.csv"},
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest& r) -> std::optional<Error> {
       if (v == "default") {
         r.range_default = true;
         return std::nullopt;
       }
       const std::size_t comma = v.find(',');
       if (v.empty() || comma == std::string::npos || comma == 0 || comma + 1 == v.size() ||
           v.find(',', comma + 1) != std::string::npos) {
         return Error{"--range " + shown(v) +
                      " is not two columns: give X,Y (e.g. critical_path,loops) or default"};
       }
       r.range = std::pair{v.substr(0, comma), v.substr(comma + 1)};
       return std::nullopt;
     }},
    {kSweep,
     {"--against", "SHARE",
      "with --range: a second parameter set (a share string) on the same seeds and scale"},
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest& r) -> std::optional<Error> {
       if (v.empty()) return Error{"--against needs a share string, NAME?param=value&..."};
       r.against = v;
       return std::nullopt;
     }},
    {kSweep,
     {"--format", "csv|json", "output format (default csv)"},
     ValueKind::Text,
     parse_format},
    {kGen,
     {"--cell-px", "N", "pixels a cell in png and tmj (1..64, default 8)"},
     ValueKind::Text,
     set_cell_px},
    {kRec, {"--cell-px", "N", "pixels a cell (1..64, default 8)"}, ValueKind::Text, set_cell_px},
    {kRec,
     {"--every", "K", "a frame every K steps"},
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest& r) {
       return set_whole("--every", v, 1, std::int64_t{1} << 40, r.every);
     }},
    {kRec,
     {"--frames", "N", "about N frames over the whole run (2..3000, default 100)"},
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest& r) {
       return set_whole("--frames", v, 2, kMaxGifFrames, r.frames);
     }},
    {kSweep,
     {"--threads", "N", "threads to run seeds on (0: one per core, default 0; at most the cores)"},
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest& r) {
       // No more threads than cores (more would only add memory): the range says this machine's.
       const unsigned most =
           std::min(kMaxSweepThreads, std::max(1u, std::thread::hardware_concurrency()));
       return set_whole("--threads", v, 0, most, r.threads,
                        "0 (one per core).." + std::to_string(most) + " (the cores here)");
     }},
    {kGen | kSweep,
     {"--out", "PATH", "write to PATH instead of standard output"},
     ValueKind::Path,
     set_out},
    {kRec,
     {"--out", "FILE.gif", "the GIF to write (needed)"},
     ValueKind::Path,
     set_out,
     "record needs --out FILE.gif"},
    {kGen,
     {"--fork", "STEP:NAME=VALUE", "the run with step STEP's draw NAME set to VALUE (12:w=9)"},
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest& r) -> std::optional<Error> {
       Checked<DrawFork> fork = parse_fork(v);
       if (!fork) return Error{"--fork: " + fork.error().message};
       r.fork = *fork;
       return std::nullopt;
     }},
    {kGen,
     {"--trace", "PATH", "write every step to PATH, one JSON object a line"},
     ValueKind::Path,
     [](Command, const std::string& v, GenerateRequest& r) -> std::optional<Error> {
       r.trace_path = v;
       return std::nullopt;
     }},
    {kGen,
     {"--trace-limit", "MB", "refuse a trace past MB megabytes (1..65536, default 256)"},
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest& r) {
       return set_whole("--trace-limit", v, 1, static_cast<std::int64_t>(kMaxTraceLimitMb),
                        r.trace_limit_mb);
     }},
    {kAll,
     {"--preset", "FILE", "the settings of a preset file (flags given override them)"},
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest&) { return preset_value("--preset", v); }},
    {kAll,
     {"--share", "STRING", "the settings of a share string (NAME?seed=7&max-rooms=12)"},
     ValueKind::Text,
     [](Command, const std::string& v, GenerateRequest&) { return preset_value("--share", v); }},
};

// Two flags that say one thing two ways: given together, the line is refused
// ("--every and --frames both space the frames: give one").
struct Clash {
  unsigned commands;
  std::string_view a, b, both;
};
constexpr Clash kClashes[] = {
    {kAll, "--preset", "--share", "give the settings"},
    {kSweep, "--range", "--format", "say what to write (--range writes a PNG and its CSV)"},
    {kRec, "--every", "--frames", "space the frames"},
};

// A flag that changes nothing unless something else holds: given alone, it is a mistake worth
// saying (the user expected an effect).
struct NeedsOther {
  unsigned commands;
  std::string_view flag, without, hint;
  bool (*holds)(const GenerateRequest& r);
};
const NeedsOther kNeeds[] = {
    {kGen, "--trace-limit", "--trace", "add --trace FILE, or drop it",
     [](const GenerateRequest& r) { return r.trace_path.has_value(); }},
    {kGen, "--cell-px", "--format png or tmj", "add one, or drop it",
     [](const GenerateRequest& r) {
       return r.format == OutputFormat::Png || r.format == OutputFormat::Tmj;
     }},
    {kSweep, "--against", "--range", "add --range X,Y (or default), or drop it",
     [](const GenerateRequest& r) { return r.range.has_value() || r.range_default; }},
};

const FlagRow* find_flag(Command command, std::string_view flag) {
  for (const FlagRow& row : kFlags) {
    if ((row.commands & command_bit(command)) && row.flag.flag == flag) return &row;
  }
  return nullptr;
}

std::optional<Error> check_clashes(Command command, const FlagsSeen& given) {
  for (const Clash& c : kClashes) {
    if ((c.commands & command_bit(command)) && given.seen(c.a) && given.seen(c.b)) {
      return Error{std::string(c.a) + " and " + std::string(c.b) + " both " + std::string(c.both) +
                   ": give one"};
    }
  }
  return std::nullopt;
}

// The preset or share string on the line, if any: found before the other flags are read, since
// it may name the generator whose flags they are: a built-in, or a shipped script (read into
// `scripts`, which keeps it alive).
Checked<std::optional<Preset>> find_preset(
    Command command, const std::vector<std::string>& args,
    std::vector<std::shared_ptr<const script::ScriptGenerator>>& scripts) {
  FlagsSeen present;
  std::optional<std::pair<std::string, std::string>> found;  // flag, value
  for (std::size_t i = 1; i < args.size(); ++i) {
    for (const std::string flag : {"--preset", "--share"}) {
      std::optional<std::string> value;
      if (args[i] == flag && i + 1 < args.size()) value = args[i + 1];
      if (args[i].starts_with(flag + "=")) value = args[i].substr(flag.size() + 1);
      if (!value) continue;
      (void)present.note(flag, *value);  // a repeat is said by the main loop
      if (auto e = check_clashes(command, present)) return *e;
      found = {flag, *value};
    }
  }
  if (!found) return std::optional<Preset>();
  std::vector<const GeneratorSpec*> specs;
  for (const script::ShippedScript& shipped : script::shipped_scripts()) {
    if (shipped.same_name_as_built_in) continue;
    auto loaded = script::ScriptGenerator::load(shipped.path);
    if (!loaded) continue;  // `dungen list` says what is wrong with it
    scripts.push_back(*loaded);
    specs.push_back(&scripts.back()->spec());
  }
  Checked<Preset> parsed = found->first == "--preset" ? read_preset_file(found->second, specs)
                                                      : parse_share_string(found->second, specs);
  if (!parsed) return Error{found->first + ": " + parsed.error().message};
  return std::optional<Preset>(std::move(*parsed));
}

// The generator and the values the flags start from: NAME's defaults, or the preset's.
std::optional<Error> start_run(const std::vector<std::string>& args, Command command,
                               GenerateRequest& r) {
  const std::string cmd(command_name(command));
  std::vector<std::shared_ptr<const script::ScriptGenerator>> preset_scripts;
  Checked<std::optional<Preset>> found = find_preset(command, args, preset_scripts);
  if (!found) return found.error();
  const std::optional<Preset>& preset = *found;
  // A preset of a shipped script: the request keeps the script the preset's spec belongs to.
  for (const auto& s : preset_scripts) {
    if (preset && preset->generator == &s->spec()) r.script = s;
  }
  const bool named = args.size() >= 2 && !args[1].starts_with("-");
  if (!named && !preset) {
    return Error{cmd +
                 " needs a generator name (see 'dungen list'), or --preset FILE or --share STRING"};
  }
  if (named && args[1].ends_with(".lua")) {
    // A generator of the user's own: its script declares what a built-in's file does.
    auto loaded = script::ScriptGenerator::load(args[1]);
    if (!loaded) return Error{"the script " + shown(args[1]) + ": " + loaded.error().message};
    r.script = std::move(*loaded);
    r.spec = &r.script->spec();
  } else {
    r.spec = named ? find_generator(args[1]) : preset->generator;
  }
  if (!r.spec && named && preset && r.script && preset->generator->name == args[1]) {
    r.spec = preset->generator;  // the shipped script the preset names, read already
  }
  if (!r.spec && named) {
    // A shipped script by its name (dungen list shows them): the mazes, say.
    if (const script::ShippedScript* shipped = script::find_shipped_script(args[1])) {
      auto loaded = script::ScriptGenerator::load(shipped->path);
      if (!loaded)
        return Error{"the script " + shown(shipped->path) + ": " + loaded.error().message};
      r.script = std::move(*loaded);
      r.spec = &r.script->spec();
    }
  }
  if (!r.spec) {
    std::string allowed = generator_names();
    for (const script::ShippedScript& s : script::shipped_scripts()) {
      if (!s.same_name_as_built_in) allowed += ", " + s.name;
    }
    return Error{"unknown generator " + shown(args[1]) + ": allowed " + allowed +
                 ", or a script's path (name.lua)"};
  }
  r.named_as = named ? args[1] : std::string(r.spec->name);
  if (preset && preset->generator != r.spec) {
    return Error{"the preset is " + std::string(preset->generator->name) + ", not " +
                 std::string(r.spec->name) + ": drop the name, or give a preset of it"};
  }
  r.params = preset ? preset->params : ParamValues(r.spec->schema);
  r.region_params = preset ? preset->region_params : ParamValues(region_schema());
  if (preset) {
    r.seed = preset->seed;
    // A preset's fork runs as --fork would (a --fork given overrides it).
    if (command == Command::Generate) r.fork = preset->fork;
    // A preset's analysis other than the flood fill runs as --analyse would.
    const bool on = command == Command::Generate && preset->regions != PresetRegions::Off;
    r.regions = on && preset->analysis == AnalysisKind::Regions;
    if (on && preset->analysis != AnalysisKind::Regions) r.analyses = {preset->analysis};
  }
  if (command == Command::Sweep) r.format = OutputFormat::Csv;
  return std::nullopt;
}

// One flag of the line, read by its row (or as a parameter): known, given once, its value of
// the right kind, then applied.
std::optional<Error> read_flag(FlagReader& reader, Command command, GenerateRequest& r,
                               FlagsSeen& given) {
  const std::string flag = reader.flag();
  if (!flag.starts_with("--")) {
    return Error{"unexpected argument " + shown(flag) + ": flags start with --"};
  }
  ParamValues* const targets[] = {&r.params, &r.region_params};
  const FlagRow* row = find_flag(command, flag);
  // Known or not is decided before the value: "--bogus" alone is unknown, not short of a value.
  const bool region_flag = param_for_flag(flag, std::span(targets).subspan(1)) != nullptr;
  if (!row && !param_for_flag(flag, std::span(targets).first(1)) &&
      !(command != Command::Record && region_flag)) {
    // A script's hint names its path: a built-in of the same name has other flags.
    return Error{"unknown flag " + shown(flag) + " for " + std::string(r.spec->name) +
                 ": see 'dungen " + std::string(command_name(command)) + " " +
                 escape_control(r.named_as) + " --help'"};
  }
  if (row && row->kind == ValueKind::Switch) {
    if (reader.has_inline_value()) {
      return Error{flag + " takes no value (it is on when given): drop " +
                   shown(reader.take_value().value_or(""))};
    }
    if (auto e = given.note(flag, std::nullopt)) return e;
    return row->apply(command, "", r);
  }
  // A missing value is an empty one: each flag's parser says what it needs and what is
  // allowed ("--width needs a value: allowed 4..4096").
  const std::string value = reader.take_value().value_or("");
  if (auto e = given.note(flag, value)) return e;
  if (!row) return apply_param_flag(flag, value, targets);
  if (row->kind == ValueKind::Path && value.empty()) {
    return Error{flag + " needs a file path, e.g. map.txt"};
  }
  return row->apply(command, value, r);
}

// The line as a whole, once every flag is read: flags without effect, flags needed, flags that
// clash, and pictures too big to make.
std::optional<Error> check_line(Command command, const GenerateRequest& r, const FlagsSeen& given) {
  if (command == Command::Generate && !r.regions && r.analyses.empty()) {
    for (const ParamDef& p : region_schema().params) {
      const std::string flag = "--" + kebab_case(p.name);
      if (given.seen(flag)) {
        return Error{flag + " has no effect without --regions or --analyse: add one, or drop " +
                     flag};
      }
    }
  }
  for (const NeedsOther& n : kNeeds) {
    if ((n.commands & command_bit(command)) && given.seen(n.flag) && !n.holds(r)) {
      return Error{std::string(n.flag) + " has no effect without " + std::string(n.without) + ": " +
                   std::string(n.hint)};
    }
  }
  for (const FlagRow& row : kFlags) {
    const bool taken = (row.commands & command_bit(command)) != 0;
    if (taken && !row.needed.empty() && !given.seen(row.flag.flag)) {
      return Error{std::string(row.needed)};
    }
  }
  if (auto e = check_clashes(command, given)) return e;
  const int w = r.params.get_int("width"), h = r.params.get_int("height");
  // Checked now, not after a 4096x4096 run: the picture would be too big.
  if (r.format == OutputFormat::Png || command == Command::Record) {
    if (auto e = image_size_error(w, h, r.cell_px)) return e;
  }
  if ((r.format == OutputFormat::Png || r.format == OutputFormat::Tmj) && !r.out_path) {
    return Error{std::string("--format ") + (r.format == OutputFormat::Png ? "png" : "tmj") +
                 " needs --out FILE (it is not text for standard output)"};
  }
  if (command == Command::Record && static_cast<long>(std::max(w, h)) * r.cell_px > kMaxGifSide) {
    return Error{"a " + std::to_string(w) + "x" + std::to_string(h) + " map at " +
                 std::to_string(r.cell_px) + " px a cell is too big for a GIF: allowed up to " +
                 std::to_string(kMaxGifSide) + " px a side (--cell-px " +
                 std::to_string(std::max(1, kMaxGifSide / std::max(w, h))) + " or less)"};
  }
  return std::nullopt;
}

Checked<GenerateRequest> parse_run(const std::vector<std::string>& args, Command command) {
  GenerateRequest r;
  if (auto e = start_run(args, command, r)) return *e;
  const bool named = args.size() >= 2 && !args[1].starts_with("-");
  FlagsSeen given;
  FlagReader reader(args, named ? 2 : 1);
  while (reader.next()) {
    if (reader.flag() == "--help" || reader.flag() == "-h") {
      r.help = true;  // whatever else is on the line: the user asked what the flags are
      return r;
    }
    if (auto e = read_flag(reader, command, r, given)) return *e;
  }
  if (auto e = check_line(command, r, given)) return *e;
  // --out and --trace (and a tmj map's tilesets) being one file is refused by the output plan
  // (io/output_plan.hpp), which knows every file a command writes.
  if (auto e = r.params.validate()) return Error{e->words(ParamError::Names::Flags)};
  return r;
}

}  // namespace

std::string_view command_name(Command c) {
  return c == Command::Record ? "record" : c == Command::Sweep ? "sweep" : "generate";
}

std::vector<CommandFlag> command_flags(Command command) {
  std::vector<CommandFlag> flags;
  for (const FlagRow& row : kFlags) {
    if (row.commands & command_bit(command)) flags.push_back(row.flag);
  }
  return flags;
}

Checked<CliRequest> parse_cli(const std::vector<std::string>& args) {
  CliRequest r;
  if (args.empty()) return r;  // the usage text, exit 2
  const std::string& command = args[0];
  if (command == "--help" || command == "-h" || command == "help" || command == "list") {
    if (args.size() > 1) {
      return Error{
          command + " takes no arguments: unexpected " + shown(args[1]) +
          (command == "list" ? "" : " (a generator's flags: dungen generate NAME --help)")};
    }
    r.command = command == "list" ? CliRequest::Command::List : CliRequest::Command::Usage;
    return r;
  }
  if (command == "--version") {
    if (args.size() > 1) {
      return Error{"--version takes no arguments: unexpected " + shown(args[1])};
    }
    r.command = Command::Version;
    return r;
  }
  for (Command c : {Command::Generate, Command::Record, Command::Sweep}) {
    if (command == command_name(c)) {
      r.command = c;
      Checked<GenerateRequest> run = parse_run(args, c);
      if (!run) return run.error();
      r.generate = std::move(*run);
      return r;
    }
  }
  return Error{"unknown command " + shown(command) +
               ": allowed list, generate, record, sweep, --help, --version"};
}

}  // namespace dungen
