#include "bench_support.hpp"
#include "generators/feature_accretion.hpp"
#include "generators/room_accretion.hpp"

namespace {

// The accretion generators at their default sizes and at 1024x1024 (same parameters otherwise).
// memcpy/1024x1024 is registered by bench_rooms_and_tunnels.cpp.
const int registered = [] {
  using namespace dungen;
  const GeneratorSpec& features = feature_accretion_spec();
  bench::register_memcpy(80, 25);
  bench::register_generator(features, bench::sized(features, 80, 25), "feature-accretion");
  bench::register_generator(features, bench::sized(features, 1024, 1024), "feature-accretion");
  const GeneratorSpec& rooms = room_accretion_spec();
  bench::register_memcpy(64, 56);
  bench::register_generator(rooms, bench::sized(rooms, 64, 56), "room-accretion");
  bench::register_generator(rooms, bench::sized(rooms, 1024, 1024), "room-accretion");
  return 0;
}();

}  // namespace
