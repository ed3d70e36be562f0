#include "cli/cli.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <variant>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "generators/registry.hpp"
#include "core/version.hpp"
#include "io/atomic_file.hpp"
#include "io/map_export.hpp"
#include "io/param_args.hpp"
#include "io/trace.hpp"

namespace dungen {
namespace {

// Thrown for bad input; run_cli turns it into one line on stderr and exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr std::string_view kUsage =
    "usage: dungen list\n"
    "       dungen generate NAME [--seed N] [--PARAM VALUE]... [--regions [--connectivity 4|8]]\n"
    "                            [--format text|json] [--out PATH] [--trace PATH]\n"
    "       dungen generate NAME --help   (lists NAME's parameters)\n"
    "       dungen --version\n";

std::uint64_t parse_seed(const std::string& text) {
  auto parsed = parse_seed_flag(text);
  if (auto* err = std::get_if<std::string>(&parsed)) throw UsageError(*err);
  return std::get<std::uint64_t>(parsed);
}

// Each value flag once: "--seed 1 --seed 2" contradicts itself, so it is an error rather than
// one of them silently winning. The same value twice is harmless.
class FlagValues {
 public:
  void note(const std::string& flag, const std::string& value) {
    std::string key = flag;
    std::replace(key.begin(), key.end(), '_', '-');  // --max_rooms is --max-rooms
    const auto [it, added] = values_.emplace(key, value);
    if (!added && it->second != value) {
      throw UsageError(flag + " is given twice ('" + it->second + "', then '" + value +
                       "'): give it once");
    }
  }

 private:
  std::map<std::string, std::string> values_;
};

// Two spellings of one file ("out.txt", "./out.txt") count as the same.
bool same_file(const std::string& a, const std::string& b) {
  std::error_code ea, eb;
  const auto ca = std::filesystem::weakly_canonical(a, ea);
  const auto cb = std::filesystem::weakly_canonical(b, eb);
  return ea || eb ? a == b : ca == cb;
}

void print_param_help(const GeneratorSpec& spec, std::ostream& out) {
  out << "dungen generate " << spec.name << ": " << spec.summary << "\n\n";
  out << "  --seed N                 random seed (default " << kDefaultSeed << ")\n";
  auto line = [&](const ParamDef& p) {
    std::string flag = "--" + kebab_case(p.name) + " N";
    flag.resize(std::max<std::size_t>(flag.size() + 1, 25), ' ');
    out << "  " << flag << p.help << " [" << describe_range(p) << ", default " << p.def << "]\n";
  };
  for (const ParamDef& p : spec.schema.params) line(p);
  out << "  --regions                label flood-fill regions (JSON 'regions', text glyphs)\n";
  for (const ParamDef& p : region_schema().params) line(p);
  out << "  --format text|json       output format (default text)\n";
  out << "  --out PATH               write to PATH instead of standard output\n";
  out << "  --trace PATH             write every step to PATH, one JSON object a line\n";
}

// Opens PATH for `flag` before any work starts, so a bad path costs nothing; the file appears
// only when commit() succeeds.
AtomicFile open_output(std::string_view flag, const std::string& path) {
  std::string why;
  std::optional<AtomicFile> f = AtomicFile::open(path, &why);
  if (!f) {
    throw UsageError(std::string(flag) + " '" + path + "' cannot be written: " + why +
                     " (give a path in a writable folder)");
  }
  return std::move(*f);
}

void commit_output(std::string_view flag, const std::string& path, AtomicFile& f) {
  std::string why;
  if (!f.commit(&why)) {
    throw UsageError(std::string(flag) + " '" + path + "' cannot be written: " + why);
  }
}

// Runs `stepper` to the end, writing each step to the trace, numbered from first_number.
std::uint64_t run_traced(Stepper& stepper, std::string_view algorithm, const Narration& narration,
                         AtomicFile& trace, std::uint64_t first_number) {
  std::uint64_t n = 0;
  while (const Step* step = stepper.next()) {
    trace.write(trace_line({first_number + n, algorithm, *step, stepper.draws(), stepper.changes()},
                           narration, stepper.params(), stepper.grid()));
    ++n;
  }
  return n;
}

int cmd_list(std::ostream& out) {
  for (const GeneratorSpec* spec : all_generators()) {
    std::string name(spec->name);
    name.resize(std::max<std::size_t>(name.size() + 2, 20), ' ');
    out << name << spec->summary << '\n';
  }
  return kExitOk;
}

int cmd_generate(const std::vector<std::string>& args, std::ostream& out) {
  if (args.size() < 2 || args[1].starts_with("-")) {
    throw UsageError("generate needs a generator name: see 'dungen list'");
  }
  const GeneratorSpec* spec = find_generator(args[1]);
  if (!spec) {
    std::string names;
    for (const GeneratorSpec* s : all_generators())
      names += (names.empty() ? "" : ", ") + std::string(s->name);
    throw UsageError("unknown generator '" + args[1] + "': allowed " + names);
  }
  ParamValues params(spec->schema);
  ParamValues region_params(region_schema());
  std::uint64_t seed = kDefaultSeed;
  bool json = false;
  bool regions = false;
  std::optional<std::string> out_path;
  std::optional<std::string> trace_path;

  ParamValues* const targets[] = {&params, &region_params};
  FlagValues given;
  for (std::size_t i = 2; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--help" || flag == "-h") {
      print_param_help(*spec, out);
      return kExitOk;
    }
    if (flag == "--regions") {
      regions = true;
      continue;
    }
    if (!flag.starts_with("--"))
      throw UsageError("unexpected argument '" + flag + "': flags start with --");
    // Known or not is decided before the value: "--bogus" alone is unknown, not short of a value.
    const bool known = flag == "--seed" || flag == "--format" || flag == "--out" ||
                       flag == "--trace" || param_for_flag(flag, targets);
    if (!known) {
      throw UsageError("unknown flag '" + flag + "' for " + std::string(spec->name) +
                       ": see 'dungen generate " + std::string(spec->name) + " --help'");
    }
    if (i + 1 >= args.size()) throw UsageError(flag + " needs a value");
    const std::string& value = args[++i];
    given.note(flag, value);
    if (flag == "--seed") {
      seed = parse_seed(value);
    } else if (flag == "--format") {
      if (value != "text" && value != "json") {
        throw UsageError("--format '" + value + "' is not a format: allowed text or json");
      }
      json = value == "json";
    } else if (flag == "--out") {
      out_path = value;
    } else if (flag == "--trace") {
      trace_path = value;
    } else if (auto e = apply_param_flag(flag, value, targets)) {
      throw UsageError(*e);
    }
  }
  if (out_path && trace_path && same_file(*out_path, *trace_path)) {
    throw UsageError("--out and --trace are both '" + *trace_path +
                     "': the map and the trace need two different files");
  }
  if (auto e = params.validate()) throw UsageError(e->words(ParamError::Names::Flags));

