// The sweep's pane: runs the current generator and parameters over many seeds on the sweep job's
// thread (the UI goes on), then shows a histogram of every figure, the share of connected maps,
// and pictures of the outliers and of every disconnected or empty map; a click on a picture
// loads that seed into the main view. The pane is a part of the layout under the transport bar
// (layout.lab), so the map a picture loads stays in view.

#include <imgui.h>
#include "app/gl.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>

#include "app/compare_pane.hpp"
#include "app/logic/session.hpp"
#include "app/logic/session_preset.hpp"
#include "app/panels.hpp"
#include "lab/sweep_export.hpp"

namespace dungen::app {
namespace {}  // namespace

unsigned upload_image(const Image& img) {
  unsigned id = 0;
  glGenTextures(1, &id);
  glBindTexture(GL_TEXTURE_2D, id);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, img.width, img.height, 0, GL_RGB, GL_UNSIGNED_BYTE,
               img.rgb.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  return id;
}

namespace {

void drop_textures(SweepUi& s) {
  if (!s.textures.empty()) {
    glDeleteTextures(static_cast<GLsizei>(s.textures.size()), s.textures.data());
  }
  s.textures.clear();
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

}  // namespace

// The window's GL context is still current when the app's UI state goes (see run_app).
SweepUi::~SweepUi() {
  drop_textures(*this);
  drop_pick_textures(*this);
}

void lab_section(Session& session, UiState& ui) {
  SweepUi& s = ui.sweep;
  if (!s.from) s.from = session.seed();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
  ImGui::InputScalar("seeds", ImGuiDataType_U64, &s.seeds);
  s.seeds = std::clamp<std::uint64_t>(s.seeds, 1, kMaxSweepSeeds);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
  ImGui::InputScalar("from seed", ImGuiDataType_U64, &*s.from);
  if (ImGui::Button("from this seed")) s.from = session.seed();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("sweep from the seed shown now (%llu)",
                      static_cast<unsigned long long>(session.seed()));
  }
  // The sweep never starts past the last seed (seeds are 64-bit).
  *s.from = std::min(*s.from, std::numeric_limits<std::uint64_t>::max() - s.seeds + 1);
  if (ImGui::Button(s.job.running() ? "sweeping..." : "sweep seeds") && !s.job.running()) {
    s.job.start(session.generator(), session.params(), *s.from, s.seeds,
                static_cast<int>(session.region_params().get("connectivity")), s.column);
    // In compare mode, pane B's parameters over the same seeds (the expressive range draws both).
    s.result_b.reset();
    if (ui.compare) {
      const Session& b = ui.compare->b();
      s.job_b.start(b.generator(), b.params(), *s.from, s.seeds,
                    static_cast<int>(b.region_params().get("connectivity")), s.column);
    } else {
      s.job_b.cancel();
    }
    // A new sweep shows its pane, unfolded where the layout has room for it.
    s.open = true;
    if (s.fold == PanelState::Closed) {
      s.fold = PanelState::Auto;
      s.reopen = true;
    }
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("these parameters over seeds %llu..%llu (on another thread)",
                      static_cast<unsigned long long>(*s.from),
                      static_cast<unsigned long long>(*s.from + s.seeds - 1));
  }
  // A closed pane's last results come back without sweeping again.
  if (!s.open && (s.result || s.job.running())) {
    if (ImGui::Button("show the sweep")) {
      s.open = true;
      s.fold = PanelState::Open;
      s.reopen = true;
    }
  }
}

namespace {

// A sweep just finished: its pictures become textures, in place of the last sweep's.
void take_finished_sweep(SweepUi& s) {
  if (auto r = s.job_b.take()) s.result_b = std::move(*r);
  if (auto r = s.job.take()) {
    drop_textures(s);
    s.pick.reset();
    s.result = std::move(*r);
    for (const SweepPicture& p : s.result->pictures) s.textures.push_back(upload_image(p.image));
  }
}

// The pane folded: one row with the button that opens it, what it holds, and a close button.
void draw_lab_strip(SweepUi& s, ScreenRect area) {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {4.0f, 4.0f});
  if (begin_fixed_window("##strip Sweep", area, /*title=*/false,
                         ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
    const float side = ImGui::GetFrameHeight();
    if (ImGui::Button("^", {side, side})) {
      s.fold = PanelState::Open;
      s.reopen = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("show the sweep's results");
    // What it holds, where that fits beside the close button, else its name alone.
    std::string text = "Sweep";
    if (s.job.running()) {
      text += ": " + std::to_string(s.job.progress()) + " of " + std::to_string(s.job.total()) +
              " seeds";
    } else if (s.result) {
      text += ": " + std::to_string(s.result->rows.size()) + " seeds, " +
              percent_text(s.result->connected_share) + " connected";
    }
    const ImGuiStyle& style = ImGui::GetStyle();
    const float close_w = ImGui::CalcTextSize("close").x + 2.0f * style.FramePadding.x;
    const float room =
        ImGui::GetContentRegionAvail().x - side - close_w - 2.0f * style.ItemSpacing.x;
    if (ImGui::CalcTextSize(text.c_str()).x > room) text = "Sweep";
    ImGui::SameLine();
    ImGui::TextDisabled("%s", text.c_str());
    if (ImGui::GetContentRegionAvail().x > close_w) {
      ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - close_w);
      if (ImGui::SmallButton("close")) s.open = false;
    }
  }
  ImGui::End();
  ImGui::PopStyleVar();
}

// While the job runs: how many seeds are done, and a way to stop it.
void draw_sweep_progress(SweepUi& s) {
  const float done = static_cast<float>(s.job.progress()) /
                     static_cast<float>(std::max<std::uint64_t>(1, s.job.total()));
  ImGui::ProgressBar(
      done, {-1.0f, 0.0f},
      (std::to_string(s.job.progress()) + " of " + std::to_string(s.job.total()) + " seeds")
          .c_str());
  if (ImGui::Button("cancel")) s.job.cancel();
}

// What was swept, and the share of its maps that are connected.
void draw_sweep_heading(const SweepResult& r) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::Text("%s, %zu seeds from %llu: %s connected (one region)",
              std::string(r.spec->name).c_str(), r.rows.size(),
              r.rows.empty() ? 0ULL : static_cast<unsigned long long>(r.rows.front().seed),
              percent_text(r.connected_share).c_str());
  ImGui::PopTextWrapPos();
}

// Histograms, as many a row as fit at kMinPlotFonts wide (up to three), each as wide as its share
// of the row, so neither bars nor range are cut at the column's edge.
constexpr float kMinPlotFonts = 9.0f;
constexpr int kMaxPlotsARow = 3;
void draw_histograms(const SweepResult& r) {
  const float avail = ImGui::GetContentRegionAvail().x;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float least = ImGui::GetFontSize() * kMinPlotFonts;
  const int per_row = std::clamp(static_cast<int>((avail + gap) / (least + gap)), 1, kMaxPlotsARow);
  const float plot_w =
      std::max(1.0f, (avail - gap * static_cast<float>(per_row - 1)) / static_cast<float>(per_row));
  int col = 0;
  for (const SweepHistogram& h : r.histograms) {
    if (col++ % per_row != 0) ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::TextUnformatted(h.column.c_str());
    ImGui::PlotHistogram(("##" + h.column).c_str(), h.counts.data(),
                         static_cast<int>(h.counts.size()), 0, nullptr, 0.0f, FLT_MAX,
                         {plot_w, ImGui::GetFontSize() * 3.0f});
    // The range under the bars, its ends at theirs (not written over them).
    const std::string lo = number(h.min), hi = number(h.max);
    ImGui::TextDisabled("%s", lo.c_str());
    const float between =
        plot_w - ImGui::CalcTextSize(lo.c_str()).x - ImGui::CalcTextSize(hi.c_str()).x;
    ImGui::SameLine(0.0f, std::max(gap, between));
    ImGui::TextDisabled("%s", hi.c_str());
    ImGui::EndGroup();
  }
}

// The column the outliers are picked by.
void draw_outlier_column(SweepUi& s, const SweepResult& r) {
  ImGui::TextUnformatted("outliers by");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
  if (ImGui::BeginCombo("##outliers", r.outlier_column.c_str())) {
    for (const std::string& c : sweep_columns(r.rows)) {
      if (c == "seed") continue;
      if (ImGui::Selectable(c.c_str(), c == r.outlier_column)) {
        // The same rows, other outliers: their pictures are made on the job's thread.
        s.column = c;
        s.job.repick(r, c);
      }
    }
    ImGui::EndCombo();
  }
}

// How many swept maps are of a picture's kind (empty, disconnected), or 0 for the outliers.
std::size_t maps_of_kind(const SweepResult& r, const std::string& why) {
  std::size_t n = 0;
  for (const SweepRow& row : r.rows) {
    if (why == "empty" && row.floor_fraction == 0.0) ++n;
    if (why == "disconnected" && row.floor_fraction != 0.0 && !row.connected) ++n;
  }
  return n;
}

// The outliers' pictures under a heading for each kind ("smallest floor_fraction",
// "disconnected: 24 of 61 shown"), each a button that loads its seed into the main view.
void draw_outlier_pictures(Session& session, const SweepUi& s, const SweepResult& r) {
  const float thumb = ImGui::GetFontSize() * 4.5f;
  std::string kind;
  std::size_t shown = 0;  // pictures of this kind
  for (std::size_t i = 0; i < r.pictures.size() && i < s.textures.size(); ++i) {
    const SweepPicture& p = r.pictures[i];
    if (p.why != kind) {
      kind = p.why;
      shown = static_cast<std::size_t>(
          std::count_if(r.pictures.begin(), r.pictures.end(),
                        [&](const SweepPicture& q) { return q.why == kind; }));
      const std::size_t all = maps_of_kind(r, kind);
      if (all > shown) {
        ImGui::TextWrapped("%s: %zu of %zu shown (a seed already shown above is not repeated)",
                           kind.c_str(), shown, all);
      } else {
        ImGui::TextWrapped("%s (%zu)", kind.c_str(), shown);
      }
    } else {
      same_line_if_fits(thumb + 2 * ImGui::GetStyle().FramePadding.x);
    }
    ImGui::PushID(static_cast<int>(i));
    const float aspect =
        static_cast<float>(p.image.height) / static_cast<float>(std::max(1, p.image.width));
    const ImVec2 size = aspect <= 1 ? ImVec2{thumb, thumb * aspect} : ImVec2{thumb / aspect, thumb};
    if (ImGui::ImageButton(
            reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(s.textures[i])), size)) {
      Preset preset = preset_of(session);
      preset.generator = r.spec;
      preset.params = r.params;
      preset.seed = p.seed;
      apply_preset(session, preset);
    }
    if (ImGui::IsItemHovered()) {
      const SweepRow& row = r.rows[static_cast<std::size_t>(p.seed - r.rows.front().seed)];
      ImGui::SetTooltip(
          "seed %llu: %s\n%s = %s\nfloor %s, %lld regions\nclick to load it",
          static_cast<unsigned long long>(p.seed), p.why.c_str(), r.outlier_column.c_str(),
          number(column_value(row, r.outlier_column)).c_str(),
          percent_text(row.floor_fraction).c_str(), static_cast<long long>(row.regions));
    }
    ImGui::PopID();
  }
}

