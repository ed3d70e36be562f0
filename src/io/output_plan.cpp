#include "io/output_plan.hpp"

#include <unistd.h>

#include <cstdio>
#include <utility>
#include <vector>

#include "io/param_args.hpp"

namespace dungen {

namespace {

// A hard link to `target` under a temporary name beside it (removed with the other stale
// temporary files if the process is killed), or "" where none can be made.
std::string keep_old(const std::string& target) {
  const std::string pattern = temp_name_pattern(target);
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) return {};
  ::close(fd);
  ::unlink(name.data());
  return ::link(target.c_str(), name.data()) == 0 ? std::string(name.data()) : std::string();
}

}  // namespace

Error OutputPlan::cannot(const Entry& e, const std::string& why, std::string_view hint) const {
  const Entry& owner = e.kind.empty() ? e : entries_.at(e.of);
  std::string line = owner.flag + " " + shown(owner.path) + " cannot be written: ";
  if (!e.kind.empty()) line += "its " + e.kind + " " + shown(e.path) + " ";
  line += why;
  line += " (";
  line += hint;
  line += ")";
  return Error{std::move(line)};
}

std::optional<Error> OutputPlan::open(Entry entry, std::string_view needs_regular_file) {
  Checked<OutputTarget> target = resolve_output(entry.path);
  if (!target) return cannot(entry, target.error().message, "give a path in a writable folder");
  if (target->kind != OutputTarget::Kind::File && !needs_regular_file.empty()) {
    constexpr std::string_view kNotAFile = "is a device, FIFO or open descriptor, not a file";
    if (!entry.kind.empty()) return cannot(entry, std::string(kNotAFile), needs_regular_file);
    return Error{entry.flag + " " + shown(entry.path) + " " + std::string(kNotAFile) + ": " +
                 std::string(needs_regular_file)};
  }
  // Two outputs in one file would overwrite each other.
  for (const Entry& other : entries_) {
    if (target->identity.empty() || other.target.identity != target->identity) continue;
    if (entry.kind.empty() && other.kind.empty()) {
      return Error{other.flag + " " + shown(other.path) + " and " + entry.flag + " " +
                   shown(entry.path) + " are one file: the outputs need two different files"};
    }
    const Entry& derived = entry.kind.empty() ? other : entry;
    const Entry& plain = entry.kind.empty() ? entry : other;
    const Entry& owner = entries_.at(derived.of);
    return Error{plain.flag + " " + shown(plain.path) + " is a " + derived.kind + " " + owner.flag +
                 " " + shown(owner.path) + " writes: it needs a file of its own"};
  }
  Checked<AtomicFile> file = AtomicFile::open(*target);
  if (!file) {
    return cannot(entry, file.error().message,
                  target->kind == OutputTarget::Kind::File
                      ? "give a path in a writable folder"
                      : "a device, FIFO or descriptor is written in place: start a FIFO's reader "
                        "first");
  }
  entry.target = std::move(*target);
  entry.file.emplace(std::move(*file));
  entries_.push_back(std::move(entry));
  return std::nullopt;
}

std::optional<Error> OutputPlan::add(std::string_view flag, const std::string& path,
                                     std::string_view needs_regular_file) {
  return open(Entry{std::string(flag), path, {}, 0, {}, {}}, needs_regular_file);
}

std::optional<Error> OutputPlan::add_derived(std::size_t of, const std::string& path,
                                             std::string_view kind) {
  return open(Entry{entries_.at(of).flag, path, std::string(kind), of, {}, {}},
              "give the map a path where its tilesets can be files");
}

void OutputPlan::drop(std::size_t i) {
  entries_.at(i).file.reset();
}

std::optional<Error> OutputPlan::commit() {
  for (Entry& e : entries_) {
    if (!e.file) continue;
    if (auto why = e.file->finish()) {
      Error line = cannot(e, why->message, "no file it writes has changed");
      entries_.clear();  // every temporary file removed
      return line;
    }
  }
  // Every file is complete: now the renames. Each existing target is first kept under a hard
  // link, so a rename that fails part-way (a folder gone, an I/O error) puts back the files
  // already replaced: the old files, all of them, or the new ones, all of them.
  std::vector<std::string> kept(entries_.size());
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    if (e.file && e.target.kind == OutputTarget::Kind::File && e.target.exists) {
      kept[i] = keep_old(e.target.path);
    }
  }
  std::optional<Error> error;
  std::size_t done = 0;
  for (; done < entries_.size(); ++done) {
    Entry& e = entries_[done];
    if (!e.file) continue;
    if (auto why = e.file->publish()) {
      error = cannot(e, why->message, "the files it was written with are as they were");
      break;
    }
  }
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (kept[i].empty()) continue;
    if (error && i < done) {
      ::rename(kept[i].c_str(), entries_[i].target.path.c_str());
    } else {
      ::unlink(kept[i].c_str());
    }
  }
  if (error) {
    for (std::size_t i = 0; i < done; ++i) {
      const Entry& e = entries_[i];
      if (e.file && e.target.kind == OutputTarget::Kind::File && !e.target.exists) {
        ::unlink(e.target.path.c_str());
      }
    }
    entries_.clear();
    return error;
  }
  entries_.clear();
  return std::nullopt;
}

}  // namespace dungen
