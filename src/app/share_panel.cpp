// "Save and share" in the left panel: the lesson presets, the share string (copy, or paste one to
// load it), and files: save or open a preset, export the current step as a PNG, record the run up
// to the current step as a GIF. Each file is chosen in the file dialog (file_dialog_window.hpp:
// the folder shown, a question before replacing a file) and written on the export job
// (logic/export_job.hpp: off the frame, with progress and a cancel button) by the same writers
// as the CLI's; the status line says the full path written.

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/compare_pane.hpp"
#include "app/download.hpp"
#include "app/file_dialog_window.hpp"
#include "app/logic/export_job.hpp"
#include "app/logic/session.hpp"
#include "app/logic/session_preset.hpp"
#include "app/page.hpp"
#include "app/panels.hpp"
#include "io/atomic_file.hpp"
#include "io/param_args.hpp"

namespace dungen::app {
namespace {

struct LessonFile {
  std::string file;
  Preset preset;
};

// The lesson presets: installed next to the program (share/dungen/presets), or in the source
// tree the program was built from. Read once.
const std::vector<LessonFile>& lessons() {
  static const std::vector<LessonFile> list = [] {
    std::vector<LessonFile> out;
    for (const char* dir : {DUNGEN_INSTALLED_PRESETS, DUNGEN_SOURCE_PRESETS}) {
      std::error_code ec;
      if (!std::filesystem::is_directory(dir, ec)) continue;
      for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.path().extension() != ".json") continue;
        auto r = read_preset_file(entry.path().string());
        if (r) out.push_back({entry.path().filename().string(), *r});
      }
      if (!out.empty()) break;
    }
    std::sort(out.begin(), out.end(), [](const LessonFile& a, const LessonFile& b) {
      return a.preset.title < b.preset.title;
    });
    return out;
  }();
  return list;
}

}  // namespace

const std::vector<Preset>& lesson_presets() {
  static const std::vector<Preset> list = [] {
    std::vector<Preset> out;
    for (const LessonFile& l : lessons()) out.push_back(l.preset);
    return out;
  }();
  return list;
}

namespace {

void say(UiState& ui, std::string text, bool error) {
  ui.share.message = std::move(text);
  ui.share.message_is_error = error;
}

}  // namespace

void open_preset_file(Session& session, UiState& ui, const std::string& path) {
  const std::string name = shown(std::filesystem::path(path).filename().string());
  std::optional<Error> failed;
  Checked<Preset> r = read_preset_file(path, session.generators());
  if (!r) {
    failed = r.error();
  } else if (auto err = apply_preset(session, *r)) {
    failed = err;
  }
  if (failed) {
    // Also on stderr: the page shows it as a note (the section may be closed).
    std::fprintf(stderr, "dungen-viz: %s is not a preset dungen can open: %s\n", name.c_str(),
                 failed->message.c_str());
    return say(ui, failed->message, true);
  }
  ui.preset_note = note_of(*r);
  ui.fork_into_b = r->fork;  // a fork is shown in pane B (the App opens it)
  say(ui, "opened " + shown(path, kShownPathMaxBytes), false);
}