// The results: what was swept and its histograms beside the outliers' pictures where the pane
// is wide, one under the other where it is not.
void draw_sweep_results(Session& session, UiState& ui, SweepUi& s, const SweepResult& r) {
  const bool wide = ImGui::GetContentRegionAvail().x > ImGui::GetFontSize() * 40.0f;
  if (wide && !ImGui::BeginTable("sweep", 2, ImGuiTableFlags_BordersInnerV)) return;
  if (wide) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
  }
  draw_sweep_heading(r);
  draw_expressive_range(session, ui, s);
  draw_histograms(r);
  if (wide) {
    ImGui::TableNextColumn();
  } else {
    ImGui::Separator();
  }
  draw_outlier_column(s, r);
  draw_outlier_pictures(session, s, r);
  if (wide) ImGui::EndTable();
}

}  // namespace

void draw_sweep_pane(Session& session, UiState& ui, const UiLayout& layout) {
  SweepUi& s = ui.sweep;
  take_finished_sweep(s);
  if (!s.open || layout.lab.h <= 0) return;
  if (!layout.lab_open) {
    draw_lab_strip(s, layout.lab);
    return;
  }
  // Its title bar folds it (the arrow) or closes it (x); the lab section opens it again.
  if (begin_side_panel("Sweep", layout.lab, false, s.fold, s.reopen, &s.open)) {
    if (s.job.running()) draw_sweep_progress(s);
    if (s.result) {
      draw_sweep_results(session, ui, s, *s.result);
    } else if (!s.job.running()) {
      ImGui::TextDisabled("no sweep yet: Lab > sweep seeds");
    }
  }
  ImGui::End();
}

}  // namespace dungen::app
