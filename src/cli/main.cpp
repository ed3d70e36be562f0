#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.hpp"

int main(int argc, char** argv) {
  // Past a file size limit (ulimit -f) a write fails with EFBIG instead of killing the process,
  // so the temporary file is removed and the error said in one line (exit 2).
  std::signal(SIGXFSZ, SIG_IGN);
  // Likewise a closed pipe (`| head -c 10`): the write fails with EPIPE and the run says so in one
  // line and exits 2, as for a full disk, instead of dying silently of SIGPIPE (exit 141).
  std::signal(SIGPIPE, SIG_IGN);
  std::vector<std::string> args(argv + 1, argv + argc);
  return dungen::run_cli(args, std::cout, std::cerr);
}
