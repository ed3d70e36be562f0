#pragma once
// What a generator's finished maps promise, checked in words. A generator's spec names a function
// that states its promises on a MapPromises (`map.expect(doors + 1 == map.stat("features"),
// "one door fewer than features")`); the random sweep runs it after every run and fails with the
// broken ones. Nothing here stops at the first broken promise, so one run reports them all.

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/stepper.hpp"
#include "generators/registry.hpp"

namespace dungen {

class MapPromises {
 public:
  // A finished run of spec's generator.
  MapPromises(const GeneratorSpec& spec, const Stepper& run);

  const Grid& grid() const { return run_.grid(); }
  const Layout& layout() const { return run_.layout(); }
  const Stepper& run() const { return run_; }
  std::int64_t param(std::string_view name) const { return run_.params().get(name); }
  // The value of the stat row with this key; a broken promise (and -1) when there is none.
  std::int64_t stat(std::string_view key);

  // Records `promise` as broken unless it was kept; returns whether it was.
  bool expect(bool kept, std::string_view promise);
  // Every cell holds one of these tiles.
  bool only_tiles(std::initializer_list<Tile> allowed);
  // The walkable cells form at most one 4-connected region.
  bool one_walkable_region();

  const std::vector<std::string>& broken() const { return broken_; }

 private:
  const GeneratorSpec& spec_;
  const Stepper& run_;
  std::vector<std::string> broken_;
};

// The broken promises of a finished run (empty: all kept, or the spec declares none).
std::vector<std::string> broken_promises(const GeneratorSpec& spec, const Stepper& run);

}  // namespace dungen
