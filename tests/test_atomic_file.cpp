// Writes that never lose data (issue 10): every way a write can fail part-way, and the file that
// was there before is still there, byte for byte, with no temporary file left beside it.
// Failures are made real, not simulated: a full tmpfs (mounted in a private mount namespace, when
// the kernel allows one), /dev/full behind a symlink, a file size limit (RLIMIT_FSIZE, on the
// real binary), a read-only folder (as an unprivileged user when the tests run as root), a folder
// at the path.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "io/atomic_file.hpp"

using namespace dungen;
namespace fs = std::filesystem;

namespace {

constexpr const char* kPrevious = "yesterday's good map\n";
// A map whose text is ~4 MB: far past the small limits below.
const std::vector<std::string> kBigMap = {"generate", "cellular-caves", "--width",  "2048",
                                          "--height", "2048",           "--passes", "0"};

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

void put(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// A fresh folder for one test, open to every user (the read-only test drops to one).
fs::path scratch(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("dungen_atomic_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::all);
  return dir;
}

std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> with_out(std::vector<std::string> args, const fs::path& out) {
  args.push_back("--out");
  args.push_back(out.string());
  return args;
}

// run_cli in a child process (so it can change its limits, user or mounts); its exit code, and
// its stderr's line count and first line through a pipe.
struct ChildResult {
  int code = -1;
  std::string err;
};

template <class Setup>
ChildResult run_in_child(const std::vector<std::string>& args, Setup setup) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    const int prep = setup();
    if (prep != 0) _exit(prep);
    std::ostringstream out, err;
    const int code = run_cli(args, out, err);
    const std::string e = err.str();
    if (::write(fds[1], e.data(), e.size()) < 0) _exit(99);
    _exit(code);
  }
  ::close(fds[1]);
  ChildResult r;
  char buf[4096];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) r.err.append(buf, n);
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

void expect_one_line_exit_two(const ChildResult& r) {
  EXPECT_EQ(r.code, kExitBadInput) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("cannot be written"), std::string::npos) << r.err;
}

}  // namespace

