// libFuzzer target: preset files and share strings (io/preset.hpp). The input is the text, read
// both as a preset file's JSON and as a share string. What must hold for every input:
// - each parser returns a preset or one non-empty line naming what is wrong (no crash, no hang);
// - an accepted preset's parameters validate against its generator's schema;
// - what is accepted survives the round trip: written back (preset_json, share_string) and read
//   again, it is the same preset.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "io/preset.hpp"

using namespace dungen;

namespace {

void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_preset: %s: %s\n", what, detail.c_str());
  std::abort();
}

void check_error(const std::string& e) {
  if (e.empty() || e.find('\n') != std::string::npos) fail("error not one line", e);
}

bool same(const Preset& a, const Preset& b) {
  return a.generator == b.generator && a.seed == b.seed && a.params == b.params &&
         a.regions == b.regions && a.region_params == b.region_params;
}

void check_preset(const Preset& p, const char* how) {
  if (!p.generator || !find_generator(p.generator->name)) fail("no generator", how);
  if (auto e = p.params.validate()) fail("invalid params accepted", e->words());
  const auto again = parse_preset(preset_json(p), "again");
  if (!again) fail("preset_json unreadable", again.error().message);
  if (!same(again.value(), p)) fail("preset round trip differs", how);
  const auto shared = parse_share_string(share_string(p));
  if (!shared) fail("share_string unreadable", shared.error().message);
  if (!same(shared.value(), p)) fail("share round trip differs", how);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto as_file = parse_preset(text, "fuzz.json");
  if (!as_file) {
    check_error(as_file.error().message);
  } else {
    check_preset(as_file.value(), "file");
  }
  const auto as_share = parse_share_string(text);
  if (!as_share) {
    check_error(as_share.error().message);
  } else {
    check_preset(as_share.value(), "share");
  }
  return 0;
}
