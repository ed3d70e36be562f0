#include "app/options.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <string_view>
#include <type_traits>

#include "analysis/regions.hpp"
#include "app/logic/commands.hpp"
#include "app/logic/session_preset.hpp"
#include "app/logic/ui_layout.hpp"
#include "core/version.hpp"
#include "generators/registry.hpp"
#include "io/atomic_file.hpp"
#include "io/param_args.hpp"
#include "io/preset.hpp"
#include "lab/sweep.hpp"

namespace dungen::app {
namespace {

// The lines above the flags: which go together, which exclude each other. The flags' own lines
// come from the flag table below (usage()).
constexpr std::string_view kSynopsis =
    "usage: dungen-viz [--generator NAME | --script FILE] [--seed N] [--PARAM VALUE]...\n"
    "                  [--connectivity 4|8]\n"
    "                  [--steps K [--back J]] [--regions | --animate-regions] [--analysis NAME]\n"
    "                  [--overlay-labels]\n"
    "                  [--frames N [--no-wait]] [--screenshot PATH] [--size WxH] [--font-scale F]\n"
    "                  [--projector] [--predict] [--preset FILE | --share STRING]\n"
    "                  [--compare [--b-generator NAME] [--b-seed N] [--b-PARAM VALUE]...]\n"
    "                  [--sweep N]\n"
    "                  [--version] [--keys]\n";

// std::from_chars, and for floating point its equivalent for plain decimals ("1.5", "2", "1e-1"):
// the browser build's C++ library has no floating-point from_chars. strtod reads them the same
// everywhere, as the app never changes the C locale; what strtod would also take (spaces, a
// sign '+', hex, inf, nan) is refused first.
template <class T>
std::from_chars_result read_number(const char* first, const char* last, T& v) {
  if constexpr (std::is_floating_point_v<T>) {
    const std::string_view plain = "0123456789.-eE";
    if (first == last || *first == 'e' || *first == 'E' ||
        std::string_view(first, static_cast<std::size_t>(last - first)).find_first_not_of(plain) !=
            std::string_view::npos) {
      return {first, std::errc::invalid_argument};
    }
    const std::string text(first, last);
    char* end = nullptr;
    errno = 0;
    const double d = std::strtod(text.c_str(), &end);
    const char* stop = first + (end - text.c_str());
    if (stop == first) return {first, std::errc::invalid_argument};
    if (errno == ERANGE || d > static_cast<double>(std::numeric_limits<T>::max()) ||
        d < -static_cast<double>(std::numeric_limits<T>::max())) {
      return {stop, std::errc::result_out_of_range};
    }
    v = static_cast<T>(d);
    return {stop, std::errc()};
  } else {
    return std::from_chars(first, last, v);
  }
}

template <class T>
Checked<T> parse_number(const std::string& flag, const std::string& text,
                        const std::string& allowed) {
  T v{};
  const char* last = text.data() + text.size();
  auto [ptr, ec] = read_number(text.data(), last, v);
  if (ec == std::errc::result_out_of_range && ptr == last) {  // a number, too big for any use
    return Error{flag + " " + text + " is out of range: allowed " + allowed};
  }
  if (text.empty() || ec != std::errc() || ptr != last) {
    return Error{flag + " " + shown(text) + " is not a number: allowed " + allowed};
  }
  return v;
}

Checked<int> parse_side(const std::string& text, const std::string& digits) {
  constexpr std::string_view kAllowed = "WxH with W and H in 64..8192, e.g. 1280x720";
  const std::string bad = "--size " + shown(text) + " ";
  // Parsed wide, so that a side of many digits is out of range, not "not a number".
  const Checked<std::int64_t> v = parse_int_flag("--size", digits, INT64_MIN, INT64_MAX);
  if (!v) {
    const bool whole = v.error().message.find("out of range") != std::string::npos;
    return Error{bad + (whole ? "is out of range" : "is not WxH") + ": allowed " +
                 std::string(kAllowed)};
  }
  if (*v < 64 || *v > 8192) return Error{bad + "is out of range: allowed " + std::string(kAllowed)};
  return static_cast<int>(*v);
}

std::optional<Error> parse_size(const std::string& text, AppOptions& o) {
  const auto x = text.find('x');
  if (x == std::string::npos) {
    return Error{"--size " + shown(text) +
                 " is not WxH: allowed WxH with W and H in 64..8192, e.g. 1280x720"};
  }
  const Checked<int> w = parse_side(text, text.substr(0, x));
  if (!w) return w.error();
  const Checked<int> h = parse_side(text, text.substr(x + 1));
  if (!h) return h.error();
  o.width = *w;
  o.height = *h;
  return std::nullopt;
}

// The value of the first `flag` on the line ("--flag V" or "--flag=V"), if any.
std::optional<std::string> value_of(const std::vector<std::string>& args, std::string_view flag) {
  FlagReader reader(args);
  while (reader.next()) {
    if (reader.flag() == flag) return reader.take_value();
  }
  return std::nullopt;
}

// Where the help is, as the reader would ask for it.
std::string_view see_help(const ParseContext& where) {
  return where.page ? "(see dungen.html?help)" : "(see --help)";
}

// What the flags build: the options, and the values checked as a whole once every flag is read.
struct Parse {
  const ParseContext* where = nullptr;
  AppOptions o;
  const GeneratorSpec* spec = nullptr;
  ParamValues params;
  ParamValues region_params;
  bool frames_given = false;
  // Pane B (compare mode): its generator, and each --b-PARAM, range-checked on a scratch copy
  // of its values and kept as an override of the copy of pane A it starts as.
  const GeneratorSpec* b_spec = nullptr;
  bool b_named = false;
  ParamValues b_scratch;
  std::vector<std::pair<std::string_view, std::int64_t>> b_overrides;
};

// What a flag's value is, checked by the loop before the flag's own apply runs.
enum class ValueKind : std::uint8_t {
  Switch,  // no value: on when given ("--projector=1" is refused rather than half-understood)
  Value,   // a value, as the next argument or after '='
};

// What a flag does with its value: the error, or nothing.
using Apply = std::optional<Error> (*)(const std::string& value, Parse& p);

// One row of the flag table: the flag, its value as --help writes it, its kind, its help line
// (empty: told in another flag's line) and what it sets.
struct AppFlag {
  std::string_view flag;
  std::string_view value;
  ValueKind kind;
  std::string_view help;
  Apply apply;
  // Why the flag means nothing in the browser page (refused there, left out of its help); empty
  // where it means the same.
  std::string_view not_in_page = {};
};

// A whole number in min..max for `flag`, stored in `out` (io/param_args.hpp words the errors as
// `dungen` does).
template <class T>
std::optional<Error> set_whole(std::string_view flag, const std::string& value, std::int64_t min,
                               std::int64_t max, T& out) {
  const Checked<std::int64_t> v = parse_int_flag(flag, value, min, max);
  if (!v) return v.error();
  out = static_cast<T>(*v);
  return std::nullopt;
}

std::optional<Error> set_uint(std::string_view flag, const std::string& value, std::uint64_t& out) {
  const Checked<std::uint64_t> v = parse_uint_flag(flag, value);
  if (!v) return v.error();
  out = *v;
  return std::nullopt;
}

constexpr std::string_view kRegionsClash =
    "--regions and --animate-regions contradict each other: give one (--regions labels at once, "
    "--animate-regions runs the flood fill step by step)";

std::optional<Error> set_regions(RegionsMode mode, Parse& p) {
  // A preset's other mode is the same contradiction as the other flag.
  if (p.o.setup.regions != RegionsMode::Off && p.o.setup.regions != mode) {
    return Error{std::string(kRegionsClash)};
  }
  p.o.setup.regions = mode;
  return std::nullopt;
}

std::optional<Error> set_screenshot(const std::string& value, Parse& p) {
  if (value.empty()) return Error{"--screenshot needs a file path, e.g. map.png"};
  // Checked now, before a window opens: a folder that is missing or not writable is a bad flag
  // (the probe's temporary file is removed at once).
  if (Checked<AtomicFile> probe = AtomicFile::open(value); !probe) {
    return Error{"--screenshot " + shown(value) + " cannot be written: " + probe.error().message +
                 " (give a path in a writable folder)"};
  }
  p.o.screenshot = value;
  return std::nullopt;
}

std::optional<Error> set_font_scale(const std::string& value, Parse& p) {
  const Checked<float> scale = parse_number<float>("--font-scale", value, "0.75..3");
  if (!scale) return scale.error();
  if (!(*scale >= kMinUiScale && *scale <= kMaxUiScale)) {
    return Error{"--font-scale " + shown(value) + " is out of range: allowed 0.75..3"};
  }
  p.o.font_scale = *scale;
  return std::nullopt;
}

// A switch that turns one option on.
template <bool AppOptions::*Option>
std::optional<Error> turn_on(const std::string&, Parse& p) {
  p.o.*Option = true;
  return std::nullopt;
}

std::optional<Error> read_first(const std::string&, Parse&) {
  return std::nullopt;  // read before the loop (pick_preset, pick_generator)
}

// Every flag of dungen-viz but the generators' parameters, in the order --help lists them.
const AppFlag kFlags[] = {
    {"--generator", "NAME", ValueKind::Value, "which generator to open (default rooms-and-tunnels)",
     read_first},
    {"--script", "FILE", ValueKind::Value,
     "open a generator script (Lua, docs/SCRIPTING.md); read again each time the file changes "
     "(the page's ?script= is the script's text itself, URL-encoded)",
     read_first},
    {"--seed", "N", ValueKind::Value, "random seed",  // the parameters' line follows it
     [](const std::string& v, Parse& p) { return set_uint("--seed", v, p.o.setup.seed); }},
    {"--steps", "K", ValueKind::Value,
     "run K steps before the first frame; --back J then steps back J",
     [](const std::string& v, Parse& p) {
       return set_uint("--steps", v, p.o.setup.steps.emplace());
     }},
    {"--back", "J", ValueKind::Value, "",
     [](const std::string& v, Parse& p) { return set_uint("--back", v, p.o.setup.back); }},
    {"--regions", "", ValueKind::Switch,
     "label flood-fill regions instantly at the generator's last step",
     [](const std::string&, Parse& p) { return set_regions(RegionsMode::Instant, p); }},
    {"--animate-regions", "", ValueKind::Switch,
     "run the flood-fill stepper after the generator (more steps to --steps)",
     [](const std::string&, Parse& p) { return set_regions(RegionsMode::Animated, p); }},
    {"--analysis", "NAME", ValueKind::Value,
     "the analysis --regions and --animate-regions run: regions (the default), distance, path, "
     "dead-ends, loops or chokepoints",
     [](const std::string& v, Parse& p) -> std::optional<Error> {
       const AnalysisSpec* a = find_analysis(v);
       if (!a) {
         std::string names;
         for (const AnalysisSpec& s : all_analyses()) {
           names += (names.empty() ? "" : ", ") + std::string(s.name);
         }
         return Error{"--analysis " + shown(v) + " is not an analysis: allowed " + names};
       }
       p.o.setup.analysis = a->kind;
       return std::nullopt;
     }},
    {"--overlay-labels", "", ValueKind::Switch,
     "draw each region's number (1-9a-zA-Z) over its cells",
     [](const std::string&, Parse& p) -> std::optional<Error> {
       p.o.setup.overlay_labels = true;
       return std::nullopt;
     }},
    {"--frames", "N", ValueKind::Value,
     "render N frames and exit (with --screenshot: write the last one)",
     [](const std::string& v, Parse& p) {
       p.frames_given = true;
       return set_whole("--frames", v, 1, 100000, p.o.frames);
     },
     "a page does not exit after N frames (it is for the desktop app's scripted runs)"},
    {"--no-wait", "", ValueKind::Switch,
     "let the frames do the run (progress bar), not before the first frame",
     turn_on<&AppOptions::no_wait>, "the page always lets its frames do the run"},
    {"--screenshot", "PATH", ValueKind::Value, "write the last frame as a PNG (default --frames 3)",
     set_screenshot, "a page writes no files: Save and share > export PNG downloads one"},
    {"--size", "WxH", ValueKind::Value, "window size (default 1280x720)",
     [](const std::string& v, Parse& p) { return parse_size(v, p.o); },
     "the page takes the browser window's size: resize the window, or zoom the page"},
    {"--font-scale", "F", ValueKind::Value, "UI text scale, 0.75..3 (U in the app: back to 1)",
     set_font_scale},
    {"--projector", "", ValueKind::Switch,
     "projector mode (P in the app): large text, thick grid lines, high\n"
     "contrast, only the map, the transport bar and the algorithm",
     turn_on<&AppOptions::projector>},
    {"--predict", "", ValueKind::Switch,
     "predict mode (Q in the app): step mode, and before each step that\n"
     "answers a question the app asks it; with --steps K it steps on from K\n"
     "to the first question and waits for the answer",
     [](const std::string&, Parse& p) -> std::optional<Error> {
       p.o.setup.predict = true;
       return std::nullopt;
     }},
    {"--preset", "FILE", ValueKind::Value,
     "start from a preset (docs/presets.md); the flags given override it", read_first},
    {"--share", "STRING", ValueKind::Value,
     "the same from a share string (rooms-and-tunnels?seed=7&max-rooms=12)", read_first},
    {"--compare", "", ValueKind::Switch,
     "compare mode (C in the app): a second pane on the same transport,\n"
     "a copy of the first changed by --b-generator, --b-seed, --b-PARAM",
     turn_on<&AppOptions::compare>},
    {"--by-fraction", "", ValueKind::Switch,
     "compare mode: pane B at the same fraction of its run as A (else\n"
     "the same step number)",
     turn_on<&AppOptions::by_fraction>},
    {"--b-generator", "NAME", ValueKind::Value, "", read_first},
    {"--b-seed", "N", ValueKind::Value, "",
     [](const std::string& v, Parse& p) -> std::optional<Error> {
       const Checked<std::uint64_t> seed = parse_seed_flag(v);
       if (!seed) return Error{"pane B: " + seed.error().message};
       p.o.b_seed = *seed;
       return std::nullopt;
     }},
    {"--sweep", "N", ValueKind::Value,
     "open the Sweep pane on N seeds from --seed (Lab > sweep seeds)",
     [](const std::string& v, Parse& p) {
       return set_whole("--sweep", v, 1, kMaxSweepSeeds, p.o.sweep_seeds.emplace());
     }},
};

// Two flags that say one thing two ways: refused together, when the second is read.
struct Clash {
  std::string_view a, b, words;
};
constexpr Clash kClashes[] = {
    {"--preset", "--share", "--preset and --share both give the settings: give one"},
    {"--regions", "--animate-regions", kRegionsClash},
    {"--back", "--no-wait",
     "--back and --no-wait contradict each other: --no-wait leaves --steps to the frames, --back "
     "steps back from a finished --steps; give one"},
};

std::optional<Error> check_clashes(const FlagsSeen& given) {
  for (const Clash& c : kClashes) {
    if (given.seen(c.a) && given.seen(c.b)) return Error{std::string(c.words)};
  }
  return std::nullopt;
}

const AppFlag* find_flag(std::string_view flag) {
  for (const AppFlag& row : kFlags) {
    if (row.flag == flag) return &row;
  }
  return nullptr;
}

// --help: the synopsis, then a line for each flag of the table (the parameters' after --seed).
// The page's help says how its address spells the flags, and leaves out those it refuses.
std::string usage(const ParseContext& where) {
  std::string text;
  if (where.page) {
    text +=
        "In the page, the address's query is the command line: --NAME VALUE is written\n"
        "NAME=VALUE and a switch is just NAME, joined by &, e.g.\n"
        "  dungen.html?generator=cellular-caves&seed=7&animate-regions&projector\n\n";
  }
  text += kSynopsis;
  text += '\n';
  const auto line = [&](std::string flag, std::string_view help) {
    flag.resize(std::max<std::size_t>(flag.size() + 1, 19), ' ');
    text += "  " + flag;
    for (const char c : help) text += c == '\n' ? "\n" + std::string(21, ' ') : std::string(1, c);
    text += '\n';
  };
  for (const AppFlag& row : kFlags) {
    if (row.help.empty() || (where.page && !row.not_in_page.empty())) continue;
    line(std::string(row.flag) + (row.value.empty() ? "" : " ") + std::string(row.value), row.help);
    if (row.flag == "--seed") {
      line("--PARAM VALUE", where.page ? "any parameter of the generator (the Generator panel's "
                                         "sliders: hover one for its name)"
                                       : "any parameter of the generator (see `dungen generate "
                                         "NAME --help`)");
    }
  }
  if (where.page) {
    text += "\nNot in the page:";
    for (const AppFlag& row : kFlags) {
      if (!row.not_in_page.empty()) text += " " + std::string(row.flag);
    }
    text += " (they are the desktop app's).\n";
  }
  return text;
}

// The lesson presets' names (their files without .json), sorted, from the first folder that has
// any.
std::vector<std::string> lesson_names(const ParseContext& where) {
  std::vector<std::string> names;
  for (const std::string& dir : where.lesson_dirs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
    }
    if (!names.empty()) {
      std::sort(names.begin(), names.end());
      return names;
    }
  }
  return names;
}

// --preset FILE: a file, or a lesson's name ("caves-dense", "caves-dense.json"); a name that is
// neither is refused with the lessons listed.
Checked<std::string> preset_path(const std::string& value, const ParseContext& where) {
  std::error_code ec;
  if (std::filesystem::exists(value, ec) || value.find('/') != std::string::npos) return value;
  const std::string stem = value.ends_with(".json") ? value.substr(0, value.size() - 5) : value;
  for (const std::string& dir : where.lesson_dirs) {
    const std::filesystem::path lesson = std::filesystem::path(dir) / (stem + ".json");
    if (std::filesystem::is_regular_file(lesson, ec)) return lesson.string();
  }
  const std::vector<std::string> names = lesson_names(where);
  if (names.empty()) return value;  // no lessons here: the file's own error says it
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  return Error{"--preset " + shown(value) + ": no such file, and no lesson of that name; the " +
               "lessons: " + list + (where.page ? "" : " (or give a preset file's path)")};
}

// A preset or share string gives the starting settings; read before the flags that override it.
Checked<std::optional<Preset>> pick_preset(const std::vector<std::string>& args,
                                           const ParseContext& where, const AppOptions& o) {
  auto file = value_of(args, "--preset");
  const auto share = value_of(args, "--share");
  FlagsSeen present;
  if (file) (void)present.note("--preset", *file);
  if (share) (void)present.note("--share", *share);
  if (auto e = check_clashes(present)) return *e;
  if (!file && !share) return std::optional<Preset>();
  if (file) {
    Checked<std::string> path = preset_path(*file, where);
    if (!path) return path.error();
    file = *path;
  }
  // It may name a script: a shipped one, or a --script file (read before it).
  std::vector<const GeneratorSpec*> scripts;
  for (const auto& s : o.scripts) scripts.push_back(s.get());
  Checked<Preset> parsed =
      file ? read_preset_file(*file, scripts) : parse_share_string(*share, scripts);
  if (!parsed) return Error{(file ? "--preset: " : "--share: ") + parsed.error().message};
  return std::optional<Preset>(std::move(*parsed));
}

// The generator has to be known before its parameter flags can be read ("--generator NAME" or
// "--generator=NAME"; a repeat is caught by the main loop).
// A generator by name: a built-in, else a script (shipped or --script).
const GeneratorSpec* find_named(std::string_view name, const AppOptions& o) {
  if (const GeneratorSpec* spec = find_generator(name)) return spec;
  for (const auto& script : o.scripts) {
    if (script->name == name) return script.get();
  }
  return nullptr;
}

// Each --script FILE, read now (a script that cannot be read is a bad flag), after the shipped
// scripts; the first one given is the generator opened unless --generator says otherwise.
std::optional<Error> read_scripts(const std::vector<std::string>& args, Parse& p) {
  p.o.scripts = p.where->shipped_scripts;
  p.o.load_script = p.where->load_script;
  p.o.load_script_text = p.where->load_script_text;
  FlagReader reader(args);
  while (reader.next()) {
    if (reader.flag() != "--script") continue;
    const std::optional<std::string> path = reader.take_value();
    if (!path) break;  // "needs a value", said by the main loop
    if (!p.where->load_script) return Error{"--script: this build runs no scripts"};
    auto loaded = p.where->load_script(*path);
    std::error_code ec;
    if (!loaded && !std::filesystem::is_regular_file(*path, ec)) {
      return Error{"--script " + shown(*path) + ": " + loaded.error().message};
    }
    // A file that is there but is not a working script yet (a student's empty file, a typo):
    // the app opens, says what is wrong with its line, and watches the file for the fix.
    if (!loaded) {
      p.o.watched.push_back({*path, nullptr, loaded.error().message});
      continue;
    }
    p.o.watched.push_back({*path, loaded->get()});
    p.o.scripts.push_back(std::move(*loaded));
  }
  return std::nullopt;
}

Checked<const GeneratorSpec*> pick_generator(const std::vector<std::string>& args,
                                             const std::optional<Preset>& preset,
                                             const AppOptions& o,
                                             std::string_view which = "--generator") {
  const GeneratorSpec* spec = preset ? preset->generator : all_generators().front();
  if (!preset && which == "--generator") {
    for (const AppOptions::WatchedScript& w : o.watched) {
      if (!w.spec) continue;
      spec = w.spec;
      break;
    }
  }
  FlagReader reader(args);
  while (reader.next()) {
    if (reader.flag() != which) continue;
    const std::optional<std::string> name = reader.take_value();
    if (!name) break;  // "needs a value", said by the main loop
    spec = find_named(*name, o);
    if (!spec) {
      std::string allowed = generator_names();
      for (const auto& script : o.scripts) allowed += ", " + std::string(script->name);
      return Error{std::string(which) + " " + shown(*name) + " is unknown: allowed " + allowed};
    }
    if (which == "--generator" && preset && preset->generator != spec) {
      return Error{"the preset is " + std::string(preset->generator->name) + ", not " +
                   std::string(spec->name) + ": drop --generator, or give a preset of it"};
    }
  }
  return spec;
}

// The start the flags change: the preset's settings or the generator's defaults, and pane B's
// generator.
std::optional<Error> start(const std::vector<std::string>& args, Parse& p) {
  if (auto err = read_scripts(args, p)) return err;
  Checked<std::optional<Preset>> preset = pick_preset(args, *p.where, p.o);
  if (!preset) return preset.error();
  const Checked<const GeneratorSpec*> spec = pick_generator(args, *preset, p.o);
  if (!spec) return spec.error();
  p.spec = *spec;
  p.o.setup.generator = p.spec->name;
  p.o.setup.spec = p.spec;
  p.params = *preset ? (*preset)->params : ParamValues(p.spec->schema);
  p.region_params = *preset ? (*preset)->region_params : ParamValues(region_schema());
  if (*preset) {
    p.o.setup.seed = (*preset)->seed;
    p.o.setup.regions = regions_mode_of((*preset)->regions);
    p.o.setup.analysis = (*preset)->analysis;
    p.o.preset = *preset;
    p.o.preset_is_share = value_of(args, "--share").has_value();
    // A fork is shown as pane B beside the plain run: compare mode, as --compare would.
    if ((*preset)->fork) p.o.compare = true;
    if ((*preset)->predict) p.o.setup.predict = true;
  }
  const Checked<const GeneratorSpec*> b_spec =
      pick_generator(args, std::nullopt, p.o, "--b-generator");
  if (!b_spec) return b_spec.error();
  p.b_named = value_of(args, "--b-generator").has_value();
  p.b_spec = p.b_named ? *b_spec : p.spec;  // unnamed, pane B is a copy of A: A's generator
  p.b_scratch = ParamValues(p.b_spec->schema);
  return std::nullopt;
}

// "--b-PARAM VALUE": pane B's "--PARAM", range-checked now, applied over the copy of pane A.
std::optional<Error> read_b_param(FlagReader& reader, const std::string& flag, Parse& p,
                                  FlagsSeen& given) {
  const std::string as_a = "--" + flag.substr(4);
  ParamValues* const b_targets[] = {&p.b_scratch};
  if (!param_for_flag(as_a, b_targets)) {
    return Error{"unknown flag " + shown(flag) + ": pane B's generator " +
                 std::string(p.b_spec->name) + " has no " + shown(as_a)};
  }
  const std::optional<std::string> v = reader.take_value();
  if (!v) return Error{flag + " needs a value " + std::string(see_help(*p.where))};
  if (auto e = given.note(flag, *v)) return e;
  if (auto e = apply_param_flag(as_a, *v, b_targets)) return Error{"pane B: " + e->message};
  for (const ParamDef& d : p.b_spec->schema.params) {
    if ("--" + kebab_case(d.name) == as_a || "--" + std::string(d.name) == as_a) {
      p.b_overrides.emplace_back(d.name, p.b_scratch.get(d.name));
    }
  }
  return std::nullopt;
}

// One flag of the line, read by its row (or as a parameter): known, given once, not clashing,
// its value of the right kind, then applied.
std::optional<Error> read_flag(FlagReader& reader, Parse& p, FlagsSeen& given) {
  const std::string flag = reader.flag();
  const AppFlag* row = find_flag(flag);
  const std::string help(see_help(*p.where));
  if (row && p.where->page && !row->not_in_page.empty()) {
    return Error{flag + " means nothing in the page: " + std::string(row->not_in_page)};
  }
  if (row && row->kind == ValueKind::Switch) {
    if (reader.has_inline_value()) return Error{flag + " takes no value " + help};
    if (auto e = given.note(flag, std::nullopt)) return e;
    if (auto e = check_clashes(given)) return e;
    return row->apply("", p);
  }
  if (!row && flag.starts_with("--b-")) return read_b_param(reader, flag, p, given);
  if (!flag.starts_with("--")) {
    return Error{"unexpected argument " + shown(flag) + ": flags start with -- " + help};
  }
  ParamValues* const targets[] = {&p.params, &p.region_params};
  // Known or not is decided before the value: "--bogus" alone is unknown, not short of a value.
  if (!row && !param_for_flag(flag, targets)) {
    const std::string name(p.spec->name);
    return Error{"unknown flag " + shown(flag) + " for " + name +
                 (p.where->page
                      ? ": see dungen.html?help; its parameters are the Generator "
                        "panel's sliders"
                      : ": see dungen-viz --help and `dungen generate " + name + " --help`")};
  }
  const std::optional<std::string> value = reader.take_value();
  if (!value) return Error{flag + " needs a value " + help};
  if (auto e = given.note(flag, *value)) return e;
  if (auto e = check_clashes(given)) return e;
  return row ? row->apply(*value, p) : apply_param_flag(flag, *value, targets);
}

// The line as a whole, once every flag is read: the values together, what a flag needs, and
// pane B's values.
std::optional<Error> finish(Parse& p) {
  AppOptions& o = p.o;
  if (auto e = p.params.validate()) return Error{e->words(ParamError::Names::Flags)};
  o.setup.params = p.params;
  o.setup.region_params = p.region_params;
  if (o.setup.back > 0 && !o.setup.steps) {
    return Error{"--back needs --steps K (step back after K steps)"};
  }
  if (o.screenshot && !p.frames_given) o.frames = 3;
  if ((p.b_named || o.b_seed || !p.b_overrides.empty() || o.by_fraction) && !o.compare) {
    return Error{
        "--b-generator, --b-seed, --b-PARAM and --by-fraction set pane B: they need --compare"};
  }
  if (o.preset && o.preset->fork &&
      (p.b_named || o.b_seed || !p.b_overrides.empty() || o.by_fraction)) {
    return Error{"the preset's fork " + fork_text(*o.preset->fork) +
                 " makes pane B (A's run with that draw changed, step by step): drop "
                 "--b-generator, --b-seed, --b-PARAM and --by-fraction"};
  }
  if (p.b_named) o.b_generator = p.b_spec;
  if (!p.b_overrides.empty()) {
    // Pane B is a copy of A: A's values (same generator) or B's defaults, then the overrides.
    ParamValues b = p.b_spec == p.spec ? p.params : ParamValues(p.b_spec->schema);
    for (const auto& [name, value] : p.b_overrides) (void)b.set(name, value);
    if (auto e = b.validate()) return Error{"pane B: " + e->words(ParamError::Names::Flags)};
    o.b_params = b;
  }
  return std::nullopt;
}

Checked<AppOptions> parse(const std::vector<std::string>& args, const ParseContext& where) {
  Parse p;
  p.where = &where;
  if (auto e = start(args, p)) return *e;
  FlagsSeen given;
  FlagReader reader(args);
  while (reader.next()) {
    if (auto e = read_flag(reader, p, given)) return *e;
  }
  if (auto e = finish(p)) return *e;
  return std::move(p.o);
}

}  // namespace

ParseResult parse_options(const std::vector<std::string>& args, const ParseContext& where) {
  for (const std::string& a : args) {
    if (a == "--help" || a == "-h") return HelpRequested{usage(where)};
    if (a == "--version") return HelpRequested{"dungen-viz " + std::string(version()) + "\n"};
    // Every key, as the README's table (its block is this output: tests/ compare them).
    if (a == "--keys") return HelpRequested{key_list_markdown()};
  }
  Checked<AppOptions> options = parse(args, where);
  if (!options) return BadFlags{options.error().message};
  return std::move(*options);
}

}  // namespace dungen::app