TEST(AtomicWrite, ASuccessfulWriteReplacesTheFileAndKeepsItsPermissions) {
  const fs::path dir = scratch("ok");
  const fs::path out = dir / "map.txt";
  put(out, kPrevious);
  fs::permissions(out, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  std::ostringstream o, e;
  ASSERT_EQ(run_cli(with_out({"generate", "rooms-and-tunnels"}, out), o, e), 0) << e.str();
  std::ostringstream expected, e2;
  run_cli({"generate", "rooms-and-tunnels"}, expected, e2);
  EXPECT_EQ(slurp(out), expected.str());
  EXPECT_EQ(fs::status(out).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  EXPECT_EQ(entries(dir), std::vector<std::string>{"map.txt"});  // no temporary file left
  fs::remove_all(dir);
}

// A legal long name (250 bytes, as many in multi-byte letters) is written: the temporary name
// beside it is cut to fit the folder's longest name, not refused with "File name too long".
TEST(AtomicWrite, ALongLegalNameIsWritten) {
  const fs::path dir = scratch("long");
  std::string ascii(246, 'n');
  ascii += ".txt";
  std::string letters;
  for (int i = 0; i < 123; ++i) letters += "\xc3\xa9";  // é, two bytes each: 246 bytes
  letters += ".txt";
  for (const std::string& name : {ascii, letters}) {
    const fs::path out = dir / name;
    std::ostringstream o, e;
    ASSERT_EQ(run_cli(with_out({"generate", "rooms-and-tunnels"}, out), o, e), 0) << e.str();
    std::ostringstream expected, e2;
    run_cli({"generate", "rooms-and-tunnels"}, expected, e2);
    EXPECT_EQ(slurp(out), expected.str());
    EXPECT_EQ(entries(dir), std::vector<std::string>{name});  // no temporary file left
    fs::remove(out);
  }
  fs::remove_all(dir);
}

TEST(AtomicWrite, ASymlinkIsFollowedAndStaysASymlink) {
  const fs::path dir = scratch("link");
  fs::create_directories(dir / "real");
  put(dir / "real" / "map.txt", kPrevious);
  fs::create_symlink("real/map.txt", dir / "link.txt");
  std::ostringstream o, e;
  ASSERT_EQ(run_cli(with_out({"generate", "rooms-and-tunnels"}, dir / "link.txt"), o, e), 0)
      << e.str();
  EXPECT_TRUE(fs::is_symlink(dir / "link.txt"));
  EXPECT_EQ(fs::read_symlink(dir / "link.txt"), "real/map.txt");
  EXPECT_NE(slurp(dir / "real" / "map.txt"), kPrevious);  // the file it points to was replaced
  EXPECT_EQ(entries(dir / "real"), std::vector<std::string>{"map.txt"});
  fs::remove_all(dir);
}

TEST(AtomicWrite, AFullDiskLeavesThePreviousFile) {
  // A 64 KiB tmpfs, mounted in a mount namespace of a child's own (as root, or as an
  // unprivileged user through a user namespace where the kernel allows one). The mount lives
  // only in the child, so the child checks what it holds and answers with its exit code.
  const fs::path dir = scratch("full");
  const uid_t uid = ::geteuid();
  const gid_t gid = ::getegid();
  const pid_t pid = ::fork();
  if (pid == 0) {
    const auto write_file = [](const char* path, const std::string& text) {
      const int fd = ::open(path, O_WRONLY);
      const bool ok =
          fd >= 0 && ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
      if (fd >= 0) ::close(fd);
      return ok;
    };
    if (uid != 0) {
      if (::unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) _exit(77);
      write_file("/proc/self/setgroups", "deny");
      if (!write_file("/proc/self/uid_map", "0 " + std::to_string(uid) + " 1") ||
          !write_file("/proc/self/gid_map", "0 " + std::to_string(gid) + " 1")) {
        _exit(77);
      }
    } else if (::unshare(CLONE_NEWNS) != 0) {
      _exit(77);
    }
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) _exit(77);
    if (::mount("dungen-test", dir.c_str(), "tmpfs", 0, "size=64k") != 0) _exit(77);
    put(dir / "map.txt", kPrevious);
    if (slurp(dir / "map.txt") != kPrevious) _exit(77);
    std::ostringstream o, e;
    if (run_cli(with_out(kBigMap, dir / "map.txt"), o, e) != kExitBadInput) _exit(10);
    const std::string err = e.str();
    if (std::count(err.begin(), err.end(), '\n') != 1) _exit(11);
    if (err.find("No space left on device") == std::string::npos) _exit(12);
    if (slurp(dir / "map.txt") != kPrevious) _exit(13);
    if (entries(dir) != std::vector<std::string>{"map.txt"}) _exit(14);
    _exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "signal " << WTERMSIG(status);
  if (WEXITSTATUS(status) == 77) {
    GTEST_SKIP() << "no mount namespace here: the /dev/full and RLIMIT_FSIZE tests stand in";
  }
  EXPECT_EQ(WEXITSTATUS(status), 0) << "10: not exit 2, 11: not one line, 12: not ENOSPC, "
                                       "13: the previous file changed, 14: a temp file was left";
  fs::remove_all(dir);
}

TEST(AtomicWrite, DevFullBehindASymlinkIsAnErrorAndTheLinkStays) {
  const fs::path dir = scratch("devfull");
  fs::create_symlink("/dev/full", dir / "map.txt");
  const ChildResult r =
      run_in_child(with_out({"generate", "rooms-and-tunnels"}, dir / "map.txt"), [] { return 0; });
  expect_one_line_exit_two(r);
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir / "map.txt"));
  EXPECT_EQ(fs::read_symlink(dir / "map.txt"), "/dev/full");
  EXPECT_TRUE(fs::is_character_file("/dev/full"));  // a device is written, never replaced
  EXPECT_EQ(entries(dir), std::vector<std::string>{"map.txt"});
  fs::remove_all(dir);
}

TEST(AtomicWrite, AFileSizeLimitLeavesThePreviousFileAndTheSymlinkToIt) {
  // The real binary (it ignores SIGXFSZ, so the write fails with EFBIG instead of killing it).
  const fs::path dir = scratch("fsize");
  put(dir / "map.txt", kPrevious);
  fs::create_symlink("map.txt", dir / "link.txt");
  for (const char* name : {"map.txt", "link.txt"}) {
    SCOPED_TRACE(name);
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::dup2(fds[1], 2);
      ::close(fds[0]);
      ::close(fds[1]);
      const rlimit limit{1 << 16, 1 << 16};
      ::setrlimit(RLIMIT_FSIZE, &limit);
      std::vector<std::string> args = with_out(kBigMap, dir / name);
      std::vector<char*> argv = {const_cast<char*>(DUNGEN_CLI_PATH)};
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(DUNGEN_CLI_PATH, argv.data());
      _exit(98);
    }
    ::close(fds[1]);
    std::string err;
    char buf[4096];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) err.append(buf, n);
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
    expect_one_line_exit_two({WEXITSTATUS(status), err});
    EXPECT_NE(err.find("File too large"), std::string::npos) << err;
    EXPECT_EQ(slurp(dir / "map.txt"), kPrevious);
    EXPECT_TRUE(fs::is_symlink(dir / "link.txt"));
    EXPECT_EQ(entries(dir), (std::vector<std::string>{"link.txt", "map.txt"}));
  }
  fs::remove_all(dir);
}

