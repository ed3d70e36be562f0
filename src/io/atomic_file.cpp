#include "io/atomic_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/param_args.hpp"

namespace dungen {

namespace {

namespace fs = std::filesystem;

std::string errno_text(int e) {
  return std::strerror(e ? e : EIO);
}

// ---- Temporary files removed on SIGTERM, SIGINT and SIGHUP ----------------------------------
// A fixed table, so the handler touches no allocator: a slot is claimed (0 -> 1), filled, then
// published (1 -> 2); the handler unlinks the published ones and dies of the signal.

constexpr int kTempSlots = 32;
struct TempSlot {
  std::atomic<int> state{0};
  char path[PATH_MAX];
};
TempSlot g_temp_slots[kTempSlots];
std::atomic<bool> g_handlers_installed{false};
constexpr int kCleanupSignals[] = {SIGTERM, SIGINT, SIGHUP};

extern "C" void remove_temps_and_die(int sig) {
  for (TempSlot& slot : g_temp_slots) {
    if (slot.state.load() == 2) ::unlink(slot.path);
  }
  // SA_RESETHAND restored the default action and SA_NODEFER lets it act now.
  ::raise(sig);
}

void install_cleanup_handlers() {
  if (g_handlers_installed.exchange(true)) return;
  for (const int sig : kCleanupSignals) {
    struct sigaction old {};
    if (::sigaction(sig, nullptr, &old) != 0) continue;
    // A handler someone else set, or an ignored signal (nohup), stays as it is.
    if ((old.sa_flags & SA_SIGINFO) != 0 || old.sa_handler != SIG_DFL) continue;
    struct sigaction action {};
    action.sa_handler = remove_temps_and_die;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    ::sigaction(sig, &action, nullptr);
  }
}

int register_temp(const char* path) {
  const std::size_t n = std::strlen(path);
  if (n >= PATH_MAX) return -1;
  for (int i = 0; i < kTempSlots; ++i) {
    int free_slot = 0;
    if (!g_temp_slots[i].state.compare_exchange_strong(free_slot, 1)) continue;
    std::memcpy(g_temp_slots[i].path, path, n + 1);
    g_temp_slots[i].state.store(2);
    return i;
  }
  return -1;  // more than kTempSlots at once: this one is only removed by the stale sweep
}

void unregister_temp(int slot) {
  if (slot >= 0) g_temp_slots[slot].state.store(0);
}

// Signals blocked for a scope: a temporary file is created and listed with no gap between.
class BlockCleanupSignals {
 public:
  BlockCleanupSignals() {
    sigset_t set;
    sigemptyset(&set);
    for (const int sig : kCleanupSignals) sigaddset(&set, sig);
    ::pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~BlockCleanupSignals() { ::pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  BlockCleanupSignals(const BlockCleanupSignals&) = delete;
  BlockCleanupSignals& operator=(const BlockCleanupSignals&) = delete;

 private:
  sigset_t old_{};
};

// ---- Stale temporary files ------------------------------------------------------------------

constexpr std::string_view kTempSuffix = ".tmp-XXXXXX";
constexpr std::time_t kStaleSeconds = 24 * 60 * 60;
constexpr int kMaxEntriesScanned = 100000;

// ".NAME.tmp-" and six of mkstemp's letters: a name only this code makes.
bool is_temp_name(std::string_view name) {
  const std::size_t tail = kTempSuffix.size();
  if (name.size() < tail + 2 || name[0] != '.') return false;
  const std::string_view suffix = name.substr(name.size() - tail);
  if (suffix.substr(0, 5) != ".tmp-") return false;
  for (const char c : suffix.substr(5)) {
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// Removes temporary files of ours left in `folder` by a killed process: regular files owned by
// this user, named as above, last changed more than a day ago.
void remove_stale_temps(const fs::path& folder) {
  DIR* dir = ::opendir(folder.c_str());
  if (!dir) return;
  const std::time_t now = std::time(nullptr);
  const uid_t me = ::geteuid();
  int scanned = 0;
  while (const dirent* entry = ::readdir(dir)) {
    if (++scanned > kMaxEntriesScanned) break;
    if (!is_temp_name(entry->d_name)) continue;
    struct stat st {};
    if (::fstatat(::dirfd(dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (!S_ISREG(st.st_mode) || st.st_uid != me || now - st.st_mtime < kStaleSeconds) continue;
    ::unlinkat(::dirfd(dir), entry->d_name, 0);
  }
  ::closedir(dir);
}

// ---- What a path names ------------------------------------------------------------------------

constexpr int kMaxLinks = 40;  // as the kernel's limit on a path's symlinks

std::optional<int> whole_number(std::string_view s) {
  int n = -1;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || end != s.data() + s.size() || n < 0) return std::nullopt;
  return n;
}

// The descriptor a path names (/dev/stdout, /dev/fd/3, /proc/self/fd/1, /proc/PID/fd/N with
// this process's PID), read from its spelling alone.
std::optional<int> descriptor_named(const std::string& path) {
  const std::string p = fs::path(path).lexically_normal().string();
  if (p == "/dev/stdin") return 0;
  if (p == "/dev/stdout") return 1;
  if (p == "/dev/stderr") return 2;
  const std::string self = "/proc/" + std::to_string(::getpid()) + "/fd/";
  for (const std::string& prefix : {std::string("/dev/fd/"), std::string("/proc/self/fd/"),
                                    std::string("/proc/thread-self/fd/"), self}) {
    if (p.starts_with(prefix)) return whole_number(std::string_view(p).substr(prefix.size()));
  }
  return std::nullopt;
}

fs::path folder_of(const fs::path& p) {
  return p.has_parent_path() ? p.parent_path() : fs::path(".");
}

std::string identity_of(const struct stat& st) {
  return "inode " + std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
}

}  // namespace

namespace {

// ---- resolve_output's cases, one per kind of thing a path can name ----------------------------

// A descriptor the path names (/dev/stdout, /dev/fd/3): written through, and only if open for
// writing.
Checked<OutputTarget> descriptor_target(const std::string& at, int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0) {
    return Error{"names descriptor " + std::to_string(fd) + ", which is not open"};
  }
  if ((flags & O_ACCMODE) == O_RDONLY) {
    return Error{"names descriptor " + std::to_string(fd) + ", which is open only for reading"};
  }
  OutputTarget t{.kind = OutputTarget::Kind::Through, .path = at, .descriptor = fd, .exists = true};
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) t.identity = identity_of(st);
  return t;
}

// Nothing at the path: a file to create. Through a dangling link (links > 0), its folder must
// exist (the link is left as it is); a plain path's missing folder is reported when the
// temporary file is made.
Checked<OutputTarget> new_file_target(const std::string& at, int links) {
  struct stat folder {};
  if (links > 0 && ::stat(folder_of(at).c_str(), &folder) != 0) {
    return Error{"its symlink points to " + shown(at) + ", in a folder that does not exist"};
  }
  OutputTarget t{.kind = OutputTarget::Kind::File, .path = at, .exists = false};
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(fs::absolute(at, ec), ec);
  t.identity = "path " + (ec ? at : canonical.string());
  return t;
}

// Where the symlink at `at` (lstat'ed as `lst`) points. The kernel's protected_symlinks rule is
// applied here, since the kernel never sees this link followed: in a sticky world-writable
// folder, only the user's links and the folder owner's are followed.
Checked<std::string> link_destination(const std::string& at, const struct stat& lst) {
  const fs::path folder_path = folder_of(at);
  struct stat folder {};
  if (::stat(folder_path.c_str(), &folder) == 0 && (folder.st_mode & S_ISVTX) != 0 &&
      (folder.st_mode & S_IWOTH) != 0 && lst.st_uid != ::geteuid() && lst.st_uid != folder.st_uid) {
    return Error{"is a symlink of another user (uid " + std::to_string(lst.st_uid) +
                 ") in the shared sticky folder " + shown(folder_path.string()) +
                 ": not followed, as by the kernel's protected_symlinks rule"};
  }
  std::error_code ec;
  const fs::path to = fs::read_symlink(at, ec);
  if (ec) {
    return Error{"its symlink cannot be read: " + ec.message()};
  }
  return to.is_absolute() ? to.string() : (folder_path / to).string();
}

// Something there that is not a link: a regular file is replaced, a FIFO or device written
// through, a folder refused.
Checked<OutputTarget> existing_target(const std::string& at, const struct stat& lst) {
  if (S_ISDIR(lst.st_mode)) {
    return Error{"is a folder"};
  }
  OutputTarget t{
      .kind = S_ISREG(lst.st_mode) ? OutputTarget::Kind::File : OutputTarget::Kind::Through,
      .path = at,
      .exists = true};
  if (S_ISREG(lst.st_mode)) t.identity = identity_of(lst);
  return t;
}

}  // namespace

// Follows links one at a time (at most kMaxLinks) until the path names something else.
Checked<OutputTarget> resolve_output(const std::string& path) {
  std::string at = path;
  for (int links = 0; links <= kMaxLinks; ++links) {
    if (const std::optional<int> fd = descriptor_named(at)) return descriptor_target(at, *fd);
    if (fs::path(at).lexically_normal().string().starts_with("/proc/")) {
      // The kernel's own files: nothing there can be replaced by a rename.
      return OutputTarget{.kind = OutputTarget::Kind::Through, .path = at, .exists = true};
    }
    struct stat lst {};
    if (::lstat(at.c_str(), &lst) != 0) {
      const int e = errno;
      if (e != ENOENT) {
        return Error{errno_text(e)};
      }
      return new_file_target(at, links);
    }
    if (!S_ISLNK(lst.st_mode)) return existing_target(at, lst);
    Checked<std::string> to = link_destination(at, lst);
    if (!to) return to.error();
    at = std::move(*to);
  }
  return Error{"its symlinks go round in a loop or chain more than " + std::to_string(kMaxLinks)};
}

std::string temp_name_pattern(const std::string& target) {
  const fs::path path(target);
  const fs::path folder = folder_of(path);
  // ".NAME.tmp-XXXXXX", with NAME cut (at a character's start) so the whole fits the folder's
  // longest file name: a legal 250-byte name must still be writable.
  long name_max = ::pathconf(folder.c_str(), _PC_NAME_MAX);
  if (name_max <= 0) name_max = 255;
  std::string base = path.filename().string();
  const auto room = static_cast<std::size_t>(name_max) - 1 - kTempSuffix.size();
  if (base.size() > room) {
    std::size_t cut = room;
    while (cut > 0 && (static_cast<unsigned char>(base[cut]) & 0xC0u) == 0x80u) --cut;
    base.resize(cut);
  }
  std::string temp_name(1, '.');
  temp_name += base;
  temp_name += kTempSuffix;
  return (folder / temp_name).string();
}

Checked<AtomicFile> AtomicFile::open(const std::string& path) {
  const Checked<OutputTarget> target = resolve_output(path);
  if (!target) return target.error();
  return open(*target);
}

Checked<AtomicFile> AtomicFile::open(const OutputTarget& target) {
  if (target.kind == OutputTarget::Kind::Through) {
    int fd = -1;
    if (target.descriptor >= 0) {
      // The shell's own open file: its offset and O_APPEND are shared, nothing is reopened.
      fd = ::fcntl(target.descriptor, F_DUPFD_CLOEXEC, 3);
    } else {
      // Without waiting: a FIFO with no reader fails at once (ENXIO) instead of hanging.
      fd = ::open(target.path.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
      if (fd < 0 && errno == ENXIO) {
        struct stat st {};
        if (::stat(target.path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode)) {
          return Error{"is a FIFO that no process is reading"};
        }
        errno = ENXIO;
      }
      if (fd >= 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    }
    if (fd < 0) return Error{errno_text(errno)};
    return AtomicFile(fd, target.path, {}, -1);
  }
  remove_stale_temps(folder_of(target.path));
  const std::string pattern = temp_name_pattern(target.path);
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  install_cleanup_handlers();
  int fd = -1;
  int slot = -1;
  {
    const BlockCleanupSignals blocked;
    fd = ::mkstemp(name.data());
    if (fd >= 0) {
      ::fcntl(fd, F_SETFD, FD_CLOEXEC);
      slot = register_temp(name.data());
    }
  }
  if (fd < 0) return Error{errno_text(errno)};
  // mkstemp makes the file private (0600): the result gets the permissions the file it replaces
  // had, or those a new file would get.
  mode_t mode = 0;
  struct stat st {};
  if (target.exists && ::stat(target.path.c_str(), &st) == 0) {
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
  return AtomicFile(fd, target.path, std::string(name.data()), slot);
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      target_(std::move(other.target_)),
      temp_(std::exchange(other.temp_, {})),
      slot_(std::exchange(other.slot_, -1)),
      buffer_(std::move(other.buffer_)),
      finished_(other.finished_),
      error_(other.error_) {}

AtomicFile::~AtomicFile() {
  discard();
}

void AtomicFile::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  temp_.clear();
  unregister_temp(std::exchange(slot_, -1));
  buffer_.clear();
}

void AtomicFile::fail(int e) {
  if (error_ == 0) error_ = e ? e : EIO;  // the first failure is the one to report
}

// Writes the buffer to the descriptor, all of it, each failure's errno kept.
bool AtomicFile::drain() {
  std::size_t done = 0;
  while (error_ == 0 && done < buffer_.size()) {
    const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      fail(n < 0 ? errno : EIO);
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  buffer_.clear();
  return error_ == 0;
}

bool AtomicFile::write(std::string_view text) {
  constexpr std::size_t kBuffer = 1 << 16;
  if (error_ != 0 || fd_ < 0 || finished_) return false;
  if (buffer_.size() + text.size() <= kBuffer) {
    buffer_.append(text);
    return true;
  }
  if (!drain()) return false;
  if (text.size() < kBuffer) {
    buffer_.append(text);
    return true;
  }
  buffer_.assign(text);  // a big piece goes out at once
  return drain();
}

std::optional<Error> AtomicFile::finish() {
  if (fd_ < 0 || finished_) return Error{"already written"};
  drain();
  // fsync: the data is on the disk before the rename makes it the file (a crash then leaves the
  // old file or the new one, never an empty one). Devices and pipes have nothing to sync.
  if (error_ == 0 && !through() && ::fsync(fd_) != 0) fail(errno);
  if (::close(fd_) != 0 && errno != EINTR) fail(errno);
  fd_ = -1;
  finished_ = true;
  if (error_ != 0) {
    discard();
    return Error{"could not be written completely: " + errno_text(error_)};
  }
  return std::nullopt;
}

std::optional<Error> AtomicFile::publish() {
  if (!finished_ || error_ != 0) return Error{"not finished"};
  if (through()) return std::nullopt;
  if (::rename(temp_.c_str(), target_.c_str()) != 0) {
    const int e = errno;  // before discard() can change it
    discard();
    return Error{errno_text(e)};
  }
  temp_.clear();
  unregister_temp(std::exchange(slot_, -1));
  // The rename itself is made durable by syncing the folder (best effort: some file systems
  // refuse to sync a folder, and the file is already complete either way).
  const fs::path folder = folder_of(target_);
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return std::nullopt;
}

std::optional<Error> AtomicFile::commit() {
  if (auto e = finish()) return e;
  return publish();
}

}  // namespace dungen
