#include "io/preset.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "analysis/regions.hpp"
#include "io/param_args.hpp"

namespace dungen {
namespace {

using Json = nlohmann::json;

// Longest title and note a preset may carry (a lesson's line and paragraph, not a book).
constexpr std::size_t kMaxTitleChars = 200;
constexpr std::size_t kMaxNoteChars = 4000;
// Longest text quoted back in an error message.

constexpr std::array<std::string_view, 11> kFields = {
    "dungen_preset", "generator", "seed",    "params", "regions", "analysis",
    "connectivity",  "fork",      "predict", "title",  "note"};
constexpr std::array<PresetRegions, 3> kRegionChoices = {PresetRegions::Off, PresetRegions::Instant,
                                                         PresetRegions::Animated};

// Text from a file or a user, quoted for a one-line message (escaped and cut as the command
// line's are).
std::string in_quotes(std::string_view text) {
  return shown(text);
}

std::string joined(auto&& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

std::optional<PresetRegions> regions_by_name(std::string_view name) {
  for (PresetRegions r : kRegionChoices) {
    if (regions_name(r) == name) return r;
  }
  return std::nullopt;
}

// A JSON value as a whole number in [min, max], or why not, ending ": allowed " + `allowed`
// (empty: "min..max").
Checked<std::int64_t> whole_number(const Json& v, std::int64_t min, std::int64_t max,
                                   std::string allowed = {}) {
  if (allowed.empty()) allowed = std::to_string(min) + ".." + std::to_string(max);
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(max)) {
      return Error{std::to_string(u) + " is out of range: allowed " + allowed};
    }
    return static_cast<std::int64_t>(u);
  }
  if (v.is_number_integer()) {
    const auto i = v.get<std::int64_t>();
    if (i < min || i > max)
      return Error{std::to_string(i) + " is out of range: allowed " + allowed};
    return i;
  }
  // A whole number past 64 bits reads as a float (99999999999999999999999 as 1e+23): too big,
  // not "not whole".
  if (v.is_number_float() && std::fabs(v.get<double>()) >= 0x1p63) {
    return Error{v.dump() + " is out of range: allowed " + allowed};
  }
  return Error{in_quotes(v.dump()) + " is not a whole number: allowed " + allowed};
}

// Sets one parameter from a value given as a number (preset) or as text (share string).
std::optional<Error> set_param(ParamValues& values, const ParamDef& def, std::int64_t v) {
  if (auto err = values.set(def.name, v)) return Error{err->words(ParamError::Names::Schema)};
  return std::nullopt;
}

}  // namespace

std::string_view regions_name(PresetRegions r) {
  switch (r) {
    case PresetRegions::Off:
      return "off";
    case PresetRegions::Instant:
      return "instant";
    case PresetRegions::Animated:
      return "animated";
  }
  return "off";
}

Preset default_preset(const GeneratorSpec& spec) {
  Preset p;
  p.generator = &spec;
  p.params = spec.schema.defaults();
  p.region_params = region_schema().defaults();
  return p;
}

namespace {
Checked<Preset> parse_preset_unguarded(std::string_view text, std::string_view origin,
                                       ScriptGenerators scripts);

// A built-in by name, else one of the scripts.
const GeneratorSpec* find_named(std::string_view name, ScriptGenerators scripts) {
  if (const GeneratorSpec* spec = find_generator(name)) return spec;
  for (const GeneratorSpec* s : scripts) {
    if (s->name == name) return s;
  }
  return nullptr;
}

// Every name a preset may give, for messages: the built-ins', then the scripts'.
std::string names_with(ScriptGenerators scripts) {
  std::string names = generator_names();
  for (const GeneratorSpec* s : scripts) {
    if (find_generator(s->name) != nullptr) continue;  // a built-in's twin: named already
    names += ", ";
    names += s->name;
  }
  return names;
}
}  // namespace

Checked<Preset> parse_preset(std::string_view text, std::string_view origin,
                             ScriptGenerators scripts) {
  // The JSON library throws for what it cannot represent (a number like 1e5555555 overflows a
  // double); any of its errors is a bad preset, said in one line.
  try {
    return parse_preset_unguarded(text, origin, scripts);
  } catch (const Json::exception&) {
    return Error{std::string(origin) +
                 ": not a valid preset (a number out of range, or a value of the wrong kind)"};
  }
}

