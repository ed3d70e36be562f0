// Where and how outputs are written (issue 22): inherited descriptors and devices written through,
// a tmj map and its tilesets replaced together or not at all, dangling symlinks, FIFOs that never
// block, temporary files removed on SIGTERM/SIGINT and once stale, the protected-symlinks rule,
// and every file of a command checked as one plan. Failures are real: the real binary under a
// shell redirection or a file size limit, real FIFOs, real signals.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/cli.hpp"
#include "cli_test_support.hpp"
#include "io/atomic_file.hpp"
#include "io/output_plan.hpp"

namespace dungen {
namespace {

namespace fs = std::filesystem;
using cli_test::bad;
using cli_test::run;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void put(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

struct Scratch {
  fs::path path;
  explicit Scratch(const std::string& name)
      : path(fs::temp_directory_path() /
             ("dungen_plan_" + name + "_" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
  std::vector<std::string> entries() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(path)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }
};

const std::vector<std::string> kSmall = {"generate", "rooms-and-tunnels", "--width",
                                         "40",       "--height",          "20"};

std::vector<std::string> with(std::vector<std::string> args, std::vector<std::string> more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// What the map is on standard output (the reference for the files).
std::string expected_text(const std::vector<std::string>& args) {
  const auto r = run(args);
  EXPECT_EQ(r.code, 0) << r.err;
  return r.out;
}

std::string sh_quote(const std::string& s) {
  std::string q = "'";
  for (const char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string cli_line(const std::vector<std::string>& args) {
  std::string line = sh_quote(DUNGEN_CLI_PATH);
  for (const std::string& a : args) {
    line += ' ';
    line += sh_quote(a);
  }
  return line;
}

// Replaces the (child) process with the real binary running `args`.
[[noreturn]] void exec_cli(std::vector<std::string> args) {
  std::vector<char*> argv = {const_cast<char*>(DUNGEN_CLI_PATH)};
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execv(DUNGEN_CLI_PATH, argv.data());
  _exit(98);
}

// The real binary in a child, after `setup` (limits) there; its exit (128 + signal if killed)
// and its standard error.
struct Child {
  int code = -1;
  std::string err;
};
template <class Setup>
Child run_binary(const std::vector<std::string>& args, Setup setup) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fds[1], 2);
    ::close(fds[0]);
    ::close(fds[1]);
    setup();
    exec_cli(args);
  }
  ::close(fds[1]);
  Child c;
  char buf[4096];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) c.err.append(buf, n);
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  c.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return c;
}

void limit_file_size(rlim_t bytes) {
  const rlimit limit{bytes, bytes};
  ::setrlimit(RLIMIT_FSIZE, &limit);
}

// Item 2: /dev/stdout, /dev/stderr and /proc/self/fd/N name what the shell opened; `>>` appends
// to it and the earlier contents stay (they were replaced by a rename before).
TEST(OutputPlan, DescriptorPathsAreWrittenThroughWhatTheShellOpened) {
  Scratch dir("through");
  const std::string map = expected_text(kSmall);
  fs::create_symlink("/dev/stdout", dir.path / "link-to-stdout");
  for (const std::string& out : {std::string("/dev/stdout"), std::string("/proc/self/fd/1"),
                                 std::string("/dev/fd/1"), dir / "link-to-stdout"}) {
    SCOPED_TRACE(out);
    put(dir / "log.txt", "precious\n");
    ASSERT_EQ(shell(cli_line(with(kSmall, {"--out", out})) + " >> " + sh_quote(dir / "log.txt")),
              0);
    EXPECT_EQ(slurp(dir / "log.txt"), "precious\n" + map);
  }
  put(dir / "log2", "precious\n");
  ASSERT_EQ(
      shell(cli_line(with(kSmall, {"--out", "/dev/stderr"})) + " 2>> " + sh_quote(dir / "log2")),
      0);
  EXPECT_EQ(slurp(dir / "log2"), "precious\n" + map);
  // The same file twice, once through the descriptor: refused before anything is written.
  put(dir / "log.txt", "precious\n");
  EXPECT_EQ(shell(cli_line(with(kSmall, {"--out", "/dev/stdout", "--trace", dir / "log.txt"})) +
                  " >> " + sh_quote(dir / "log.txt") + " 2>/dev/null"),
            kExitBadInput);
  EXPECT_EQ(slurp(dir / "log.txt"), "precious\n");
  // A descriptor that is not open, or open only for reading, is one line.
  EXPECT_NE(bad(with(kSmall, {"--out", "/dev/fd/97"})).find("descriptor 97, which is not open"),
            std::string::npos);
}

const char* const kTmjFiles[] = {"m.tmj", "m-tiles.png", "m-tiles.tsj", "m-rooms.png",
                                 "m-rooms.tsj"};

// Item 3: the .tmj and its tilesets are one output. A size limit that the small tilesets fit
// and the map does not: before, the tilesets were replaced and the map kept (tilewidth 8 in the
// map, 16 in the tileset).
TEST(OutputPlan, ATmjMapAndItsTilesetsAreReplacedTogetherOrNotAtAll) {
  Scratch dir("tmj");
  for (const char* f : kTmjFiles) put(dir / f, std::string("old ") + f);
  const auto args = with({"generate", "rooms-and-tunnels", "--width", "300", "--height", "300",
                          "--format", "tmj", "--cell-px", "16"},
                         {"--out", dir / "m.tmj"});
  const Child c = run_binary(args, [] { limit_file_size(16 << 10); });
  EXPECT_EQ(c.code, kExitBadInput) << c.err;
  EXPECT_EQ(std::count(c.err.begin(), c.err.end(), '\n'), 1) << c.err;
  EXPECT_NE(c.err.find("File too large"), std::string::npos) << c.err;
  EXPECT_NE(c.err.find("--out '" + (dir / "m.tmj") + "'"), std::string::npos) << c.err;
  for (const char* f : kTmjFiles) EXPECT_EQ(slurp(dir / f), std::string("old ") + f) << f;
  EXPECT_EQ(dir.entries().size(), std::size(kTmjFiles));  // no temporary file left
  // Without the limit, all five are new and agree.
  ASSERT_EQ(run_binary(args, [] {}).code, 0);
  const auto map = nlohmann::json::parse(slurp(dir / "m.tmj"));
  const auto tiles = nlohmann::json::parse(slurp(dir / "m-tiles.tsj"));
  EXPECT_EQ(map["tilewidth"], 16);
  EXPECT_EQ(tiles["tilewidth"], 16);
  EXPECT_EQ(dir.entries().size(), std::size(kTmjFiles));
}

// The plan holds every file of a command: one that fails leaves the others as they were, whichever
// fails (before, the trace was committed first: a failing --out left a new trace).
TEST(OutputPlan, OutAndTraceAreCommittedTogether) {
  Scratch dir("together");
  const std::vector<std::string> caves = {"generate", "cellular-caves", "--width", "40", "--height",
                                          "20",       "--passes",       "0"};
  // (out format, what fails): the 16 KB trace fits 32 KB and the 98 KB PNG does not; the 840-byte
  // text fits 8 KB and the trace does not.
  const std::vector<std::pair<std::vector<std::string>, rlim_t>> cases = {
      {{"--format", "png", "--cell-px", "64"}, 32 << 10}, {{"--format", "text"}, 8 << 10}};
  for (const auto& [format, limit] : cases) {
    SCOPED_TRACE(format[1]);
    put(dir / "map", "old map");
    put(dir / "trace.jsonl", "old trace");
    const rlim_t bytes = limit;
    const Child c = run_binary(
        with(with(caves, format), {"--out", dir / "map", "--trace", dir / "trace.jsonl"}),
        [bytes] { limit_file_size(bytes); });
    EXPECT_EQ(c.code, kExitBadInput) << c.err;
    EXPECT_NE(c.err.find("File too large"), std::string::npos) << c.err;
    EXPECT_EQ(slurp(dir / "map"), "old map");
    EXPECT_EQ(slurp(dir / "trace.jsonl"), "old trace");
    EXPECT_EQ(dir.entries(), (std::vector<std::string>{"map", "trace.jsonl"}));
  }
}

// Every output kind: (args before --out, the file's name).
struct Kind {
  std::vector<std::string> args;
  std::string name;
};
std::vector<Kind> all_kinds() {
  const std::vector<std::string> gen = kSmall;
  return {{gen, "m.txt"},
          {with(gen, {"--format", "json"}), "m.json"},
          {with(gen, {"--format", "png"}), "m.png"},
          {with(gen, {"--format", "tmj"}), "m.tmj"},
          {with(gen, {"--out", "/dev/null", "--trace"}), "t.jsonl"},
          {{"record", "rooms-and-tunnels", "--width", "30", "--height", "16", "--frames", "3",
            "--cell-px", "1"},
           "r.gif"},
          {{"sweep", "rooms-and-tunnels", "--width", "30", "--height", "16", "--seeds", "1..2"},
           "s.csv"}};
}
std::vector<std::string> to(const Kind& k, const std::string& path) {
  std::vector<std::string> args = k.args;
  if (args.back() != "--trace") args.push_back("--out");
  args.push_back(path);
  return args;
}

// Item 4: a dangling link names the file to create; the link stays a link, now to it. A link
// into a missing folder is an error naming the flag, and the link is left as it was.
TEST(OutputPlan, ADanglingSymlinkCreatesItsTargetForEveryKind) {
  for (const Kind& k : all_kinds()) {
    SCOPED_TRACE(k.name);
    Scratch dir("dangling");
    fs::create_directories(dir.path / "real");
    fs::create_symlink("real/" + k.name, dir.path / k.name);
    const auto r = run(to(k, dir / k.name));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(fs::is_symlink(dir.path / k.name));
    EXPECT_EQ(fs::read_symlink(dir.path / k.name), "real/" + k.name);
    EXPECT_TRUE(fs::is_regular_file(dir.path / "real" / k.name));
    EXPECT_GT(fs::file_size(dir.path / "real" / k.name), 0u);

    fs::create_symlink("missing/" + k.name, dir.path / ("x" + k.name));
    const std::string err = bad(to(k, dir / ("x" + k.name)));
    EXPECT_NE(err.find("in a folder that does not exist"), std::string::npos) << err;
    EXPECT_NE(err.find(k.args.back() == "--trace" ? "--trace '" : "--out '"), std::string::npos)
        << err;
    EXPECT_EQ(fs::read_symlink(dir.path / ("x" + k.name)), "missing/" + k.name);
    EXPECT_FALSE(fs::exists(dir.path / "missing"));
  }
}

// Item 6: tmj through a symlink: the tilesets go beside the link's target, named after it, so the
// map's references resolve; nothing but the link is beside the link.
TEST(OutputPlan, TmjThroughASymlinkPutsTheTilesetsBesideTheTarget) {
  Scratch dir("tmjlink");
  fs::create_directories(dir.path / "real");
  fs::create_symlink("real/map.tmj", dir.path / "l.tmj");
  ASSERT_EQ(run(with(kSmall, {"--format", "tmj", "--out", dir / "l.tmj"})).code, 0);
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"l.tmj", "real"}));
  const auto map = nlohmann::json::parse(slurp(dir.path / "real" / "map.tmj"));
  ASSERT_EQ(map["tilesets"].size(), 2u);
  for (const auto& ts : map["tilesets"]) {
    const fs::path tsj = dir.path / "real" / ts["source"].get<std::string>();
    ASSERT_TRUE(fs::exists(tsj)) << tsj;
    const auto t = nlohmann::json::parse(slurp(tsj));
    EXPECT_TRUE(fs::exists(dir.path / "real" / t["image"].get<std::string>()));
  }
}

