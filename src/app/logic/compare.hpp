#pragma once
// Compare mode: a second session (pane B) that follows the first (pane A) on one transport,
// either by step number or by the same fraction of each run, and what tells the two apart: the
// cells whose tiles differ at the current steps, and a table of figures side by side with their
// differences.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/logic/session.hpp"
#include "io/preset.hpp"

namespace dungen::app {

// The most differing cells the overlay marks (the count is always exact).
inline constexpr std::size_t kMaxDiffMarks = 50000;
// Region figures in the table only for maps up to this many cells (they are labelled each time
// the steps change).
inline constexpr std::size_t kMaxCompareRegionCells = std::size_t{1} << 20;
// The level's figures (critical path, loops, dead ends, chokepoints) for maps up to this many
// cells: the critical path takes a dozen searches of the map.
inline constexpr std::size_t kMaxCompareLevelCells = std::size_t{1} << 18;

// The share of a frame's work budget each pane's session takes (Session::update), and of its map
// work (the texture's upload and the picture, map_texture.hpp's kMapWorkSeconds): a frame that
// moves both panes (a far seek in each, both playing) does about the work of one pane's frame. A
// far seek in a 4096x4096 maze took each pane its whole budget and more, 10-20 ms a pane, and
// the two made frames of 50-130 ms.
inline constexpr double kPaneBudgetShare = 0.5;

class Comparison {
 public:
  explicit Comparison(SessionConfig config = {}) : b_(std::move(config)) {}

  Session& b() { return b_; }
  // B's session, moved out (for it to be freed elsewhere); the comparison is then only destroyed.
  Session take_b() { return std::move(b_); }
  const Session& b() const { return b_; }
  bool by_fraction = false;

  // B becomes a copy of A: generator, parameters, seed, regions (and no fork).
  void copy_from(const Session& a);
  // B becomes A's run with one draw changed from its step on, following A step by step: up to
  // the fork the panes are the same; the differing cells show what that one draw decided.
  void fork_from(const Session& a, const DrawFork& fork);
  // B's fork while B is A's run with it (the same generator, parameters and seed), which a
  // share string of A can carry; none otherwise.
  std::optional<DrawFork> shared_fork(const Session& a) const;
  // A's settings as a preset, with B's fork when it is A's (what "copy share string" sends).
  Preset preset_of(const Session& a) const;
  // Where B should be for A's position: the same step, or the same fraction of its run.
  std::uint64_t target_for(const Session& a) const;
  // Moves B there (a seek on B; its update() does the work). By fraction, B first runs to its
  // end whenever its run is not whole yet, so the share is of its whole run. First, B makes the
  // script replacements A has made since (a script saved again shows in both panes).
  void follow(const Session& a);

 private:
  Session b_;
  std::size_t replacements_seen_ = 0;  // of a.replacements()
};

struct CellDiff {
  bool same_size = false;
  std::size_t count = 0;             // cells whose tile differs
  std::vector<std::uint32_t> cells;  // their indices, the first kMaxDiffMarks
};
CellDiff differing_cells(const Grid& a, const Grid& b);

// How many values other than -1 a label layer's n cells hold: the rooms on the map.
std::size_t distinct_ids(const IdLayer& layer, std::size_t n);

struct CompareRow {
  std::string label;
  std::string a, b, diff;  // diff: "B - A" in words ("+3", "-4.1 points", "same")
};
std::vector<CompareRow> compare_rows(const Session& a, const Session& b);

// When compare mode works the diff and the figures out again after the steps changed: at once
// while that is cheap, or while neither pane moves; where one took longer than
// kCheapRefreshSeconds (a 4096x4096 pair: 5-10 ms each, in frames that also seek and upload in
// both panes), no sooner than that time over kMovingRefreshShare after the last one began, so that
// a moving pair spends at most that share of its time on them, and then one of the two at a time
// (once both stand still, such a refresh does one of the two a frame, at once). Neither is worked
// out while B is on its way to where following A takes it (ComparePane::refresh_diff). Each says
// the steps it is of: the table its step row (and the diff's row, when of other steps), the map's
// caption that its count is being brought up to date.
inline constexpr double kCheapRefreshSeconds = 0.004;
inline constexpr double kMovingRefreshShare = 0.1;
struct RefreshParts {
  bool diff = false;
  bool figures = false;
  friend constexpr bool operator==(const RefreshParts&, const RefreshParts&) = default;
};
class RefreshGate {
 public:
  bool due(double now, bool moving) const {
    return !moving || took_ <= kCheapRefreshSeconds || now - began_ >= took_ / kMovingRefreshShare;
  }
  // What to work out now of the parts that are `stale` (of other steps than the panes show): all
  // of them where one was never worked out (`first`), or while neither pane moves if the last
  // refresh was cheap; else one: while a pane moves, when due; once both stand still, at once,
  // and the other in the next frame (at 4096x4096 the two took 30 ms of one frame): the figures
  // where the last refresh was the diff alone, else the diff.
  RefreshParts plan(double now, bool moving, RefreshParts stale, bool first) const {
    if (!first && !due(now, moving)) return {};
    if (first || (!moving && took_ <= kCheapRefreshSeconds)) return stale;
    const bool diff = stale.diff && (!stale.figures || !diff_last_);
    return {diff, stale.figures && !diff};
  }
  // A refresh began at `began`, took `took` seconds and worked out `parts`.
  void refreshed(double began, double took, RefreshParts parts = {true, true}) {
    began_ = began;
    took_ = took;
    diff_last_ = parts.diff && !parts.figures;
  }

 private:
  double began_ = 0.0;
  double took_ = 0.0;
  bool diff_last_ = false;
};

// Compare mode's heavy work while the panes move, in a frame's order: pane A's part of its job
// (Session::moving: a far seek, a run to the end), pane B's, and the refresh of the diff or the
// figures (when RefreshGate lets one through). A far seek in a 4096x4096 maze crosses a group skip
// a part, 6-12 ms, past its pane's share of the budget (every part moves), and a refresh takes
// 8-20 ms: one frame that had all three took 40-80 ms. So they take turns: the work whose turn it
// is runs; any other only where the frame's budget still holds it, at the time it took the last
// time, beside what the turn's took last; work left out is owed a turn, and the owed go first in
// the order they were left out. A frame's budget is then spent on one such part, not three, and
// nothing waits for more turns than there are works.
class WorkTurns {
 public:
  enum class Work : std::uint8_t { PaneA, PaneB, Refresh };
  static constexpr std::size_t kWorks = 3;

  // A frame begins: the works that ask share `budget_seconds`.
  void begin_frame(double budget_seconds);
  // Work w has something to do now: whether it does it this frame (then say ran()). Works ask in
  // the order of Work (A, B, the refresh), each at most once a frame.
  bool ask(Work w);
  void ran(Work w, double seconds);
  // A work that did not ask this frame has nothing to do: it is owed nothing.
  void end_frame();
  // The work whose turn it is (the longest owed), if any.
  std::optional<Work> turn() const;

 private:
  static std::size_t at(Work w) { return static_cast<std::size_t>(w); }
  void forget(Work w);
  std::array<double, kWorks> last_{};  // seconds each took the last time it ran
  std::array<bool, kWorks> asked_{}, ran_{};
  std::array<Work, kWorks> owed_{};  // the first owed_count_ of them, longest owed first
  std::size_t owed_count_ = 0;
  std::optional<Work> turn_;  // this frame's
  double budget_ = 0.0, spent_ = 0.0;
  bool any_ran_ = false;
};

}  // namespace dungen::app
