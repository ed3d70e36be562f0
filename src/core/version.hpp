#pragma once
// The project's version (CMake's project(VERSION)), for `--version` and for a game that wants to
// say which dungen made its maps.

#include <string_view>

namespace dungen {

std::string_view version();  // "0.1.0"

}  // namespace dungen
