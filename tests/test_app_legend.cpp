// The legend names exactly what is on the screen: the tiles on the map and the roles drawn at
// the current step (checked against a scan of the map, not the tally the legend reads), and
// what a step read is drawn as it read it.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/logic/overlay_state.hpp"
#include "app/logic/session.hpp"
#include "app_test_support.hpp"
#include "core/rng.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"

namespace dungen::app {
namespace {

void check_legend_at(Session& s, std::uint64_t k, const std::string& where) {
  s.seek(k);
  s.finish_pending();
  const OverlayView& o = s.overlay();
  const Legend legend = s.legend();
  const std::string at = where + " step " + std::to_string(s.position());

  // Tiles: exactly those on the map.
  std::set<Tile> tiles;
  const Grid& g = s.grid();
  std::set<Role> marks;
  for (std::size_t i = 0; i < g.size(); ++i) {
    tiles.insert(g.tile(i));
    if (const auto r = mark_role(g.mark(i))) marks.insert(*r);
  }
  EXPECT_EQ(std::set<Tile>(legend.tiles.begin(), legend.tiles.end()), tiles) << at;
  EXPECT_EQ(legend.tiles.size(), tiles.size()) << at << ": a tile listed twice";

  // Roles: every role drawn once, nothing not drawn.
  std::set<Role> drawn = marks;
  for (const ShownItem& i : o.items) {
    if (i.item.rect != Rect{} || !i.item.cells.empty()) drawn.insert(i.item.role);
  }
  if (!o.phase_changes.empty()) drawn.insert(Role::Flipped);
  if (o.player_start) drawn.insert(Role::Start);
  EXPECT_EQ(std::set<Role>(legend.roles.begin(), legend.roles.end()), drawn) << at;
  EXPECT_EQ(legend.roles.size(), drawn.size()) << at << ": a role listed twice";
}

TEST(AppLegend, ListsExactlyTheTilesAndRolesOnScreenForEveryGenerator) {
  for (const GeneratorSpec* spec : all_generators()) {
    for (const bool regions : {false, true}) {
      Session s(frozen_clock(5));
      ASSERT_TRUE(s.select_generator(spec->name));
      s.set_mode(RunMode::Step);
      if (regions) s.set_regions_mode(RegionsMode::Animated);
      s.regenerate();
      s.seek(~std::uint64_t{0} >> 1);  // past the end: stops at the last step
      s.finish_pending();
      const std::uint64_t total = s.position();
      ASSERT_GT(total, 1u) << spec->name;
      Rng pick(static_cast<std::uint64_t>(total) * 31 + regions);
      const std::string where = std::string(spec->name) + (regions ? " + regions" : "");
      for (int n = 0; n < 100; ++n) {
        check_legend_at(s, 1 + pick.below(static_cast<std::uint32_t>(total)), where);
      }
      check_legend_at(s, total, where);
    }
  }
}

// The first whole number in a caption ("4 floor", "6 >= 5: floor").
std::optional<int> leading_number(const std::string& s) {
  const auto d = std::find_if(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (d == s.end()) return std::nullopt;
  return std::stoi(std::string(d, s.end()));
}

// Every Read item of every generator's steps: its tiles are one per cell; where the step's
// caption states a count, the floor cells drawn in the window are that count.
TEST(AppLegend, EveryReadWindowDrawsTheCountItsCaptionSays) {
  for (const GeneratorSpec* spec : all_generators()) {
    ParamValues p = spec->schema.defaults();
    if (spec->schema.find("width")) p.set("width", 40);
    if (spec->schema.find("height")) p.set("height", 24);
    if (spec->schema.find("step_cells")) p.set("step_cells", 1);
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      Stepper st = start_generator(*spec, p, seed, true);
      int windows = 0;
      while (const Step* step = st.next()) {
        for (const OverlayItem& i : step->overlay.items) {
          if (i.role != Role::Read || i.read.empty()) continue;
          ASSERT_EQ(i.read.size(), static_cast<std::size_t>(i.rect.w) * i.rect.h);
          const auto floor = std::count(i.read.begin(), i.read.end(), Tile::Floor);
          const std::string caption =
              spec->narration.caption ? spec->narration.caption(*step, p) : "";
          if (const auto n = leading_number(caption)) {
            ++windows;
            EXPECT_EQ(floor, *n) << spec->name << " seed " << seed << " step " << st.steps_taken()
                                 << ": caption \"" << caption << "\"";
          }
        }
      }
      if (std::string(spec->name) == "cellular-caves") {
        EXPECT_GT(windows, 1000) << "the cell-by-cell pass draws a window for every count";
      }
    }
  }
}

// Row by row, a pass reads the previous grid: the rows drawn are the rows as the pass began
// (the row above already rewritten in the grid is drawn as it was).
TEST(AppLegend, CaveRowReadsShowThePreviousGrid) {
  const GeneratorSpec& spec = *find_generator("cellular-caves");
  ParamValues p = spec.schema.defaults();
  p.set("width", 60);
  p.set("height", 30);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Stepper st = start_generator(spec, p, seed, true);
    Grid before = st.grid();
    int rows = 0;
    while (const Step* step = st.next()) {
      if (step->level == StepLevel::Phase) before = st.grid();
      const OverlayItem* read = step->overlay.find(Role::Read);
      if (!read) continue;
      ++rows;
      ASSERT_EQ(read->read.size(), static_cast<std::size_t>(read->rect.w) * read->rect.h);
      for (int y = 0; y < read->rect.h; ++y) {
        for (int x = 0; x < read->rect.w; ++x) {
          ASSERT_EQ(read->read[static_cast<std::size_t>(y) * read->rect.w + x],
                    before.at(read->rect.x + x, read->rect.y + y))
              << "seed " << seed << " cell " << read->rect.x + x << "," << read->rect.y + y;
        }
      }
    }
    EXPECT_EQ(rows, 3 * 30);
  }
}

// Every walker is drawn where it is at the step, not only the one that just moved.
TEST(AppLegend, EveryWalkerIsDrawnWhereItIs) {
  Session s(frozen_clock(5));
  ASSERT_TRUE(s.select_generator("drunkards-walk"));
  s.set_mode(RunMode::Step);
  ASSERT_FALSE(s.set_params([&] {
    ParamValues p = s.params();
    p.set("walkers", 4);
    p.set("restart_after", 25);
    return p;
  }()));
  s.regenerate();
  // Where each walker is after each step, from the generator itself.
  Stepper ref = start_generator(s.generator(), s.params(), s.seed(), true);
  std::vector<std::set<std::pair<int, int>>> places{{}};
  std::map<int, Point> at;
  while (const Step* step = ref.next()) {
    if (const auto p = step->overlay.point_of(Role::Walker)) {
      if (step->event.id < 0) {
        for (int w = 0; w < 4; ++w) at[w] = *p;  // placed together
      } else {
        at[step->event.id] = *p;
      }
    }
    std::set<std::pair<int, int>> now;
    for (const auto& [w, p] : at) now.insert({p.x, p.y});
    places.push_back(now);
  }
  int checked = 0;
  for (std::uint64_t k = 2; k < places.size(); k += 37) {
    s.seek(k);
    s.finish_pending();
    if (!s.current_step() || !s.current_step()->overlay.has(Role::Walker)) continue;
    std::set<std::pair<int, int>> drawn;
    for (const ShownItem& i : s.overlay().items) {
      if (i.item.role != Role::Walker) continue;
      for (const Point p : i.item.cells) drawn.insert({p.x, p.y});
    }
    EXPECT_EQ(drawn, places[k]) << "step " << k;
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

// A cave pass's outline of flipped cells (OverlayView::phase_changes) is exactly the cells whose
// tile differs from the map at the pass's start, at every step of the pass; at the pass's end
// there are as many as its log line says it flipped.
TEST(AppLegend, CaveFlippedOutlineIsExactlyWhatThePassChanged) {
  Session s(frozen_clock(5));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.set_mode(RunMode::Step);
  s.regenerate();
  s.seek(~std::uint64_t{0} >> 1);  // past the end: stops at the last step
  s.finish_pending();
  const std::uint64_t total = s.position();
  std::vector<Tile> pass_start;  // the map at the last phase step
  int outlined_steps = 0, pass_ends = 0;
  for (std::uint64_t k = 1; k <= total; ++k) {
    s.seek(k);
    s.finish_pending();
    ASSERT_NE(s.current_step(), nullptr);
    // A copy: the overlay decodes other steps over the one current_step() points at.
    const Step step = *s.current_step();
    const Grid& g = s.grid();
    const std::string at = "step " + std::to_string(k);
    if (step.overlay.show_phase_changes) {
      ASSERT_EQ(pass_start.size(), g.size()) << at;
      std::set<std::pair<int, int>> changed;
      for (std::size_t i = 0; i < g.size(); ++i) {
        if (g.tile(i) != pass_start[i]) changed.insert({g.point(i).x, g.point(i).y});
      }
      std::set<std::pair<int, int>> outlined;
      for (const Point p : s.overlay().phase_changes) outlined.insert({p.x, p.y});
      EXPECT_EQ(outlined, changed) << at;
      EXPECT_EQ(s.overlay().phase_changes.size(), outlined.size()) << at << ": a cell twice";
      ++outlined_steps;
      if (step.level == StepLevel::Phase) {
        EXPECT_EQ(static_cast<std::size_t>(step.event.value), changed.size()) << at;
        ++pass_ends;
      }
    }
    if (step.level == StepLevel::Phase) {
      pass_start.assign(g.tiles().begin(), g.tiles().end());
    }
  }
  EXPECT_GT(outlined_steps, 100);
  EXPECT_EQ(pass_ends, 3);  // the default passes
}

// A pass over a big cave changes too many cells to outline (more than 2 x kMaxPhaseChangeCells
// listed since the pass began): no outline then (changed_cells_at's limit: the cells past it are
// counted, not listed). Below the limit the outline is there, so the pass is seen outlined, then
// not.
TEST(AppLegend, APassTooBigToOutlineIsCountedAndNotOutlined) {
  const GeneratorSpec& spec = *find_generator("cellular-caves");
  ParamValues p = spec.schema.defaults();
  ASSERT_FALSE(p.set("width", 1024));
  ASSERT_FALSE(p.set("height", 1024));
  Timeline t(start_generator(spec, p, 3));
  std::vector<std::uint32_t> since_phase;  // cells the steps since the last phase step changed
  int outlined = 0, too_many = 0;
  while (const Step* s = t.next()) {
    const std::uint64_t k = t.cursor();
    const bool outline = s->overlay.show_phase_changes;
    const bool phase = s->level == StepLevel::Phase;
    if (outline) {
      ASSERT_TRUE(t.changed_cells_at(k, since_phase));
      if (k % 8 == 0 || phase) {
        const OverlayView o = build_overlay(t, spec.narration, p, k, std::nullopt, 0);
        if (since_phase.size() > 2 * kMaxPhaseChangeCells) {
          EXPECT_TRUE(o.phase_changes.empty()) << "step " << k;
          ++too_many;
        } else if (!since_phase.empty() && since_phase.size() <= kMaxPhaseChangeCells) {
          EXPECT_FALSE(o.phase_changes.empty()) << "step " << k;
          ++outlined;
        }
      }
    }
    if (phase) since_phase.clear();
    if (too_many > 20) break;
  }
  EXPECT_GT(outlined, 10);
  EXPECT_GT(too_many, 20);
}

}  // namespace
}  // namespace dungen::app