namespace {
// The preset's text as a JSON object with only known fields, each given once, or why not.
Checked<Json> preset_document(std::string_view text, const std::string& where) {
  if (text.size() > kMaxPresetBytes) {
    return Error{where + "too big for a preset (" + std::to_string(text.size()) +
                 " bytes; allowed up to " + std::to_string(kMaxPresetBytes) + ")"};
  }
  Json doc;
  // A key given twice in one object is refused, as a repeated flag is on the command line (the
  // JSON library would keep the last one without a word).
  std::vector<std::vector<std::string>> keys;  // per open object, its keys so far
  std::string twice;
  const auto watch = [&](int, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::object_start) keys.emplace_back();
    if (event == Json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
    if (event == Json::parse_event_t::key && !keys.empty() && parsed.is_string()) {
      const std::string& key = parsed.get_ref<const std::string&>();
      auto& seen = keys.back();
      if (twice.empty() && std::find(seen.begin(), seen.end(), key) != seen.end()) twice = key;
      seen.push_back(key);
    }
    return true;
  };
  try {
    doc = Json::parse(text, watch);
  } catch (const Json::parse_error& e) {
    return Error{where + "not valid JSON (at byte " + std::to_string(e.byte) + ")"};
  }
  if (!twice.empty()) {
    return Error{where + "field " + in_quotes(twice) + " is given twice: each field once"};
  }
  if (!doc.is_object())
    return Error{where + "a preset is a JSON object {\"dungen_preset\": 1, ...}"};
  for (const auto& [key, value] : doc.items()) {
    bool known = false;
    for (std::string_view f : kFields) known = known || f == key;
    if (!known)
      return Error{where + "unknown field " + in_quotes(key) + ": allowed " + joined(kFields)};
  }
  return doc;
}

// The format mark and the generator: the two fields every preset needs.
Checked<const GeneratorSpec*> preset_generator(const Json& doc, const std::string& where,
                                               ScriptGenerators scripts) {
  if (!doc.contains("dungen_preset")) {
    return Error{where + "not a dungen preset (no \"dungen_preset\": " +
                 std::to_string(kPresetFormat) + ")"};
  }
  if (auto format = whole_number(doc["dungen_preset"], kPresetFormat, kPresetFormat); !format) {
    return Error{where + "dungen_preset: " + format.error().message};
  }
  if (!doc.contains("generator")) {
    return Error{where + "generator: missing (a name: " + names_with(scripts) + ")"};
  }
  if (!doc["generator"].is_string()) {
    return Error{where + "generator: " + in_quotes(doc["generator"].dump()) +
                 " is not a name: allowed " + names_with(scripts)};
  }
  const auto name = doc["generator"].get<std::string>();
  const GeneratorSpec* spec = find_named(name, scripts);
  if (!spec) {
    return Error{where + "generator: " + in_quotes(name) + " is unknown: allowed " +
                 names_with(scripts)};
  }
  return spec;
}

// Each read_* below reads its optional fields into `preset` (which holds the defaults), or
// says why it cannot.

std::optional<Error> read_seed(const Json& doc, const std::string& where, Preset& preset) {
  if (!doc.contains("seed")) return std::nullopt;
  const Json& seed = doc["seed"];
  if (!seed.is_number_unsigned()) {
    // Negative, past 64 bits, or not a whole number: whole_number words which. JSON's "-0" is
    // a signed zero, and seed 0 (the fuzzer found it: asking it for an error crashed).
    const auto v = whole_number(seed, 0, 0, "0.." + std::to_string(UINT64_MAX));
    if (!v) return Error{where + "seed: " + v.error().message};
    preset.seed = 0;
    return std::nullopt;
  }
  preset.seed = seed.get<std::uint64_t>();
  return std::nullopt;
}

std::optional<Error> read_params(const Json& doc, const std::string& where, Preset& preset) {
  if (!doc.contains("params")) return std::nullopt;
  const Json& params = doc["params"];
  if (!params.is_object()) return Error{where + "params: an object {\"name\": value, ...}"};
  const GeneratorSpec& spec = *preset.generator;
  for (const auto& [key, value] : params.items()) {
    const ParamDef* def = spec.schema.find(key);
    if (!def) {
      std::string names;
      for (const ParamDef& d : spec.schema.params)
        names += (names.empty() ? "" : ", ") + std::string(d.name);
      return Error{where + "params: " + std::string(spec.name) + " has no parameter " +
                   in_quotes(key) + ": allowed " + names};
    }
    // Any 64-bit value passes here; the schema's range check words the usual error.
    const auto v = whole_number(value, std::numeric_limits<std::int64_t>::min(),
                                std::numeric_limits<std::int64_t>::max(), describe_range(*def));
    if (!v) return Error{where + "params." + key + ": " + v.error().message};
    if (auto err = set_param(preset.params, *def, *v)) {
      return Error{where + "params." + key + ": " + err->message};
    }
  }
  if (auto err = preset.params.validate()) {
    return Error{where + "params." + std::string(err->param) + ": " + err->words()};
  }
  return std::nullopt;
}

// Every analysis's name, for the errors: "regions, distance, path, ...".
std::string analysis_names() {
  std::string names;
  for (const AnalysisSpec& a : all_analyses()) {
    if (!names.empty()) names += ", ";
    names += a.name;
  }
  return names;
}

// The region labelling: whether it runs ("regions"), which analysis it is ("analysis") and how
// cells connect ("connectivity").
std::optional<Error> read_regions(const Json& doc, const std::string& where, Preset& preset) {
  if (doc.contains("regions")) {
    const Json& r = doc["regions"];
    const auto choice = r.is_string() ? regions_by_name(r.get<std::string>()) : std::nullopt;
    if (!choice) {
      std::vector<std::string_view> names;
      for (PresetRegions c : kRegionChoices) names.push_back(regions_name(c));
      return Error{where +
                   "regions: " + in_quotes(r.is_string() ? r.get<std::string>() : r.dump()) +
                   " is not a choice: allowed " + joined(names)};
    }
    preset.regions = *choice;
  }
  if (doc.contains("analysis")) {
    const Json& a = doc["analysis"];
    const AnalysisSpec* spec = a.is_string() ? find_analysis(a.get<std::string>()) : nullptr;
    if (!spec) {
      return Error{where +
                   "analysis: " + in_quotes(a.is_string() ? a.get<std::string>() : a.dump()) +
                   " is not an analysis: allowed " + analysis_names()};
    }
    preset.analysis = spec->kind;
  }
  if (doc.contains("connectivity")) {
    const ParamDef& def = *region_schema().find("connectivity");
    const auto v = whole_number(doc["connectivity"], def.min, def.max);
    if (!v) {
      return Error{where + "connectivity: " + in_quotes(doc["connectivity"].dump()) +
                   " is not allowed: allowed " + describe_range(def)};
    }
    if (auto err = set_param(preset.region_params, def, *v)) {
      return Error{where + "connectivity: " + err->message};
    }
  }
  return std::nullopt;
}

// The fork ("STEP:NAME=VALUE", core/draw_fork.hpp) and predict mode (true or false).
std::optional<Error> read_modes(const Json& doc, const std::string& where, Preset& preset) {
  if (doc.contains("fork")) {
    const Json& f = doc["fork"];
    if (!f.is_string()) {
      return Error{where + "fork: " + in_quotes(f.dump()) +
                   " is not a string: allowed \"STEP:NAME=VALUE\", e.g. \"12:w=9\""};
    }
    Checked<DrawFork> fork = parse_fork(f.get<std::string>());
    if (!fork) return Error{where + fork.error().message};
    preset.fork = *fork;
  }
  if (doc.contains("predict")) {
    const Json& v = doc["predict"];
    if (!v.is_boolean()) {
      return Error{where + "predict: " + in_quotes(v.dump()) +
                   " is not allowed: allowed true, false"};
    }
    preset.predict = v.get<bool>();
  }
  return std::nullopt;
}

// The title and the note: text for the reader, each with a length limit.
std::optional<Error> read_texts(const Json& doc, const std::string& where, Preset& preset) {
  for (auto [field, limit, out] : {std::tuple{"title", kMaxTitleChars, &preset.title},
                                   std::tuple{"note", kMaxNoteChars, &preset.note}}) {
    if (!doc.contains(field)) continue;
    const Json& v = doc[field];
    if (!v.is_string()) return Error{where + field + ": a string"};
    *out = v.get<std::string>();
    if (out->size() > limit) {
      return Error{where + field + ": " + std::to_string(out->size()) +
                   " characters: allowed up to " + std::to_string(limit)};
    }
  }
  return std::nullopt;
}

// The stages in the order their errors are reported: the document, its generator, then the
// optional fields.
Checked<Preset> parse_preset_unguarded(std::string_view text, std::string_view origin,
                                       ScriptGenerators scripts) {
  const std::string where = std::string(origin) + ": ";
  const Checked<Json> doc = preset_document(text, where);
  if (!doc) return doc.error();
  const Checked<const GeneratorSpec*> spec = preset_generator(*doc, where, scripts);
  if (!spec) return spec.error();
  Preset preset = default_preset(**spec);
  for (auto read : {read_seed, read_params, read_regions, read_modes, read_texts}) {
    if (auto err = read(*doc, where, preset)) return *err;
  }
  return preset;
}
}  // namespace

