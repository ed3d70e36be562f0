// "Save and share" in the left panel: the lesson presets, the share string (copy, or paste one to
// load it), and files: save or open a preset, export the current step as a PNG, record the run up
// to the current step as a GIF. Every file goes through the same writers as the CLI's.

#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "app/download.hpp"
#include "app/logic/session.hpp"
#include "app/logic/session_preset.hpp"
#include "app/panels.hpp"
#include "io/atomic_file.hpp"
#include "render/png_file.hpp"
#include "render/recording.hpp"

namespace dungen::app {
namespace {

// The app records GIFs of maps up to this many cells a side (on the window's thread; the CLI's
// `dungen record` takes any map whose picture fits).
constexpr int kMaxGifMapSide = 512;
constexpr int kGifFrames = 120;

struct Lesson {
  std::string file;
  Preset preset;
};

// The lesson presets: installed next to the program (share/dungen/presets), or in the source
// tree the program was built from. Read once.
const std::vector<Lesson>& lessons() {
  static const std::vector<Lesson> list = [] {
    std::vector<Lesson> out;
    for (const char* dir : {DUNGEN_INSTALLED_PRESETS, DUNGEN_SOURCE_PRESETS}) {
      std::error_code ec;
      if (!std::filesystem::is_directory(dir, ec)) continue;
      for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.path().extension() != ".json") continue;
        auto r = read_preset_file(entry.path().string());
        if (auto* p = std::get_if<Preset>(&r))
          out.push_back({entry.path().filename().string(), *p});
      }
      if (!out.empty()) break;
    }
    std::sort(out.begin(), out.end(),
              [](const Lesson& a, const Lesson& b) { return a.preset.title < b.preset.title; });
    return out;
  }();
  return list;
}

}  // namespace

const std::vector<Preset>& lesson_presets() {
  static const std::vector<Preset> list = [] {
    std::vector<Preset> out;
    for (const Lesson& l : lessons()) out.push_back(l.preset);
    return out;
  }();
  return list;
}

namespace {

void say(UiState& ui, std::string text, bool error) {
  ui.share.message = std::move(text);
  ui.share.message_is_error = error;
}

// A file written: said, and in the browser build handed over as a download (download.hpp).
void wrote(UiState& ui, const std::string& path, const std::string& what) {
  offer_download(path);
  say(ui, (files_are_downloads() ? "downloaded " : "wrote ") + path + what, false);
}

// The largest cell size up to the default that keeps the picture within the exporters' limit.
int fitting_cell_px(const Grid& g, int limit) {
  return std::clamp(limit / std::max(g.width(), g.height()), 1, kDefaultCellPx);
}

void save_preset(Session& session, UiState& ui, const std::string& path) {
  std::string why;
  auto file = AtomicFile::open(path, &why);
  if (file) {
    file->write(preset_json(preset_of(session)));
    if (file->commit(&why)) return wrote(ui, path, " (the preset)");
  }
  say(ui, "cannot save " + path + ": " + why, true);
}

void open_preset(Session& session, UiState& ui, const std::string& path) {
  auto r = read_preset_file(path);
  if (auto* err = std::get_if<std::string>(&r)) return say(ui, *err, true);
  if (auto err = apply_preset(session, std::get<Preset>(r))) return say(ui, *err, true);
  ui.preset_note = note_of(std::get<Preset>(r));
  say(ui, "opened " + path, false);
}

void export_png(const Session& session, UiState& ui, const std::string& path) {
  const Grid& g = session.grid();
  const int px = fitting_cell_px(g, kMaxImageSide);
  if (auto err = image_size_error(g.width(), g.height(), px)) return say(ui, *err, true);
  const Image img =
      draw_map(g, {.cell_px = px, .room_colours = session.generator().text_shows_labels});
  if (auto err = write_png(path, img)) return say(ui, *err, true);
  wrote(ui, path,
        " (" + std::to_string(img.width) + "x" + std::to_string(img.height) + " px, step " +
            std::to_string(session.position()) + ")");
}

void record(const Session& session, UiState& ui, const std::string& path) {
  const Preset p = preset_of(session);
  const int w = p.params.get_int("width"), h = p.params.get_int("height");
  if (std::max(w, h) > kMaxGifMapSide) {
    return say(ui,
               "GIFs from the app: maps up to " + std::to_string(kMaxGifMapSide) +
                   " cells a side (use `dungen record` for bigger ones)",
               true);
  }
  RecordOptions o;
  o.frames = kGifFrames;
  o.cell_px = std::clamp(kMaxGifSide / std::max(w, h), 1, kDefaultCellPx);
  o.last_step = std::max<std::uint64_t>(1, session.position());
  std::string bytes;
  if (auto err = record_gif(*p.generator, p.params, p.seed, o, bytes)) return say(ui, *err, true);
  std::string why;
  auto file = AtomicFile::open(path, &why);
  if (file) {
    file->write(bytes);
    if (file->commit(&why)) {
      return wrote(ui, path, " (steps 0.." + std::to_string(o.last_step) + ")");
    }
  }
  say(ui, "cannot write " + path + ": " + why, true);
}

}  // namespace

