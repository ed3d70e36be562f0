// The bar under the map: play/pause, step, step back, run to the next cell/action/feature/phase,
// run to end, restart; the speed (log slider), the scrubber, and a progress bar while a long job
// is spread over frames. Every control is measured from its text (measure_transport_bar) and
// drawn where the layout put it: the layout wraps the bar onto more rows, or switches to the
// short labels (an icon for play/pause, one "next..." menu for the four run-to buttons).

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>

#include "app/logic/scrubber_text.hpp"
#include "app/logic/session.hpp"
#include "app/logic/slider_text.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

enum Item : std::size_t {
  kRestart,
  kBack,
  kPlay,
  kStep,
  kNextLabel,
  kCell,
  kAction,
  kFeature,
  kPhase,
  kNextMenu,
  kEnd,
  kSpeed,
  kScrub,
  kItemCount
};
constexpr std::array<const char*, kItemCount> kNames = {
    "restart", "back",  "play",      "step", "next-label", "cell",    "action",
    "feature", "phase", "next-menu", "end",  "speed",      "scrubber"};

struct LevelButton {
  Item item;
  const char* label;
  const char* tip;
  StepLevel level;
};
constexpr std::array<LevelButton, 4> kLevels = {{
    {kCell, "cell", "run to the next step of any size", StepLevel::Cell},
    {kAction, "action", "run to the next action: a candidate tried (Ctrl+Right)",
     StepLevel::Action},
    {kFeature, "feature", "run to the next room, corridor or region (Shift+Right)",
     StepLevel::Feature},
    {kPhase, "phase", "run to the next phase (Ctrl+Shift+Right)", StepLevel::Phase},
}};

// How much a slider's text says: "30 steps/s", "30/s", "30"; "step 5 of 384", "5/384", "5".
enum class Form { Full, Short, Value };
constexpr Form kForms[] = {Form::Full, Form::Short, Form::Value};

// "1", "250", "12.5k", "1M" steps/s: no '%', since it is used as a slider's format string.
// Rounded before choosing the unit, so 999,999 reads "1M", never "1e+03k".
std::string speed_text(double s, Form form) {
  const char* unit = form == Form::Full ? " steps/s" : form == Form::Short ? "/s" : "";
  char buf[48];
  if (s >= 999.5e3) {
    std::snprintf(buf, sizeof buf, "%.3gM%s", s / 1e6, unit);
  } else if (s >= 999.5) {
    std::snprintf(buf, sizeof buf, "%.3gk%s", s / 1e3, unit);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g%s", s, unit);
  }
  return buf;
}

std::string progress_text(const Session& session) {
  char label[96];
  std::snprintf(label, sizeof label, "%s... %.0f%%", std::string(session.busy_label()).c_str(),
                session.progress() * 100.0);
  return label;
}

float text_w(const std::string& s) {
  return ImGui::CalcTextSize(s.c_str()).x;
}

// The full form says where history starts once early steps were forgotten (lo > 0).
std::string scrub_text(std::uint64_t pos, std::uint64_t lo, std::uint64_t hi, Form form) {
  const std::string p = std::to_string(pos), of = std::to_string(hi);
  if (form == Form::Full) {
    std::string t = "step " + p + " of " + of;
    if (lo > 0) t += " (history from step " + std::to_string(lo) + ")";
    return t;
  }
  return form == Form::Short ? p + "/" + of : p;
}

// How wide a slider must be for a text to fit beside its grab wherever the grab stands
// (slider_with_clear_text puts it there).
float slider_w(float text) {
  const ImGuiStyle& style = ImGui::GetStyle();
  return slider_width_for_text(text, style.GrabMinSize, style.FramePadding.x * 0.5f);
}

// The fullest form whose text fits beside the grab of a slider this wide (the shortest if none
// does).
template <class Text>
Form fitting(float width, Text text) {
  for (const Form f : kForms) {
    if (slider_w(text_w(text(f))) <= width) return f;
  }
  return Form::Value;
}

bool tip(const char* text) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
  return true;
}

// Play / pause as an icon the size of a square button: a triangle, or two bars.
void play_icon(bool playing) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  const float s = (b.y - a.y) * 0.28f;
  const ImVec2 c{(a.x + b.x) / 2.0f, (a.y + b.y) / 2.0f};
  const ImU32 col = ImGui::GetColorU32(ImGuiCol_Text);
  ImDrawList* list = ImGui::GetWindowDrawList();
  if (playing) {
    list->AddRectFilled({c.x - s, c.y - s}, {c.x - s * 0.3f, c.y + s}, col);
    list->AddRectFilled({c.x + s * 0.3f, c.y - s}, {c.x + s, c.y + s}, col);
  } else {
    list->AddTriangleFilled({c.x - s * 0.8f, c.y - s}, {c.x - s * 0.8f, c.y + s}, {c.x + s, c.y},
                            col);
  }
}