// Item 8: a FIFO with no reader is one line at once, for every kind (a child under an alarm, so a
// regression fails instead of hanging the suite); with a reader the map goes through it; tmj
// to a FIFO is refused (its tilesets cannot sit beside it), never opened.
TEST(OutputPlan, AFifoNeverBlocks) {
  for (const Kind& k : all_kinds()) {
    SCOPED_TRACE(k.name);
    Scratch dir("fifo");
    ASSERT_EQ(::mkfifo((dir / "p").c_str(), 0600), 0);
    const Child c = run_binary(to(k, dir / "p"), [] { ::alarm(20); });
    EXPECT_EQ(c.code, kExitBadInput) << c.err;
    EXPECT_EQ(std::count(c.err.begin(), c.err.end(), '\n'), 1) << c.err;
    EXPECT_NE(c.err.find(k.name == "m.tmj" ? "not a file: a tmj map's tilesets"
                                           : "is a FIFO that no process is reading"),
              std::string::npos)
        << c.err;
  }
  Scratch dir("fifo_reader");
  ASSERT_EQ(::mkfifo((dir / "p").c_str(), 0600), 0);
  const int reader = ::open((dir / "p").c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  const std::string map = expected_text(kSmall);  // 840 bytes: the pipe holds it all
  ASSERT_EQ(run(with(kSmall, {"--out", dir / "p"})).code, 0);
  std::string got(4096, '\0');
  const ssize_t n = ::read(reader, got.data(), got.size());
  ::close(reader);
  ASSERT_GT(n, 0);
  got.resize(static_cast<std::size_t>(n));
  EXPECT_EQ(got, map);
}

// Item 15: a temporary file of ours more than a day old is removed by the next write to its
// folder; a fresh one (another run's, still writing) and files not named as ours are left.
TEST(OutputPlan, StaleTemporaryFilesAreRemovedByTheNextWrite) {
  Scratch dir("stale");
  const std::vector<std::string> names = {".map.txt.tmp-Ab3dE9", ".other.png.tmp-zz99ZZ",
                                          ".map.txt.tmp-fresh1", ".map.txt.tmp-short",
                                          "map.txt.tmp-Ab3dE9"};
  for (const std::string& n : names) put(dir / n, "left by a killed run");
  const auto two_days_ago = fs::file_time_type::clock::now() - std::chrono::hours(48);
  for (const std::string& n : {names[0], names[1], names[3], names[4]}) {
    fs::last_write_time(dir.path / n, two_days_ago);
  }
  ASSERT_EQ(run(with(kSmall, {"--out", dir / "new.txt"})).code, 0);
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{".map.txt.tmp-fresh1", ".map.txt.tmp-short",
                                                     "map.txt.tmp-Ab3dE9", "new.txt"}));
}

