#pragma once
// What a stepper says about each step: a small typed value, never a string protocol. The app
// draws the overlay and lights the pseudocode line; the generator that made the step words it
// (its Narration, core/narration.hpp). core/ knows no generator: an event's kind and reason are
// numbers each generator gives meaning to in its own file.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/geometry.hpp"
#include "core/overlay.hpp"

namespace dungen {

// How big a step is. Ordered: "run to the next action" stops at an action, feature or phase
// step, whichever comes first.
enum class StepLevel : std::uint8_t {
  Cell = 0,     // one cell (or one small batch of cells, e.g. a cave row) changed or looked at
  Action = 1,   // one attempt: a candidate tried, a probe made
  Feature = 2,  // one thing finished: a room carved, a region labelled
  Phase = 3,    // a stage of the algorithm done: a smoothing pass, the whole run
};
std::string_view level_name(StepLevel level);

// What kind of thing happened. The generic kinds are core's; every generator numbers its own
// kinds from kFirstOwnEvent in its own file (an enum class converted with event_kind()).
using EventKind = std::uint8_t;
inline constexpr EventKind kEventNone = 0;
inline constexpr EventKind kEventBegin = 1;  // the run started: the map holds its background
inline constexpr EventKind kEventDone = 2;   // the run finished
inline constexpr EventKind kFirstOwnEvent = 8;

template <class E>
constexpr EventKind event_kind(E e) {
  return static_cast<EventKind>(e);
}

struct Event {
  EventKind kind = kEventNone;
  std::uint8_t reason = 0;  // the generator's own code for why (0: no reason)
  int id = -1;              // the thing the event is about (a room, a region, a row), 0-based
  int other = -1;           // a second thing (the room a candidate hit, the pass), 0-based
  int value = 0;            // a number the words need (cells, a count, a direction)
  Point at{};
  Rect rect{};
  friend bool operator==(const Event&, const Event&) = default;
};

struct Step {
  StepLevel level = StepLevel::Cell;
  int line = 0;  // index into the generator's pseudocode: the line this step performs
  Event event;
  Overlay overlay;  // what the viewer draws over the map (core/overlay.hpp)
  // True on the body's final step: nothing follows, so the run is known to be over as soon as
  // this step is shown (not one more "step" press later).
  bool last = false;
  friend bool operator==(const Step&, const Step&) = default;
};

// A step from its four parts: what a generator's step factories return (`co_yield
// rejected_step(...)`, each factory beside the words that read its event back).
inline Step make_step(StepLevel level, int line, Event event, Overlay overlay = {}) {
  return {.level = level, .line = line, .event = event, .overlay = std::move(overlay)};
}

// A value a step drew from its RNG (or counted while drawing): "w" 7, "probes" 12. Names are
// string literals of the generator's file (a script's are kept alive by its run).
struct Draw {
  std::string_view name;
  std::int64_t value = 0;
  // The range it was drawn from, both ends included: what a fork may set it to
  // (core/draw_fork.hpp). A value counted while drawing, not drawn, has none (lo > hi).
  std::int32_t lo = 0;
  std::int32_t hi = -1;
  bool drawn() const { return lo <= hi; }
  friend bool operator==(const Draw&, const Draw&) = default;
};

// Small wording helpers every generator's words use. Ids are 0-based inside, 1-based for people.
std::string xy_text(Point p);                            // "(3,4)"
std::string size_text(int w, int h);                     // "7x5"
std::string number_text(int zero_based_id);              // "4" for id 3
std::string draws_text(const std::vector<Draw>& draws);  // "w = 7, h = 5"

}  // namespace dungen
