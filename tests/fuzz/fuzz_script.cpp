// libFuzzer target: generator scripts (script/script_generator.hpp). The input is a script's text,
// loaded under small budgets and, when it loads, run for at most kMaxSteps steps. What must hold
// for every input:
// - loading gives a generator or one non-empty error line (no crash, no hang, no leak);
// - a run gives steps each with words and a pseudocode line, or stops with ScriptStopped (never
//   another exception, never a crash): the sandbox holds whatever the script does.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/stepper.hpp"
#include "script/script_generator.hpp"

using namespace dungen;

namespace {

constexpr int kMaxSteps = 200;

void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_script: %s: %s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  script::SandboxLimits limits;
  limits.memory_bytes = std::size_t{8} << 20;
  limits.instructions_per_step = 200'000;
  limits.instructions_per_run = 2'000'000;
  auto loaded = script::ScriptGenerator::from_source(
      std::string(reinterpret_cast<const char*>(data), size), "fuzz.lua", limits);
  if (!loaded) {
    const std::string& e = loaded.error().message;
    if (e.empty() || e.find('\n') != std::string::npos) fail("error not one line", e);
    return 0;
  }
  const GeneratorSpec& spec = (*loaded)->spec();
  ParamValues params = spec.schema.defaults();
  // Keep runs small: the map at most 32x32.
  (void)params.set_clamped("width", std::min<std::int64_t>(params.get("width"), 32));
  (void)params.set_clamped("height", std::min<std::int64_t>(params.get("height"), 32));
  if (params.validate()) return 0;
  try {
    Stepper s = start_generator(spec, params, 1);
    for (int i = 0; i < kMaxSteps; ++i) {
      const Step* step = s.next();
      if (!step) break;
      if (step->line < 0 ||
          static_cast<std::size_t>(step->line) >= spec.narration.pseudocode.size()) {
        fail("a step's line is not a pseudocode line", std::to_string(step->line));
      }
      if (spec.narration.words(*step, params).empty()) fail("a step without words", "");
    }
  } catch (const script::ScriptStopped&) {
    // What a script that breaks a rule gets: fine.
  }
  return 0;
}
