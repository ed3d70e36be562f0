#include "app/options.hpp"

#include <charconv>
#include <stdexcept>

#include "analysis/regions.hpp"
#include "app/logic/ui_layout.hpp"
#include "generators/registry.hpp"
#include "io/param_args.hpp"

namespace dungen::app {
namespace {

struct FlagError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr std::string_view kUsage =
    "usage: dungen-viz [--generator NAME] [--seed N] [--PARAM VALUE]... [--connectivity 4|8]\n"
    "                  [--steps K [--back J]] [--regions | --animate-regions] [--overlay-labels]\n"
    "                  [--frames N [--no-wait]] [--screenshot PATH] [--size WxH] [--font-scale F]\n"
    "                  [--projector]\n"
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
    "                     contrast, only the map, the transport bar and the algorithm\n";

std::string generator_names() {
  std::string names;
  for (const GeneratorSpec* s : all_generators())
    names += (names.empty() ? "" : ", ") + std::string(s->name);
  return names;
}

template <class T>
T parse_number(const std::string& flag, const std::string& text, const std::string& allowed) {
  T v{};
  const char* last = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), last, v);
  if (text.empty() || ec != std::errc() || ptr != last) {
    throw FlagError(flag + " '" + text + "' is not a number: allowed " + allowed);
  }
  return v;
}

void parse_size(const std::string& text, AppOptions& o) {
  const auto x = text.find('x');
  constexpr std::string_view kAllowed = "WxH with W and H in 64..8192, e.g. 1280x720";
  if (x == std::string::npos) {
    throw FlagError("--size '" + text + "' is not WxH: allowed " + std::string(kAllowed));
  }
  o.width = parse_number<int>("--size", text.substr(0, x), std::string(kAllowed));
  o.height = parse_number<int>("--size", text.substr(x + 1), std::string(kAllowed));
  if (o.width < 64 || o.height < 64 || o.width > 8192 || o.height > 8192) {
    throw FlagError("--size '" + text + "' is out of range: allowed " + std::string(kAllowed));
  }
}

// The generator has to be known before its parameter flags can be read.
const GeneratorSpec* pick_generator(const std::vector<std::string>& args) {
  const GeneratorSpec* spec = all_generators().front();
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] != "--generator") continue;
    spec = find_generator(args[i + 1]);
    if (!spec) {
      throw FlagError("--generator '" + args[i + 1] + "' is unknown: allowed " + generator_names());
    }
  }
  return spec;
}

// The same flags, parsing and messages as `dungen generate` (io/param_args.hpp).
void parse_param(const std::string& flag, const std::string& value, const GeneratorSpec& spec,
                 ParamValues& params, ParamValues& region_params) {
  ParamValues* const targets[] = {&params, &region_params};
  if (!param_for_flag(flag, targets)) {
    throw FlagError("unknown flag '" + flag + "' for " + std::string(spec.name) +
                    ": see dungen-viz --help and `dungen generate " + std::string(spec.name) +
                    " --help`");
  }
  if (auto e = apply_param_flag(flag, value, targets)) throw FlagError(*e);
}

AppOptions parse(const std::vector<std::string>& args) {
  AppOptions o;
  HeadlessSetup& setup = o.setup;
  const GeneratorSpec& spec = *pick_generator(args);
  setup.generator = spec.name;
  ParamValues params(spec.schema);
  ParamValues region_params(region_schema());
  bool frames_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--regions" || flag == "--animate-regions") {
      setup.regions = flag == "--regions" ? RegionsMode::Instant : RegionsMode::Animated;
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
    if (!flag.starts_with("--")) {
      throw FlagError("unexpected argument '" + flag + "': flags start with -- (see --help)");
    }
    if (i + 1 >= args.size()) throw FlagError(flag + " needs a value (see --help)");
    const std::string& value = args[++i];
    if (flag == "--generator") continue;  // read by pick_generator
    if (flag == "--seed") {
      auto seed = parse_seed_flag(value);
      if (auto* e = std::get_if<std::string>(&seed)) throw FlagError(*e);
      setup.seed = std::get<std::uint64_t>(seed);
    } else if (flag == "--steps") {
      setup.steps = parse_number<std::uint64_t>(flag, value, "a whole number of steps, 0 or more");
    } else if (flag == "--back") {
      setup.back = parse_number<std::uint64_t>(flag, value, "a whole number of steps, 0 or more");
    } else if (flag == "--frames") {
      o.frames = parse_number<int>(flag, value, "1..100000");
      if (o.frames < 1 || o.frames > 100000) {
        throw FlagError("--frames " + value + " is out of range: allowed 1..100000");
      }
      frames_given = true;
    } else if (flag == "--screenshot") {
      if (value.empty()) throw FlagError("--screenshot needs a file path, e.g. map.png");
      o.screenshot = value;
    } else if (flag == "--size") {
      parse_size(value, o);
    } else if (flag == "--font-scale") {
      o.font_scale = parse_number<float>(flag, value, "0.75..3");
      if (!(o.font_scale >= kMinUiScale && o.font_scale <= kMaxUiScale)) {
        throw FlagError("--font-scale " + value + " is out of range: allowed 0.75..3");
      }
    } else {
      parse_param(flag, value, spec, params, region_params);
    }
  }
  if (auto e = params.validate()) throw FlagError(e->words(ParamError::Names::Flags));
  setup.params = params;
  setup.region_params = region_params;
  if (setup.back > 0 && !setup.steps)
    throw FlagError("--back needs --steps K (step back after K steps)");
  if (o.screenshot && !frames_given) o.frames = 3;
  return o;
}

}  // namespace

ParseResult parse_options(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "--help" || a == "-h") return HelpRequested{std::string(kUsage)};
  }
  try {
    return parse(args);
  } catch (const std::exception& e) {
    return BadFlags{e.what()};
  }
}

}  // namespace dungen::app
