#pragma once
// The session's one scrubber over two timelines: the generator's steps 1..G, then the region
// stepper's, run on a copy of the map at step G (the "branch"; the copy shares the generator's
// layers until one side writes one, core/grid.hpp). Step k > G is region step k - G;
// region step 0 is the same map as generator step G, so the track shows the generator there.
// Instant regions (label_regions) add no steps: a labelled copy of the map at G is shown while
// the cursor is at G. Every move keeps the tallies in step with the change lists.
//
// On a big map the region phase (a copy of the map, labelled or with the flood fill ready) takes
// longer than a frame to make: from defer_region_work_from() cells on, the track only says what
// it wants (region_work()) and the session has it made elsewhere and installs it.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/regions.hpp"
#include "app/logic/dirty_rect.hpp"
#include "app/logic/map_tally.hpp"
#include "app/logic/modes.hpp"
#include "app/logic/overlay_state.hpp"
#include "app/logic/region_phase.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"

namespace dungen::app {

// Which map the track shows: a change means the renderer must upload the whole map.
enum class ShownMap { Generator, Regions, Labelled };

// The region phase a track is waiting for.
struct RegionWork {
  RegionsMode mode = RegionsMode::Off;
  AnalysisKind kind = AnalysisKind::Regions;
  std::optional<Point> start;  // the player start placed by the branch, if any
  ParamValues params;
  std::uint64_t branch = 0;  // the generator step to start from (the cursor)
  std::uint64_t serial = 0;  // install_regions takes the result of this request only
};

class Track {
 public:
  // With a fork, one draw of one generator step is changed (core/draw_fork.hpp).
  Track(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t seed,
        std::size_t history_bytes, const DrawFork* fork = nullptr);

  // Region phases of maps this big or bigger are left to region_work() (default: never).
  void defer_region_work_from(std::uint64_t cells) { defer_from_ = cells; }

  // Drops any region phase and sets how an analysis (the flood fill's regions by default)
  // follows the generator's end.
  void set_regions(RegionsMode mode, const ParamValues& region_params,
                   AnalysisKind kind = AnalysisKind::Regions);
  AnalysisKind analysis() const { return analysis_; }
  // Branches the regions at the cursor now (mid-run too). Needs a mode other than Off.
  void branch_regions_here();

  // The region phase the track waits for, if any (only for deferred big maps).
  std::optional<RegionWork> region_work() const;
  bool regions_pending() const { return pending_.has_value(); }
  // Installs a phase made for region_work() with this serial; false (and the phase goes to the
  // garbage) when the track no longer wants it. An animated phase that was run on shows its
  // cursor.
  bool install_regions(RegionPhase phase, std::uint64_t serial);
  // Region phases the track dropped, for the caller to free where it costs no frame.
  std::vector<RegionPhase> take_garbage();

  bool forward();  // one step; false at the end (nothing moved), or while regions are pending
  // Why the generator stopped before its end (a script that broke a rule), or "".
  const std::string& stopped() const { return stopped_; }
  bool back();  // one step back; false at the earliest reachable step
  // Straight to position k (clamped to what is recorded and reachable), across the timelines'
  // skips: a far move costs about as much as the cells it changes, not one replay per step.
  // The tallies follow. What forward() and back() do on arriving (instant labels at the end)
  // is left to them: a caller stops one step short and takes the last one so. Within a budget
  // the move may stop short of k (Timeline::seek): the caller jumps again, in the next frame if
  // this one's time is up.
  void jump(std::uint64_t k, SeekBudget budget = {});

  // Forgets the steps before the cursor, the generator's and the flood fill's
  // (Timeline::forget_history): for a track that stays on show but will not be moved again.
  void forget_history();
  // Its maps' label and region layers in runs, for a track that stays on show, unmoved, while the
  // next is built (Grid::id_layers): copies of the layers to pack elsewhere (one for cells that
  // two maps share), and the runs taken (each map takes those packed from its layers' cells).
  // adopt_packed returns what the layers held, for the caller to free off the frame.
  std::vector<Grid::IdCopy> id_layers() const;
  std::vector<IdLayer::Unpacked> adopt_packed(const std::vector<Grid::IdCopy>& packed);

