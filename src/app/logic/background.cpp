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

struct GiveBackRead {
  Ticket& ticket;
  ~GiveBackRead() {
    ticket.read.store(Ticket::kReleased, std::memory_order_release);
    ticket.read.notify_all();
  }
};

// Copies `from` into `to` (same size) a slice at a time; false if asked to stop first.
bool copy_cells(const Grid& from, Grid& to, Ticket& ticket, const StopToken& stop) {
  for (std::size_t begin = 0; begin < from.size(); begin += kCopySliceCells) {
    if (stop.stop_requested()) return false;
    const std::size_t end = std::min(from.size(), begin + kCopySliceCells);
    for (std::size_t i = begin; i < end; ++i) to.put(i, from.cell(i));
    ticket.copied_cells.store(end, std::memory_order_relaxed);
  }
  return true;
}

}  // namespace

void Ticket::wait_done() const {
  while (!finished()) done.wait(false, std::memory_order_acquire);
}

void Ticket::cancel_and_release() {
  stop.request_stop();
  int expected = kNotYet;
  if (read.compare_exchange_strong(expected, kReleased, std::memory_order_acq_rel)) return;
  while (read.load(std::memory_order_acquire) == kReading) {
    read.wait(kReading, std::memory_order_acquire);
  }
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
    ticket.track = std::move(track);
  } catch (...) {
    ticket.error = std::current_exception();
  }
}

void build_regions(const RegionRequest& request, Ticket& ticket, StopToken stop) {
  const MarkDone mark{ticket};
  try {
    if (stop.stop_requested()) return;
    // Allocated before the read is taken: a cancel then waits for one slice at most.
    Grid copy(request.width, request.height);
    int expected = Ticket::kNotYet;
    if (!ticket.read.compare_exchange_strong(expected, Ticket::kReading,
                                             std::memory_order_acq_rel)) {
      return;  // the session took the read back before it started
    }
    {
      const GiveBackRead give_back{ticket};
      if (!copy_cells(*request.source, copy, ticket, stop)) return;
    }
    RegionPhase phase =
        make_region_phase(std::move(copy), request.source_tally, request.mode, request.kind,
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
