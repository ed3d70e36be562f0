#pragma once
// The scrubber's words. The timeline's history is bounded (Timeline::earliest()): once the oldest
// steps are forgotten the bar must not pass the first step it holds off as step 0, so its label
// says where history starts.

#include <cstdint>
#include <string>

namespace dungen::app {

class Session;

// 5921349 -> "5,921,349".
std::string grouped(std::uint64_t n);

// A printf format for the scrubber slider, whose one %llu is the position:
// "step %llu of 8470000", or "step %llu of 8470000 (history from step 5921349)".
std::string scrubber_format(std::uint64_t earliest, std::uint64_t recorded);

// A run with no step recorded yet has nothing to scrub. ImGui's integer slider gives its grab
// one value's share of the bar, so over 0..0 the grab is the whole bar and reads as a finished
// run; the scrubber is drawn empty instead.
bool scrubber_empty(std::uint64_t recorded);

// The steps the transport bar is laid out for: the shown run's reachable ones. While a new map is
// built the progress bar stands in for the scrubber and the map shown has let its history go (it
// is not moved again): all of them from step 0, as the new map's will be, so that the bar does
// not reflow when the build starts and ends (a row more or less is a new viewport, and a big
// map's picture drawn again for it, twice).
struct ScrubSpan {
  std::uint64_t earliest = 0;
  std::uint64_t recorded = 0;
};
ScrubSpan scrubber_span(const Session& session);

}  // namespace dungen::app