  std::uint64_t position() const;
  std::uint64_t earliest() const;
  std::uint64_t recorded() const;
  bool finished() const;
  // The whole run is recorded (the generator's, and the flood fill's when animated), wherever the
  // cursor is: recorded() is then the run's length.
  bool recorded_whole() const;
  Phase phase() const;
  ShownMap shown() const;
  std::uint64_t version() const { return version_; }

  const Grid& grid() const;
  std::optional<Rect> take_dirty();  // of the shown map; drains the other map's too
  const MapTally& tally() const;     // of the shown map
  const MapTally& generator_tally() const { return gen_tally_; }
  bool has_regions() const;  // a region phase or labelled map exists
  // The heat map's top while an analysis of amounts is shown (RegionPhase::heat_max), else 0.
  std::int32_t heat_max() const { return in_regions() || labelled_shown() ? phase_.heat_max : 0; }
  // The largest label on the map while a region phase is shown (RegionPhase::max_label), else -1.
  std::int32_t phase_max_label() const {
    return in_regions() || labelled_shown() ? phase_.max_label : -1;
  }
  // An instant analysis's statistics (not the regions': the tally has those) while it is shown.
  std::optional<std::vector<StatRow>> instant_stats() const;
  // The analysis of the region phase being shown (its values, its words), if one is.
  std::optional<AnalysisKind> shown_analysis() const {
    return in_regions() || labelled_shown() ? std::optional(phase_.kind) : std::nullopt;
  }
  bool regions_complete() const;

  const GeneratorSpec& spec() const { return *spec_; }
  const Step* current() const;  // none at step 0
  // What is drawn over the shown map at the cursor (build_overlay of the phase shown; the
  // player start from the step that placed it, and all through the regions).
  OverlayView overlay() const;
  // How the phase being shown tells its steps (the generator's, or the flood fill's), and the
  // parameters its words and stats read.
  const Narration& narration() const;
  const ParamValues& narration_params() const;
  // The timeline of the phase being shown, and the cursor's step number on it.
  const Timeline& shown_timeline() const;
  std::uint64_t shown_cursor() const;
  const Timeline& generator_timeline() const { return gen_; }
  // The flood fill's (or another analysis's) timeline while an animated phase exists, with its
  // words and parameters: its step j is the track's position branch() + j.
  const Timeline* analysis_timeline() const { return phase_.flood.get(); }
  const Narration& analysis_narration() const { return analysis_spec(phase_.kind).narration(); }
  const ParamValues& analysis_params() const { return region_params_; }
  std::uint64_t branch() const { return phase_.branch; }
  const Layout& layout() const { return gen_.stepper().layout(); }
  // The player start and the step that placed it (unknown until a step at the head placed it).
  std::optional<Point> start() const { return start_step_ ? layout().start : std::nullopt; }
  // The player start as of the generator's cursor (what an analysis branched there starts from).
  std::optional<Point> start_here() const;
  std::uint64_t start_step() const { return start_step_.value_or(0); }

 private:
  bool in_regions() const { return phase_.flood && in_region_; }
  bool labelled_shown() const;
  // Makes the region phase at the cursor, now or (big map) by region_work().
  void want_regions_here();
  void make_regions_here();
  void drop_regions();
  void clear_pending();
  // Moves the generator's cursor (`move` calls gen_'s next, back or seek): the region phase's map
  // lends its labels for as long as the generator is away from the branch, and takes them back
  // when it stands there again (RegionPhase::lend_labels), also when the move throws.
  template <class Move>
  void move_generator(Move move);

  const GeneratorSpec* spec_;
  Timeline gen_;
  MapTally gen_tally_;
  DirtyRect gen_dirty_;  // of the generator's map, since its last upload
  std::optional<std::uint64_t> start_step_;
  RegionsMode regions_;
  ParamValues region_params_;
  AnalysisKind analysis_ = AnalysisKind::Regions;
  RegionPhase phase_;
  bool in_region_ = false;
  std::optional<std::uint64_t> pending_;  // the branch region_work() asks for
  std::uint64_t pending_serial_ = 0;
  std::uint64_t defer_from_ = UINT64_MAX;
  std::vector<RegionPhase> garbage_;
  std::uint64_t version_ = 0;  // counts region maps made: a new one needs a full upload
  std::size_t history_bytes_;
  std::string stopped_;
};

}  // namespace dungen::app