  std::optional<AtomicFile> out_file;
  if (out_path) out_file.emplace(open_output("--out", *out_path));
  std::optional<AtomicFile> trace;
  if (trace_path) trace.emplace(open_output("--trace", *trace_path));

  // A trace records every step's changes and draws; the map is the same either way.
  Stepper stepper = start_generator(*spec, params, seed, /*record_changes=*/trace.has_value());
  RunResult run;
  if (trace) {
    run.steps = run_traced(stepper, spec->name, spec->narration, *trace, 1);
  } else {
    run = run_to_end(stepper);
  }
  std::optional<RegionMap> region_map;
  if (regions) {
    region_map = label_regions(stepper.grid(), region_params.get_int("connectivity"));
    if (trace) {
      // The trace shows the flood fill step by step; its labels are label_regions' (tested).
      Stepper flood = start_region_stepper(stepper.grid(), region_params, true);
      run_traced(flood, "regions", region_narration(), *trace, run.steps + 1);
    }
  }
  const MapExport m{*spec,
                    params,
                    seed,
                    stepper.grid(),
                    stepper.layout(),
                    run.steps,
                    stepper.stats(),
                    region_map ? &*region_map : nullptr};
  const std::string text = json ? to_json(m) : to_text(m);
  if (trace) commit_output("--trace", *trace_path, *trace);
  if (out_file) {
    out_file->write(text);
    commit_output("--out", *out_path, *out_file);
  } else {
    out << text;
  }
  return kExitOk;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  try {
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
      (args.empty() ? err : out) << kUsage;
      return args.empty() ? kExitBadInput : kExitOk;
    }
    if (args[0] == "--version") {
      if (args.size() > 1) throw UsageError("--version takes no arguments");
      out << "dungen " << version() << '\n';
      return kExitOk;
    }
    if (args[0] == "list") return cmd_list(out);
    if (args[0] == "generate") return cmd_generate(args, out);
    throw UsageError("unknown command '" + args[0] + "': allowed list, generate, --help, --version");
  } catch (const UsageError& e) {
    err << "dungen: " << e.what() << '\n';
    return kExitBadInput;
  } catch (const std::exception& e) {
    err << "dungen: " << e.what() << '\n';
    return kExitBadInput;
  }
}

}  // namespace dungen
