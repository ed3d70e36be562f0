#pragma once
// A file written whole or not at all: the text goes to a temporary file in the target's folder,
// which replaces the target only once everything was written and flushed. On any failure, or if
// commit() is never reached, the temporary file is removed and the target is untouched.

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
  AtomicFile(std::FILE* file, std::string target, std::string temp)
      : file_(file), target_(std::move(target)), temp_(std::move(temp)) {}
  void discard();

  std::FILE* file_ = nullptr;
  std::string target_;
  std::string temp_;
  bool failed_ = false;
};

}  // namespace dungen
