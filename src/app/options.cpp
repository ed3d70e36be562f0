#include "app/options.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string_view>
#include <type_traits>

#include "analysis/regions.hpp"
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

struct FlagError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr std::string_view kUsage =
    "usage: dungen-viz [--generator NAME] [--seed N] [--PARAM VALUE]... [--connectivity 4|8]\n"
    "                  [--steps K [--back J]] [--regions | --animate-regions] [--overlay-labels]\n"
    "                  [--frames N [--no-wait]] [--screenshot PATH] [--size WxH] [--font-scale F]\n"
    "                  [--projector] [--preset FILE | --share STRING]\n"
    "                  [--compare [--b-generator NAME] [--b-seed N] [--b-PARAM VALUE]...]\n"
    "                  [--sweep N]\n"
    "                  [--version]\n"
    "\n"
    "  --generator NAME   which generator to open (default rooms-and-tunnels)\n"
    "  --seed N           random seed\n"
    "  --PARAM VALUE      any parameter of the generator (see `dungen generate NAME --help`)\n"
    "  --steps K          run K steps before the first frame; --back J then steps back J\n"
    "  --regions          label flood-fill regions instantly at the generator's last step\n"
    "  --animate-regions  run the flood-fill stepper after the generator (more steps to --steps)\n"
    "  --overlay-labels   draw each region's number (1-9a-zA-Z) over its cells\n"
    "  --frames N         render N frames and exit (with --screenshot: write the last one)\n"
    "  --no-wait          let the frames do the run (progress bar), not before the first frame\n"
    "  --screenshot PATH  write the last frame as a PNG (default --frames 3)\n"
    "  --size WxH         window size (default 1280x720)\n"
    "  --font-scale F     UI text scale, 0.75..3 (U in the app: back to 1)\n"
    "  --projector        projector mode (P in the app): large text, thick grid lines, high\n"
    "                     contrast, only the map, the transport bar and the algorithm\n"
    "  --preset FILE      start from a preset (docs/presets.md); the flags given override it\n"
    "  --share STRING     the same from a share string (rooms-and-tunnels?seed=7&max-rooms=12)\n"
    "  --compare          compare mode (C in the app): a second pane on the same transport,\n"
    "                     a copy of the first changed by --b-generator, --b-seed, --b-PARAM\n"
    "  --sweep N          open the Sweep window on N seeds from --seed (Lab > sweep seeds)\n";

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
T parse_number(const std::string& flag, const std::string& text, const std::string& allowed) {
  T v{};
  const char* last = text.data() + text.size();
  auto [ptr, ec] = read_number(text.data(), last, v);
  if (ec == std::errc::result_out_of_range && ptr == last) {  // a number, too big for any use
    throw FlagError(flag + " " + text + " is out of range: allowed " + allowed);
  }
  if (text.empty() || ec != std::errc() || ptr != last) {
    throw FlagError(flag + " " + shown(text) + " is not a number: allowed " + allowed);
  }
  return v;
}

// A whole number in min..max (io/param_args.hpp words the errors as `dungen` does).
std::int64_t parse_whole(const std::string& flag, const std::string& text, std::int64_t min,
                         std::int64_t max) {
  auto v = parse_int_flag(flag, text, min, max);
  if (auto* e = std::get_if<std::string>(&v)) throw FlagError(*e);
  return std::get<std::int64_t>(v);
}

void parse_size(const std::string& text, AppOptions& o) {
  const auto x = text.find('x');
  constexpr std::string_view kAllowed = "WxH with W and H in 64..8192, e.g. 1280x720";
  const std::string bad = "--size " + shown(text) + " ";
  if (x == std::string::npos) throw FlagError(bad + "is not WxH: allowed " + std::string(kAllowed));
  // Parsed wide, so that a side of many digits is out of range, not "not a number".
  auto side = [&](const std::string& digits) {
    auto v = parse_int_flag("--size", digits, INT64_MIN, INT64_MAX);
    if (std::holds_alternative<std::string>(v)) {
      const bool whole = std::get<std::string>(v).find("out of range") != std::string::npos;
      throw FlagError(bad + (whole ? "is out of range" : "is not WxH") + ": allowed " +
                      std::string(kAllowed));
    }
    const std::int64_t n = std::get<std::int64_t>(v);
    if (n < 64 || n > 8192)
      throw FlagError(bad + "is out of range: allowed " + std::string(kAllowed));
    return static_cast<int>(n);
  };
  o.width = side(text.substr(0, x));
  o.height = side(text.substr(x + 1));
}

// Flags that take a value, apart from the generator's parameters.
bool takes_value(const std::string& flag) {
  for (std::string_view f :
       {"--generator", "--seed", "--steps", "--back", "--frames", "--screenshot", "--size",
        "--font-scale", "--preset", "--share", "--b-generator", "--b-seed", "--sweep"}) {
    if (flag == f) return true;
  }
  return false;
}

