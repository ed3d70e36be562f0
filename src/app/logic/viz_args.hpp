#pragma once
// The dungen-viz command line, parsed without a window, and the session it describes:
//   dungen-viz [--generator NAME] [--seed N] [--PARAM VALUE]... [--regions [--connectivity 4|8]]
//              [--steps K [--back J]] [--overlay-labels] [--frames N] [--screenshot PATH]
//              [--size WxH]
// Parameter flags follow the dungen CLI's rules and messages (io/param_args.hpp). --size is the
// window size; the map size is --width/--height like everywhere else.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/params.hpp"

namespace dungen::app {

class Session;

struct VizArgs {
  std::string generator = "rooms-and-tunnels";
  std::uint64_t seed = 1;
  ParamValues params;         // the generator's, validated
  ParamValues region_params;  // connectivity
  bool regions = false;       // animated regions after the generator's steps
  std::optional<std::uint64_t> steps;  // step mode, stopped at step K (else live: to the end)
  std::uint64_t back = 0;              // then J steps back
  bool overlay_labels = false;         // draw region glyphs
  std::optional<int> frames;           // quit after N frames
  std::optional<std::string> screenshot;  // PNG written after the last frame
  int window_width = 1280;
  int window_height = 720;
  bool help = false;
};

struct VizArgsResult {
  std::optional<VizArgs> args;  // set on success
  std::string error;            // one line: what is wrong and what is allowed
};

// args excludes the program name.
VizArgsResult parse_viz_args(const std::vector<std::string>& args);
std::string viz_usage();

// Puts the session in the state the arguments describe, synchronously (no frame budget): the
// generator, seed, parameters and regions; then either live to the end, or step mode at
// step K minus J. Returns an error for a generator the session does not know.
std::optional<std::string> setup_session(Session& session, const VizArgs& args);

}  // namespace dungen::app
