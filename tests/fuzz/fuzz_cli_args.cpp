// libFuzzer target: dungen's command line and the parameter schemas behind it. The input is an
// argument list, arguments separated by NUL bytes (so an argument may hold a newline, a quote or
// an escape). What must hold for every input:
// - parse_cli either accepts the arguments or returns an Error of one non-empty line (user text
//   is shown escaped), and never throws;
// - an accepted `generate` names a known generator and its parameters validate;
// - flags are parsed once each: the same list with "--flag value" rewritten as "--flag=value"
//   is read the same way.
// Nothing runs a generator or writes a file (parse_cli only reads a --preset file: a regular
// file, at most 64 KiB).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli/cli_args.hpp"

using namespace dungen;

namespace {

void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_cli_args: %s: %s\n", what, detail.c_str());
  std::abort();
}

// The request's outcome as text, to compare two spellings of one command line.
std::string outcome(const std::vector<std::string>& args) {
  const Checked<CliRequest> checked = parse_cli(args);
  if (!checked) {
    const std::string& what = checked.error().message;
    if (what.empty()) fail("an empty error", what);
    if (what.find('\n') != std::string::npos || what.find('\r') != std::string::npos) {
      fail("an error on more than one line", what);
    }
    return "error";
  }
  const CliRequest& r = *checked;
  std::string out = std::to_string(static_cast<int>(r.command));
  if (r.command != CliRequest::Command::Generate) return out;
  const GenerateRequest& g = r.generate;
  if (!g.spec || !find_generator(g.spec->name)) fail("accepted an unknown generator", out);
  if (!g.help) {
    if (auto e = g.params.validate()) fail("accepted invalid params", e->words());
  }
  out += std::string(g.spec->name) + (g.help ? " help" : "") + " seed " + std::to_string(g.seed) +
         " format " + std::to_string(static_cast<int>(g.format)) + (g.regions ? " regions" : "");
  for (const std::int64_t v : g.params.values()) out += " " + std::to_string(v);
  for (const std::int64_t v : g.region_params.values()) out += " r" + std::to_string(v);
  out += " out " + g.out_path.value_or("-") + " trace " + g.trace_path.value_or("-");
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;  // long lines add nothing but time
  std::vector<std::string> args;
  std::string arg;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      args.push_back(std::move(arg));
      arg.clear();
    } else {
      arg += static_cast<char>(data[i]);
    }
  }
  if (!arg.empty() || (size > 0 && data[size - 1] != 0)) args.push_back(arg);

  const std::string first = outcome(args);
  // "--flag value" and "--flag=value" are one spelling: join each flag (whose name has no '=')
  // with the argument after it, except for switches, and read again. Where the joined form is
  // accepted, it must mean the same.
  std::vector<std::string> joined;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool joinable = a.starts_with("--") && a.find('=') == std::string::npos &&
                          a != "--regions" && a != "--help" && i + 1 < args.size() && i >= 2;
    if (joinable) {
      joined.push_back(a + "=" + args[i + 1]);
      ++i;
    } else {
      joined.push_back(a);
    }
  }
  const std::string second = outcome(joined);
  if (first != "error" && second != "error" && first != second) {
    fail("two spellings read differently", first + " / " + second);
  }
  return 0;
}