void share_section(Session& session, UiState& ui) {
  ShareUi& s = ui.share;
  // Lessons.
  const auto& list = lessons();
  if (!list.empty() && ImGui::BeginCombo("##lessons", "lesson presets...")) {
    for (const Lesson& l : list) {
      if (ImGui::Selectable(l.preset.title.c_str())) {
        if (auto err = apply_preset(session, l.preset)) {
          say(ui, *err, true);
        } else {
          ui.preset_note = note_of(l.preset);
          say(ui, "loaded " + l.file, false);
        }
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", l.file.c_str());
    }
    ImGui::EndCombo();
  }
  // The share string of what is shown, and a field to paste one into.
  const std::string share = share_string(preset_of(session));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", share.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::Button("copy share string")) {
    ImGui::SetClipboardText(share.c_str());
    say(ui, "copied: paste it into a chat, or into this field in another dungen-viz", false);
  }
  ImGui::SetNextItemWidth(-1.0f);
  const bool entered =
      ImGui::InputTextWithHint("##paste", "paste a share string, Enter", s.paste, sizeof s.paste,
                               ImGuiInputTextFlags_EnterReturnsTrue);
  if (entered) {
    auto r = parse_share_string(s.paste);
    if (auto* err = std::get_if<std::string>(&r)) {
      say(ui, *err, true);
    } else if (auto err2 = apply_preset(session, std::get<Preset>(r))) {
      say(ui, *err2, true);
    } else {
      ui.preset_note = note_for_share(std::get<Preset>(r), lesson_presets());
      say(ui, "loaded the share string", false);
      s.paste[0] = '\0';
    }
  }
  // Files: one path field, the actions beside it.
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputTextWithHint("##path", "file name", s.path, sizeof s.path);
  const std::string path = s.path;
  const auto named = [&](const char* ext) {
    std::filesystem::path p(path.empty() ? "dungen" : path);
    return p.has_extension() ? p.replace_extension(ext).string() : p.string() + ext;
  };
  const auto action = [&](const char* label, float& used) {
    const float w = ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x;
    if (used > 0) same_line_if_fits(w);
    used = w;
    return ImGui::Button(label);
  };
  float used = 0;
  if (action("save preset", used)) save_preset(session, ui, named(".json"));
  if (action("open preset", used)) open_preset(session, ui, named(".json"));
  if (action("export PNG", used)) export_png(session, ui, named(".png"));
  note_item(ui, "share/export-png");
  if (action("record GIF", used)) record(session, ui, named(".gif"));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the run from step 0 to the current step");
  if (!s.message.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    if (s.message_is_error) {
      ImGui::TextColored({1.0f, 0.45f, 0.35f, 1.0f}, "%s", s.message.c_str());
    } else {
      ImGui::TextUnformatted(s.message.c_str());
    }
    ImGui::PopTextWrapPos();
  }
}

}  // namespace dungen::app