// Item 15: SIGTERM or SIGINT part-way through a big write removes the temporary file, and the
// process still dies of the signal.
TEST(OutputPlan, SigtermAndSigintRemoveTheTemporaryFiles) {
  for (const int sig : {SIGTERM, SIGINT}) {
    SCOPED_TRACE(sig);
    Scratch dir("signal");
    put(dir / "map.txt", "old map");
    const std::vector<std::string> args = {
        "generate", "cellular-caves", "--width",       "1024",    "--height",
        "1024",     "--out",          dir / "map.txt", "--trace", dir / "trace.jsonl"};
    const pid_t pid = ::fork();
    if (pid == 0) exec_cli(args);
    // Wait (a bounded number of polls) until the temporary files exist, then signal.
    bool seen = false;
    for (int i = 0; i < 2000 && !seen; ++i) {
      seen = dir.entries().size() >= 3;
      if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ASSERT_TRUE(seen);
    ::kill(pid, sig);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (WIFEXITED(status)) GTEST_SKIP() << "the run ended before the signal";
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), sig);
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"map.txt"});
    EXPECT_EQ(slurp(dir / "map.txt"), "old map");
  }
}

// Item 18: in a sticky world-writable folder (as /tmp), a link owned by another user who does
// not own the folder is not followed (the kernel's protected_symlinks rule, which the program's
// own link-following would bypass). The user's own links, and the folder owner's, are followed.
TEST(OutputPlan, ProtectedSymlinksInASharedStickyFolder) {
  Scratch dir("sticky");
  const fs::path shared = dir.path / "shared";
  fs::create_directories(shared);
  ASSERT_EQ(::chmod(shared.c_str(), 01777), 0);
  put(dir / "victim.txt", "someone's file");
  fs::create_symlink(dir / "victim.txt", shared / "trap.txt");
  constexpr uid_t kOther = 12345;
  if (::lchown((shared / "trap.txt").c_str(), kOther, kOther) != 0) {
    GTEST_SKIP() << "cannot give a link to another user here (not root)";
  }
  const std::string err = bad(with(kSmall, {"--out", (shared / "trap.txt").string()}));
  EXPECT_NE(err.find("symlink of another user (uid 12345)"), std::string::npos) << err;
  EXPECT_NE(err.find("--out '"), std::string::npos) << err;
  EXPECT_EQ(slurp(dir / "victim.txt"), "someone's file");
  EXPECT_TRUE(fs::is_symlink(shared / "trap.txt"));
  // The folder's owner's link is followed (the kernel's rule too).
  ASSERT_EQ(::chown(shared.c_str(), kOther, kOther), 0);
  ASSERT_EQ(run(with(kSmall, {"--out", (shared / "trap.txt").string()})).code, 0);
  EXPECT_EQ(slurp(dir / "victim.txt"), expected_text(kSmall));
  // The user's own link in someone else's sticky folder is followed.
  fs::create_symlink(dir / "mine.txt", shared / "mine.txt");
  ASSERT_EQ(run(with(kSmall, {"--out", (shared / "mine.txt").string()})).code, 0);
  EXPECT_TRUE(fs::is_regular_file(dir / "mine.txt"));
  // Not sticky: followed whoever owns it.
  ASSERT_EQ(::chmod(shared.c_str(), 0777), 0);
  ASSERT_EQ(::chown(shared.c_str(), 0, 0), 0);
  put(dir / "victim.txt", "again");
  ASSERT_EQ(run(with(kSmall, {"--out", (shared / "trap.txt").string()})).code, 0);
  EXPECT_EQ(slurp(dir / "victim.txt"), expected_text(kSmall));
}

