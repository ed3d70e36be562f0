#pragma once
// A file written whole or not at all: the text goes to a temporary file in the target's folder,
// which replaces the target only once everything was written, flushed and synced (fsync) and the
// file closed, each result checked. On any failure, or if commit() is never reached (an
// exception, a killed process before the rename), the temporary file is removed and the target
// is untouched: an existing file keeps its content, an existing symlink stays a symlink.
//
// What the path names is decided before anything is opened (resolve_output):
// - A symlink at the path is followed, link by link (up to 40): the file it points to is what
//   gets replaced (keeping its permissions); a dangling link names the file to create (the link
//   stays a link, now to a file). A link into a folder that does not exist is refused.
// - A link in a world-writable sticky folder (/tmp) is followed only if it belongs to the user
//   or to the folder's owner, as the kernel's fs.protected_symlinks rule does for open(): the
//   program follows links itself, so the kernel's rule could not apply. This holds for root too.
// - An inherited descriptor (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, met at the
//   path or anywhere along its links) is written through: what the shell opened (`>> log.txt`
//   appends, `> log.txt` truncated it) gets the bytes, the file behind it is never replaced.
// - Anything under /proc, and anything that is not a regular file once the links are followed (a
//   device such as /dev/null or /dev/full, a FIFO, a socket), is written through too: renaming
//   over it would destroy it. A failed write is still reported (/dev/full: "No space left on
//   device"). A FIFO is opened without waiting: with no process reading it, the open fails at
//   once ("no process is reading this FIFO") instead of blocking forever.
//
// Temporary files are named ".NAME.tmp-XXXXXX" (NAME cut to fit the folder's longest name). While
// one is open it is listed in a fixed table that a SIGTERM, SIGINT or SIGHUP handler (installed
// on first use, only where the signal's action is still the default) removes before the process
// dies of the signal. One left by a kill -9 or a crash is removed by the next write to that folder
// once it is more than a day old (only files of that pattern, regular files owned by the user).

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace dungen {

// What an output path names, found before anything is opened or written.
struct OutputTarget {
  enum class Kind {
    File,     // a regular file (or one to create): written to a temporary file, then renamed
    Through,  // a descriptor, device, FIFO or /proc file: written in place, never replaced
  };
  Kind kind = Kind::File;
  std::string path;     // links followed: the file to replace or create, or the one written
  int descriptor = -1;  // Through an inherited descriptor: its number (path is then the name)
  bool exists = false;  // path exists (File: a regular file there)
  // Two outputs that are the same regular file have the same identity (device and inode when it
  // exists, its absolute canonical name when it does not); devices and FIFOs have none.
  std::string identity;
};

// Follows `path` as described above; on failure, the error says why in a few words.
Checked<OutputTarget> resolve_output(const std::string& path);

// The mkstemp pattern of a temporary file beside `target`: "FOLDER/.NAME.tmp-XXXXXX".
std::string temp_name_pattern(const std::string& target);

class AtomicFile {
 public:
  // Resolves `path` (resolve_output) and opens it: a temporary file next to the target, or the
  // target itself when it is written through. On failure, the error says why in a few words.
  static Checked<AtomicFile> open(const std::string& path);
  static Checked<AtomicFile> open(const OutputTarget& target);
  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&&) = delete;
  AtomicFile(const AtomicFile&) = delete;
  ~AtomicFile();

  // False once any write has failed (then commit() fails too, with that write's errno).
  bool write(std::string_view text);
  // Flushes, syncs, closes and renames over the target: the error of the step that failed, or
  // nothing.
  std::optional<Error> commit();
  // commit() in two halves, for several files that must be replaced together (io/output_plan):
  // finish() writes out, syncs and closes (every failure of the data shows here); publish()
  // renames the finished temporary file over the target.
  std::optional<Error> finish();
  std::optional<Error> publish();
  // Drops the temporary file: the target stays as it was.
  void discard();

  bool through() const { return temp_.empty(); }
  const std::string& target() const { return target_; }

 private:
  AtomicFile(int fd, std::string target, std::string temp, int slot)
      : fd_(fd), target_(std::move(target)), temp_(std::move(temp)), slot_(slot) {}
  bool drain();
  void fail(int e);

  int fd_ = -1;
  std::string target_;
  std::string temp_;  // empty: written through
  int slot_ = -1;     // the temporary file's entry in the signal handler's table
  std::string buffer_;
  bool finished_ = false;
  int error_ = 0;  // errno of the first failure
};

}  // namespace dungen
