#pragma once
// Running `dungen` in-process for the CLI tests: its exit code and what it printed, and the
// check every bad input must pass (exit 2, nothing on stdout, exactly one line on stderr).

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"

namespace dungen::cli_test {

struct Result {
  int code;
  std::string out;
  std::string err;
};

inline Result run(std::vector<std::string> args) {
  std::ostringstream out, err;
  const int code = run_cli(args, out, err);
  return {code, out.str(), err.str()};
}

// A bad-input run: exit code 2, nothing on stdout, exactly one line on stderr; that line.
inline std::string bad(std::vector<std::string> args) {
  const Result r = run(std::move(args));
  EXPECT_EQ(r.code, kExitBadInput);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  return r.err;
}

}  // namespace dungen::cli_test
