#include "io/param_args.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>

#include "core/text.hpp"

namespace dungen {

namespace {
std::string param_name(std::string_view flag) {
  std::string name(flag.starts_with("--") ? flag.substr(2) : flag);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

// Written as a whole number ("-12", "99999999999999999999999"), whatever its size.
bool looks_whole(std::string_view text) {
  if (text.starts_with('-')) text.remove_prefix(1);
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

Error not_whole(std::string_view flag, std::string_view text, std::string_view allowed) {
  if (text.empty()) return {std::string(flag) + " needs a value: allowed " + std::string(allowed)};
  return {std::string(flag) + " " + shown(text) + " is not a whole number: allowed " +
          std::string(allowed)};
}

// The digits as typed ("-0" stays "-0"), cut when there are hundreds of them.
Error out_of_range(std::string_view flag, std::string_view text, std::string_view allowed) {
  return {std::string(flag) + " " + cut_for_message(text) + " is out of range: allowed " +
          std::string(allowed)};
}
}  // namespace

Checked<std::int64_t> parse_int_flag(std::string_view flag, std::string_view text, std::int64_t min,
                                     std::int64_t max, std::string_view allowed) {
  const std::string range =
      allowed.empty() ? std::to_string(min) + ".." + std::to_string(max) : std::string(allowed);
  if (!looks_whole(text)) return not_whole(flag, text, range);
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || v < min || v > max) {
    return out_of_range(flag, text, range);  // the digits are fine: too many, or too big
  }
  return v;
}

Checked<std::uint64_t> parse_uint_flag(std::string_view flag, std::string_view text) {
  const std::string range = "0.." + std::to_string(UINT64_MAX);
  if (!looks_whole(text)) return not_whole(flag, text, range);
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.starts_with('-') || ec != std::errc() || ptr != text.data() + text.size()) {
    return out_of_range(flag, text, range);
  }
  return v;
}

ParamValues* param_for_flag(std::string_view flag, std::span<ParamValues* const> targets) {
  const std::string name = param_name(flag);
  // "--_x" would otherwise reach a parameter "x" spelled with a leading underscore.
  if (name.empty() || name.front() == '_') return nullptr;
  for (ParamValues* t : targets) {
    if (t->schema().find(name)) return t;
  }
  return nullptr;
}

std::optional<Error> apply_param_flag(std::string_view flag, std::string_view value,
                                      std::span<ParamValues* const> targets) {
  ParamValues* target = param_for_flag(flag, targets);
  if (!target) return Error{"unknown flag '" + std::string(flag) + "'"};
  const std::string name = param_name(flag);
  const ParamDef& def = *target->schema().find(name);
  // Any 64-bit value parses; the schema's range check below words the usual out-of-range error.
  auto v = parse_int_flag(flag, value, INT64_MIN, INT64_MAX, describe_range(def));
  if (!v) return v.error();
  if (auto e = target->set(name, *v)) {
    return Error{e->words(ParamError::Names::Flags, value)};  // "--width -0", not "--width 0"
  }
  return std::nullopt;
}

Checked<std::uint64_t> parse_seed_flag(std::string_view text) {
  return parse_uint_flag("--seed", text);
}

namespace {
// The first max_bytes bytes of text, cut at a character's start.
std::string_view head_for_message(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0u) == 0x80u) --cut;
  return text.substr(0, cut);
}

std::string whole_size(std::string_view text, std::size_t max_bytes) {
  return text.size() <= max_bytes ? "" : "... (" + std::to_string(text.size()) + " bytes)";
}
}  // namespace

std::string cut_for_message(std::string_view text) {
  return std::string(head_for_message(text, kShownMaxBytes)) + whole_size(text, kShownMaxBytes);
}

std::string shown(std::string_view text, std::size_t max_bytes) {
  std::string out = "'";  // piecewise: gcc 12 warns falsely on "'" + std::string
  out += escape_control(head_for_message(text, max_bytes), true);
  out += '\'';
  return out + whole_size(text, max_bytes);
}

bool FlagReader::next() {
  if (next_ >= args_.size()) return false;
  const std::string& arg = args_[next_++];
  const std::size_t eq = arg.starts_with("--") ? arg.find('=') : std::string::npos;
  if (eq == std::string::npos) {
    flag_ = arg;
    inline_.reset();
  } else {
    flag_ = arg.substr(0, eq);
    inline_ = arg.substr(eq + 1);
  }
  return true;
}

std::optional<std::string> FlagReader::take_value() {
  if (inline_) return std::exchange(inline_, std::nullopt);
  if (next_ >= args_.size()) return std::nullopt;
  return args_[next_++];
}

std::optional<Error> FlagsSeen::note(std::string_view flag, std::optional<std::string_view> value) {
  std::string key(flag);
  std::replace(key.begin(), key.end(), '_', '-');  // --max_rooms is --max-rooms
  const auto [it, added] =
      values_.emplace(key, value ? std::optional<std::string>(*value) : std::nullopt);
  if (added) return std::nullopt;
  std::string e = std::string(flag) + " is given twice";
  if (it->second && value) e += " (" + shown(*it->second) + ", then " + shown(*value) + ")";
  return Error{e + ": give it once"};
}

bool FlagsSeen::seen(std::string_view flag) const {
  std::string key(flag);
  std::replace(key.begin(), key.end(), '_', '-');
  return values_.find(key) != values_.end();
}

}  // namespace dungen
