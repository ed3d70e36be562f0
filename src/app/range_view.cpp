// The Sweep pane's expressive range (lab/expressive_range.hpp): the swept maps binned by two
// columns chosen here (the generator's pair at first), drawn as a heat map, with pane B's sweep
// beside it on the same scale when compare mode swept both. Hovering a bin says its ranges and
// how many maps it holds; a click on a bin shows its maps (small pictures, a click on one loads
// that seed into its pane).

#include <imgui.h>
#include "app/gl.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/compare_pane.hpp"
#include "app/logic/session.hpp"
#include "app/logic/session_preset.hpp"
#include "app/panels.hpp"
#include "core/runner.hpp"
#include "lab/expressive_range.hpp"
#include "lab/sweep_export.hpp"
#include "render/map_image.hpp"

namespace dungen::app {
namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

ImU32 colour(Rgb c) {
  return IM_COL32(c.r, c.g, c.b, 255);
}

// A bin's ranges in words: "critical_path 140..157, room_loops 0..2".
std::string bin_text(const ExpressiveRange& r, int bx, int by) {
  const auto span = [](const RangeAxis& a, int k) {
    const double lo = a.bin_lo(k), last = a.bin_last(k);
    return a.column + " " + (lo == last ? number(lo) : number(lo) + ".." + number(last));
  };
  return span(r.x, bx) + ", " + span(r.y, by);
}

void column_combo(const char* label, std::string& column, const std::vector<std::string>& cols) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11.0f);
  if (ImGui::BeginCombo(label, column.c_str())) {
    for (const std::string& c : cols) {
      if (c == "seed") continue;
      if (ImGui::Selectable(c.c_str(), c == column)) column = c;
    }
    ImGui::EndCombo();
  }
}

// One set's heat map, `side` pixels a bin, on the shared scale `most`; a click picks a bin.
void draw_panel(SweepUi& s, const ExpressiveRange& r, int set, float side, std::uint32_t most) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 size{side * static_cast<float>(r.x.bins), side * static_cast<float>(r.y.bins)};
  ImGui::PushID(set);
  ImGui::InvisibleButton("range", size);
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked();
  ImGui::PopID();
  ImDrawList* list = ImGui::GetWindowDrawList();
  const Rgb empty{24, 24, 30};
  for (int by = 0; by < r.y.bins; ++by) {
    for (int bx = 0; bx < r.x.bins; ++bx) {
      const std::uint32_t n = r.count(bx, by);
      const float x0 = at.x + side * static_cast<float>(bx);
      const float y0 = at.y + side * static_cast<float>(r.y.bins - 1 - by);  // y grows upwards
      const Rgb c = n == 0 ? empty : heat_colour(static_cast<float>(n) / static_cast<float>(most));
      list->AddRectFilled({x0, y0}, {x0 + side, y0 + side}, colour(c));
      if (s.pick && s.pick->set == set && s.pick->bx == bx && s.pick->by == by) {
        list->AddRect({x0, y0}, {x0 + side, y0 + side}, IM_COL32_WHITE, 0.0f, 0, 2.0f);
      }
    }
  }
  list->AddRect(at, {at.x + size.x, at.y + size.y}, IM_COL32(120, 120, 130, 255));
  if (!hovered) return;
  const ImVec2 m = ImGui::GetIO().MousePos;
  const int bx = std::clamp(static_cast<int>((m.x - at.x) / side), 0, r.x.bins - 1);
  const int by = r.y.bins - 1 - std::clamp(static_cast<int>((m.y - at.y) / side), 0, r.y.bins - 1);
  const std::uint32_t n = r.count(bx, by);
  ImGui::SetTooltip("%s\n%u maps (%s)%s", bin_text(r, bx, by).c_str(), n,
                    percent_text(static_cast<double>(n) / static_cast<double>(r.maps)).c_str(),
                    n ? "\nclick to see them" : "");
  if (clicked && n > 0) {
    s.pick = SweepUi::RangePick{set, bx, by};
    s.pick_ready = false;
  }
}

