#include "script/shipped_scripts.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "generators/registry.hpp"

namespace dungen::script {
namespace {

struct Found {
  std::string folder;
  std::vector<ShippedScript> scripts;
};

// The installed folder first, then the source tree's: the first that holds scripts.
const Found& found() {
  static const Found list = [] {
    Found out;
    for (const char* dir : {DUNGEN_INSTALLED_SCRIPTS, DUNGEN_SOURCE_SCRIPTS}) {
      std::error_code ec;
      if (!std::filesystem::is_directory(dir, ec)) continue;
      std::vector<std::filesystem::path> files;
      for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".lua") files.push_back(entry.path());
      }
      std::sort(files.begin(), files.end());
      for (const auto& file : files) {
        auto loaded = ScriptGenerator::load(file.string());
        if (!loaded) continue;
        const GeneratorSpec& spec = (*loaded)->spec();
        out.scripts.push_back({file.string(), std::string(spec.name), std::string(spec.summary),
                               find_generator(spec.name) != nullptr});
      }
      if (!out.scripts.empty()) {
        out.folder = dir;
        break;
      }
    }
    return out;
  }();
  return list;
}

}  // namespace

const std::vector<ShippedScript>& shipped_scripts() {
  return found().scripts;
}

const ShippedScript* find_shipped_script(std::string_view name) {
  for (const ShippedScript& s : shipped_scripts()) {
    if (s.name == name && !s.same_name_as_built_in) return &s;
  }
  return nullptr;
}

std::string shipped_scripts_folder() {
  return found().folder;
}

}  // namespace dungen::script