constexpr int kMaxHatchLines = 4096;  // more than any bar is wide

// Hatches the part of the scrubber about to be drawn in [a, b] (steps 0..recorded) that lies
// before `earliest`, under the slider's translucent frame so its label stays crisp, and returns
// where history starts on it.
float hatch_forgotten_steps(ImVec2 a, ImVec2 b, std::uint64_t earliest, std::uint64_t recorded) {
  // Where the grab's centre stands at step `earliest` (ImGui's slider keeps 2 px and half a
  // grab clear at either end; a range this long has the smallest grab).
  const float inset = 2.0f + ImGui::GetStyle().GrabMinSize * 0.5f;
  const float f = static_cast<float>(static_cast<double>(earliest) / static_cast<double>(recorded));
  const float x = a.x + inset + (b.x - a.x - 2.0f * inset) * f;
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->PushClipRect(a, {x, b.y}, true);
  const float h = b.y - a.y;
  const float gap = std::max(4.0f, h * 0.3f);
  for (int k = 0; k < kMaxHatchLines && a.x - h + gap * static_cast<float>(k) < x; ++k) {
    const float x0 = a.x - h + gap * static_cast<float>(k);
    list->AddLine({x0, b.y}, {x0 + h, a.y}, IM_COL32(220, 220, 220, 150), 1.0f);
  }
  list->PopClipRect();
  return x;
}

// Short marks on the slider's edges where history starts, clear of its label.
void mark_history_start(float x, ImVec2 a, ImVec2 b) {
  const float tick = std::max(3.0f, ImGui::GetStyle().FramePadding.y);
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImU32 colour = IM_COL32(255, 210, 80, 255);
  list->AddLine({x, a.y}, {x, a.y + tick}, colour, 2.0f);
  list->AddLine({x, b.y - tick}, {x, b.y}, colour, 2.0f);
}

// The scrubber over every recorded step, or the job's progress while one runs. Returns the width
// of the text it shows. It spans the run from step 0, so where the history it holds starts shows
// on it (a drag before that stops there: seek clamps) and its label says so.
float draw_scrubber(Session& session, ScreenRect r) {
  if (session.busy()) {
    // The job's progress replaces the scrubber until it is done; the percentage alone (ImGui's
    // default text) where the job's name does not fit.
    const std::string text = progress_text(session);
    const bool fits = text_w(text) + ImGui::GetStyle().FramePadding.x * 2.0f <= r.w;
    ImGui::ProgressBar(static_cast<float>(session.progress()), {r.w, r.h},
                       fits ? text.c_str() : nullptr);
    return fits ? text_w(text) : text_w("100%");
  }
  std::uint64_t pos = session.position();
  const ScrubSpan span = scrubber_span(session);
  const std::uint64_t lo = span.earliest, hi = span.recorded;
  // As much text as fits, at the largest position (so it does not change while scrubbing).
  const Form form = fitting(r.w, [&](Form f) { return scrub_text(hi, lo, hi, f); });
  const std::string of = std::to_string(hi);
  // ImGui formats the position itself (%llu); the shown text is measured with it filled in.
  // Where early steps were forgotten, the full form says where history starts.
  const std::string format = form == Form::Full    ? scrubber_format(lo, hi)
                             : form == Form::Short ? "%llu/" + of
                                                   : "%llu";
  if (scrubber_empty(hi)) {
    // Nothing recorded yet: an empty bar (ImGui's slider over 0..0 is all grab, a finished run).
    // Its words in the middle, as the slider has them (a progress bar writes them at its fill).
    const std::string shown = scrub_text(0, 0, 0, form);
    ImGui::ProgressBar(0.0f, {r.w, r.h}, "");
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const ImVec2 size = ImGui::CalcTextSize(shown.c_str());
    ImGui::GetWindowDrawList()->AddText({(a.x + b.x - size.x) / 2.0f, (a.y + b.y - size.y) / 2.0f},
                                        ImGui::GetColorU32(ImGuiCol_Text), shown.c_str());
    tip("no step recorded yet: play or step to run the generator");
    return text_w(shown);
  }
  const auto shown = [&] {
    return SliderShown{scrub_text(pos, lo, hi, form),
                       slider_ratio(static_cast<double>(pos), 0.0, static_cast<double>(hi), false)};
  };
  ImGui::SetNextItemWidth(r.w);
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 b{a.x + r.w, a.y + ImGui::GetFrameHeight()};
  const float start_x = lo > 0 ? hatch_forgotten_steps(a, b, lo, hi) : 0.0f;
  const std::uint64_t zero = 0;
  if (slider_with_clear_text("##scrub", ImGuiDataType_U64, &pos, &zero, &hi, format.c_str(), 0,
                             shown, hi + 1)) {
    session.seek(pos);
  }
  if (lo > 0) {
    mark_history_start(start_x, a, b);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "drag to scrub: steps %s to %s are held; the %s before them were forgotten to bound "
          "memory (|< runs the generator again from step 0)",
          grouped(lo).c_str(), grouped(hi).c_str(), grouped(lo).c_str());
    }
  } else {
    tip("every recorded step: drag to scrub");
  }
  return text_w(shown().text);
}