// Item 5 through the plan: one file spelt two ways, a hard link, a trace that is a tileset.
TEST(OutputPlan, OneFileTwiceIsRefusedBeforeAnyWork) {
  Scratch dir("twice");
  put(dir / "a.txt", "old");
  fs::create_hard_link(dir.path / "a.txt", dir.path / "b.txt");
  std::string err = bad(with(kSmall, {"--out", dir / "a.txt", "--trace", dir / "b.txt"}));
  EXPECT_NE(err.find("need two different files"), std::string::npos) << err;
  EXPECT_EQ(slurp(dir / "a.txt"), "old");
  fs::create_symlink("m.tmj", dir.path / "link.tmj");
  err = bad(
      with(kSmall, {"--format", "tmj", "--out", dir / "link.tmj", "--trace", dir / "m-rooms.tsj"}));
  EXPECT_NE(err.find("is a tileset --out"), std::string::npos) << err;
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"a.txt", "b.txt", "link.tmj"}));
}

// Item 17: tmj errors follow the one-line contract (the flag named, the path escaped), and a full
// device reports its real errno whatever the format, to a file or to standard output.
TEST(OutputPlan, ErrorsAreOneLineWithTheRealErrno) {
  const std::string path = "/nonexistent-dungen-dir/two\nlines.tmj";
  const std::string err = bad(with(kSmall, {"--format", "tmj", "--out", path}));
  EXPECT_EQ(
      err.rfind("dungen: --out '/nonexistent-dungen-dir/two\\nlines.tmj' cannot be written", 0), 0u)
      << err;
  // A tileset that cannot be written: the same contract (it was "cannot write PATH: ..." on two
  // lines, no flag).
  Scratch dir("messages");
  fs::create_directories(dir.path / "x\ny-tiles.png");
  const std::string tileset_err = bad(with(kSmall, {"--format", "tmj", "--out", dir / "x\ny.tmj"}));
  EXPECT_NE(
      tileset_err.find("--out '" + (dir / "x\\ny.tmj") + "' cannot be written: its tileset '"),
      std::string::npos)
      << tileset_err;
  EXPECT_NE(tileset_err.find("is a folder"), std::string::npos) << tileset_err;
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"x\ny-tiles.png"});
  for (const char* format : {"text", "json", "png", "tmj"}) {
    SCOPED_TRACE(format);
    const std::string e = bad(with(kSmall, {"--format", format, "--out", "/dev/full"}));
    EXPECT_NE(e.find(std::string(format) == "tmj" ? "not a file" : "No space left on device"),
              std::string::npos)
        << e;
  }
  for (const char* format : {"text", "json"}) {
    SCOPED_TRACE(format);
    const Child c = run_binary(with(kSmall, {"--format", format}), [] {
      const int full = ::open("/dev/full", O_WRONLY);
      ::dup2(full, 1);
    });
    EXPECT_EQ(c.code, kExitBadInput);
    EXPECT_EQ(c.err, "dungen: standard output cannot be written: No space left on device\n");
  }
}

