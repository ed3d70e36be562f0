#pragma once
// The app's own "save as" and "open" window (Dear ImGui has no native dialog), without ImGui: the
// folder it shows (a full path), that folder's sub-folders and files of the wanted kind, going up
// and into folders, the file name typed, and the question asked before an existing file is
// replaced. The window itself (src/app/file_dialog_window.cpp) draws this state and calls these
// functions, so the tests check every decision without a window.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace dungen::app {

enum class FileDialogMode { Save, Open };

// A folder lists at most this many entries (a huge folder is cut, and says so).
inline constexpr std::size_t kMaxFolderEntries = 2000;

struct FolderEntry {
  std::string name;
  bool folder = false;
  std::uintmax_t bytes = 0;  // files only
};

struct FolderListing {
  std::vector<FolderEntry> entries;  // folders first, then files; each by name, case ignored
  bool cut = false;                  // more than kMaxFolderEntries: the first ones by name
  std::string error;                 // the folder could not be read (entries is empty)
};

// The folder's sub-folders and its files whose name ends in `ext` (case ignored; empty: all
// files). Hidden entries (a leading '.') are left out.
FolderListing list_folder(const std::filesystem::path& folder, std::string_view ext);

// A size as a person reads it: "512 bytes", "17 KB", "10.4 MB".
std::string human_bytes(std::uintmax_t bytes);

// What submit() or confirm_replace() decided.
enum class DialogAction {
  None,        // nothing (no question to confirm)
  Navigated,   // the name was a folder: the dialog now shows it
  AskReplace,  // Save: the file exists; question() asks (confirm_replace() or decline_replace())
  Accept,      // chosen() is the file to write or read; the dialog has closed
  Error,       // error() says why; the dialog stays open
};

class FileDialog {
 public:
  // Opens the dialog on `folder` (made absolute) with `name` in the name field. `ext` (".png")
  // is the kind of file listed, and added to a saved name that does not end in it.
  void open(FileDialogMode mode, std::string title, std::string ext,
            const std::filesystem::path& folder, std::string name);
  void close() { open_ = false; }
  bool is_open() const { return open_; }

  FileDialogMode mode() const { return mode_; }
  const std::string& title() const { return title_; }
  const std::string& ext() const { return ext_; }
  const std::filesystem::path& folder() const { return folder_; }
  const FolderListing& listing() const { return listing_; }

  // The name field, as ImGui edits it (a path relative to the folder, or absolute; "~/" is the
  // home folder). Typing in it withdraws a question asked about the name before.
  char* name_buffer() { return name_; }
  std::size_t name_capacity() const { return sizeof name_; }
  std::string name() const { return name_; }
  void set_name(std::string_view name);
  void name_edited() { question_.clear(); }

  void go_up();
  void go_into(std::string_view folder_name);
  void go_to(const std::filesystem::path& folder);
  void refresh();

  // The name field's Enter, or the Save / Open button.
  DialogAction submit();
  // Save, the question asked: replace the file (Accept), or keep it and go on choosing.
  DialogAction confirm_replace();
  void decline_replace() { question_.clear(); }

  const std::string& question() const { return question_; }  // empty: none asked
  const std::string& error() const { return error_; }
  // The file accepted: absolute, without "." or ".." parts.
  const std::filesystem::path& chosen() const { return chosen_; }

 private:
  DialogAction fail(std::string why);
  DialogAction accept(std::filesystem::path path);
  std::filesystem::path resolve(std::string_view typed) const;

  bool open_ = false;
  FileDialogMode mode_ = FileDialogMode::Save;
  std::string title_;
  std::string ext_;
  std::filesystem::path folder_;
  FolderListing listing_;
  char name_[512] = "";
  std::string default_name_;  // Save: the name the field gets back after going into a folder
  std::string question_;
  std::filesystem::path asked_;  // the file question_ is about
  std::string error_;
  std::filesystem::path chosen_;
};

}  // namespace dungen::app
