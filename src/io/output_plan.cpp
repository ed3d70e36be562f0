#include "io/output_plan.hpp"

#include <utility>

#include "io/param_args.hpp"

namespace dungen {

std::string OutputPlan::cannot(const Entry& e, const std::string& why,
                               std::string_view hint) const {
  const Entry& owner = e.kind.empty() ? e : entries_.at(e.of);
  std::string line = owner.flag + " " + shown(owner.path) + " cannot be written: ";
  if (!e.kind.empty()) line += "its " + e.kind + " " + shown(e.path) + " ";
  line += why;
  line += " (";
  line += hint;
  line += ")";
  return line;
}

std::optional<std::string> OutputPlan::open(Entry entry, std::string_view needs_regular_file) {
  std::string why;
  std::optional<OutputTarget> target = resolve_output(entry.path, &why);
  if (!target) return cannot(entry, why, "give a path in a writable folder");
  if (target->kind != OutputTarget::Kind::File && !needs_regular_file.empty()) {
    constexpr std::string_view kNotAFile = "is a device, FIFO or open descriptor, not a file";
    if (!entry.kind.empty()) return cannot(entry, std::string(kNotAFile), needs_regular_file);
    return entry.flag + " " + shown(entry.path) + " " + std::string(kNotAFile) + ": " +
           std::string(needs_regular_file);
  }
  // Two outputs in one file would overwrite each other.
  for (const Entry& other : entries_) {
    if (target->identity.empty() || other.target.identity != target->identity) continue;
    if (entry.kind.empty() && other.kind.empty()) {
      return other.flag + " " + shown(other.path) + " and " + entry.flag + " " + shown(entry.path) +
             " are one file: the outputs need two different files";
    }
    const Entry& derived = entry.kind.empty() ? other : entry;
    const Entry& plain = entry.kind.empty() ? entry : other;
    const Entry& owner = entries_.at(derived.of);
    return plain.flag + " " + shown(plain.path) + " is a " + derived.kind + " " + owner.flag + " " +
           shown(owner.path) + " writes: it needs a file of its own";
  }
  std::optional<AtomicFile> file = AtomicFile::open(*target, &why);
  if (!file) {
    return cannot(entry, why,
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

std::optional<std::string> OutputPlan::add(std::string_view flag, const std::string& path,
                                           std::string_view needs_regular_file) {
  return open(Entry{std::string(flag), path, {}, 0, {}, {}}, needs_regular_file);
}

std::optional<std::string> OutputPlan::add_derived(std::size_t of, const std::string& path,
                                                   std::string_view kind) {
  return open(Entry{entries_.at(of).flag, path, std::string(kind), of, {}, {}},
              "give the map a path where its tilesets can be files");
}

void OutputPlan::drop(std::size_t i) {
  entries_.at(i).file.reset();
}

std::optional<std::string> OutputPlan::commit() {
  std::string why;
  for (Entry& e : entries_) {
    if (e.file && !e.file->finish(&why)) {
      std::string line = cannot(e, why, "no file it writes has changed");
      entries_.clear();  // every temporary file removed
      return line;
    }
  }
  for (Entry& e : entries_) {
    if (e.file && !e.file->publish(&why)) {
      std::string line = cannot(e, why, "the files before it in the plan were replaced");
      entries_.clear();
      return line;
    }
  }
  entries_.clear();
  return std::nullopt;
}

}  // namespace dungen