// The plan's API as the app and the tests use it: nothing is written before commit(), a dropped
// plan leaves nothing, and one failing file keeps every other file as it was.
TEST(OutputPlan, APlanDroppedOrFailedChangesNothing) {
  Scratch dir("api");
  put(dir / "a", "old a");
  {
    OutputPlan plan;
    ASSERT_FALSE(plan.add("--out", dir / "a"));
    ASSERT_FALSE(plan.add("--trace", dir / "b"));
    plan.file(0).write("new a");
    plan.file(1).write("new b");
    EXPECT_EQ(slurp(dir / "a"), "old a");
  }
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"a"});
  OutputPlan plan;
  ASSERT_FALSE(plan.add("--out", dir / "a"));
  ASSERT_FALSE(plan.add("--trace", "/dev/full"));
  plan.file(0).write("new a");
  plan.file(1).write(std::string(1 << 17, 'x'));
  const auto err = plan.commit();
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("No space left on device"), std::string::npos) << err->message;
  EXPECT_EQ(slurp(dir / "a"), "old a");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"a"});
  // A rename that fails after others were done (a folder appeared at a target): the files
  // already replaced are put back, the new one removed.
  put(dir / "c", "old c");
  OutputPlan renames;
  for (const char* name : {"a", "new", "b", "c"}) {
    ASSERT_FALSE(renames.add("--out", dir / name));
    renames.file(renames.size() - 1).write(std::string("new ") + name);
  }
  fs::create_directories(dir.path / "b" / "inside");
  const auto rename_err = renames.commit();
  ASSERT_TRUE(rename_err);
  EXPECT_NE(rename_err->message.find(dir / "b"), std::string::npos) << rename_err->message;
  EXPECT_EQ(slurp(dir / "a"), "old a");
  EXPECT_EQ(slurp(dir / "c"), "old c");
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"a", "b", "c"}));
}

}  // namespace
}  // namespace dungen
