#include "core/version.hpp"

#ifndef DUNGEN_VERSION_STRING
#error "DUNGEN_VERSION_STRING comes from CMake (the project's VERSION)"
#endif

namespace dungen {

std::string_view version() {
  return DUNGEN_VERSION_STRING;
}

}  // namespace dungen
