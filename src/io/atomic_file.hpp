#pragma once
// A file written whole or not at all: the text goes to a temporary file in the target's folder,
// which replaces the target only once everything was written, flushed and synced (fsync) and the
// file closed, each result checked. On any failure, or if commit() is never reached (an
// exception, a killed process before the rename), the temporary file is removed (or, killed,
// left under a hidden name) and the target is untouched: an existing file keeps its content, an
// existing symlink stays a symlink. A symlink at the path is followed: the file it points to is
// what gets replaced (keeping its permissions).
//
// A target that exists and is not a regular file (/dev/null, /dev/stdout, a FIFO) cannot be
// replaced by renaming without destroying it: it is written directly, and a failed write is still
// reported (/dev/full: "No space left on device").

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace dungen {

class AtomicFile {
 public:
  // Creates the temporary file next to `path` (a symlink at `path` is followed: the file it
  // points to is what gets replaced). On failure, *error says why in a few words.
  static std::optional<AtomicFile> open(const std::string& path, std::string* error);
  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&&) = delete;
  AtomicFile(const AtomicFile&) = delete;
  ~AtomicFile();

  // False once any write has failed (then commit() fails too).
  bool write(std::string_view text);
  // Flushes, closes and renames over the target. False (with *error) if any step failed.
  bool commit(std::string* error);

 private:
  // temp empty: writing straight to a target that is not a regular file.
  AtomicFile(std::FILE* file, std::string target, std::string temp)
      : file_(file), target_(std::move(target)), temp_(std::move(temp)) {}
  void discard();

  std::FILE* file_ = nullptr;
  std::string target_;
  std::string temp_;
  bool failed_ = false;
  int error_ = 0;  // errno of the failed write
};

}  // namespace dungen
