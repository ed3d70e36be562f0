#include "app/compare_pane.hpp"

#include "app/gl.hpp"
// The GL header before GLFW (GLFW_INCLUDE_NONE is defined by the dungen::glfw target).
#include <GLFW/glfw3.h>

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/map_overlays.hpp"
#include "app/panels.hpp"

namespace dungen::app {

ComparePane::ComparePane(const Session& a, SessionConfig config, bool stage_big_uploads)
    : cmp_(config),
      stager_(stage_big_uploads, /*client=*/1),
      budget_seconds_(config.budget.seconds) {
  stager_.set_work_share(kPaneBudgetShare);
  cmp_.copy_from(a);
}

void ComparePane::fork(const Session& a, const DrawFork& fork) {
  cmp_.fork_from(a, fork);
  forget_figures();  // B is a new run: the figures and the diff are worked out again
}

void ComparePane::forget_figures() {
  rows_.clear();
  diff_ready_ = false;
}

void ComparePane::update(Session& a, const TextureStager& a_stager, double dt, bool finish) {
  stager_.share_allocator(a_stager);
  turns_.begin_frame(budget_seconds_);
  // A pane's job (a far seek, a run to the end) takes its part when its turn allows; a pane that
  // plays or stands still updates every frame.
  const auto pane = [&](Session& s, WorkTurns::Work work) {
    if (finish || !s.moving()) {
      s.update(dt, kPaneBudgetShare);
      return;
    }
    if (!turns_.ask(work)) return;
    const double began = glfwGetTime();
    s.update(dt, kPaneBudgetShare);
    turns_.ran(work, glfwGetTime() - began);
  };
  pane(a, WorkTurns::Work::PaneA);
  if (finish) b().finish_pending();
  cmp_.follow(a);
  pane(b(), WorkTurns::Work::PaneB);
  if (finish) b().finish_pending();
  const double synced = glfwGetTime();
  stager_.sync(b());
  sync_seconds_ = glfwGetTime() - synced;
  refresh_diff(a, finish);
  turns_.end_frame();
}

void ComparePane::refresh_diff(const Session& a, bool finish) {
  const StepsKey key{a.position(),   b().position(), a.recorded(),
                     b().recorded(), a.run_serial(), b().run_serial()};
  const double now = glfwGetTime();
  const bool moving = a.busy() || a.playing() || b().busy() || b().playing();
  // The diff and the figures apart, each of its own steps (RefreshGate::plan).
  const RefreshParts stale{!diff_ready_ || diff_key_ != key, rows_.empty() || rows_key_ != key};
  const bool first = !diff_ready_ || rows_.empty();
  // While B is on its way to where following A takes it (a far seek, a run to its end, or its
  // turn still to come), the panes show steps that do not correspond: the diff and the figures
  // wait for B to get there (the caption and the table say which step theirs are of), unless
  // none was worked out yet. While a pane moves, a refresh due then takes its turn with the
  // panes' job parts (WorkTurns).
  const bool in_step = !b().moving();
  const RefreshParts parts =
      first || in_step ? refresh_gate_.plan(now, moving, stale, first) : RefreshParts{};
  const bool takes_turn = moving && !first && !finish;
  if ((parts.diff || parts.figures) && (!takes_turn || turns_.ask(WorkTurns::Work::Refresh))) {
    if (parts.diff) {
      diff_ = differing_cells(a.grid(), b().grid());
      diff_ready_ = true;
      diff_key_ = key;
    }
    if (parts.figures) {
      rows_ = compare_rows(a, b());
      rows_key_ = key;
    }
    const double took = glfwGetTime() - now;
    refresh_gate_.refreshed(now, took, parts);
    if (takes_turn) turns_.ran(WorkTurns::Work::Refresh, took);
  }
  diff_stale_ = diff_key_ != key;
  rows_stale_ = rows_key_ != key;
}

void ComparePane::draw(const MapView& a_view, ScreenRect rect, float fb_scale,
                       const Palette& palette, bool capture) {
  const MapTexture& texture = stager_.texture();
  if (diff_.same_size) {
    view_ = a_view;  // same size: the same cells side by side
  } else if (texture.ready()) {
    // Another size: B's whole map in its half, fitted every frame (zoom and pan act on A alone,
    // so B's view holds nothing of the user's), so that a resize of the window or of the panels
    // fits it again, as it does A's.
    view_.fit(texture.width(), texture.height(), rect);
    b().view().fit_requested = false;  // (set when B's map changes size: TextureStager::sync)
  }
  const MapStyle style{b().generator().text_shows_labels, true, b().view().show_grid, false,
                       b().heat_max()};
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  stager_.park(b(), renderer_.current(texture, view_, rect, fb_scale, style, palette));
  // B's picture gets what B's upload left of its pane's share of the frame's map work.
  renderer_.draw(stager_.texture(), view_, rect, fb_scale, style, palette, list, capture,
                 kMapWorkSeconds * kPaneBudgetShare - sync_seconds_);
  // While B's new map is staged, or its picture drawn, the last one is shown: the new one's
  // numbers, differences and step would not fit it (as in the main pane, App::draw_map_overlays).
  if (!stager_.staging() && !stager_.awaiting_cells() && (capture || !renderer_.busy())) {
    const std::optional<AnalysisKind> shown = b().shown_analysis();
    if (shown && analysis_spec(*shown).values == AnalysisValues::Amounts) {
      draw_region_glyphs(list, b().grid(), view_, rect, b().view().show_region_labels, true);
    } else if (b().view().show_region_labels) {
      draw_region_glyphs(list, b().grid(), view_, rect, b().regions_mode() != RegionsMode::Off);
    } else {
      draw_room_numbers(list, b().grid(), view_, rect);
    }
    draw_diff(list, view_, rect, palette, b().grid());
    draw_step_overlay(list, b().overlay(), view_, rect, palette);
  }
  // The pane's heading: B is a fork, and of what, so the differing cells read as its effect.
  if (const std::optional<ForkState> fork = b().fork_state()) {
    const std::string words = "B: " + fork_words(*fork);
    list->PushClipRect({rect.x, rect.y}, {rect.x + rect.w, rect.y + rect.h}, true);
    const ImVec2 size = ImGui::CalcTextSize(words.c_str());
    const ImVec2 at{rect.x + 6.0f, rect.y + 6.0f};
    list->AddRectFilled({at.x - 3, at.y - 1}, {at.x + size.x + 3, at.y + size.y + 1},
                        IM_COL32(0, 0, 0, 210), 3.0f);
    const Rgb c = fork->outcome.applied ? palette.cursor : Rgb{235, 235, 235};
    list->AddText(at, IM_COL32(c.r, c.g, c.b, 255), words.c_str());
    list->PopClipRect();
  }
}

void ComparePane::draw_diff(ImDrawList* list, const MapView& view, ScreenRect rect,
                            const Palette& palette, const Grid& grid) {
  const auto col = [](Rgb c, int a = 255) { return IM_COL32(c.r, c.g, c.b, a); };
  std::string caption;
  if (!diff_.same_size) {
    caption = "maps of different sizes: no cell diff";
  } else {
    // While the panes move on, the count is of the step it names (RefreshGate).
    const bool one = diff_.count == 1;
    caption =
        std::to_string(diff_.count) +
        (diff_stale_ ? std::string(one ? " cell differed" : " cells differed") + " at A's step " +
                           std::to_string(std::get<0>(diff_key_)) + " (updating)"
                     : std::string(one ? " cell differs" : " cells differ"));
    // A light tint over each differing cell (under the step's overlay), so both maps stay
    // readable; from 2 px a cell, when a cell is big enough to see.
    if (view.cell_px() >= 2.0f) {
      list->PushClipRect({rect.x, rect.y}, {rect.x + rect.w, rect.y + rect.h}, true);
      for (std::uint32_t i : diff_.cells) {
        const Point p = grid.point(i);
        const float x0 = view.screen_x(static_cast<float>(p.x), rect);
        const float y0 = view.screen_y(static_cast<float>(p.y), rect);
        const float s = view.cell_px();
        if (x0 + s < rect.x || y0 + s < rect.y || x0 > rect.x + rect.w || y0 > rect.y + rect.h) {
          continue;
        }
        list->AddRectFilled({x0, y0}, {x0 + s, y0 + s}, col(palette.cursor, 90));
        if (s >= 8.0f)
          list->AddRect({x0, y0}, {x0 + s, y0 + s}, col(palette.cursor, 200), 0.0f, 0, 1.0f);
      }
      list->PopClipRect();
    } else if (diff_.count > 0) {
      caption += " (zoom in to see them marked)";
    }
  }
  // Wrapped to the pane's width: beside the other pane, a caption on one line ran under it.
  const float wrap = std::max(40.0f, rect.w - 12.0f);
  const ImVec2 size = ImGui::CalcTextSize(caption.c_str(), nullptr, false, wrap);
  const ImVec2 at{rect.x + 6.0f, rect.y + rect.h - size.y - 6.0f};
  list->AddRectFilled({at.x - 3, at.y - 1}, {at.x + size.x + 3, at.y + size.y + 1},
                      IM_COL32(0, 0, 0, 200), 3.0f);
  list->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, col(palette.cursor), caption.c_str(),
                nullptr, wrap);
}

