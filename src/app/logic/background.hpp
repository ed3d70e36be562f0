#pragma once
// The work the session hands to its worker thread on a big map, and the ticket through which the
// two threads share one request: a stop source and progress going one way, the finished result
// coming back. Nothing else is shared. A build makes a Track of its own and hands it over whole.
// Region work starts from a copy of the shown track's generator map, made on the session's thread
// as it asks: the copy shares the map's layers (core/grid.hpp), so asking costs no frame, and
// the session goes on moving its track while the worker reads the copy.

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>

#include "app/logic/map_tally.hpp"
#include "app/logic/modes.hpp"
#include "app/logic/region_phase.hpp"
#include "app/logic/track.hpp"
#include "core/grid.hpp"
#include "core/params.hpp"
#include "core/threads.hpp"
#include "generators/registry.hpp"

namespace dungen::app {

// A bound on any background run: no generator (nor the flood fill) takes 64 steps a cell.
inline constexpr std::uint64_t kMaxBackgroundSteps =
    std::uint64_t{64} * kMaxMapSide * static_cast<std::uint64_t>(kMaxMapSide);
// How often the flood fill (a cheap step per cell) looks at its stop token and publishes its
// progress; a build does it every step.
inline constexpr std::uint64_t kStopCheckSteps = 256;

struct Ticket {
  StopSource stop;
  std::atomic<std::uint64_t> done_steps{0};  // moves run (the progress bar)
  std::atomic<bool> done{false};             // the worker has finished with this request
  // Written by the worker before `done` is set; read by the session once it has seen `done`.
  std::unique_ptr<Track> track;
  // The track's overlay at its cursor, worked out beside it: on a big map, finding what earlier
  // steps left over the last one (a cave's last pass: a hundred rows of changes) is milliseconds
  // the frame that first shows it need not spend.
  std::optional<OverlayView> overlay;
  std::optional<RegionPhase> regions;
  std::exception_ptr error;
  // The shown track's label and region layers packed into runs (Track::id_layers) before the
  // build starts; the session takes them once `packed_ready` is set (before `done`).
  std::vector<Grid::IdCopy> packed;
  std::atomic<bool> packed_ready{false};

  bool finished() const { return done.load(std::memory_order_acquire); }
  void wait_done() const;
};

struct BuildRequest {
  const GeneratorSpec* spec = nullptr;
  ParamValues params;
  std::uint64_t seed = 0;
  std::size_t history_bytes = 0;
  RegionsMode regions = RegionsMode::Off;
  ParamValues region_params;
  bool to_end = false;  // run it to the end (regions too), or leave it at step 0
  AnalysisKind analysis = AnalysisKind::Regions;
  std::optional<DrawFork> fork;  // the run with this draw changed
};

// Makes the track (the same one the session would make on its own thread) into ticket.track.
void build_track(const BuildRequest& request, Ticket& ticket, StopToken stop);
// Packs the copies of the shown track's layers (Grid::IdCopy::pack) into ticket.packed, unless
// stopped first.
void pack_layers(std::vector<Grid::IdCopy> copies, Ticket& ticket, const StopToken& stop);

struct RegionRequest {
  Grid map;  // a copy of the generator's map at `branch` (sharing its layers)
  MapTally source_tally;
  RegionsMode mode = RegionsMode::Off;
  ParamValues params;
  std::size_t history_bytes = 0;
  std::uint64_t branch = 0;
  bool to_end = false;  // animated: run the flood fill to its end
  AnalysisKind kind = AnalysisKind::Regions;
  std::optional<Point> start;  // the player start placed by the branch, if any
};

// Makes the region phase (as Track would) into ticket.regions.
void build_regions(const RegionRequest& request, Ticket& ticket, StopToken stop);

}  // namespace dungen::app
