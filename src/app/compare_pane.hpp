#pragma once
// Compare mode's GL side: pane B's texture, renderer and view; drawing it beside pane A with the
// cells that differ marked in both; and pane B's section of the left panel (B's generator, seed and
// parameters, the lock-step choice, and the figures of both with their differences).

#include <memory>
#include <optional>
#include <tuple>
#include <vector>

#include "app/logic/compare.hpp"
#include "app/map_renderer.hpp"
#include "app/map_view.hpp"
#include "app/texture_stager.hpp"

struct ImDrawList;

namespace dungen::app {

struct UiState;

class ComparePane {
 public:
  // B starts as a copy of A. stage_big_uploads: as the main pane's (TextureStager).
  ComparePane(const Session& a, SessionConfig config, bool stage_big_uploads);

  Session& b() { return cmp_.b(); }
  // B's session, moved out as the pane closes (Comparison::take_b).
  Session take_b() { return cmp_.take_b(); }
  const Session& b() const { return cmp_.b(); }
  // B follows A by the same fraction of each run (else by step number).
  void set_by_fraction(bool on) { cmp_.by_fraction = on; }
  // B becomes A's run with this draw changed, step by step beside A (Comparison::fork_from).
  void fork(const Session& a, const DrawFork& fork);
  const Comparison& comparison() const { return cmp_; }

  // Once a frame, in place of A's own update: A's update, then B follows A and its texture takes
  // B's changes (staged as A's are, on the buffer thread of `a_stager`, A's texture stager, once
  // it has one), then the diff and the figures. While the panes move, each pane's job part and
  // the refresh take turns (WorkTurns). With `finish` (a headless picture that waits for its
  // runs), B's work is done before it returns, and nothing waits for a turn.
  void update(Session& a, const TextureStager& a_stager, double dt, bool finish = false);
  // Draws pane B into `rect` (viewport in logical pixels), with the view of A's pane when both
  // maps have the same size (cells line up), or its own fitted view.
  void draw(const MapView& a_view, ScreenRect rect, float fb_scale, const Palette& palette,
            bool capture);
  // Outlines the differing cells in a pane (A's or B's) and says how many differ.
  void draw_diff(ImDrawList* list, const MapView& view, ScreenRect rect, const Palette& palette,
                 const Grid& grid);
  const MapView& view() const { return view_; }
  // Pane B's map picture, for the UI's pass (MapRenderer::pictures, take_shown_change).
  MapRenderer& renderer() { return renderer_; }
  // The rest of pane B's section of the left panel, under B's settings (controls_panel.cpp
  // draws those with pane A's widgets): the lock-step choice, the figures of both, and a button
  // that ends compare mode.
  void draw_section(Session& a, UiState& ui);
  const CellDiff& diff() const { return diff_; }
  // B's texture still has cells to take: its new map, or a far seek's changes, going in a band
  // of rows a frame (TextureStager).
  bool uploading() const { return stager_.staging() || stager_.holding_upload(); }
  // The diff and the figures are of earlier steps than the panes show (RefreshGate): frames go
  // on until they are brought up to date.
  bool refresh_pending() const { return diff_stale_ || rows_stale_; }

 private:
  void refresh_diff(const Session& a, bool finish);
  void forget_figures();  // B's run is new: the diff and the figures are worked out again

  Comparison cmp_;
  // B's texture, staged as the main pane's is: a 4096x4096 map's texels uploaded in one frame
  // took a software rasteriser 190-240 ms.
  TextureStager stager_;
  MapRenderer renderer_;
  MapView view_;
  // What the diff or the figures were worked out for: positions, recorded counts and runs
  // (Session::run_serial) of A and B.
  using StepsKey = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t,
                              std::uint64_t, std::uint64_t>;
  CellDiff diff_;
  bool diff_ready_ = false;
  StepsKey diff_key_{};
  std::vector<CompareRow> rows_;
  StepsKey rows_key_{};
  RefreshGate refresh_gate_;                      // the diff's and the figures' time together
  WorkTurns turns_;                               // the panes' job parts and the refresh
  double budget_seconds_;                         // a frame's, for the panes' work together
  double sync_seconds_ = 0.0;                     // B's texture upload this frame
  bool diff_stale_ = false, rows_stale_ = false;  // of earlier steps than the panes show
};

}  // namespace dungen::app
