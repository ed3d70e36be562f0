#pragma once
#include "generators/registry.hpp"

namespace dungen {
const GeneratorSpec& bsp_rooms_spec();
}