Checked<Preset> read_preset_file(const std::string& file, ScriptGenerators scripts) {
  // The path as the messages show it: quoted and escaped, so an error stays one line.
  const std::string path = dungen::shown(file);
  // Only a regular file: a FIFO or a device (/dev/stdin) could block or never end.
  std::error_code ec;
  if (std::filesystem::exists(file, ec) && !std::filesystem::is_regular_file(file, ec)) {
    return Error{path + ": not a regular file (a preset is a small JSON file)"};
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return Error{path + ": cannot be read (no such file, or not allowed)"};
  std::string text;
  // One byte past the limit is enough to say it is too big, whatever the file's size.
  text.resize(kMaxPresetBytes + 1);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return Error{path + ": cannot be read"};
  text.resize(static_cast<std::size_t>(in.gcount()));
  return parse_preset(text, path, scripts);
}

std::string preset_json(const Preset& preset) {
  // In the order a reader wants: what it is, then what it makes.
  nlohmann::ordered_json doc = nlohmann::ordered_json::object();
  doc["dungen_preset"] = kPresetFormat;
  if (!preset.title.empty()) doc["title"] = preset.title;
  if (!preset.note.empty()) doc["note"] = preset.note;
  doc["generator"] = std::string(preset.generator->name);
  doc["seed"] = preset.seed;
  nlohmann::ordered_json params = nlohmann::ordered_json::object();
  for (const ParamDef& def : preset.generator->schema.params) {
    params[std::string(def.name)] = preset.params.get(def.name);
  }
  doc["params"] = params;
  doc["regions"] = std::string(regions_name(preset.regions));
  if (preset.analysis != AnalysisKind::Regions) {
    doc["analysis"] = std::string(analysis_spec(preset.analysis).name);
  }
  doc["connectivity"] = preset.region_params.get("connectivity");
  if (preset.fork) doc["fork"] = fork_text(*preset.fork);
  if (preset.predict) doc["predict"] = true;
  return doc.dump(2) + "\n";
}

std::string share_string(const Preset& preset) {
  std::string out = std::string(preset.generator->name) + "?seed=" + std::to_string(preset.seed);
  for (const ParamDef& def : preset.generator->schema.params) {
    // Piece by piece: gcc 12 warns falsely (-Wrestrict) on "literal" + std::string&&.
    out += '&';
    out += kebab_case(def.name);
    out += '=';
    out += std::to_string(preset.params.get(def.name));
  }
  if (preset.regions != PresetRegions::Off) {
    out += "&regions=" + std::string(regions_name(preset.regions));
  }
  if (preset.analysis != AnalysisKind::Regions) {
    out += "&analysis=" + std::string(analysis_spec(preset.analysis).name);
  }
  // The connectivity the regions would use: said with them, and whenever it is not the default
  // (it is kept with regions off, so the string gives back exactly the preset it came from).
  const std::int64_t connectivity = preset.region_params.get("connectivity");
  if (preset.regions != PresetRegions::Off ||
      connectivity != ParamValues(preset.region_params.schema()).get("connectivity")) {
    out += "&connectivity=" + std::to_string(connectivity);
  }
  if (preset.fork) out += "&fork=" + fork_text(*preset.fork);
  if (preset.predict) out += "&predict=1";
  return out;
}

namespace {
// Pasted text often ends in a newline or carries spaces around it.
std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) {
    text.remove_suffix(1);
  }
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  return text;
}

