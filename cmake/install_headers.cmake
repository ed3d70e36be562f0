# Run by `cmake --install` (install(CODE) in the top-level CMakeLists.txt): copies the public
# headers to <prefix>/include/dungen/, rewriting each `#include "core/grid.hpp"` to
# `#include <dungen/core/grid.hpp>`. dungen's own code includes headers by their path under src/;
# a game includes them under dungen/, so that no generic path (core/...) is put on its include path.
#
# In: DUNGEN_HEADER_SOURCE (src/), DUNGEN_HEADER_DEST (include/dungen, relative to the prefix
# unless absolute), DUNGEN_HEADERS (paths under both, e.g. core/grid.hpp).
# Stops with an error if an installed header includes a project header that is not installed: a
# game would get a header it cannot compile.

if(IS_ABSOLUTE "${DUNGEN_HEADER_DEST}")
  set(dest "$ENV{DESTDIR}${DUNGEN_HEADER_DEST}")
else()
  set(dest "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/${DUNGEN_HEADER_DEST}")
endif()

foreach(header IN LISTS DUNGEN_HEADERS)
  file(READ "${DUNGEN_HEADER_SOURCE}/${header}" text)
  # Every quoted include must name another installed header; angle-bracket ones (the standard
  # library) stay as they are.
  string(REGEX MATCHALL "#include \"[^\"]*\"" quoted "${text}")
  foreach(line IN LISTS quoted)
    string(REGEX REPLACE "#include \"([^\"]*)\"" "\\1" included "${line}")
    list(FIND DUNGEN_HEADERS "${included}" found)  # (no IN_LIST: install scripts run with old policies)
    if(found EQUAL -1)
      message(FATAL_ERROR "${header} includes \"${included}\", which is not a public header: "
        "add it to DUNGEN_PUBLIC_HEADERS (CMakeLists.txt) if a game may see it, or move what "
        "${header} needs from it into a public header.")
    endif()
  endforeach()
  string(REGEX REPLACE "#include \"([^\"]*)\"" "#include <dungen/\\1>" text "${text}")

  set(target "${dest}/${header}")
  # Written only when it changed, like file(INSTALL), so a game's build does not rebuild after
  # an install that changed nothing.
  set(old "")
  if(EXISTS "${target}")
    file(READ "${target}" old)
  endif()
  if(old STREQUAL text)
    message(STATUS "Up-to-date: ${target}")
  else()
    message(STATUS "Installing: ${target}")
    file(WRITE "${target}" "${text}")
  endif()
  # In install_manifest.txt, with the files install() copied itself.
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES "${target}")
endforeach()
