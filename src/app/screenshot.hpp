#pragma once
// Writes the back buffer to a PNG (headless screenshots for the docs and the GUI tests).

#include <string>

namespace dungen::app {

// Reads width x height pixels of the back buffer (call after drawing, before swapping) and
// writes them to path. False, with *why, if the file cannot be written.
bool write_screenshot(const std::string& path, int width, int height, std::string* why);

}  // namespace dungen::app
