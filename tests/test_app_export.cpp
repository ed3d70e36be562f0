// The app's files (issue 22, items 7 and 11): the file dialog's decisions (the folder shown, the
// files listed, the question before a file is replaced, open reading any file) and the export
// job (off the window's thread, on a copy of the map, cancellable, the full path said).

#include <gtest/gtest.h>

#include <unistd.h>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <thread>

#include "app/logic/export_job.hpp"
#include "app/logic/file_dialog.hpp"
#include "app/logic/session.hpp"
#include "app_test_support.hpp"
#include "io/preset.hpp"
#include "png_decode.hpp"
#include "render/png_file.hpp"

namespace fs = std::filesystem;

namespace dungen::app {
namespace {

// A bound on waiting for a small export (not a timing: it fails only if the job hangs).
constexpr auto kPatience = std::chrono::seconds(120);

// A fresh folder of the test's own, removed after.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::temp_directory_path() /
            ("dungen-app-export-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

void write_text(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A PNG's width and height, from its IHDR chunk (bytes 16..23, big-endian).
std::pair<int, int> png_size(const std::string& bytes) {
  if (bytes.size() < 24 || bytes.compare(1, 3, "PNG") != 0) return {0, 0};
  const auto be32 = [&](std::size_t at) {
    int v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
    return v;
  };
  return {be32(16), be32(20)};
}

std::vector<std::string> names(const FolderListing& l) {
  std::vector<std::string> out;
  for (const FolderEntry& e : l.entries) out.push_back(e.folder ? e.name + "/" : e.name);
  return out;
}

std::optional<ExportOutcome> wait_for(ExportJob& job) {
  const auto until = std::chrono::steady_clock::now() + kPatience;
  while (std::chrono::steady_clock::now() < until) {
    if (auto r = job.take()) return r;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return std::nullopt;
}

// A session stopped part way through a small rooms-and-tunnels map.
void small_run(Session& s, int steps) {
  s.select_generator("rooms-and-tunnels");
  s.set_map_size(40, 30);
  s.set_seed(7);
  s.set_mode(RunMode::Step);
  s.regenerate();
  s.finish_pending();
  for (int i = 0; i < steps; ++i) s.step();
  s.finish_pending();
}

// --- the file dialog ---

TEST(AppFileDialog, ListsFoldersThenTheKindsFilesWithTheirSizes) {
  TempDir dir;
  fs::create_directory(dir / "maps");
  write_text(dir / "b.png", std::string(17, 'x'));
  write_text(dir / "A.PNG", "");
  write_text(dir / "c.json", "{}");
  write_text(dir / ".hidden.png", "");
  const FolderListing l = list_folder(dir.path(), ".png");
  EXPECT_TRUE(l.error.empty());
  EXPECT_FALSE(l.cut);
  EXPECT_EQ(names(l), (std::vector<std::string>{"maps/", "A.PNG", "b.png"}));
  EXPECT_EQ(l.entries[2].bytes, 17u);
  EXPECT_EQ(human_bytes(17), "17 bytes");
  EXPECT_EQ(human_bytes(17 * 1024), "17 KB");
  EXPECT_EQ(human_bytes(5'000'000), "4.8 MB");
  EXPECT_EQ(human_bytes(10'900'000), "10 MB");
  EXPECT_FALSE(list_folder(dir / "none", ".png").error.empty());
}

TEST(AppFileDialog, AHugeFolderListsItsFirstEntriesByName) {
  TempDir dir;
  const std::size_t n = kMaxFolderEntries + 5;
  for (std::size_t i = n; i-- > 0;) {
    char name[32];
    std::snprintf(name, sizeof name, "m%05zu.json", i);
    write_text(dir / name, "");
  }
  const FolderListing l = list_folder(dir.path(), ".json");
  EXPECT_TRUE(l.cut);
  ASSERT_EQ(l.entries.size(), kMaxFolderEntries);
  EXPECT_EQ(l.entries.front().name, "m00000.json");
  EXPECT_EQ(l.entries.back().name, "m01999.json");
}

TEST(AppFileDialog, OpensOnTheFolderAsAFullPathAndSavesANewNameThere) {
  TempDir dir;
  FileDialog d;
  d.open(FileDialogMode::Save, "export PNG: save as", ".png", dir / "." / "", "dungen.png");
  EXPECT_TRUE(d.is_open());
  EXPECT_EQ(d.folder(), dir.path());
  EXPECT_TRUE(d.folder().is_absolute());
  d.set_name("cave");  // the extension is added
  EXPECT_EQ(d.submit(), DialogAction::Accept);
  EXPECT_FALSE(d.is_open());
  EXPECT_EQ(d.chosen(), dir / "cave.png");
  EXPECT_TRUE(d.chosen().is_absolute());
}

TEST(AppFileDialog, AsksBeforeReplacingAFileAndKeepsItUntilConfirmed) {
  TempDir dir;
  write_text(dir / "dungen.png", std::string(17 * 1024, 'x'));
  FileDialog d;
  d.open(FileDialogMode::Save, "export PNG: save as", ".png", dir.path(), "dungen.png");
  EXPECT_EQ(d.submit(), DialogAction::AskReplace);
  EXPECT_TRUE(d.is_open());
  // The question names the whole path and the size of what would be lost.
  EXPECT_NE(d.question().find((dir / "dungen.png").string()), std::string::npos) << d.question();
  EXPECT_NE(d.question().find("17 KB"), std::string::npos) << d.question();
  EXPECT_TRUE(d.chosen().empty());
  // "keep it": still open, nothing chosen.
  d.decline_replace();
  EXPECT_TRUE(d.question().empty());
  EXPECT_EQ(d.confirm_replace(), DialogAction::None);
  EXPECT_TRUE(d.is_open());
  // Typing withdraws the question: a confirm then replaces nothing.
  EXPECT_EQ(d.submit(), DialogAction::AskReplace);
  d.name_edited();
  EXPECT_EQ(d.confirm_replace(), DialogAction::None);
  // Asked again and confirmed: that file is chosen.
  EXPECT_EQ(d.submit(), DialogAction::AskReplace);
  EXPECT_EQ(d.confirm_replace(), DialogAction::Accept);
  EXPECT_EQ(d.chosen(), dir / "dungen.png");
  EXPECT_EQ(fs::file_size(dir / "dungen.png"), 17u * 1024);  // the dialog itself writes nothing
}

TEST(AppFileDialog, GoesIntoAndUpFoldersByClickOrByName) {
  TempDir dir;
  fs::create_directories(dir / "maps" / "old");
  FileDialog d;
  d.open(FileDialogMode::Save, "save preset: save as", ".json", dir.path(), "dungen.json");
  d.go_into("maps");
  EXPECT_EQ(d.folder(), dir / "maps");
  EXPECT_EQ(names(d.listing()), std::vector<std::string>{"old/"});
  d.go_up();
  EXPECT_EQ(d.folder(), dir.path());
  // A folder typed is gone into, the name given back.
  d.set_name("maps/old/");
  EXPECT_EQ(d.submit(), DialogAction::Navigated);
  EXPECT_EQ(d.folder(), dir / "maps" / "old");
  EXPECT_EQ(d.name(), "dungen.json");
  d.set_name((dir / "maps").string());  // absolute
  EXPECT_EQ(d.submit(), DialogAction::Navigated);
  EXPECT_EQ(d.folder(), dir / "maps");
  d.set_name("..");
  EXPECT_EQ(d.submit(), DialogAction::Navigated);
  EXPECT_EQ(d.folder(), dir.path());
  // A name with a folder saves there.
  d.set_name("maps/old/x");
  EXPECT_EQ(d.submit(), DialogAction::Accept);
  EXPECT_EQ(d.chosen(), dir / "maps" / "old" / "x.json");
}

TEST(AppFileDialog, RefusesWhatCannotBeSaved) {
  TempDir dir;
  FileDialog d;
  d.open(FileDialogMode::Save, "record GIF: save as", ".gif", dir.path(), "");
  EXPECT_EQ(d.submit(), DialogAction::Error);
  EXPECT_FALSE(d.error().empty());
  d.set_name("no/such/folder/x.gif");
  EXPECT_EQ(d.submit(), DialogAction::Error);
  EXPECT_NE(d.error().find("no folder"), std::string::npos) << d.error();
  EXPECT_NE(d.error().find((dir / "no" / "such" / "folder").string()), std::string::npos);
  fs::create_directory(dir / "a.gif.gif");
  d.set_name("a.gif.gif");  // a folder: gone into
  EXPECT_EQ(d.submit(), DialogAction::Navigated);
  EXPECT_TRUE(d.is_open());
}

TEST(AppFileDialog, OpenReadsAnyFileTheUserPicks) {
  TempDir dir;
  write_text(dir / "cave.json", "{}");
  write_text(dir / "notes.txt", "{}");
  FileDialog d;
  d.open(FileDialogMode::Open, "open preset: open", ".json", dir.path(), "");
  EXPECT_EQ(names(d.listing()), std::vector<std::string>{"cave.json"});
  d.set_name("cave");  // as listed, without its extension
  EXPECT_EQ(d.submit(), DialogAction::Accept);
  EXPECT_EQ(d.chosen(), dir / "cave.json");
  d.open(FileDialogMode::Open, "open preset: open", ".json", dir.path(), "");
  d.set_name("notes.txt");  // any name, not only dungen.json
  EXPECT_EQ(d.submit(), DialogAction::Accept);
  EXPECT_EQ(d.chosen(), dir / "notes.txt");
  d.open(FileDialogMode::Open, "open preset: open", ".json", dir.path(), "");
  d.set_name("missing.json");
  EXPECT_EQ(d.submit(), DialogAction::Error);
  EXPECT_NE(d.error().find("missing.json"), std::string::npos);
}

// --- the export job ---

TEST(AppExport, APngIsDrawnFromACopyOfTheMapAndSaysTheFullPath) {
  TempDir dir;
  Session s(frozen_clock(1));
  small_run(s, 30);
  const Grid then = s.grid();
  const std::string path = (dir / "map.png").string();
  ExportRequest r = make_export(s, ExportKind::Png, path);
  // The session goes on (and starts a new map) while the export has not run yet.
  for (int i = 0; i < 20; ++i) s.step();
  s.set_seed(8);
  s.finish_pending();
  ASSERT_NE(s.grid(), then);
  ExportStatus status;
  const ExportOutcome out = run_export(r, status, StopToken{});
  ASSERT_EQ(out.result, ExportOutcome::Written) << out.detail;
  const std::string bytes = read_text(path);
  const Image got = test::decode_png(bytes);
  EXPECT_TRUE(got.rgb == draw_map(then, r.style).rgb);  // the map as it was when asked
  EXPECT_EQ(png_size(bytes), std::make_pair(40 * r.style.cell_px, 30 * r.style.cell_px));
  const std::string said = export_message(out, ExportKind::Png, false);
  EXPECT_EQ(said, "wrote '" + path + "' (320x240 px, step 30)");
  EXPECT_EQ(export_message(out, ExportKind::Png, true),
            "downloaded 'map.png' (320x240 px, step 30)");
}

TEST(AppExport, AStoppedExportWritesNothingAndKeepsTheOldFile) {
  TempDir dir;
  Session s(frozen_clock(1));
  small_run(s, 10);
  for (ExportKind kind : {ExportKind::Png, ExportKind::Gif, ExportKind::Preset}) {
    const fs::path path = dir / "old";
    write_text(path, "precious");
    StopSource stop;
    stop.request_stop();
    ExportStatus status;
    const ExportOutcome out =
        run_export(make_export(s, kind, path.string()), status, stop.get_token());
    EXPECT_EQ(out.result, ExportOutcome::Cancelled);
    EXPECT_EQ(read_text(path), "precious");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1)
        << "a temporary file was left";
    EXPECT_EQ(export_message(out, kind, false).rfind("cancelled ", 0), 0u);
  }
}

TEST(AppExport, AGifStopsAtTheFrameAfterTheCancel) {
  TempDir dir;
  Session s(frozen_clock(1));
  small_run(s, 200);
  const fs::path path = dir / "run.gif";
  StopSource stop;
  int last_frame = 0;
  ExportStatus status([&](const ExportProgress& p) {
    if (p.stage != ExportStage::Frames) return;
    last_frame = p.done;
    if (p.done == 3) stop.request_stop();  // the user's cancel, at the third frame
  });
  const ExportOutcome out =
      run_export(make_export(s, ExportKind::Gif, path.string()), status, stop.get_token());
  EXPECT_EQ(out.result, ExportOutcome::Cancelled);
  EXPECT_EQ(last_frame, 3);  // no frame drawn after it
  EXPECT_FALSE(fs::exists(path));
  // Not stopped, the same export writes the GIF.
  ExportStatus plain;
  const ExportOutcome done = run_export(make_export(s, ExportKind::Gif, path.string()), plain, {});
  ASSERT_EQ(done.result, ExportOutcome::Written) << done.detail;
  EXPECT_EQ(read_text(path).substr(0, 6), "GIF89a");
  EXPECT_EQ(plain.get().stage, ExportStage::Writing);
}

TEST(AppExport, APresetSavedReadsBackAsTheSession) {
  TempDir dir;
  Session s(frozen_clock(1));
  small_run(s, 5);
  const std::string path = (dir / "p.json").string();
  ExportStatus status;
  const ExportOutcome out = run_export(make_export(s, ExportKind::Preset, path), status, {});
  ASSERT_EQ(out.result, ExportOutcome::Written) << out.detail;
  auto read = read_preset_file(path);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read.value().seed, 7u);
  EXPECT_EQ(read.value().generator->name, "rooms-and-tunnels");
  EXPECT_EQ(read.value().params.get("width"), 40);
}

TEST(AppExport, AFailedWriteSaysWhyOnOneLine) {
  TempDir dir;
  Session s(frozen_clock(1));
  small_run(s, 5);
  const std::string path = (dir / "no-folder" / "x.png").string();
  ExportStatus status;
  const ExportOutcome out = run_export(make_export(s, ExportKind::Png, path), status, {});
  EXPECT_EQ(out.result, ExportOutcome::Failed);
  const std::string said = export_message(out, ExportKind::Png, false);
  EXPECT_NE(said.find("cannot write"), std::string::npos) << said;
  EXPECT_NE(said.find(path), std::string::npos) << said;
  EXPECT_EQ(said.find('\n'), std::string::npos);
}

TEST(AppExport, TheAppRefusesGifsOfBigMapsBeforeAskingForAName) {
  Session s(frozen_clock(1));
  small_run(s, 1);
  EXPECT_FALSE(export_refusal(s, ExportKind::Gif).has_value());
  EXPECT_FALSE(export_refusal(s, ExportKind::Png).has_value());
  s.set_map_size(kMaxGifMapSide + 1, 40);
  s.finish_pending();
  const auto why = export_refusal(s, ExportKind::Gif);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->message.find("dungen record"), std::string::npos);
  EXPECT_FALSE(export_refusal(s, ExportKind::Png).has_value());
}

TEST(AppExport, TheJobRunsOffTheCallersThreadAndReportsOnce) {
  TempDir dir;
  Session s(frozen_clock(1));
  small_run(s, 30);
  std::promise<void> go;
  std::shared_future<void> gate = go.get_future().share();
  ExportJob job([gate](StopToken) { gate.wait(); });
  const std::string path = (dir / "map.png").string();
  ASSERT_TRUE(job.start(make_export(s, ExportKind::Png, path)));
  // Held before its work: running, and a second export is refused meanwhile.
  EXPECT_TRUE(job.running());
  EXPECT_FALSE(job.take().has_value());
  EXPECT_FALSE(job.start(make_export(s, ExportKind::Preset, path)));
  EXPECT_EQ(job.progress().stage, ExportStage::Waiting);
  // The session moves on while the job holds its copy.
  for (int i = 0; i < 50; ++i) s.step();
  go.set_value();
  auto out = wait_for(job);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->result, ExportOutcome::Written) << out->detail;
  EXPECT_EQ(out->detail, " (320x240 px, step 30)");
  EXPECT_FALSE(job.running());
  EXPECT_FALSE(job.take().has_value());  // once
  EXPECT_EQ(png_size(read_text(path)), std::make_pair(320, 240));
  // The next export may start.
  EXPECT_TRUE(job.start(make_export(s, ExportKind::Preset, (dir / "p.json").string())));
  job.wait();
  EXPECT_TRUE(fs::exists(dir / "p.json"));
}

TEST(AppExport, ACancelledJobEndsWithoutWritingTheFile) {
  TempDir dir;
  Session s(frozen_clock(1));
  small_run(s, 30);
  const fs::path path = dir / "map.png";
  write_text(path, "precious");
  std::promise<void> go;
  std::shared_future<void> gate = go.get_future().share();
  ExportJob job([gate](StopToken) { gate.wait(); });
  ASSERT_TRUE(job.start(make_export(s, ExportKind::Png, path.string())));
  job.cancel();  // returns at once: the job is still held
  EXPECT_TRUE(job.running());
  EXPECT_TRUE(job.cancelling());
  go.set_value();
  auto out = wait_for(job);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->result, ExportOutcome::Cancelled);
  EXPECT_FALSE(job.cancelling());
  EXPECT_EQ(read_text(path), "precious");
}