namespace {

// The figures of both panes side by side, with B - A, and how many cells differ (`diff_step`: A's
// step the count is of, when that is not the step the figures are of).
void draw_figures_table(const std::vector<CompareRow>& rows, const CellDiff& diff,
                        std::optional<std::uint64_t> diff_step) {
  // As wide as the panel: the figures and differences at their own width, the labels wrapped in
  // what is left (nothing cut at the panel's edge).
  if (ImGui::BeginTable("figures", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("");
    ImGui::TableSetupColumn("A", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("B", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("B - A", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableHeadersRow();
    const auto row = [](const std::string& l, const std::string& x, const std::string& y,
                        const std::string& d) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", l.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(x.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(y.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(d.c_str());
    };
    for (const CompareRow& r : rows) row(r.label, r.a, r.b, r.diff);
    if (diff.same_size) {
      row(diff_step ? "cells differing at A's step " + std::to_string(*diff_step)
                    : std::string("cells differing"),
          "", "", std::to_string(diff.count));
    }
    ImGui::EndTable();
  }
}

}  // namespace

void ComparePane::draw_section(Session& a, UiState& ui) {
  // In the panel, under B's settings (drawn by the panel with pane A's widgets), not a window
  // of its own: a window covered the Algorithm panel's lit line.
  if (const std::optional<ForkState> fork = b().fork_state()) {
    ImGui::TextWrapped(
        "B is A's run with one draw changed: %s. Up to step %llu the panes are the "
        "same; the cells marked differ because of that draw. A new generator, "
        "seed or parameters for B ends the fork.",
        fork_words(*fork).c_str(), static_cast<unsigned long long>(fork->fork.step));
  }
  if (ImGui::Button("copy A to B")) {
    cmp_.copy_from(a);
    forget_figures();
  }
  ImGui::Checkbox("by fraction of each run", &cmp_.by_fraction);
  note_item(ui, "compare/by-fraction");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "off: both panes at the same step number; on: at the same share of their runs");
  }
  if (cmp_.by_fraction) {
    // A share needs each run's length: B's is recorded first (Comparison::follow); A's is what
    // the user has run, so say when it is not the whole run.
    if (!b().recorded_whole()) {
      ImGui::TextWrapped("B: recording its whole run (%llu steps so far), then at A's share.",
                         static_cast<unsigned long long>(b().recorded()));
    }
    if (!a.recorded_whole()) {
      ImGui::TextWrapped(
          "A's run is not whole yet: A's share is of the %llu steps recorded so far (End runs "
          "it to its end).",
          static_cast<unsigned long long>(a.recorded()));
    }
  }
  ImGui::Separator();
  draw_figures_table(
      rows_, diff_,
      diff_key_ == rows_key_ ? std::nullopt : std::optional<std::uint64_t>(std::get<0>(diff_key_)));
  if (ImGui::Button("end compare (C)")) a.view().compare = false;
}

}  // namespace dungen::app
