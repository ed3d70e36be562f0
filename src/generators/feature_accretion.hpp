#pragma once
#include "generators/registry.hpp"

namespace dungen {
const GeneratorSpec& feature_accretion_spec();
}
