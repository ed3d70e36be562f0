// The Sweep window: runs the current generator and parameters over many seeds on the sweep job's
// thread (the UI goes on), then shows a histogram of every figure, the share of connected maps,
// and pictures of the outliers and of every disconnected or empty map; a click on a picture
// loads that seed into the main view.

#include <imgui.h>
#include "app/gl.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>

#include "app/logic/session.hpp"
#include "app/logic/session_preset.hpp"
#include "app/panels.hpp"
#include "lab/sweep_export.hpp"

namespace dungen::app {
namespace {

unsigned upload(const Image& img) {
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
    s.open = true;
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("these parameters over seeds %llu..%llu (on another thread)",
                      static_cast<unsigned long long>(*s.from),
                      static_cast<unsigned long long>(*s.from + s.seeds - 1));
  }
}

namespace {

// A sweep just finished: its pictures become textures, in place of the last sweep's.
void take_finished_sweep(SweepUi& s) {
  if (auto r = s.job.take()) {
    drop_textures(s);
    s.result = std::move(*r);
    for (const SweepPicture& p : s.result->pictures) s.textures.push_back(upload(p.image));
  }
}

// Sizes and places the window the first time it is ever shown, and begins it.
bool begin_sweep_window(SweepUi& s) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowSize({vp->WorkSize.x * 0.5f, vp->WorkSize.y * 0.7f}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowPos({vp->WorkPos.x + vp->WorkSize.x * 0.25f, vp->WorkPos.y + 20.0f},
                          ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSizeConstraints({ImGui::GetFontSize() * 12.0f, ImGui::GetFontSize() * 8.0f},
                                      {vp->WorkSize.x, vp->WorkSize.y});
  return ImGui::Begin("Sweep", &s.open);
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

// Histograms, two a row where they fit.
void draw_histograms(const SweepResult& r) {
  const float plot_w =
      std::max(ImGui::GetFontSize() * 10.0f,
               (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f);
  int col = 0;
  for (const SweepHistogram& h : r.histograms) {
    if (col++ % 2 == 1) same_line_if_fits(plot_w);
    ImGui::BeginGroup();
    ImGui::TextUnformatted(h.column.c_str());
    ImGui::PlotHistogram(("##" + h.column).c_str(), h.counts.data(),
                         static_cast<int>(h.counts.size()), 0, nullptr, 0.0f, FLT_MAX,
                         {plot_w, ImGui::GetFontSize() * 3.0f});
    // The range under the bars, its ends at theirs (not written over them).
    const std::string lo = number(h.min), hi = number(h.max);
    ImGui::TextDisabled("%s", lo.c_str());
    const float gap =
        plot_w - ImGui::CalcTextSize(lo.c_str()).x - ImGui::CalcTextSize(hi.c_str()).x;
    ImGui::SameLine(0.0f, std::max(ImGui::GetStyle().ItemSpacing.x, gap));
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
// "disconnected: the first 24 of 61"), each a button that loads its seed into the main view.
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
        ImGui::Text("%s: the first %zu of %zu (a seed already shown above is not repeated)",
                    kind.c_str(), shown, all);
      } else {
        ImGui::Text("%s (%zu)", kind.c_str(), shown);
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

}  // namespace

void draw_sweep_window(Session& session, UiState& ui) {
  SweepUi& s = ui.sweep;
  take_finished_sweep(s);
  if (!s.open) return;
  if (!begin_sweep_window(s)) {
    ImGui::End();
    return;
  }
  if (s.job.running()) draw_sweep_progress(s);
  if (!s.result) {
    if (!s.job.running()) ImGui::TextDisabled("no sweep yet: Lab > sweep seeds");
    ImGui::End();
    return;
  }
  const SweepResult& r = *s.result;
  draw_sweep_heading(r);
  draw_histograms(r);
  // The outliers' column, and their pictures.
  ImGui::Separator();
  draw_outlier_column(s, r);
  draw_outlier_pictures(session, s, r);
  ImGui::End();
}

}  // namespace dungen::app