// The value of the first `flag` on the line ("--flag V" or "--flag=V"), if any.
std::optional<std::string> value_of(const std::vector<std::string>& args, std::string_view flag) {
  FlagReader reader(args);
  while (reader.next()) {
    if (reader.flag() == flag) return reader.take_value();
  }
  return std::nullopt;
}

// A preset or share string gives the starting settings; read before the flags that override it.
std::optional<Preset> pick_preset(const std::vector<std::string>& args) {
  const auto file = value_of(args, "--preset");
  const auto share = value_of(args, "--share");
  if (file && share) throw FlagError("--preset and --share both give the settings: give one");
  if (!file && !share) return std::nullopt;
  auto parsed = file ? read_preset_file(*file) : parse_share_string(*share);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    throw FlagError((file ? "--preset: " : "--share: ") + *e);
  }
  return std::get<Preset>(parsed);
}

// The generator has to be known before its parameter flags can be read ("--generator NAME" or
// "--generator=NAME"; a repeat is caught by the main loop).
const GeneratorSpec* pick_generator(const std::vector<std::string>& args,
                                    const std::optional<Preset>& preset,
                                    std::string_view which = "--generator") {
  const GeneratorSpec* spec = preset ? preset->generator : all_generators().front();
  FlagReader reader(args);
  while (reader.next()) {
    if (reader.flag() != which) continue;
    const std::optional<std::string> name = reader.take_value();
    if (!name) break;  // "needs a value", said by the main loop
    spec = find_generator(*name);
    if (!spec) {
      throw FlagError(std::string(which) + " " + shown(*name) + " is unknown: allowed " +
                      generator_names());
    }
    if (which == "--generator" && preset && preset->generator != spec) {
      throw FlagError("the preset is " + std::string(preset->generator->name) + ", not " +
                      std::string(spec->name) + ": drop --generator, or give a preset of it");
    }
  }
  return spec;
}

// A switch is on when given; "--projector=1" is refused rather than half-understood.
void no_value(const FlagReader& reader) {
  if (reader.has_inline_value()) throw FlagError(reader.flag() + " takes no value (see --help)");
}