// `value` as a decimal number that fits 64 bits unsigned (digits only, at most 20 of them), or
// nothing.
std::optional<std::uint64_t> unsigned_number(std::string_view value) {
  bool digits = !value.empty() && value.size() <= 20;
  for (char c : value) digits = digits && c >= '0' && c <= '9';
  if (!digits) return std::nullopt;
  std::uint64_t number = 0;
  for (char c : value) {
    const std::uint64_t next = number * 10 + static_cast<std::uint64_t>(c - '0');
    if (next / 10 != number) return std::nullopt;  // past 2^64-1
    number = next;
  }
  return number;
}

// Where a share string's parameter name points: the region labelling's connectivity, or one of
// the generator's parameters by its kebab-case name (snake_case is not accepted). def is null
// for a name that is neither.
struct ShareParam {
  ParamValues* values = nullptr;
  const ParamDef* def = nullptr;
};
ShareParam share_param(std::string_view key, Preset& preset) {
  if (key == "connectivity") return {&preset.region_params, region_schema().find("connectivity")};
  if (key.find('_') != std::string_view::npos) return {};
  std::string snake(key);
  for (char& c : snake) c = c == '-' ? '_' : c;
  return {&preset.params, preset.generator->schema.find(snake)};
}

// Reads one name=value pair of a share string into `preset`, or says why it cannot.
std::optional<Error> read_share_pair(std::string_view key, std::string_view value, Preset& preset,
                                     const std::string& where) {
  if (key == "regions") {
    const auto r = regions_by_name(value);
    if (!r)
      return Error{where + "regions=" + in_quotes(value) +
                   " is not a choice: allowed off, instant, animated"};
    preset.regions = *r;
    return std::nullopt;
  }
  if (key == "analysis") {
    const AnalysisSpec* a = find_analysis(value);
    if (!a) {
      return Error{where + "analysis=" + in_quotes(value) + " is not an analysis: allowed " +
                   analysis_names()};
    }
    preset.analysis = a->kind;
    return std::nullopt;
  }
  if (key == "fork") {
    Checked<DrawFork> fork = parse_fork(value);
    if (!fork) return Error{where + fork.error().message};
    preset.fork = *fork;
    return std::nullopt;
  }
  if (key == "predict") {
    if (value != "0" && value != "1") {
      return Error{where + "predict=" + in_quotes(value) + " is not allowed: allowed 0, 1"};
    }
    preset.predict = value == "1";
    return std::nullopt;
  }
  // Every other value is a whole number: the seed, a parameter, the connectivity.
  const std::optional<std::uint64_t> number = unsigned_number(value);
  if (key == "seed") {
    if (!number) {
      return Error{where + "seed=" + in_quotes(value) + " is not allowed: allowed 0.." +
                   std::to_string(std::numeric_limits<std::uint64_t>::max())};
    }
    preset.seed = *number;
    return std::nullopt;
  }
  const ShareParam target = share_param(key, preset);
  if (!target.def) {
    std::string names = "seed";
    for (const ParamDef& d : preset.generator->schema.params) names += ", " + kebab_case(d.name);
    return Error{where + std::string(preset.generator->name) + " has no " + in_quotes(key) +
                 ": allowed " + names + ", regions, analysis, connectivity, fork, predict"};
  }
  if (!number || *number > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    return Error{where + std::string(key) + "=" + in_quotes(value) + " is not allowed: allowed " +
                 describe_range(*target.def)};
  }
  if (auto err = target.values->set(target.def->name, static_cast<std::int64_t>(*number))) {
    return Error{where + err->words(ParamError::Names::Flags)};
  }
  return std::nullopt;
}
}  // namespace

