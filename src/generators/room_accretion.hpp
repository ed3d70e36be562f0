#pragma once
#include "generators/registry.hpp"

namespace dungen {
const GeneratorSpec& room_accretion_spec();
}