namespace {

struct ActionInfo {
  const char* label;  // the button's
  const char* ext;
  ExportKind kind;  // for the exports
};

ActionInfo info(FileAction a) {
  switch (a) {
    case FileAction::SavePreset:
      return {"save preset", ".json", ExportKind::Preset};
    case FileAction::OpenPreset:
      return {"open preset", ".json", ExportKind::Preset};
    case FileAction::OpenScript:
      return {"open script", ".lua", ExportKind::Preset};
    case FileAction::SaveScript:
      return {"save script", ".lua", ExportKind::Preset};
    case FileAction::ExportPng:
      return {"export PNG", ".png", ExportKind::Png};
    case FileAction::RecordGif:
      return {"record GIF", ".gif", ExportKind::Gif};
    case FileAction::SaveLesson:
      return {"export lesson", ".json", ExportKind::Preset};
  }
  return {"", "", ExportKind::Png};
}

// The Script section's text, written whole or not at all. On the desktop the file is then opened
// and watched, as one the student opened: their own editor can take over. The page offers it as
// a download.
void save_script_text(UiState& ui, const std::string& path) {
  ScriptEdit& edit = ui.script;
  auto said = [&](std::string text, bool error) {
    edit.said = std::move(text);
    edit.said_error = error;
  };
  Checked<AtomicFile> file = AtomicFile::open(path);
  if (!file) return said("could not write " + shown(path) + ": " + file.error().message, true);
  file->write(edit.text);
  if (auto err = file->commit()) {
    return said("could not write " + shown(path) + ": " + err->message, true);
  }
  edit.name = std::filesystem::path(path).filename().string();
  if (files_are_downloads()) {
    offer_download(path);
    return said("downloaded " + shown(edit.name), false);
  }
  // Opened from its file now: the editor follows that script (what was typed is in it).
  ui.share.scripts_to_open.push_back(path);
  edit.edited = false;
  edit.of = nullptr;
  said("saved " + shown(path, kShownPathMaxBytes) + " (watched: saves from your editor reload it)",
       false);
}

// The file is chosen (the dialog, or the browser build's name field): open it, or start writing
// it on the export job (the frame only makes the request: a copy of the map for a PNG).
void file_chosen(Session& session, UiState& ui, FileAction a, const std::string& path) {
  if (a == FileAction::OpenPreset) return open_preset_file(session, ui, path);
  if (a == FileAction::OpenScript) {
    ui.share.scripts_to_open.push_back(path);  // the app opens and watches it
    return say(ui, "", false);
  }
  if (a == FileAction::SaveScript) return save_script_text(ui, path);
  ExportRequest request = make_export(session, info(a).kind, path);
  // The lesson's scores (predict mode's teacher view), written as a preset is: whole or not at all.
  if (a == FileAction::SaveLesson) request.text = session.lesson().json();
  // A saved preset carries pane B's fork as the share string does.
  if (a == FileAction::SavePreset && ui.compare) {
    request.text = preset_json(ui.compare->comparison().preset_of(session));
  }
  if (!ui.share.job.start(std::move(request))) {
    say(ui, "an export is still running: wait for it, or cancel it", true);
    return;
  }
  say(ui, "", false);
}

}  // namespace

// A button: the dialog (the desktop), or straight to the file named in the field (the browser
// build, whose files are downloads of the page's own file system).
void begin_file_action(Session& session, UiState& ui, FileAction a) {
  ShareUi& s = ui.share;
  const ActionInfo what = info(a);
  const bool opening = a == FileAction::OpenPreset || a == FileAction::OpenScript;
  const bool saving_file =
      a == FileAction::SavePreset || a == FileAction::SaveScript || a == FileAction::SaveLesson;
  if (!opening && !saving_file) {
    if (auto why = export_refusal(session, what.kind)) return say(ui, why->message, true);
  }
  // The page opens the browser's own file picker: the file arrives through
  // Window::take_opened_files (a dropped one too), and the app opens it by its extension.
  if (a == FileAction::OpenPreset && page::pick_file(".json,application/json")) {
    return say(ui, "choose a preset file (.json), or drop one on the page", false);
  }
  if (a == FileAction::OpenScript && page::pick_file(".lua,text/x-lua,text/plain")) {
    return say(ui, "choose a generator script (.lua), or drop one on the page", false);
  }
  // A script is saved under its own name (the page downloads it so).
  if (a == FileAction::SaveScript && files_are_downloads()) {
    return file_chosen(session, ui, a, "/opened/" + ui.script.name);
  }
  if (files_are_downloads()) {
    std::filesystem::path p(s.path[0] ? s.path : "dungen");
    if (p.has_extension()) {
      p.replace_extension(what.ext);
    } else {
      p += what.ext;
    }
    return file_chosen(session, ui, a, p.string());
  }
  std::error_code ec;
  const std::filesystem::path folder =
      s.folder.empty() ? std::filesystem::current_path(ec) : std::filesystem::path(s.folder);
  s.dialog_for = a;
  const std::string title =
      opening ? std::string(what.label) : what.label + std::string(": save as");
  const std::string suggested = a == FileAction::SaveScript ? ui.script.name : s.stem + what.ext;
  s.dialog.open(opening ? FileDialogMode::Open : FileDialogMode::Save, title, what.ext, folder,
                opening ? "" : suggested);
}