AppOptions parse(const std::vector<std::string>& args) {
  AppOptions o;
  HeadlessSetup& setup = o.setup;
  const std::optional<Preset> preset = pick_preset(args);
  const GeneratorSpec& spec = *pick_generator(args, preset);
  setup.generator = spec.name;
  ParamValues params = preset ? preset->params : ParamValues(spec.schema);
  ParamValues region_params = preset ? preset->region_params : ParamValues(region_schema());
  if (preset) {
    setup.seed = preset->seed;
    setup.regions = regions_mode_of(preset->regions);
    o.preset = preset;
    o.preset_is_share = value_of(args, "--share").has_value();
  }
  // Pane B's generator and parameters (compare mode): flags "--b-PARAM" are its "--PARAM".
  const GeneratorSpec& b_spec = *pick_generator(args, std::nullopt, "--b-generator");
  const bool b_named = value_of(args, "--b-generator").has_value();
  ParamValues b_scratch(b_spec.schema);  // parses and range-checks each --b-PARAM
  ParamValues* const b_targets[] = {&b_scratch};
  std::vector<std::pair<std::string_view, std::int64_t>> b_overrides;
  bool frames_given = false;
  FlagsSeen given;
  const auto once = [&](const std::string& flag, std::optional<std::string_view> value) {
    if (auto e = given.note(flag, value)) throw FlagError(*e);
  };
  ParamValues* const targets[] = {&params, &region_params};
  FlagReader reader(args);
  while (reader.next()) {
    const std::string flag = reader.flag();
    const bool is_switch = flag == "--regions" || flag == "--animate-regions" ||
                           flag == "--no-wait" || flag == "--overlay-labels" ||
                           flag == "--projector" || flag == "--compare";
    if (is_switch) {
      no_value(reader);
      once(flag, std::nullopt);
    }
    if (flag == "--regions" || flag == "--animate-regions") {
      const RegionsMode mode = flag == "--regions" ? RegionsMode::Instant : RegionsMode::Animated;
      if (setup.regions != RegionsMode::Off && setup.regions != mode) {
        throw FlagError(
            "--regions and --animate-regions contradict each other: give one (--regions labels "
            "at once, --animate-regions runs the flood fill step by step)");
      }
      setup.regions = mode;
      continue;
    }
    if (flag == "--no-wait") {
      o.no_wait = true;
      continue;
    }
    if (flag == "--overlay-labels") {
      setup.overlay_labels = true;
      continue;
    }
    if (flag == "--projector") {
      o.projector = true;
      continue;
    }
    if (flag == "--compare") {
      o.compare = true;
      continue;
    }
    if (flag.starts_with("--b-") && flag != "--b-seed" && flag != "--b-generator") {
      const std::string as_a = "--" + flag.substr(4);
      if (!param_for_flag(as_a, b_targets)) {
        throw FlagError("unknown flag " + shown(flag) + ": pane B's generator " +
                        std::string(b_spec.name) + " has no " + shown(as_a));
      }
      const std::optional<std::string> v = reader.take_value();
      if (!v) throw FlagError(flag + " needs a value (see --help)");
      once(flag, *v);
      if (auto e = apply_param_flag(as_a, *v, b_targets)) throw FlagError("pane B: " + *e);
      const ParamDef* def = nullptr;
      for (const ParamDef& d : b_spec.schema.params) {
        if ("--" + kebab_case(d.name) == as_a || "--" + std::string(d.name) == as_a) def = &d;
      }
      if (def) b_overrides.emplace_back(def->name, b_scratch.get(def->name));
      continue;
    }
    if (!flag.starts_with("--")) {
      throw FlagError("unexpected argument " + shown(flag) + ": flags start with -- (see --help)");
    }
    // Known or not is decided before the value: "--bogus" alone is unknown, not short of a value.
    if (!takes_value(flag) && !param_for_flag(flag, targets)) {
      throw FlagError("unknown flag " + shown(flag) + " for " + std::string(spec.name) +
                      ": see dungen-viz --help and `dungen generate " + std::string(spec.name) +
                      " --help`");
    }
    const std::optional<std::string> given_value = reader.take_value();
    if (!given_value) throw FlagError(flag + " needs a value (see --help)");
    const std::string& value = *given_value;
    once(flag, value);
    if (flag == "--generator" || flag == "--b-generator") continue;  // read by pick_generator
    if (flag == "--preset" || flag == "--share") continue;           // read by pick_preset
    if (flag == "--sweep") {
      o.sweep_seeds = static_cast<std::uint64_t>(parse_whole(flag, value, 1, kMaxSweepSeeds));
      continue;
    }
    if (flag == "--b-seed") {
      auto seed = parse_seed_flag(value);
      if (auto* e = std::get_if<std::string>(&seed)) throw FlagError("pane B: " + *e);
      o.b_seed = std::get<std::uint64_t>(seed);
      continue;
    }
    if (flag == "--seed") {
      auto seed = parse_seed_flag(value);
      if (auto* e = std::get_if<std::string>(&seed)) throw FlagError(*e);
      setup.seed = std::get<std::uint64_t>(seed);
    } else if (flag == "--steps" || flag == "--back") {
      auto steps = parse_uint_flag(flag, value);
      if (auto* e = std::get_if<std::string>(&steps)) throw FlagError(*e);
      (flag == "--steps" ? setup.steps.emplace() : setup.back) = std::get<std::uint64_t>(steps);
    } else if (flag == "--frames") {
      o.frames = static_cast<int>(parse_whole(flag, value, 1, 100000));
      frames_given = true;
    } else if (flag == "--screenshot") {
      if (value.empty()) throw FlagError("--screenshot needs a file path, e.g. map.png");
      // Checked now, before a window opens: a folder that is missing or not writable is a bad
      // flag (the probe's temporary file is removed at once).
      std::string why;
      if (!AtomicFile::open(value, &why)) {
        throw FlagError("--screenshot " + shown(value) + " cannot be written: " + why +
                        " (give a path in a writable folder)");
      }
      o.screenshot = value;
    } else if (flag == "--size") {
      parse_size(value, o);
    } else if (flag == "--font-scale") {
      o.font_scale = parse_number<float>(flag, value, "0.75..3");
      if (!(o.font_scale >= kMinUiScale && o.font_scale <= kMaxUiScale)) {
        throw FlagError("--font-scale " + shown(value) + " is out of range: allowed 0.75..3");
      }
    } else if (auto e = apply_param_flag(flag, value, targets)) {
      throw FlagError(*e);
    }
  }
  if (auto e = params.validate()) throw FlagError(e->words(ParamError::Names::Flags));
  setup.params = params;
  setup.region_params = region_params;
  if (setup.back > 0 && !setup.steps)
    throw FlagError("--back needs --steps K (step back after K steps)");
  if (setup.back > 0 && o.no_wait) {
    throw FlagError(
        "--back and --no-wait contradict each other: --no-wait leaves --steps to the frames, "
        "--back steps back from a finished --steps; give one");
  }
  if (o.screenshot && !frames_given) o.frames = 3;
  if ((b_named || o.b_seed || !b_overrides.empty()) && !o.compare) {
    throw FlagError("--b-generator, --b-seed and --b-PARAM set pane B: they need --compare");
  }
  if (b_named) o.b_generator = &b_spec;
  if (!b_overrides.empty()) {
    // Pane B is a copy of A: A's values (same generator) or B's defaults, then the overrides.
    ParamValues b = &b_spec == &spec ? params : ParamValues(b_spec.schema);
    for (const auto& [name, value] : b_overrides) (void)b.set(name, value);
    if (auto e = b.validate()) throw FlagError("pane B: " + e->words(ParamError::Names::Flags));
    o.b_params = b;
  }
  return o;
}

}  // namespace

ParseResult parse_options(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "--help" || a == "-h") return HelpRequested{std::string(kUsage)};
    if (a == "--version") return HelpRequested{"dungen-viz " + std::string(version()) + "\n"};
  }
  try {
    return parse(args);
  } catch (const std::exception& e) {
    return BadFlags{e.what()};
  }
}

}  // namespace dungen::app