Checked<Preset> parse_share_string(std::string_view text, ScriptGenerators scripts) {
  const std::string where = "share string: ";
  text = trimmed(text);
  const std::size_t q = text.find('?');
  const std::string_view name = text.substr(0, q);
  const GeneratorSpec* spec = find_named(name, scripts);
  if (!spec) {
    return Error{where + in_quotes(name) + " is not a generator: allowed " + names_with(scripts) +
                 " (as in rooms-and-tunnels?seed=7&max-rooms=30)"};
  }
  Preset preset = default_preset(*spec);
  std::string_view rest = q == std::string_view::npos ? std::string_view{} : text.substr(q + 1);
  std::vector<std::string_view> given;  // each name once, as each flag on the command line
  while (!rest.empty()) {
    const std::size_t amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos) return Error{where + in_quotes(pair) + " is not name=value"};
    const std::string_view key = pair.substr(0, eq);
    if (std::find(given.begin(), given.end(), key) != given.end()) {
      return Error{where + in_quotes(key) + " is given twice: each name once"};
    }
    given.push_back(key);
    if (auto err = read_share_pair(key, pair.substr(eq + 1), preset, where)) return *err;
  }
  if (auto err = preset.params.validate())
    return Error{where + err->words(ParamError::Names::Flags)};
  return preset;
}

}  // namespace dungen
