#include "app/file_dialog_window.hpp"

#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>

namespace dungen::app {
namespace {

constexpr const char* kPopupId = "###file-dialog";
const ImVec4 kErrorColour{1.0f, 0.45f, 0.35f, 1.0f};

// What a click in the list asked for, done after the list is drawn (it changes the list).
struct ListClick {
  std::string name;
  bool folder = false;
  bool twice = false;
};

std::optional<ListClick> draw_listing(const FileDialog& d, float height) {
  std::optional<ListClick> click;
  ImGui::BeginChild("##entries", {0.0f, height}, true);
  const FolderListing& list = d.listing();
  if (!list.error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kErrorColour, "%s", list.error.c_str());
    ImGui::PopTextWrapPos();
  } else if (list.entries.empty()) {
    ImGui::TextDisabled("no folders or %s files here", d.ext().c_str());
  }
  const std::string typed = d.name();
  for (const FolderEntry& e : list.entries) {
    const std::string label =
        e.folder ? e.name + "/" : e.name + "   (" + human_bytes(e.bytes) + ")";
    const bool selected = !e.folder && e.name == typed;
    if (ImGui::Selectable(label.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
      click = ListClick{e.name, e.folder, ImGui::IsMouseDoubleClicked(0)};
    }
  }
  if (list.cut) ImGui::TextDisabled("(the first %zu shown)", kMaxFolderEntries);
  ImGui::EndChild();
  return click;
}

// Places and sizes the dialog (on the frame it appears) and begins it as a modal popup: false
// when it is not shown. keep_open turns false when the title bar's cross is clicked.
bool begin_dialog_popup(const std::string& title, bool& keep_open) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float font = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
  // 60% x 75% of the window, more where that is small for the text (a small window, a big UI
  // scale), never more than the window.
  const ImVec2 size{std::min(vp->WorkSize.x, std::max(vp->WorkSize.x * 0.6f, font * 32.0f)),
                    std::min(vp->WorkSize.y, std::max(vp->WorkSize.y * 0.75f, font * 22.0f))};
  ImGui::SetNextWindowSize(size, ImGuiCond_Appearing);
  ImGui::SetNextWindowSizeConstraints(
      {std::min(font * 16.0f, vp->WorkSize.x), std::min(font * 12.0f, vp->WorkSize.y)},
      vp->WorkSize);
  // Opaque, as the panels are: the map must not show through the list.
  ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  bg.w = 1.0f;
  ImGui::PushStyleColor(ImGuiCol_PopupBg, bg);
  const bool shown = ImGui::BeginPopupModal(title.c_str(), &keep_open);
  ImGui::PopStyleColor();
  return shown;
}

// The folder, whole, and the way up.
void draw_folder_row(FileDialog& d) {
  if (ImGui::Button("up")) d.go_up();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the folder above this one");
  ImGui::SameLine();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(d.folder().string().c_str());
  ImGui::PopTextWrapPos();
}

// The list takes what the rows under it leave: the name, the question or error (wrapped), the
// buttons.
float list_height(const FileDialog& d) {
  const std::string& words = d.question().empty() ? d.error() : d.question();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float avail_w = ImGui::GetContentRegionAvail().x;
  const float words_h =
      words.empty()
          ? 0.0f
          : ImGui::CalcTextSize(words.c_str(), nullptr, false, avail_w).y + style.ItemSpacing.y;
  const float below = ImGui::GetFrameHeightWithSpacing() * 2.0f + words_h;
  return std::max(ImGui::GetFrameHeight() * 2.0f, ImGui::GetContentRegionAvail().y - below);
}

// A folder clicked is gone into; a file clicked becomes the name, and is chosen when clicked
// twice.
void follow_list_click(FileDialog& d, const ListClick& click, bool& chose) {
  if (click.folder) {
    d.go_into(click.name);
  } else {
    d.set_name(click.name);
    if (click.twice) chose = d.submit() == DialogAction::Accept;
  }
}

// The name: Enter chooses (or goes into a folder typed).
void draw_name_field(FileDialog& d, bool saving, bool& chose) {
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  const bool entered = ImGui::InputTextWithHint(
      "##name", saving ? "file name" : "file name, or pick one above", d.name_buffer(),
      d.name_capacity(), ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemEdited()) d.name_edited();
  if (entered) {
    chose = d.submit() == DialogAction::Accept;
    ImGui::SetKeyboardFocusHere(-1);  // stay in the field (a folder typed, a name to change)
  }

  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "%s",
        saving
            ? ("a name in the folder above (" + d.ext() + " is added), or a path elsewhere").c_str()
            : "a file in the folder above, or a path elsewhere");
  }
}

// The question or error under the name, then the buttons that answer it: replace or keep a file
// that is there, else save (or open) or cancel.
void draw_dialog_buttons(FileDialog& d, bool saving, bool& chose) {
  // (As it is now: this frame's Enter may have asked a question.)
  if (const std::string& now = d.question().empty() ? d.error() : d.question(); !now.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kErrorColour, "%s", now.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!d.question().empty()) {
    if (ImGui::Button("replace it")) chose = d.confirm_replace() == DialogAction::Accept;
    ImGui::SameLine();
    if (ImGui::Button("keep it") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
      d.decline_replace();
    }
  } else {
    if (ImGui::Button(saving ? "save" : "open")) chose = d.submit() == DialogAction::Accept;
    ImGui::SameLine();
    if (ImGui::Button("cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
      d.close();
    }
  }
}

}  // namespace

bool draw_file_dialog_window(FileDialog& d) {
  if (!d.is_open()) return false;
  const std::string title = d.title() + kPopupId;
  if (!ImGui::IsPopupOpen(kPopupId)) ImGui::OpenPopup(title.c_str());
  bool keep_open = true;
  if (!begin_dialog_popup(title, keep_open)) {
    d.close();  // closed by ImGui (the title bar's cross on the frame it was drawn)
    return false;
  }
  const bool saving = d.mode() == FileDialogMode::Save;
  bool chose = false;
  draw_folder_row(d);
  if (auto click = draw_listing(d, list_height(d))) follow_list_click(d, *click, chose);
  draw_name_field(d, saving, chose);
  draw_dialog_buttons(d, saving, chose);
  if (!keep_open) d.close();
  if (!d.is_open()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return chose;
}

}  // namespace dungen::app
