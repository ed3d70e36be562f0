#pragma once
// The generator scripts dungen ships (examples/generators/*.lua): the script-only algorithms
// (mazes) and script versions of built-ins. They are found installed (share/dungen/generators)
// or in the source tree the program was built from, listed by `dungen list` and the app, and
// run by name (`dungen generate prims-maze`) wherever no built-in has that name.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "script/script_generator.hpp"

namespace dungen::script {

struct ShippedScript {
  std::string path;  // the file, to load or to show
  std::string name;  // the declared name
  std::string summary;
  bool same_name_as_built_in = false;  // the built-in wins that name
};

// Every shipped script that loads, sorted by file name; read once. A script that does not load
// is left out (the tests load every one).
const std::vector<ShippedScript>& shipped_scripts();

// The shipped script whose declared name is `name` (none when a built-in has that name).
const ShippedScript* find_shipped_script(std::string_view name);

// The folder they were found in ("" when none was found).
std::string shipped_scripts_folder();

}  // namespace dungen::script
