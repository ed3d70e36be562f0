#include "io/atomic_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

namespace dungen {

std::optional<AtomicFile> AtomicFile::open(const std::string& path, std::string* error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path target(path);
  if (fs::is_symlink(fs::symlink_status(target, ec))) {
    const fs::path resolved = fs::weakly_canonical(target, ec);
    if (!ec) target = resolved;
  }
  if (fs::is_directory(target, ec)) {
    *error = "is a folder";
    return std::nullopt;
  }
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string temp_name(1, '.');
  temp_name += target.filename().string();
  temp_name += ".tmp-XXXXXX";
  const std::string pattern = (folder / temp_name).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) {
    *error = std::strerror(errno);
    return std::nullopt;
  }
  // mkstemp makes the file private (0600); the target gets the permissions a new file would.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  std::FILE* file = ::fdopen(fd, "wb");
  if (!file) {
    *error = std::strerror(errno);
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
      failed_(other.failed_) {}

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
  }
  return !failed_;
}

bool AtomicFile::commit(std::string* error) {
  if (!file_) {
    *error = "already written";
    return false;
  }
  const bool flushed = !failed_ && std::fflush(file_) == 0 && ::fsync(::fileno(file_)) == 0;
  const int saved = errno;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!flushed || !closed) {
    *error = std::string("could not be written completely: ") +
             std::strerror(flushed ? errno : (saved ? saved : EIO));
    discard();
    return false;
  }
  if (::rename(temp_.c_str(), target_.c_str()) != 0) {
    *error = std::strerror(errno);
    discard();
    return false;
  }
  temp_.clear();
  return true;
}

}  // namespace dungen
