#include "cli/cli_args.hpp"

#include <filesystem>

#include "analysis/regions.hpp"
#include "io/param_args.hpp"

namespace dungen {
namespace {

std::string generator_names() {
  std::string names;
  for (const GeneratorSpec* s : all_generators())
    names += (names.empty() ? "" : ", ") + std::string(s->name);
  return names;
}

// Two spellings of one file ("out.txt", "./out.txt") count as the same.
bool same_file(const std::string& a, const std::string& b) {
  std::error_code ea, eb;
  const auto ca = std::filesystem::weakly_canonical(a, ea);
  const auto cb = std::filesystem::weakly_canonical(b, eb);
  return ea || eb ? a == b : ca == cb;
}

void check(std::optional<std::string> error) {
  if (error) throw UsageError(*error);
}

GenerateRequest parse_generate(const std::vector<std::string>& args) {
  if (args.size() < 2 || args[1].starts_with("-")) {
    throw UsageError("generate needs a generator name: see 'dungen list'");
  }
  GenerateRequest r;
  r.spec = find_generator(args[1]);
  if (!r.spec) {
    throw UsageError("unknown generator " + shown(args[1]) + ": allowed " + generator_names());
  }
  const GeneratorSpec& spec = *r.spec;
  r.params = ParamValues(spec.schema);
  r.region_params = ParamValues(region_schema());
  ParamValues* const targets[] = {&r.params, &r.region_params};
  FlagsSeen given;
  FlagReader reader(args, 2);
  while (reader.next()) {
    const std::string flag = reader.flag();
    if (flag == "--help" || flag == "-h") {
      r.help = true;  // whatever else is on the line: the user asked what the flags are
      return r;
    }
    if (!flag.starts_with("--"))
      throw UsageError("unexpected argument " + shown(flag) + ": flags start with --");
    if (flag == "--regions") {
      if (reader.has_inline_value()) {
        throw UsageError("--regions takes no value (it is on when given): drop " +
                         shown(reader.take_value().value_or("")));
      }
      check(given.note(flag, std::nullopt));
      r.regions = true;
      continue;
    }
    // Known or not is decided before the value: "--bogus" alone is unknown, not short of a value.
    const bool known = flag == "--seed" || flag == "--format" || flag == "--out" ||
                       flag == "--trace" || param_for_flag(flag, targets);
    if (!known) {
      throw UsageError("unknown flag " + shown(flag) + " for " + std::string(spec.name) +
                       ": see 'dungen generate " + std::string(spec.name) + " --help'");
    }
    const std::optional<std::string> value = reader.take_value();
    if (!value) throw UsageError(flag + " needs a value");
    check(given.note(flag, *value));
    if (flag == "--seed") {
      auto parsed = parse_seed_flag(*value);
      if (auto* err = std::get_if<std::string>(&parsed)) throw UsageError(*err);
      r.seed = std::get<std::uint64_t>(parsed);
    } else if (flag == "--format") {
      if (*value != "text" && *value != "json") {
        throw UsageError("--format " + shown(*value) + " is not a format: allowed text or json");
      }
      r.json = *value == "json";
    } else if (flag == "--out" || flag == "--trace") {
      if (value->empty()) throw UsageError(flag + " needs a file path, e.g. map.txt");
      (flag == "--out" ? r.out_path : r.trace_path) = *value;
    } else {
      check(apply_param_flag(flag, *value, targets));
    }
  }
  // A flag that would change nothing is a mistake worth saying (the user expected an effect).
  for (const ParamDef& p : region_schema().params) {
    const std::string flag = "--" + kebab_case(p.name);
    if (!r.regions && given.seen(flag)) {
      throw UsageError(flag + " has no effect without --regions: add --regions, or drop " + flag);
    }
  }
  if (r.out_path && r.trace_path && same_file(*r.out_path, *r.trace_path)) {
    throw UsageError("--out and --trace are both " + shown(*r.trace_path) +
                     ": the map and the trace need two different files");
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
  if (command == "generate") {
    r.command = CliRequest::Command::Generate;
    r.generate = parse_generate(args);
    return r;
  }
  throw UsageError("unknown command " + shown(command) + ": allowed list, generate, --help");
}

}  // namespace dungen
