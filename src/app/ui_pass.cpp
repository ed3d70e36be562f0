#include "app/ui_pass.hpp"

#include "app/gl.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace dungen::app {
namespace {

std::uintptr_t id_of(ImTextureID texture) {
  return reinterpret_cast<std::uintptr_t>(texture);
}

// The lists of `data` as ui_change.hpp compares them (views of ImGui's buffers, and a copy of
// the commands, in `commands`).
std::vector<UiList> lists_of(const ImDrawData& data,
                             std::vector<std::vector<UiCommand>>& commands) {
  std::vector<UiList> lists;
  commands.assign(static_cast<std::size_t>(data.CmdListsCount), {});
  for (int i = 0; i < data.CmdListsCount; ++i) {
    const ImDrawList& l = *data.CmdLists[i];
    auto& cs = commands[static_cast<std::size_t>(i)];
    for (const ImDrawCmd& c : l.CmdBuffer) {
      cs.push_back({{c.ClipRect.x, c.ClipRect.y, c.ClipRect.z, c.ClipRect.w},
                    id_of(c.TextureId),
                    reinterpret_cast<std::uintptr_t>(c.UserCallback),
                    reinterpret_cast<std::uintptr_t>(c.UserCallbackData),
                    c.VtxOffset,
                    c.IdxOffset,
                    c.ElemCount});
    }
    lists.push_back(
        {l._OwnerName ? std::string_view(l._OwnerName) : std::string_view(),
         std::as_bytes(std::span(l.VtxBuffer.Data, static_cast<std::size_t>(l.VtxBuffer.Size))),
         std::as_bytes(std::span(l.IdxBuffer.Data, static_cast<std::size_t>(l.IdxBuffer.Size))),
         cs});
  }
  return lists;
}

int fb_width(const ImDrawData& d) {
  return static_cast<int>(d.DisplaySize.x * d.FramebufferScale.x);
}
int fb_height(const ImDrawData& d) {
  return static_cast<int>(d.DisplaySize.y * d.FramebufferScale.y);
}

}  // namespace

UiPass::UiPass() {
  const char* redraw = std::getenv("DUNGEN_VIZ_REDRAW");
  const std::string_view how = redraw ? redraw : "";
  if (how == "always") mode_ = Mode::always;
  if (how == "check") mode_ = Mode::check;
}

bool UiPass::draw(ImDrawData& data, Rgb clear, std::span<const std::uintptr_t> steady,
                  bool changed_pictures, bool must_show) {
  std::vector<std::vector<UiCommand>> commands;
  const std::vector<UiList> lists = lists_of(data, commands);
  std::vector<std::uintptr_t> all_steady(steady.begin(), steady.end());
  all_steady.push_back(id_of(ImGui::GetIO().Fonts->TexID));
  const bool changed =
      change_.changed({data.DisplaySize.x, data.DisplaySize.y, data.FramebufferScale.x, lists,
                       all_steady, changed_pictures});
  drew_ = changed || must_show || mode_ == Mode::always;
  if (!drew_) {
    ++counts_.unchanged;
    if (mode_ == Mode::check) check(data, clear);
    return false;
  }
  ++counts_.drawn;
  draw_all(data, clear);
  if (mode_ == Mode::check) last_drawn_ = read_back(data);
  return true;
}

void UiPass::draw_all(ImDrawData& data, Rgb clear) {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, fb_width(data), fb_height(data));
  glDisable(GL_SCISSOR_TEST);
  glClearColor(clear.r / 255.0f, clear.g / 255.0f, clear.b / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(&data);
}

std::vector<std::uint8_t> UiPass::read_back(const ImDrawData& data) const {
  const int w = fb_width(data), h = fb_height(data);
  std::vector<std::uint8_t> px(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  return px;
}

// DUNGEN_VIZ_REDRAW=check: a frame not drawn, drawn (into the back buffer, which is not shown)
// and compared with the last frame drawn.
void UiPass::check(ImDrawData& data, Rgb clear) {
  draw_all(data, clear);
  const std::vector<std::uint8_t> now = read_back(data);
  ++counts_.checked;
  long differ = 0;
  std::size_t first = 0;
  for (std::size_t i = 0; i + 3 < now.size(); i += 4) {
    if (i + 3 < last_drawn_.size() && std::memcmp(&now[i], &last_drawn_[i], 3) == 0) continue;
    if (differ++ == 0) first = i / 4;  // (colour; alpha is not shown)
  }
  if (now.size() != last_drawn_.size()) differ = std::max(differ, 1L);
  if (differ == 0) return;
  ++counts_.differing;
  const auto w = static_cast<std::size_t>(fb_width(data));
  std::fprintf(stderr,
               "dungen-viz: a frame not drawn differs from the last one drawn in %ld pixels, the "
               "first at %zu,%zu\n",
               differ, first % w, static_cast<std::size_t>(fb_height(data)) - 1 - first / w);
}

std::string UiPass::summary() const {
  char line[256];
  std::snprintf(line, sizeof line, "dungen-viz: UI frames: %ld drawn, %ld unchanged (not drawn)",
                counts_.drawn, counts_.unchanged);
  std::string out = line;
  if (mode_ == Mode::check) {
    std::snprintf(line, sizeof line, "; %ld not drawn checked against the last drawn, %ld differ",
                  counts_.checked, counts_.differing);
    out += line;
  }
  return out + "\n";
}

}  // namespace dungen::app
