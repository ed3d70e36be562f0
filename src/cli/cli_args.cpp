#include "cli/cli_args.hpp"

#include <algorithm>
#include <thread>

#include "analysis/regions.hpp"
#include "io/param_args.hpp"
#include "io/preset.hpp"
#include "io/trace.hpp"
#include "lab/sweep.hpp"
#include "render/gif_file.hpp"
#include "render/map_image.hpp"
#include "render/recording.hpp"

namespace dungen {
namespace {

void check(std::optional<std::string> error) {
  if (error) throw UsageError(*error);
}

using Command = CliRequest::Command;

// The preset or share string on the line, if any: found before the other flags are read, since
// it may name the generator whose flags they are.
std::optional<Preset> find_preset(const std::vector<std::string>& args) {
  std::optional<std::pair<std::string, std::string>> found;  // flag, value
  for (std::size_t i = 1; i < args.size(); ++i) {
    for (const char* flag : {"--preset", "--share"}) {
      const std::string f = flag;
      std::optional<std::string> value;
      if (args[i] == f && i + 1 < args.size()) value = args[i + 1];
      if (args[i].starts_with(f + "=")) value = args[i].substr(f.size() + 1);
      if (!value) continue;
      if (found && found->first != f) {
        throw UsageError("--preset and --share both give the settings: give one");
      }
      found = {f, *value};
    }
  }
  if (!found) return std::nullopt;
  auto parsed = found->first == "--preset" ? read_preset_file(found->second)
                                           : parse_share_string(found->second);
  if (auto* err = std::get_if<std::string>(&parsed)) throw UsageError(found->first + ": " + *err);
  return std::get<Preset>(parsed);
}

// "A..B" for --seeds.
void parse_seed_range(const std::string& text, GenerateRequest& r) {
  const std::size_t dots = text.find("..");
  const auto bad = [&](const std::string& why) {
    return UsageError("--seeds " + shown(text) + " " + why +
                      ": allowed A..B, 0 <= A <= B, at most " + std::to_string(kMaxSweepSeeds) +
                      " seeds");
  };
  if (text.empty()) throw UsageError("--seeds needs a value: allowed A..B (e.g. 1..1000)");
  if (dots == std::string::npos) throw bad("is not a range");
  for (auto [part, out] : {std::pair{text.substr(0, dots), &r.first_seed},
                           std::pair{text.substr(dots + 2), &r.last_seed}}) {
    auto parsed = parse_uint_flag("--seeds", part);
    if (std::holds_alternative<std::string>(parsed)) throw bad("is not a range of whole numbers");
    *out = std::get<std::uint64_t>(parsed);
  }
  if (r.last_seed < r.first_seed) throw bad("is empty");
  if (r.last_seed - r.first_seed >= kMaxSweepSeeds) throw bad("is too many seeds");
}

OutputFormat parse_format(Command command, const std::string& value) {
  const bool generate = command == Command::Generate;
  if (generate && value == "text") return OutputFormat::Text;
  if (value == "json") return OutputFormat::Json;
  if (generate && value == "png") return OutputFormat::Png;
  if (generate && value == "tmj") return OutputFormat::Tmj;
  if (!generate && value == "csv") return OutputFormat::Csv;
  const std::string allowed = generate ? "text, json, png or tmj" : "csv or json";
  if (value.empty()) throw UsageError("--format needs a value: allowed " + allowed);
  throw UsageError("--format " + shown(value) + " is not a format: allowed " + allowed);
}

GenerateRequest parse_run(const std::vector<std::string>& args, Command command) {
  const std::string cmd(command_name(command));
  const std::optional<Preset> preset = find_preset(args);
  const bool named = args.size() >= 2 && !args[1].starts_with("-");
  if (!named && !preset) {
    throw UsageError(
        cmd + " needs a generator name (see 'dungen list'), or --preset FILE or --share STRING");
  }
  GenerateRequest r;
  if (named) {
    r.spec = find_generator(args[1]);
    if (!r.spec) {
      throw UsageError("unknown generator " + shown(args[1]) + ": allowed " + generator_names());
    }
    if (preset && preset->generator != r.spec) {
      throw UsageError("the preset is " + std::string(preset->generator->name) + ", not " +
                       std::string(r.spec->name) + ": drop the name, or give a preset of it");
    }
  } else {
    r.spec = preset->generator;
  }
  const GeneratorSpec& spec = *r.spec;
  r.params = preset ? preset->params : ParamValues(spec.schema);
  r.region_params = preset ? preset->region_params : ParamValues(region_schema());
  if (preset) {
    r.seed = preset->seed;
    r.regions = command == Command::Generate && preset->regions != PresetRegions::Off;
  }
  if (command == Command::Sweep) r.format = OutputFormat::Csv;
  ParamValues* const targets[] = {&r.params, &r.region_params};
  FlagsSeen given;
  FlagReader reader(args, named ? 2 : 1);
  const std::vector<CommandFlag> own_flags = command_flags(command);
  const bool gen = command == Command::Generate, rec = command == Command::Record,
             sweep = command == Command::Sweep;
  while (reader.next()) {
    const std::string flag = reader.flag();
    if (flag == "--help" || flag == "-h") {
      r.help = true;  // whatever else is on the line: the user asked what the flags are
      return r;
    }
    if (!flag.starts_with("--"))
      throw UsageError("unexpected argument " + shown(flag) + ": flags start with --");
    if (gen && flag == "--regions") {
      if (reader.has_inline_value()) {
        throw UsageError("--regions takes no value (it is on when given): drop " +
                         shown(reader.take_value().value_or("")));
      }
      check(given.note(flag, std::nullopt));
      r.regions = true;
      continue;
    }
    // Known or not is decided before the value: "--bogus" alone is unknown, not short of a value.
    const bool region_flag = param_for_flag(flag, std::span(targets).subspan(1)) != nullptr;
    const bool known =
        std::ranges::any_of(own_flags, [&](const CommandFlag& f) { return f.flag == flag; }) ||
        param_for_flag(flag, std::span(targets).first(1)) || ((gen || sweep) && region_flag);
    if (!known) {
      throw UsageError("unknown flag " + shown(flag) + " for " + std::string(spec.name) +
                       ": see 'dungen " + cmd + " " + std::string(spec.name) + " --help'");
    }
    // A missing value is an empty one: each flag's parser says what it needs and what is
    // allowed ("--width needs a value: allowed 4..4096").
    const std::optional<std::string> value = reader.take_value().value_or("");
    check(given.note(flag, *value));
    if (value->empty() && (flag == "--preset" || flag == "--share")) {
      throw UsageError(flag + " needs a value: " +
                       (flag == "--preset" ? "a preset file" : "a share string, NAME?seed=7&..."));
    }
    if (flag == "--preset" || flag == "--share") continue;  // read first (find_preset)
    if (flag == "--seed") {
      auto parsed = parse_seed_flag(*value);
      if (auto* err = std::get_if<std::string>(&parsed)) throw UsageError(*err);
      r.seed = std::get<std::uint64_t>(parsed);
    } else if (flag == "--format") {
      r.format = parse_format(command, *value);
    } else if (flag == "--out" || flag == "--trace") {
      if (value->empty()) throw UsageError(flag + " needs a file path, e.g. map.txt");
      (flag == "--out" ? r.out_path : r.trace_path) = *value;
    } else if (flag == "--trace-limit") {
      auto v = parse_int_flag(flag, *value, 1, static_cast<std::int64_t>(kMaxTraceLimitMb));
      if (auto* err = std::get_if<std::string>(&v)) throw UsageError(*err);
      r.trace_limit_mb = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
    } else if (flag == "--cell-px") {
      auto v = parse_int_flag(flag, *value, 1, kMaxCellPx);
      if (auto* err = std::get_if<std::string>(&v)) throw UsageError(*err);
      r.cell_px = static_cast<int>(std::get<std::int64_t>(v));
    } else if (flag == "--every") {
      auto v = parse_int_flag(flag, *value, 1, std::int64_t{1} << 40);
      if (auto* err = std::get_if<std::string>(&v)) throw UsageError(*err);
      r.every = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
    } else if (flag == "--frames") {
      auto v = parse_int_flag(flag, *value, 2, kMaxGifFrames);
      if (auto* err = std::get_if<std::string>(&v)) throw UsageError(*err);
      r.frames = static_cast<int>(std::get<std::int64_t>(v));
    } else if (flag == "--seeds") {
      parse_seed_range(*value, r);
    } else if (flag == "--threads") {
      // No more threads than cores (more would only add memory): the range says this machine's.
      const unsigned most =
          std::min(kMaxSweepThreads, std::max(1u, std::thread::hardware_concurrency()));
      auto v = parse_int_flag(flag, *value, 0, most,
                              "0 (one per core).." + std::to_string(most) + " (the cores here)");
      if (auto* err = std::get_if<std::string>(&v)) throw UsageError(*err);
      r.threads = static_cast<unsigned>(std::get<std::int64_t>(v));
    } else {
      check(apply_param_flag(flag, *value, targets));
    }
  }
  // A flag that would change nothing is a mistake worth saying (the user expected an effect).
  if (gen) {
    for (const ParamDef& p : region_schema().params) {
      const std::string flag = "--" + kebab_case(p.name);
      if (!r.regions && given.seen(flag)) {
        throw UsageError(flag + " has no effect without --regions: add --regions, or drop " + flag);
      }
    }
    if (given.seen("--trace-limit") && !r.trace_path) {
      throw UsageError("--trace-limit has no effect without --trace: add --trace FILE, or drop it");
    }
    const bool picture = r.format == OutputFormat::Png || r.format == OutputFormat::Tmj;
    if (given.seen("--cell-px") && !picture) {
      throw UsageError("--cell-px has no effect without --format png or tmj: add one, or drop it");
    }
    // Checked now, not after a 4096x4096 run: the picture would be too big.
    if (r.format == OutputFormat::Png) {
      check(image_size_error(r.params.get_int("width"), r.params.get_int("height"), r.cell_px));
    }
    if (picture && !r.out_path) {
      throw UsageError(std::string("--format ") + (r.format == OutputFormat::Png ? "png" : "tmj") +
                       " needs --out FILE (it is not text for standard output)");
    }
  }
  if (rec) {
    if (!r.out_path) throw UsageError("record needs --out FILE.gif");
    const int w = r.params.get_int("width"), h = r.params.get_int("height");
    check(image_size_error(w, h, r.cell_px));
    if (static_cast<long>(std::max(w, h)) * r.cell_px > kMaxGifSide) {
      throw UsageError("a " + std::to_string(w) + "x" + std::to_string(h) + " map at " +
                       std::to_string(r.cell_px) +
                       " px a cell is too big for a GIF: allowed up to " +
                       std::to_string(kMaxGifSide) + " px a side (--cell-px " +
                       std::to_string(std::max(1, kMaxGifSide / std::max(w, h))) + " or less)");
    }
    if (given.seen("--every") && given.seen("--frames")) {
      throw UsageError("--every and --frames both space the frames: give one");
    }
  }
  if (sweep && !given.seen("--seeds")) {
    throw UsageError("sweep needs --seeds A..B (e.g. --seeds 1..1000)");
  }
  // --out and --trace (and a tmj map's tilesets) being one file is refused by the output plan
  // (io/output_plan.hpp), which knows every file a command writes.
  if (auto e = r.params.validate()) throw UsageError(e->words(ParamError::Names::Flags));
  return r;
}

}  // namespace

std::string_view command_name(Command c) {
  return c == Command::Record ? "record" : c == Command::Sweep ? "sweep" : "generate";
}

std::vector<CommandFlag> command_flags(Command command) {
  enum : unsigned { kGen = 1, kRec = 2, kSweep = 4, kAll = 7 };
  struct Row {
    unsigned commands;
    CommandFlag flag;
  };
  // The lines below say these numbers.
  static_assert(kDefaultSeed == 1 && kMaxCellPx == 64 && kDefaultCellPx == 8);
  static_assert(kMaxGifFrames == 3000 && RecordOptions{}.frames == 100);
  static_assert(kDefaultTraceLimitMb == 256 && kMaxTraceLimitMb == 65536);
  static constexpr Row kRows[] = {
      {kAll, {"--seed", "N", "random seed (default 1)"}},  // first: the parameters follow it
      {kSweep, {"--seeds", "A..B", "the seeds to run, e.g. 1..1000 (needed)"}},
      {kGen, {"--regions", "", "label flood-fill regions (JSON 'regions', text glyphs)"}},
      {kGen,
       {"--format", "text|json|png|tmj", "output format (default text; png and tmj need --out)"}},
      {kSweep, {"--format", "csv|json", "output format (default csv)"}},
      {kGen, {"--cell-px", "N", "pixels a cell in png and tmj (1..64, default 8)"}},
      {kRec, {"--cell-px", "N", "pixels a cell (1..64, default 8)"}},
      {kRec, {"--every", "K", "a frame every K steps"}},
      {kRec, {"--frames", "N", "about N frames over the whole run (2..3000, default 100)"}},
      {kSweep,
       {"--threads", "N",
        "threads to run seeds on (0: one per core, default 0; at most the cores)"}},
      {kGen | kSweep, {"--out", "PATH", "write to PATH instead of standard output"}},
      {kRec, {"--out", "FILE.gif", "the GIF to write (needed)"}},
      {kGen, {"--trace", "PATH", "write every step to PATH, one JSON object a line"}},
      {kGen, {"--trace-limit", "MB", "refuse a trace past MB megabytes (1..65536, default 256)"}},
      {kAll, {"--preset", "FILE", "the settings of a preset file (flags given override them)"}},
      {kAll, {"--share", "STRING", "the settings of a share string (NAME?seed=7&max-rooms=12)"}},
  };
  const unsigned bit = command == Command::Generate ? kGen
                       : command == Command::Record ? kRec
                       : command == Command::Sweep  ? kSweep
                                                    : 0u;
  std::vector<CommandFlag> flags;
  for (const Row& row : kRows) {
    if (row.commands & bit) flags.push_back(row.flag);
  }
  return flags;
}

CliRequest parse_cli(const std::vector<std::string>& args) {
  CliRequest r;
  if (args.empty()) return r;  // the usage text, exit 2
  const std::string& command = args[0];
  if (command == "--help" || command == "-h" || command == "help" || command == "list") {
    if (args.size() > 1) {
      throw UsageError(
          command + " takes no arguments: unexpected " + shown(args[1]) +
          (command == "list" ? "" : " (a generator's flags: dungen generate NAME --help)"));
    }
    r.command = command == "list" ? CliRequest::Command::List : CliRequest::Command::Usage;
    return r;
  }
  if (command == "--version") {
    if (args.size() > 1)
      throw UsageError("--version takes no arguments: unexpected " + shown(args[1]));
    r.command = Command::Version;
    return r;
  }
  for (Command c : {Command::Generate, Command::Record, Command::Sweep}) {
    if (command == command_name(c)) {
      r.command = c;
      r.generate = parse_run(args, c);
      return r;
    }
  }
  throw UsageError("unknown command " + shown(command) +
                   ": allowed list, generate, record, sweep, --help, --version");
}

}  // namespace dungen