// Says when the last copy of it is gone: the job's thread has ended (it holds one).
struct Ended {
  std::promise<void> promise;
  ~Ended() { promise.set_value(); }
};

// An export of a small session's map, its job held on its thread until the job is asked to stop
// (bounded: 10 s), so the stop always comes before the export's first look at it.
struct HeldExport {
  TempDir dir;
  Session session{frozen_clock(1)};
  fs::path path;
  std::future<void> thread_ended;
  std::optional<ExportJob> job;

  explicit HeldExport(ExportKind kind, const char* name) : path(dir / name) {
    small_run(session, 100);
    auto ended = std::make_shared<Ended>();
    thread_ended = ended->promise.get_future();
    job.emplace([ended](StopToken stop) {
      constexpr int kMaxHoldMs = 10'000;
      for (int ms = 0; ms < kMaxHoldMs && !stop.stop_requested(); ++ms) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    });
    ended.reset();
    EXPECT_TRUE(job->start(make_export(session, kind, path.string())));
  }
};

// Closing the app destroys the job: its destructor asks the export to stop and waits for its
// thread, and nothing is written.
TEST(AppExport, ClosingTheAppDuringAnExportStopsItAndWaitsForIt) {
  for (const auto& [kind, name] :
       {std::pair{ExportKind::Png, "map.png"}, std::pair{ExportKind::Gif, "run.gif"}}) {
    SCOPED_TRACE(name);
    HeldExport e(kind, name);
    // Stops it and joins: its thread has ended when this returns. (Were it not stopped, the hold
    // would end at its bound and the export would write the file.)
    e.job.reset();
    EXPECT_EQ(e.thread_ended.wait_for(std::chrono::seconds(0)), std::future_status::ready);
    EXPECT_FALSE(fs::exists(e.path));
    EXPECT_TRUE(fs::is_empty(e.dir.path()));  // no temporary file either
  }
}

