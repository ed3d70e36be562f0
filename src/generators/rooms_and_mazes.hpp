#pragma once
#include "generators/registry.hpp"

namespace dungen {
const GeneratorSpec& rooms_and_mazes_spec();
}
