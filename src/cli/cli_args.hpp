#pragma once
// The command line of `dungen`, read and checked before any work starts: what to run, or one
// line saying what is wrong (thrown as UsageError). Kept apart from running it so the fuzz
// target (tests/fuzz/fuzz_cli_args.cpp) can drive every check without generating a map.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "generators/registry.hpp"

namespace dungen {

// Bad input: run_cli prints it as one line ("dungen: ...") and exits 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct GenerateRequest {
  const GeneratorSpec* spec = nullptr;
  ParamValues params;
  ParamValues region_params;
  std::uint64_t seed = kDefaultSeed;
  bool json = false;
  bool regions = false;
  bool help = false;  // "generate NAME --help": list NAME's parameters, nothing else
  std::optional<std::string> out_path;
  std::optional<std::string> trace_path;
};

struct CliRequest {
  enum class Command : std::uint8_t { Usage, List, Generate };
  Command command = Command::Usage;
  GenerateRequest generate;  // for Generate
};

// Reads args (without the program name). Throws UsageError, worded for the user, for anything
// wrong: unknown or repeated flags, values out of range, flags that would have no effect, extra
// arguments. Touches no file (paths are checked when they are opened).
CliRequest parse_cli(const std::vector<std::string>& args);

}  // namespace dungen
