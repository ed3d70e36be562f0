#pragma once
#include "generators/registry.hpp"

namespace dungen {
const GeneratorSpec& drunkards_walk_spec();
}
