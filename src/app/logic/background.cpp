#include "app/logic/background.hpp"

#include <algorithm>
#include <utility>

namespace dungen::app {
namespace {

// Whatever way the work ends, the session must learn that it did.
struct MarkDone {
  Ticket& ticket;
  ~MarkDone() {
    ticket.done.store(true, std::memory_order_release);
    ticket.done.notify_all();
  }
};

}  // namespace

void Ticket::wait_done() const {
  while (!finished()) done.wait(false, std::memory_order_acquire);
}

void pack_layers(std::vector<Grid::IdCopy> copies, Ticket& ticket, const StopToken& stop) {
  for (Grid::IdCopy& c : copies) {
    if (stop.stop_requested()) return;
    c.pack();
  }
  ticket.packed = std::move(copies);
  ticket.packed_ready.store(true, std::memory_order_release);
}

void build_track(const BuildRequest& request, Ticket& ticket, StopToken stop) {
  const MarkDone mark{ticket};
  try {
    if (stop.stop_requested()) return;
    auto track =
        std::make_unique<Track>(*request.spec, request.params, request.seed, request.history_bytes,
                                request.fork ? &*request.fork : nullptr);
    track->set_regions(request.regions, request.region_params, request.analysis);
    if (request.to_end) {
      for (std::uint64_t n = 0; n < kMaxBackgroundSteps; ++n) {
        // Once a step: a big map's first steps (filling 16M cells) are long ones.
        if (stop.stop_requested()) return;
        ticket.done_steps.store(n, std::memory_order_relaxed);
        if (!track->forward()) break;
      }
    }
    if (stop.stop_requested()) return;
    ticket.overlay = track->overlay();
    ticket.track = std::move(track);
  } catch (...) {
    ticket.error = std::current_exception();
  }
}

void build_regions(const RegionRequest& request, Ticket& ticket, StopToken stop) {
  const MarkDone mark{ticket};
  try {
    if (stop.stop_requested()) return;
    RegionPhase phase =
        make_region_phase(request.map, request.source_tally, request.mode, request.kind,
                          request.start, request.params, request.history_bytes, request.branch);
    if (request.to_end) {
      for (std::uint64_t n = 0; n < kMaxBackgroundSteps; ++n) {
        if (n % kStopCheckSteps == 0) {
          if (stop.stop_requested()) return;
          ticket.done_steps.store(n, std::memory_order_relaxed);
        }
        if (!phase.forward()) break;
      }
    }
    if (stop.stop_requested()) return;
    ticket.regions = std::move(phase);
  } catch (...) {
    ticket.error = std::current_exception();
  }
}

}  // namespace dungen::app
