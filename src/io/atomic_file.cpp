#include "io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dungen {

namespace {
std::string errno_text(int e) {
  return std::strerror(e ? e : EIO);
}
}  // namespace

std::optional<AtomicFile> AtomicFile::open(const std::string& path, std::string* error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path target(path);
  if (fs::is_symlink(fs::symlink_status(target, ec))) {
    // Followed to the end of the chain; a dangling link names the file to create.
    const fs::path resolved = fs::weakly_canonical(target, ec);
    if (ec) {
      *error = "its symlink cannot be followed: " + ec.message();
      return std::nullopt;
    }
    target = resolved;
  }
  struct stat st {};
  const bool exists = ::stat(target.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    *error = "is a folder";
    return std::nullopt;
  }
  if (exists && !S_ISREG(st.st_mode)) {
    // A device or a pipe: nothing to keep, and renaming over it would destroy it.
    std::FILE* file = std::fopen(target.c_str(), "wb");
    if (!file) {
      *error = errno_text(errno);
      return std::nullopt;
    }
    return AtomicFile(file, target.string(), {});
  }
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  // ".NAME.tmp-XXXXXX", with NAME cut (at a character's start) so the whole fits the folder's
  // longest file name: a legal 250-byte name must still be writable.
  constexpr std::string_view kTempSuffix = ".tmp-XXXXXX";
  long name_max = ::pathconf(folder.c_str(), _PC_NAME_MAX);
  if (name_max <= 0) name_max = 255;
  std::string base = target.filename().string();
  const auto room = static_cast<std::size_t>(name_max) - 1 - kTempSuffix.size();
  if (base.size() > room) {
    std::size_t cut = room;
    while (cut > 0 && (static_cast<unsigned char>(base[cut]) & 0xC0u) == 0x80u) --cut;
    base.resize(cut);
  }
  std::string temp_name(1, '.');
  temp_name += base;
  temp_name += kTempSuffix;
  const std::string pattern = (folder / temp_name).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) {
    *error = errno_text(errno);
    return std::nullopt;
  }
  // mkstemp makes the file private (0600): the result gets the permissions the file it replaces
  // had, or those a new file would get.
  mode_t mode = 0;
  if (exists) {
    mode = st.st_mode & 07777;
  } else {
#if defined(__EMSCRIPTEN__)
    // The browser build's file system is the page's own, with no other users; its umask reads
    // 0777, which would leave the file unreadable even to the page (its download).
    mode = 0644;
#else
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
#endif
  }
  ::fchmod(fd, mode);
  std::FILE* file = ::fdopen(fd, "wb");
  if (!file) {
    *error = errno_text(errno);
    ::close(fd);
    ::unlink(name.data());
    return std::nullopt;
  }
  return AtomicFile(file, target.string(), std::string(name.data()));
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : file_(std::exchange(other.file_, nullptr)),
      target_(std::move(other.target_)),
      temp_(std::exchange(other.temp_, {})),
      failed_(other.failed_),
      error_(other.error_) {}

AtomicFile::~AtomicFile() {
  discard();
}

void AtomicFile::discard() {
  if (file_) std::fclose(file_);
  file_ = nullptr;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  temp_.clear();
}

bool AtomicFile::write(std::string_view text) {
  if (failed_ || !file_) return false;
  if (!text.empty() && std::fwrite(text.data(), 1, text.size(), file_) != text.size()) {
    failed_ = true;
    error_ = errno;
  }
  return !failed_;
}

bool AtomicFile::commit(std::string* error) {
  if (!file_) {
    *error = "already written";
    return false;
  }
  const bool direct = temp_.empty();
  int why = failed_ ? error_ : 0;
  const auto fail = [&why](int e) {
    if (why == 0) why = e ? e : EIO;  // the first failure is the one to report
  };
  if (!failed_ && std::fflush(file_) != 0) fail(errno);
  // fsync: the data is on the disk before the rename makes it the file (a crash then leaves the
  // old file or the new one, never an empty one). Devices and pipes have nothing to sync.
  if (why == 0 && !direct && ::fsync(::fileno(file_)) != 0) fail(errno);
  if (std::fclose(file_) != 0) fail(errno);
  file_ = nullptr;
  if (failed_ || why != 0) {
    *error = "could not be written completely: " + errno_text(why);
    discard();
    return false;
  }
  if (direct) return true;
  if (::rename(temp_.c_str(), target_.c_str()) != 0) {
    *error = errno_text(errno);
    discard();
    return false;
  }
  temp_.clear();
  // The rename itself is made durable by syncing the folder (best effort: some file systems
  // refuse to sync a folder, and the file is already complete either way).
  const std::filesystem::path folder = std::filesystem::path(target_).parent_path();
  const int dir = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return true;
}

}  // namespace dungen
