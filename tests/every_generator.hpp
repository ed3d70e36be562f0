#pragma once
// The EveryGenerator suite (its tests are in test_generators.cpp): the stepper protocol every
// generator is held to. test_generators.cpp runs it over the registry's built-ins and
// test_script_examples.cpp over the example scripts, so a script meets the built-ins' rules.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "generators/registry.hpp"

namespace dungen::test_support {

class EveryGenerator : public ::testing::TestWithParam<const GeneratorSpec*> {};

// True for a generator of the registry (a script's spec is not there).
inline bool is_built_in(const GeneratorSpec& spec) {
  const auto all = all_generators();
  return std::find(all.begin(), all.end(), &spec) != all.end();
}

// A test name from a generator's name ("rooms-and-tunnels" -> "rooms_and_tunnels").
inline std::string test_name(std::string name) {
  std::replace(name.begin(), name.end(), '-', '_');
  std::replace(name.begin(), name.end(), '.', '_');
  return name;
}

}  // namespace dungen::test_support