// A button with its tooltip, noted (with its text's width) under the bar item's name.
bool bar_button(UiState& ui, const std::string& name, const char* label, const char* hint,
                ImVec2 size) {
  const bool pressed = ImGui::Button(label, size);
  tip(hint);
  note_item(ui, name, ImGui::CalcTextSize(label).x);
  return pressed;
}

// Play / pause: an icon in the short labels, the word otherwise.
void draw_play_button(Session& session, UiState& ui, const std::string& name, ImVec2 size,
                      bool compact) {
  if (compact) {
    if (ImGui::Button("##play", size)) session.toggle_play();
    play_icon(session.playing());
    tip(session.playing() ? "pause (Space)" : "play (Space)");
    note_item(ui, name);
  } else if (bar_button(ui, name, session.playing() ? "pause" : "play", "play / pause (Space)",
                        size)) {
    session.toggle_play();
  }
}

// The four run-to buttons folded into one menu (the short labels).
void draw_next_menu(Session& session, UiState& ui, const std::string& name, ImVec2 size) {
  if (bar_button(ui, name, "next...", "run to the next cell, action, feature or phase", size)) {
    ImGui::OpenPopup("next menu");
  }
  if (ImGui::BeginPopup("next menu")) {
    for (const LevelButton& b : kLevels) {
      if (ImGui::Selectable(b.label)) session.run_to_next(b.level);
      tip(b.tip);
    }
    ImGui::EndPopup();
  }
}

// The speed, a log slider.
void draw_speed_slider(Session& session, UiState& ui, const std::string& name,
                       const ScreenRect& r) {
  float t = static_cast<float>(slider_from_speed(session.speed()));
  // As much text as fits at the widest speed, so it does not change while dragging.
  const Form form = fitting(r.w, [](Form f) { return speed_text(999e3, f); });
  // Playing held below the speed by the frame budget: the slider says the rate it really plays
  // at ("~92k steps/s"), so the number shown is what happens; the tip says why.
  // (A speed set anew is measured anew: dragging shows the speed dragged to.)
  const std::optional<double> capped = session.capped_rate();
  const bool held = capped.has_value();
  const auto shown = [&] {
    if (!held) return SliderShown{speed_text(speed_from_slider(t), form), t};
    std::string about = "~";
    about += speed_text(*capped, form);
    return SliderShown{about, t};
  };
  ImGui::SetNextItemWidth(r.w);
  const float lo = 0.0f, hi = 1.0f;
  // The format (the speed as text) is for Ctrl+click typing; the number shown beside the grab
  // is `shown`.
  const std::string format = speed_text(session.speed(), form);
  if (slider_with_clear_text("##speed", ImGuiDataType_Float, &t, &lo, &hi, format.c_str(), 0, shown,
                             0)) {
    session.set_speed(speed_from_slider(t));
  }
  if (held) {
    tip(("playing speed: " + speed_text(session.speed(), Form::Full) + " asked; the generator " +
         "runs " + speed_text(*capped, Form::Full) + " within a frame's time budget, so it plays " +
         "at that (1 to 1,000,000 steps/s: + / -)")
            .c_str());
  } else {
    tip("playing speed, 1 to 1,000,000 steps/s (+ / -)");
  }
  note_item(ui, name, text_w(shown().text));
}

