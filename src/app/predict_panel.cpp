// Predict mode's panel section and the Lesson window (app/logic/predict.hpp): the question the
// next step answers, its choices as buttons (and, where they have places, clicks on the map),
// the answer revealed with the step, and the teacher view of the lesson's score per line.

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "app/logic/session.hpp"
#include "app/panels.hpp"

namespace dungen::app {
namespace {

const ImVec4 kRightColour{0.45f, 0.9f, 0.45f, 1.0f};
const ImVec4 kWrongColour{1.0f, 0.45f, 0.4f, 1.0f};
const ImVec4 kAskColour{1.0f, 0.85f, 0.35f, 1.0f};

std::string percent(int right, int asked) {
  return asked > 0 ? std::to_string((right * 100 + asked / 2) / asked) + "%" : "-";
}

// The choices as buttons, as many to a row as fit.
void choice_buttons(Session& session, UiState& ui, const Question& q) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  std::optional<int> picked;
  for (std::size_t i = 0; i < q.choices.size(); ++i) {
    const std::string label = q.choices[i].label + "##choice" + std::to_string(i);
    const float w = ImGui::CalcTextSize(q.choices[i].label.c_str()).x + 2 * style.FramePadding.x;
    if (i > 0) {
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + w > right_edge) ImGui::NewLine();
    }
    if (ImGui::Button(label.c_str())) picked = static_cast<int>(i);
    note_item(ui, "predict/choice/" + std::to_string(i),
              ImGui::CalcTextSize(q.choices[i].label.c_str()).x);
  }
  // After the loop: answering ends the question q refers to.
  if (picked) session.answer(*picked);
}

// The question waiting (its words and answer buttons) or the answer revealed; false when there
// is neither.
bool question_or_reveal(Session& session, UiState& ui) {
  if (const Question* q = session.question()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kAskColour);
    ImGui::TextWrapped("Predict: %s", q->prompt.c_str());
    ImGui::PopStyleColor();
    const bool on_map = std::any_of(q->choices.begin(), q->choices.end(),
                                    [](const Choice& c) { return !c.areas.empty(); });
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrapped("%s", on_map ? "click an answer, or a dashed box on the map; Right: skip"
                                    : "click an answer; Right: skip (show the step, unscored)");
    ImGui::PopStyleColor();
    choice_buttons(session, ui, *q);  // last: an answer ends the question q points to
    return true;
  }
  if (const Reveal* r = session.reveal()) {
    const std::string picked = r->question.choices[static_cast<std::size_t>(r->picked)].label;
    if (r->right) {
      ImGui::PushStyleColor(ImGuiCol_Text, kRightColour);
      ImGui::TextWrapped("Right: %s.", picked.c_str());
    } else {
      const std::string truth =
          r->question.choices[static_cast<std::size_t>(r->question.answer)].label;
      ImGui::PushStyleColor(ImGuiCol_Text, kWrongColour);
      ImGui::TextWrapped("Wrong: you said %s; it was %s.", picked.c_str(), truth.c_str());
    }
    ImGui::PopStyleColor();
    return true;
  }
  return false;
}

}  // namespace

void predict_section(Session& session, UiState& ui) {
  if (session.phase() != Phase::Generator) {
    ImGui::TextWrapped("Predict: the questions are the generator's; the analysis asks none.");
  } else if (!session.can_predict()) {
    ImGui::TextWrapped("Predict: %s asks no questions.",
                       std::string(session.generator().name).c_str());
  } else if (!question_or_reveal(session, ui)) {
    ImGui::TextWrapped("Predict: step on (Right, Space) to the next question.");
  }
  const Lesson& lesson = session.lesson();
  ImGui::Text("Lesson: %d of %d right (%s)", lesson.right(), lesson.asked(),
              percent(lesson.right(), lesson.asked()).c_str());
  // Beside the score where it fits, else under it (a narrow panel, a large UI scale).
  const float button_w =
      ImGui::CalcTextSize("per line...").x + 2.0f * ImGui::GetStyle().FramePadding.x;
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < button_w) ImGui::NewLine();
  if (ImGui::SmallButton("per line...")) ui.show_lesson = true;
  note_item(ui, "predict/lesson");
  ImGui::Separator();
}

void draw_predict_card(Session& session, UiState& ui, const UiLayout& layout) {
  if (!session.predict() || layout.teaching_open || (!session.question() && !session.reveal())) {
    return;
  }
  const ScreenRect& map = layout.map;
  ImGui::SetNextWindowPos({map.x, map.y + map.h}, ImGuiCond_Always, {0.0f, 1.0f});
  ImGui::SetNextWindowSizeConstraints({map.w, 0.0f}, {map.w, map.h * 0.6f});
  ImGui::SetNextWindowBgAlpha(0.92f);
  if (ImGui::Begin("##predict card", nullptr,
                   ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                       ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                       ImGuiWindowFlags_NoFocusOnAppearing)) {
    question_or_reveal(session, ui);
  }
  ImGui::End();
}

void draw_lesson_window(Session& session, UiState& ui) {
  if (!ui.show_lesson) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float margin = ImGui::GetFrameHeight() * 0.5f;
  ImGui::SetNextWindowPos({vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + margin},
                          ImGuiCond_Appearing, {0.5f, 0.0f});
  ImGui::SetNextWindowSizeConstraints(
      {ImGui::GetFontSize() * 20.0f, 0.0f},
      {std::max(1.0f, vp->WorkSize.x - 2 * margin), std::max(1.0f, vp->WorkSize.y - 2 * margin)});
  if (ImGui::Begin("Lesson: predictions per line", &ui.show_lesson,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_HorizontalScrollbar)) {
    const Lesson& lesson = session.lesson();
    ImGui::TextWrapped(
        "%d of %d predictions right (%s). Worst line first: the one the class "
        "misunderstands.",
        lesson.right(), lesson.asked(), percent(lesson.right(), lesson.asked()).c_str());
    const auto lines = lesson.worst_first();
    if (lines.empty()) {
      ImGui::TextDisabled("No question answered yet: turn predict mode on (Q) and step.");
    } else if (ImGui::BeginTable("lesson", 4,
                                 ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders |
                                     ImGuiTableFlags_SizingFixedFit)) {
      ImGui::TableSetupColumn("line");
      ImGui::TableSetupColumn("right");
      ImGui::TableSetupColumn("asked");
      ImGui::TableSetupColumn("accuracy");
      ImGui::TableHeadersRow();
      for (const LineScore& s : lines) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%s, line %d:", s.generator.c_str(), s.line + 1);
        ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + ImGui::GetFontSize() * 26.0f);
        ImGui::TextUnformatted(s.text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::TableNextColumn();
        ImGui::Text("%d", s.right);
        ImGui::TableNextColumn();
        ImGui::Text("%d", s.asked);
        ImGui::TableNextColumn();
        const double a = s.accuracy();
        ImGui::TextColored(a >= 0.75  ? kRightColour
                           : a >= 0.5 ? kAskColour
                                      : kWrongColour,
                           "%s", percent(s.right, s.asked).c_str());
      }
      ImGui::EndTable();
    }
    ImGui::BeginDisabled(lines.empty());
    if (ImGui::Button("export JSON")) begin_file_action(session, ui, FileAction::SaveLesson);
    ImGui::SameLine();
    if (ImGui::Button("clear the lesson")) session.clear_lesson();
    ImGui::EndDisabled();
    if (!ui.share.message.empty()) {
      ImGui::TextWrapped("%s", ui.share.message.c_str());
    }
  }
  ImGui::End();
}

}  // namespace dungen::app