// The picked bin's maps: pictures of the first few (made here: a default-sized map takes about a
// millisecond), each loading its seed into the pane it was swept from.
void draw_pick(Session& session, UiState& ui, SweepUi& s, const ExpressiveRange& r,
               const SweepResult& from) {
  const std::vector<std::uint64_t>& seeds = r.seeds_in(s.pick->bx, s.pick->by);
  if (!s.pick_ready) {
    drop_pick_textures(s);
    s.pick_seeds.assign(seeds.begin(),
                        seeds.begin() + static_cast<std::ptrdiff_t>(
                                            std::min<std::size_t>(seeds.size(), kBinPictures)));
    const bool small = static_cast<std::uint64_t>(from.params.get("width")) *
                           static_cast<std::uint64_t>(from.params.get("height")) <=
                       kMaxBinPictureCells;
    if (small) {
      for (const std::uint64_t seed : s.pick_seeds) {
        Stepper st = start_generator(*from.spec, from.params, seed, false);
        run_to_end(st);
        s.pick_textures.push_back(upload_image(draw_thumbnail(
            st.grid(), kThumbnailSide, {.room_colours = from.spec->text_shows_labels})));
      }
    }
    s.pick_ready = true;
  }
  ImGui::TextWrapped("%s %s: %zu maps%s", s.pick->set == 0 ? "A" : "B",
                     bin_text(r, s.pick->bx, s.pick->by).c_str(), seeds.size(),
                     seeds.size() > s.pick_seeds.size() ? " (the first shown)" : "");
  const float thumb = ImGui::GetFontSize() * 4.5f;
  Session* pane = s.pick->set == 0 ? &session : (ui.compare ? &ui.compare->b() : nullptr);
  for (std::size_t i = 0; i < s.pick_seeds.size(); ++i) {
    if (i > 0) same_line_if_fits(thumb + 2 * ImGui::GetStyle().FramePadding.x);
    ImGui::PushID(static_cast<int>(i));
    bool load = false;
    if (i < s.pick_textures.size()) {
      const auto w = static_cast<float>(from.params.get("width"));
      const auto h = static_cast<float>(from.params.get("height"));
      const ImVec2 size = w >= h ? ImVec2{thumb, thumb * h / w} : ImVec2{thumb * w / h, thumb};
      load = ImGui::ImageButton(
          reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(s.pick_textures[i])), size);
    } else {
      load = ImGui::Button(std::to_string(s.pick_seeds[i]).c_str());
    }
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("seed %llu\nclick to load it%s",
                        static_cast<unsigned long long>(s.pick_seeds[i]),
                        s.pick->set == 1 ? " into pane B" : "");
    }
    if (load && pane) {
      Preset preset = preset_of(*pane);
      preset.generator = from.spec;
      preset.params = from.params;
      preset.seed = s.pick_seeds[i];
      apply_preset(*pane, preset);
    }
    ImGui::PopID();
  }
}

}  // namespace

void drop_pick_textures(SweepUi& s) {
  if (!s.pick_textures.empty()) {
    glDeleteTextures(static_cast<GLsizei>(s.pick_textures.size()), s.pick_textures.data());
  }
  s.pick_textures.clear();
}

void draw_expressive_range(Session& session, UiState& ui, SweepUi& s) {
  const SweepResult& a = *s.result;
  if (a.rows.empty()) return;
  // Pane B's sweep joins only over the same seeds (it was started with A's).
  const SweepResult* b = s.result_b && s.result_b->rows.size() == a.rows.size() &&
                                 s.result_b->rows.front().seed == a.rows.front().seed
                             ? &*s.result_b
                             : nullptr;
  if (s.range_x.empty() || s.range_y.empty()) {
    std::tie(s.range_x, s.range_y) = default_range_pair(*a.spec);
  }
  ImGui::Separator();
  ImGui::TextUnformatted("expressive range");
  const std::vector<std::string> cols = sweep_columns(a.rows);
  column_combo("across", s.range_x, cols);
  same_line_if_fits(ImGui::GetFontSize() * 16.0f);
  column_combo("up", s.range_y, cols);
  if (auto err = range_columns_error(a.rows, s.range_x, s.range_y)) {
    ImGui::TextDisabled("%s", err->message.c_str());
    return;
  }
  if (b && range_columns_error(b->rows, s.range_x, s.range_y)) b = nullptr;
  std::vector<const std::vector<SweepRow>*> sets{&a.rows};
  if (b) sets.push_back(&b->rows);
  const auto [ax, ay] = range_axes(sets, s.range_x, s.range_y);
  const ExpressiveRange ra = expressive_range(a.rows, ax, ay);
  const ExpressiveRange rb = b ? expressive_range(b->rows, ax, ay) : ExpressiveRange{};
  if (s.pick && (s.pick->bx >= ax.bins || s.pick->by >= ay.bins || (s.pick->set == 1 && !b))) {
    s.pick.reset();
  }
  const std::uint32_t most = std::max({1u, ra.most(), b ? rb.most() : 0u});
  const int panels = b ? 2 : 1;
  const float gap = ImGui::GetFontSize();
  const float avail = ImGui::GetContentRegionAvail().x - gap * static_cast<float>(panels - 1);
  const float side =
      std::clamp(avail / static_cast<float>(panels * ax.bins), 4.0f, ImGui::GetFontSize() * 1.2f);
  for (int set = 0; set < panels; ++set) {
    if (set > 0) ImGui::SameLine(0.0f, gap);
    ImGui::BeginGroup();
    if (b) ImGui::TextUnformatted(set == 0 ? "A" : "B");
    draw_panel(s, set == 0 ? ra : rb, set, side, most);
    ImGui::EndGroup();
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("across: %s %s..%s; up: %s %s..%s; red: the fullest bin (%u maps)",
                      ax.column.c_str(), number(ax.lo).c_str(),
                      number(ax.bin_last(ax.bins - 1)).c_str(), ay.column.c_str(),
                      number(ay.lo).c_str(), number(ay.bin_last(ay.bins - 1)).c_str(), most);
  ImGui::PopTextWrapPos();
  if (s.pick) draw_pick(session, ui, s, s.pick->set == 0 ? ra : rb, s.pick->set == 0 ? a : *b);
}

}  // namespace dungen::app
