#pragma once
// The scrubber's words. The timeline's history is bounded (Timeline::earliest()): once the oldest
// steps are forgotten the bar must not pass the first step it holds off as step 0, so its label
// says where history starts.

#include <cstdint>
#include <string>

namespace dungen::app {

// 5921349 -> "5,921,349".
std::string grouped(std::uint64_t n);

// A printf format for the scrubber slider, whose one %llu is the position:
// "step %llu of 8470000", or "step %llu of 8470000 (history from step 5921349)".
std::string scrubber_format(std::uint64_t earliest, std::uint64_t recorded);

// A run with no step recorded yet has nothing to scrub. ImGui's integer slider gives its grab
// one value's share of the bar, so over 0..0 the grab is the whole bar and reads as a finished
// run; the scrubber is drawn empty instead.
bool scrubber_empty(std::uint64_t recorded);

}  // namespace dungen::app
