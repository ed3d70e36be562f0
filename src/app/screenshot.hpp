#pragma once
// Writes the back buffer to a PNG (headless screenshots for the docs and the GUI tests).

#include <optional>
#include <string>

#include "core/error.hpp"

namespace dungen::app {

// Reads width x height pixels of the back buffer (call after drawing, before swapping) and
// writes them to path, whole or not at all; the error says why it could not be.
std::optional<Error> write_screenshot(const std::string& path, int width, int height);

}  // namespace dungen::app
