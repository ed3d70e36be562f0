#pragma once
// `dungen`: the generators without a window. run_cli is the whole program, so tests can drive it
// with argument lists and read its output without starting a process.

#include <iosfwd>
#include <string>
#include <vector>

namespace dungen {

// Exit codes: 0 success, 2 bad input (one line on err says what and what is allowed), 3 out of
// memory (one line saying what to make smaller; every output file is as it was).
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitOutOfMemory = 3;

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace dungen
