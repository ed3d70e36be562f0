#pragma once
// The session's one scrubber over two timelines: the generator's steps 1..G, then the region
// stepper's, run on a copy of the map at step G (the "branch"). Step k > G is region step k - G;
// region step 0 is the same map as generator step G, so the track shows the generator there.
// Instant regions (label_regions) add no steps: a labelled copy of the map at G is shown while
// the cursor is at G. Every move keeps the tallies in step with the change lists.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "analysis/regions.hpp"
#include "app/logic/map_tally.hpp"
#include "app/logic/modes.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"

namespace dungen::app {

// From this many cells on, work that can take longer than a frame (allocating a map, labelling
// it instantly) waits for the session's next frame, so the frame before can say what is coming.
inline constexpr std::uint64_t kBigMapCells = std::uint64_t{1} << 20;

// Which map the track shows: a change means the renderer must upload the whole map.
enum class ShownMap { Generator, Regions, Labelled };

class Track {
 public:
  Track(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t seed,
        std::size_t history_bytes);

  // Drops any region phase and sets how regions follow the generator's end.
  void set_regions(RegionsMode mode, const ParamValues& region_params);
  // Branches the regions at the cursor now (mid-run too). Needs a mode other than Off.
  void branch_regions_here();
  // Instant labels for a big finished map wait for settle_regions() (see kBigMapCells).
  bool regions_pending() const { return instant_pending_; }
  void settle_regions();

  bool forward();  // one step; false at the end (nothing moved)
  bool back();     // one step back; false at the earliest reachable step

  std::uint64_t position() const;
  std::uint64_t earliest() const;
  std::uint64_t recorded() const;
  bool finished() const;
  Phase phase() const;
  ShownMap shown() const;
  std::uint64_t version() const { return version_; }

  const Grid& grid() const;
  std::optional<Rect> take_dirty();  // of the shown map; drains the other timeline too
  const MapTally& tally() const;     // of the shown map
  bool has_regions() const;          // a region phase or labelled map exists
  bool regions_complete() const;

  const Step* current() const;  // none at step 0
  // How the phase being shown tells its steps (the generator's, or the flood fill's), and the
  // parameters its words and stats read.
  const Narration& narration() const;
  const ParamValues& narration_params() const;
  // The timeline of the phase being shown, and the cursor's step number on it.
  const Timeline& shown_timeline() const;
  std::uint64_t shown_cursor() const;
  const Timeline& generator_timeline() const { return gen_; }
  const Timeline* region_timeline() const { return region_.get(); }
  std::uint64_t branch() const { return branch_; }
  const Layout& layout() const { return gen_.stepper().layout(); }
  // The player start and the step that placed it (unknown until a step at the head placed it).
  std::optional<Point> start() const { return start_step_ ? layout().start : std::nullopt; }
  std::uint64_t start_step() const { return start_step_.value_or(0); }

 private:
  bool in_regions() const { return region_ && in_region_; }
  bool labelled_shown() const;
  void branch_at_cursor();

  const GeneratorSpec* spec_;
  Timeline gen_;
  MapTally gen_tally_;
  std::optional<std::uint64_t> start_step_;
  RegionsMode regions_;
  ParamValues region_params_;
  std::uint64_t branch_ = 0;
  // Animated: the region stepper's timeline on a copy of the map at branch_.
  std::unique_ptr<Timeline> region_;
  MapTally region_tally_;
  bool in_region_ = false;
  // Instant: the map at branch_ with label_regions' labels.
  std::optional<Grid> labelled_;
  bool instant_pending_ = false;
  MapTally labelled_tally_;
  std::uint64_t version_ = 0;  // counts region maps made: a new one needs a full upload
  std::size_t history_bytes_;
};

}  // namespace dungen::app
