#include "generators/map_promises.hpp"

#include <algorithm>
#include <variant>

#include "analysis/regions.hpp"

namespace dungen {

MapPromises::MapPromises(const GeneratorSpec& spec, const Stepper& run) : spec_(spec), run_(run) {}

std::int64_t MapPromises::stat(std::string_view key) {
  for (const StatRow& row : spec_.narration.stat_rows(run_.stats(), run_.params())) {
    if (row.key != key) continue;
    if (const auto* n = std::get_if<std::int64_t>(&row.value)) return *n;
  }
  expect(false, "it has a whole-number stat '" + std::string(key) + "'");
  return -1;
}

bool MapPromises::expect(bool kept, std::string_view promise) {
  if (!kept) broken_.emplace_back(promise);
  return kept;
}

bool MapPromises::only_tiles(std::initializer_list<Tile> allowed) {
  const Grid& g = grid();
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (std::find(allowed.begin(), allowed.end(), g.tile(i)) == allowed.end()) {
      return expect(false, "no tile but the allowed ones (found " +
                               std::string(tile_name(g.tile(i))) + " at cell " + std::to_string(i) +
                               ")");
    }
  }
  return true;
}

bool MapPromises::one_walkable_region() {
  return expect(label_regions(grid(), 4).sizes.size() <= 1, "at most one walkable region");
}

std::vector<std::string> broken_promises(const GeneratorSpec& spec, const Stepper& run) {
  if (!spec.promises) return {};
  MapPromises map(spec, run);
  spec.promises(map);
  return map.broken();
}

}  // namespace dungen