// One control of the bar, in the rectangle r the layout gave it (the cursor is already there).
void draw_bar_item(Session& session, UiState& ui, Item item, const ScreenRect& r, bool compact) {
  const ImVec2 size{r.w, r.h};
  const std::string name = std::string("transport/") + kNames[item];
  switch (item) {
    case kRestart:
      if (bar_button(ui, name, "|<", "restart: back to step 0 (Home)", size)) session.restart();
      break;
    case kBack:
      if (bar_button(ui, name, "<", "one step back (Left)", size)) session.step_back();
      break;
    case kPlay:
      draw_play_button(session, ui, name, size, compact);
      break;
    case kStep:
      if (bar_button(ui, name, ">", "one step forward (Right)", size)) session.step();
      break;
    case kNextLabel:
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted("next:");
      note_item(ui, name, ImGui::CalcTextSize("next:").x);
      break;
    case kCell:
    case kAction:
    case kFeature:
    case kPhase:
      for (const LevelButton& b : kLevels) {
        if (b.item == item && bar_button(ui, name, b.label, b.tip, size)) {
          session.run_to_next(b.level);
        }
      }
      break;
    case kNextMenu:
      draw_next_menu(session, ui, name, size);
      break;
    case kEnd:
      if (bar_button(ui, name, ">|", "run to the end (End)", size)) session.run_to_end();
      break;
    case kSpeed:
      draw_speed_slider(session, ui, name, r);
      break;
    case kScrub:
      note_item(ui, name, draw_scrubber(session, r));
      break;
    case kItemCount:
      break;
  }
}

}  // namespace

std::vector<BarItem> measure_transport_bar(const Session& session) {
  const float pad = ImGui::GetStyle().FramePadding.x * 2.0f;
  const auto button = [&](const char* s) { return ImGui::CalcTextSize(s).x + pad; };
  std::vector<BarItem> items(kItemCount);
  items[kRestart] = {button("|<"), button("|<")};
  items[kBack] = {button("<"), button("<")};
  // As wide as the wider of its two labels, so the bar does not shift when it changes.
  items[kPlay] = {std::max(button("play"), button("pause")), ImGui::GetFrameHeight()};
  items[kStep] = {button(">"), button(">")};
  items[kNextLabel] = {ImGui::CalcTextSize("next:").x, 0};
  for (const LevelButton& b : kLevels) items[b.item] = {button(b.label), 0};
  items[kCell].glue = true;  // "next:" never ends a row alone
  items[kNextMenu] = {0, button("next...")};
  items[kEnd] = {button(">|"), button(">|")};
  float speed = 0, speed_compact = 0, speed_least = 0;
  for (const double s : {12.5, 999.0, 12.5e3, 999e3, 1e6}) {
    speed = std::max(speed, text_w(speed_text(s, Form::Full)));
    speed_compact = std::max(speed_compact, text_w(speed_text(s, Form::Short)));
    speed_least = std::max(speed_least, text_w(speed_text(s, Form::Value)));
  }
  items[kSpeed] = {slider_w(speed), slider_w(speed_compact), false, false, slider_w(speed_least)};
  // The scrubber's text at the largest position it can show, or the progress label.
  const auto [lo, hi] = scrubber_span(session);
  float scrub = slider_w(text_w(scrub_text(hi, lo, hi, Form::Full)));
  const float scrub_compact = slider_w(text_w(scrub_text(hi, lo, hi, Form::Short)));
  const float scrub_least = slider_w(text_w(scrub_text(hi, lo, hi, Form::Value)));
  if (session.busy()) scrub = std::max(scrub, text_w(progress_text(session)) + pad);
  // A scrubber much shorter than this is too coarse to drag through a long run.
  items[kScrub] = {std::max(scrub, ImGui::GetFontSize() * 16.0f), scrub_compact,
                   /*stretch=*/true, false, scrub_least};
  return items;
}

void draw_transport_bar(Session& session, UiState& ui, const UiLayout& layout) {
  const ScreenRect bar = layout.transport;
  // It scrolls only when even the short labels needed more rows than the window allows.
  const int flags = layout.bar_scrolls ? 0 : ImGuiWindowFlags_NoScrollbar;
  if (!begin_fixed_window("Transport", bar, /*title=*/false, flags) ||
      layout.bar_items.size() != kItemCount) {
    ImGui::End();
    return;
  }
  for (std::size_t i = 0; i < kItemCount; ++i) {
    const ScreenRect r = layout.bar_items[i];
    if (r.w <= 0) continue;
    // Window-relative, so a scrolling bar moves its controls with it.
    ImGui::SetCursorPos({r.x - bar.x, r.y - bar.y});
    draw_bar_item(session, ui, static_cast<Item>(i), r, layout.compact);
  }
  ImGui::End();
}

}  // namespace dungen::app