TEST(AtomicWrite, AReadOnlyFolderIsRefusedBeforeAnyWorkAndLeavesThePreviousFile) {
  const fs::path dir = scratch("readonly");
  put(dir / "map.txt", kPrevious);
  fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                           fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  const bool root = ::geteuid() == 0;
  const ChildResult r =
      run_in_child(with_out({"generate", "rooms-and-tunnels"}, dir / "map.txt"), [&] {
        // Root writes anywhere: the check needs an ordinary user (nobody).
        if (root && (::setgid(65534) != 0 || ::setuid(65534) != 0)) return 77;
        return 0;
      });
  if (r.code == 77) GTEST_SKIP() << "cannot become an unprivileged user";
  expect_one_line_exit_two(r);
  EXPECT_NE(r.err.find("Permission denied"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir / "map.txt"), kPrevious);
  EXPECT_EQ(entries(dir), std::vector<std::string>{"map.txt"});
  fs::permissions(dir, fs::perms::all);
  fs::remove_all(dir);
}

TEST(AtomicWrite, AFolderAtThePathStaysAFolder) {
  const fs::path dir = scratch("folder");
  fs::create_directories(dir / "map.txt");
  put(dir / "map.txt" / "inside", kPrevious);
  std::ostringstream o, e;
  EXPECT_EQ(run_cli(with_out({"generate", "rooms-and-tunnels"}, dir / "map.txt"), o, e),
            kExitBadInput);
  EXPECT_NE(e.str().find("is a folder"), std::string::npos) << e.str();
  EXPECT_TRUE(fs::is_directory(dir / "map.txt"));
  EXPECT_EQ(slurp(dir / "map.txt" / "inside"), kPrevious);
  EXPECT_EQ(entries(dir), std::vector<std::string>{"map.txt"});
  fs::remove_all(dir);
}

TEST(AtomicWrite, AWriteThatNeverCommitsLeavesTheTargetAndNoTemporaryFile) {
  const fs::path dir = scratch("abandon");
  put(dir / "map.txt", kPrevious);
  {
    Checked<AtomicFile> f = AtomicFile::open((dir / "map.txt").string());
    ASSERT_TRUE(f) << f.error().message;
    EXPECT_TRUE(f->write("half a map"));
    EXPECT_EQ(entries(dir).size(), 2u);  // the temporary file, beside the target
  }                                      // dropped without commit: an exception, an early return
  EXPECT_EQ(slurp(dir / "map.txt"), kPrevious);
  EXPECT_EQ(entries(dir), std::vector<std::string>{"map.txt"});
  // Killed part-way (no destructor runs): the target is still the previous file.
  const pid_t pid = ::fork();
  if (pid == 0) {
    Checked<AtomicFile> f = AtomicFile::open((dir / "map.txt").string());
    if (f) f->write(std::string(1 << 20, '#'));
    ::kill(::getpid(), SIGKILL);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(slurp(dir / "map.txt"), kPrevious);
  fs::remove_all(dir);
}

TEST(AtomicWrite, StdoutThatCannotBeWrittenIsExitTwo) {
  // The real binary with its standard output on /dev/full.
  const std::string cli = DUNGEN_CLI_PATH;
  for (const char* args : {"generate rooms-and-tunnels", "list", "--help"}) {
    SCOPED_TRACE(args);
    const std::string cmd = cli + " " + args + " >/dev/full 2>&1 </dev/null; echo $?";
    // stderr goes to /dev/full too here; the exit code is what is checked.
    FILE* p = ::popen(cmd.c_str(), "r");
    ASSERT_NE(p, nullptr);
    char buf[16] = {};
    ASSERT_NE(std::fgets(buf, sizeof buf, p), nullptr);
    ::pclose(p);
    EXPECT_EQ(std::string(buf), "2\n");
  }
  // And the one line it says, when stderr can be read.
  FILE* p = ::popen((cli + " generate rooms-and-tunnels 2>&1 >/dev/full").c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string err;
  char buf[256];
  while (std::fgets(buf, sizeof buf, p)) err += buf;
  ::pclose(p);
  EXPECT_EQ(err, "dungen: standard output cannot be written: No space left on device\n");
}
