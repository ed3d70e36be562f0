#include "bench_support.hpp"
#include "generators/drunkards_walk.hpp"

namespace {

// The drunkard's walk at its default 80x45 and at 1024x1024. At 1024x1024 the default max_steps
// (1,000,000) ends the walk well short of the 40% target (about 14% floor), so that case measures
// a million walk steps: the cost per step, batch and recorded, not the cost of the target. The
// memcpy baselines at both sizes are registered once, by bench_rooms_and_tunnels.cpp.
const int registered = [] {
  using namespace dungen;
  const GeneratorSpec& spec = drunkards_walk_spec();
  bench::register_generator(spec, bench::sized(spec, 80, 45), "drunkards-walk");
  bench::register_generator(spec, bench::sized(spec, 1024, 1024), "drunkards-walk");
  bench::register_stepped_parts(spec, bench::sized(spec, 1024, 1024), "drunkards-walk");
  return 0;
}();

}  // namespace