namespace {

// The running export: what it is doing, and a button to stop it.
void export_progress(UiState& ui) {
  ExportJob& job = ui.share.job;
  if (!job.running()) return;
  const ExportProgress p = job.progress();
  const char* what = job.kind() == ExportKind::Png   ? "PNG"
                     : job.kind() == ExportKind::Gif ? "GIF"
                                                     : "preset";
  const std::string text = std::string(what) + ": " + (job.cancelling() ? "stopping" : p.text());
  // The bar, and the cancel button beside it (under it where the panel is too narrow).
  const char* cancel = job.cancelling() ? "cancelling..." : "cancel";
  const float button_w = ImGui::CalcTextSize(cancel).x + 2 * ImGui::GetStyle().FramePadding.x;
  const float bar_w = ImGui::GetContentRegionAvail().x - button_w - ImGui::GetStyle().ItemSpacing.x;
  const bool beside = bar_w >= ImGui::GetFontSize() * 8.0f;
  ImGui::ProgressBar(static_cast<float>(p.fraction()), {beside ? bar_w : -1.0f, 0.0f},
                     text.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("writing %s", shown(job.path()).c_str());
  if (beside) ImGui::SameLine();
  ImGui::BeginDisabled(job.cancelling());
  if (ImGui::Button(cancel)) job.cancel();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("stops the export: nothing is written");
  }
  note_item(ui, "share/cancel-export");
  ImGui::EndDisabled();
}

// Lessons: a menu of the lesson presets; picking one loads it, with its note under the map.
void lessons_combo(Session& session, UiState& ui) {
  const auto& list = lessons();
  if (!list.empty() && ImGui::BeginCombo("##lessons", "lesson presets...")) {
    for (const LessonFile& l : list) {
      if (ImGui::Selectable(l.preset.title.c_str())) {
        if (auto err = apply_preset(session, l.preset)) {
          say(ui, err->message, true);
        } else {
          ui.preset_note = note_of(l.preset);
          ui.fork_into_b = l.preset.fork;
          say(ui, "loaded " + l.file, false);
        }
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", l.file.c_str());
    }
    ImGui::EndCombo();
  }
}

// The share string of what is shown, and a field to paste one into.
void share_string_rows(Session& session, UiState& ui) {
  ShareUi& s = ui.share;
  // With pane B's fork when B is A's run forked: the string opens both panes.
  const std::string share =
      share_string(ui.compare ? ui.compare->comparison().preset_of(session) : preset_of(session));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", share.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::Button("copy share string")) {
    ImGui::SetClipboardText(share.c_str());
    say(ui, "copied: paste it into a chat, or into this field in another dungen-viz", false);
  }
  note_item(ui, "share/copy");
  // The page: the address that opens this very map, to send to a class.
  // A script the page does not ship travels in the link with its settings.
  const GeneratorSpec& shown_generator = session.generator();
  const bool carry_script =
      !shown_generator.source.empty() &&
      std::find(ui.share.shipped_scripts.begin(), ui.share.shipped_scripts.end(),
                &shown_generator) == ui.share.shipped_scripts.end();
  const std::string script_text = carry_script ? std::string(shown_generator.source) : "";
  if (const std::string link = page::link_for(share, script_text); !link.empty()) {
    same_line_if_fits(ImGui::CalcTextSize("copy link").x + 2 * ImGui::GetStyle().FramePadding.x);
    if (ImGui::Button("copy link")) {
      ImGui::SetClipboardText(link.c_str());
      say(ui,
          carry_script ? "copied a link with these settings and the script's text"
                       : "copied " + link,
          false);
    }
    note_item(ui, "share/copy-link");
  }
  ImGui::SetNextItemWidth(-1.0f);
  const bool entered =
      ImGui::InputTextWithHint("##paste", "paste a share string, Enter", s.paste, sizeof s.paste,
                               ImGuiInputTextFlags_EnterReturnsTrue);
  note_item(ui, "share/paste");
  if (entered) {
    auto r = parse_share_string(s.paste, session.generators());
    if (!r) {
      say(ui, r.error().message, true);
    } else if (auto err2 = apply_preset(session, *r)) {
      say(ui, err2->message, true);
    } else {
      ui.preset_note = note_for_share(*r, lesson_presets());
      ui.fork_into_b = r->fork;
      say(ui,
          r->fork ? "loaded the share string, with its fork in pane B" : "loaded the share string",
          false);
      s.paste[0] = '\0';
    }
  }
}

// One file button, on the row of the one before it (used: that one's width) where it fits.
void file_action_button(Session& session, UiState& ui, FileAction a, const char* dots,
                        float& used) {
  const std::string label = std::string(info(a).label) + dots;
  const float w = ImGui::CalcTextSize(label.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x;
  if (used > 0) same_line_if_fits(w);
  used = w;
  if (ImGui::Button(label.c_str())) begin_file_action(session, ui, a);
  // "share/open-preset", "share/export-png": where the page's tests click.
  std::string name = "share/";
  for (const char c : std::string_view(info(a).label)) {
    name += c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  note_item(ui, name);
}

// Files: each button opens the file dialog (the browser build: the name field, and a
// download). An export runs on its own thread: its progress and a cancel button show here.
void file_rows(Session& session, UiState& ui) {
  ShareUi& s = ui.share;
  if (files_are_downloads()) {
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputTextWithHint("##path", "file name", s.path, sizeof s.path);
  }
  const char* dots = files_are_downloads() ? "" : "...";
  float used = 0;
  ImGui::BeginDisabled(s.job.running());
  file_action_button(session, ui, FileAction::SavePreset, dots, used);
  file_action_button(session, ui, FileAction::OpenPreset, dots, used);
  if (s.scripts) {
    file_action_button(session, ui, FileAction::OpenScript, dots, used);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(files_are_downloads()
                            ? "a generator written in Lua (docs/SCRIPTING.md), from your "
                              "computer: edit it in the Script section"
                            : "a generator written in Lua (docs/SCRIPTING.md), read again each "
                              "time you save it");
    }
  }
  file_action_button(session, ui, FileAction::ExportPng, dots, used);
  file_action_button(session, ui, FileAction::RecordGif, dots, used);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the run from step 0 to the current step");
  ImGui::EndDisabled();
  export_progress(ui);
}

}  // namespace

void draw_file_dialog(Session& session, UiState& ui) {
  ShareUi& s = ui.share;
  if (auto outcome = s.job.take()) {
    const bool downloads = files_are_downloads();
    if (outcome->result == ExportOutcome::Written) offer_download(outcome->path);
    say(ui, export_message(*outcome, s.job.kind(), downloads),
        outcome->result == ExportOutcome::Failed);
    if (!downloads && outcome->result == ExportOutcome::Written) s.dialog.refresh();
  }
  if (!draw_file_dialog_window(s.dialog)) return;
  const std::filesystem::path& chosen = s.dialog.chosen();
  s.folder = chosen.parent_path().string();
  s.stem = chosen.stem().string();
  file_chosen(session, ui, s.dialog_for, chosen.string());
}

void share_section(Session& session, UiState& ui) {
  lessons_combo(session, ui);
  share_string_rows(session, ui);
  file_rows(session, ui);
  status_line(ui.share.message, ui.share.message_is_error);
}

}  // namespace dungen::app
