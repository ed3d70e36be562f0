#include "app/logic/file_dialog.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "io/param_args.hpp"

namespace fs = std::filesystem;

namespace dungen::app {
namespace {

bool ends_with_ext(std::string_view name, std::string_view ext) {
  if (ext.empty()) return true;
  if (name.size() <= ext.size()) return false;  // ".png" alone is a hidden file, not a PNG
  const std::string_view tail = name.substr(name.size() - ext.size());
  return std::equal(tail.begin(), tail.end(), ext.begin(), ext.end(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) ==
           std::tolower(static_cast<unsigned char>(b));
  });
}

bool name_before(const FolderEntry& a, const FolderEntry& b) {
  if (a.folder != b.folder) return a.folder;
  return std::lexicographical_compare(a.name.begin(), a.name.end(), b.name.begin(), b.name.end(),
                                      [](char x, char y) {
                                        return std::tolower(static_cast<unsigned char>(x)) <
                                               std::tolower(static_cast<unsigned char>(y));
                                      });
}

// Absolute, without "." and ".." parts, and without a trailing separator ("/tmp/" is "/tmp").
fs::path clean(const fs::path& p) {
  std::error_code ec;
  fs::path out = fs::absolute(p, ec);
  if (ec) out = p;
  out = out.lexically_normal();
  if (!out.has_filename() && out.has_parent_path() && out != out.root_path()) {
    out = out.parent_path();
  }
  return out;
}

}  // namespace

FolderListing list_folder(const fs::path& folder, std::string_view ext) {
  FolderListing out;
  std::error_code ec;
  fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    out.error = "cannot read " + shown(folder.string()) + ": " + ec.message();
    return out;
  }
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) {
      out.error = "cannot read all of " + shown(folder.string()) + ": " + ec.message();
      break;
    }
    std::string name = it->path().filename().string();
    if (name.empty() || name.front() == '.') continue;
    std::error_code type_ec;
    const bool folder_entry = it->is_directory(type_ec);  // a link to a folder is a folder
    if (!folder_entry) {
      if (!it->is_regular_file(type_ec) || !ends_with_ext(name, ext)) continue;
    }
    FolderEntry e{std::move(name), folder_entry, 0};
    if (!folder_entry) {
      std::error_code size_ec;
      const std::uintmax_t size = it->file_size(size_ec);
      e.bytes = size_ec ? 0 : size;
    }
    out.entries.push_back(std::move(e));
    // Keep the first kMaxFolderEntries by name, whatever order the folder gives them in: a
    // bounded list however big the folder (sorted and cut each time it doubles the limit).
    if (out.entries.size() >= 2 * kMaxFolderEntries) {
      std::sort(out.entries.begin(), out.entries.end(), name_before);
      out.entries.resize(kMaxFolderEntries);
      out.cut = true;
    }
  }
  std::sort(out.entries.begin(), out.entries.end(), name_before);
  if (out.entries.size() > kMaxFolderEntries) {
    out.entries.resize(kMaxFolderEntries);
    out.cut = true;
  }
  return out;
}

std::string human_bytes(std::uintmax_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  const char* units[] = {"KB", "MB", "GB", "TB"};
  double v = static_cast<double>(bytes) / 1024.0;
  int u = 0;
  while (v >= 1024.0 && u < 3) {
    v /= 1024.0;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, v < 10.0 ? "%.1f %s" : "%.0f %s", v, units[u]);
  return buf;
}

void FileDialog::open(FileDialogMode mode, std::string title, std::string ext,
                      const fs::path& folder, std::string name) {
  open_ = true;
  mode_ = mode;
  title_ = std::move(title);
  ext_ = std::move(ext);
  question_.clear();
  error_.clear();
  chosen_.clear();
  default_name_ = name;
  set_name(name);
  go_to(folder);
}

void FileDialog::set_name(std::string_view name) {
  const std::size_t n = std::min(name.size(), sizeof name_ - 1);
  std::memcpy(name_, name.data(), n);
  name_[n] = '\0';
  question_.clear();
}

void FileDialog::go_to(const fs::path& folder) {
  folder_ = clean(folder);
  question_.clear();
  refresh();
}

void FileDialog::go_up() {
  if (folder_.has_parent_path() && folder_.parent_path() != folder_) go_to(folder_.parent_path());
}

void FileDialog::go_into(std::string_view folder_name) {
  go_to(folder_ / fs::path(std::string(folder_name)));
}

void FileDialog::refresh() {
  listing_ = list_folder(folder_, ext_);
}

fs::path FileDialog::resolve(std::string_view typed) const {
  std::string text(typed);
  // "~" and "~/..." are the home folder, as a shell would read them.
  if (text == "~" || text.rfind("~/", 0) == 0) {
    if (const char* home = std::getenv("HOME"); home && *home) text = home + text.substr(1);
  }
  return folder_ / fs::path(text);  // an absolute name replaces the folder
}

DialogAction FileDialog::fail(std::string why) {
  error_ = std::move(why);
  question_.clear();
  return DialogAction::Error;
}

DialogAction FileDialog::accept(fs::path path) {
  chosen_ = std::move(path);
  question_.clear();
  error_.clear();
  open_ = false;
  return DialogAction::Accept;
}

DialogAction FileDialog::submit() {
  if (!open_) return DialogAction::None;
  error_.clear();
  const std::string typed = name_;
  if (typed.empty()) return fail("type a file name, or pick one from the list");
  fs::path path = clean(resolve(typed));
  std::error_code ec;
  // A folder's name (or "..", or a path ending in '/'): go there.
  if (fs::is_directory(path, ec)) {
    go_to(path);
    set_name(mode_ == FileDialogMode::Open ? "" : default_name_);
    return DialogAction::Navigated;
  }
  if (mode_ == FileDialogMode::Open) {
    // "cave" for cave.json, as the list shows it.
    if (!fs::exists(path, ec) && !ext_.empty() && !ends_with_ext(path.filename().string(), ext_)) {
      fs::path with = path;
      with += ext_;
      if (fs::is_regular_file(with, ec)) path = with;
    }
    if (!fs::exists(path, ec)) return fail("no file " + shown(path.string()));
    if (!fs::is_regular_file(path, ec)) {
      return fail(shown(path.string()) + " is not a regular file: pick a preset file");
    }
    return accept(std::move(path));
  }
  // Save: the format's extension, unless the name has it already.
  if (!ends_with_ext(path.filename().string(), ext_)) path += ext_;
  const fs::path parent = path.parent_path();
  if (!fs::is_directory(parent, ec)) return fail("no folder " + shown(parent.string()));
  const fs::file_status st = fs::status(path, ec);  // a link: what it points to
  if (fs::is_directory(st)) return fail(shown(path.string()) + " is a folder: type a file name");
  if (fs::exists(st) && !fs::is_regular_file(st)) {
    return fail(shown(path.string()) + " is not a regular file: choose another name");
  }
  if (fs::exists(st)) {
    std::error_code size_ec;
    const std::uintmax_t size = fs::file_size(path, size_ec);
    question_ = shown(path.string()) + " exists" +
                (size_ec ? std::string() : " (" + human_bytes(size) + ")") + ": replace it?";
    asked_ = path;
    return DialogAction::AskReplace;
  }
  return accept(std::move(path));
}

DialogAction FileDialog::confirm_replace() {
  if (!open_ || question_.empty()) return DialogAction::None;
  return accept(asked_);
}

}  // namespace dungen::app
