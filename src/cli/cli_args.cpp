#include "cli/cli_args.hpp"

#include <algorithm>
#include <filesystem>
#include <thread>

#include "analysis/regions.hpp"
#include "io/param_args.hpp"
#include "io/preset.hpp"
#include "io/trace.hpp"
#include "lab/sweep.hpp"
#include "render/gif_file.hpp"
#include "render/map_image.hpp"
#include "render/tiled_export.hpp"

namespace dungen {
namespace {

std::string generator_names() {
  std::string names;
  for (const GeneratorSpec* s : all_generators())
    names += (names.empty() ? "" : ", ") + std::string(s->name);
  return names;
}

// Two spellings of one file ("out.txt", "./out.txt", an absolute path) count as the same,
// whether or not the file exists yet.
bool same_file(const std::string& a, const std::string& b) {
  std::error_code ea, eb;
  const auto ca = std::filesystem::weakly_canonical(std::filesystem::absolute(a, ea), ea);
  const auto cb = std::filesystem::weakly_canonical(std::filesystem::absolute(b, eb), eb);
  return ea || eb ? a == b : ca == cb;
}

void check(std::optional<std::string> error) {
  if (error) throw UsageError(*error);
}

using Command = CliRequest::Command;

std::string_view command_name(Command c) {
  return c == Command::Record ? "record" : c == Command::Sweep ? "sweep" : "generate";
}

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
  throw UsageError("--format " + shown(value) + " is not a format: allowed " +
                   (generate ? "text, json, png or tmj" : "csv or json"));
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
    const bool known = flag == "--seed" || flag == "--out" || flag == "--preset" ||
                       flag == "--share" || param_for_flag(flag, std::span(targets).first(1)) ||
                       ((gen || sweep) && (flag == "--format" || region_flag)) ||
                       (gen && (flag == "--trace" || flag == "--trace-limit")) ||
                       ((gen || rec) && flag == "--cell-px") ||
                       (rec && (flag == "--every" || flag == "--frames")) ||
                       (sweep && (flag == "--seeds" || flag == "--threads"));
    if (!known) {
      throw UsageError("unknown flag " + shown(flag) + " for " + std::string(spec.name) +
                       ": see 'dungen " + cmd + " " + std::string(spec.name) + " --help'");
    }
    const std::optional<std::string> value = reader.take_value();
    if (!value) throw UsageError(flag + " needs a value");
    check(given.note(flag, *value));
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
  if (r.out_path && r.trace_path && same_file(*r.out_path, *r.trace_path)) {
    throw UsageError("--out and --trace are both " + shown(*r.trace_path) +
                     ": the map and the trace need two different files");
  }
  // A tmj output writes its tilesets beside it too: the trace may be none of them.
  if (r.out_path && r.trace_path && r.format == OutputFormat::Tmj) {
    for (const std::string& tileset : tiled_tileset_paths(*r.out_path)) {
      if (!same_file(tileset, *r.trace_path)) continue;
      throw UsageError("--trace " + shown(*r.trace_path) + " is a tileset --out " +
                       shown(*r.out_path) + " writes: the trace needs a file of its own");
    }
  }
  if (auto e = r.params.validate()) throw UsageError(e->words(ParamError::Names::Flags));
  return r;
}

}  // namespace

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
