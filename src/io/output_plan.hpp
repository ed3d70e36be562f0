#pragma once
// Every file one command will write, known and opened before any work starts, and replaced
// together at the end: a command's outputs (--out, --trace, a tmj map's tilesets) are one output.
//
// add() resolves a path (io/atomic_file.hpp: links followed, descriptors and devices written
// through), refuses it if it is a file the plan already writes (two spellings of one file, a hard
// link, a trace that is a tileset), and opens it (a temporary file beside the target). commit()
// first finishes every file (written out, synced, closed: a full disk, a size limit or an I/O
// error shows here) and only then renames them over their targets, so a failure in any file
// leaves every old file as it was and no temporary file behind. If the plan is dropped without
// commit() (an error, an exception), every temporary file is removed.
//
// Errors are one line naming the flag and the path (shown(): control characters escaped), ready
// to be printed after "dungen: ".

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "io/atomic_file.hpp"

namespace dungen {

class OutputPlan {
 public:
  // The file `flag` names. needs_regular_file: if not empty, a target that is not a regular
  // file (a device, FIFO, descriptor) is refused, saying this (e.g. "a tmj map's tilesets are
  // written beside it"). Returns the error, or nothing (the file is then file(size() - 1)).
  std::optional<Error> add(std::string_view flag, const std::string& path,
                           std::string_view needs_regular_file = {});
  // A file that entry `of` writes beside itself (a tmj map's tileset: kind "tileset"); always a
  // regular file. Errors name `of`'s flag and path.
  std::optional<Error> add_derived(std::size_t of, const std::string& path, std::string_view kind);

  std::size_t size() const { return entries_.size(); }
  AtomicFile& file(std::size_t i) { return *entries_.at(i).file; }
  // Where entry i's bytes go (its links followed): a tmj map's tilesets go beside this.
  const std::string& target(std::size_t i) const { return entries_.at(i).target.path; }
  // Entry i will not be written after all (its temporary file removed, its target untouched).
  void drop(std::size_t i);

  // Finishes every file, then replaces the targets. The error, or nothing.
  std::optional<Error> commit();

 private:
  struct Entry {
    std::string flag;
    std::string path;  // as given
    std::string kind;  // derived files: what it is ("tileset"); empty for a flag's own file
    std::size_t of = 0;
    OutputTarget target;
    std::optional<AtomicFile> file;
  };
  std::optional<Error> open(Entry entry, std::string_view needs_regular_file);
  Error cannot(const Entry& e, const std::string& why, std::string_view hint) const;
  std::deque<Entry> entries_;  // a deque: file() references stay valid as entries are added
};

}  // namespace dungen