// A PNG export stops within a band of rows of the cancel, writing nothing.
TEST(AppExport, APngStopsWithinABandOfTheCancel) {
  TempDir dir;
  Session s(frozen_clock(1));
  small_run(s, 30);
  const fs::path path = dir / "map.png";
  write_text(path, "precious");
  StopSource stop;
  int rows_seen = 0, total = 0;
  ExportStatus status([&](const ExportProgress& p) {
    if (p.stage != ExportStage::Drawing || p.done == 0) return;
    rows_seen = p.done;
    total = p.total;
    stop.request_stop();  // the user's cancel, at the first band drawn
  });
  const ExportOutcome out =
      run_export(make_export(s, ExportKind::Png, path.string()), status, stop.get_token());
  EXPECT_EQ(out.result, ExportOutcome::Cancelled);
  EXPECT_GT(total, rows_seen);  // stopped before the last row
  EXPECT_EQ(read_text(path), "precious");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(AppExport, ProgressRisesThroughTheStages) {
  ExportStatus st;
  EXPECT_EQ(st.get().stage, ExportStage::Waiting);
  st.set(ExportStage::Frames, 12, 120);
  EXPECT_EQ(st.get().text(), "frame 12 of 120");
  EXPECT_NEAR(st.get().fraction(), 0.095, 1e-9);
  const ExportProgress drawing{ExportStage::Drawing, 0, 0}, writing{ExportStage::Writing, 0, 0};
  EXPECT_LT(drawing.fraction(), writing.fraction());
  EXPECT_LE(writing.fraction(), 1.0);
}

}  // namespace
}  // namespace dungen::app
