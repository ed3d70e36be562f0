#pragma once
// Brings the map's texture up to date with the session's map, without a frame that stalls:
// - A step's change uploads the dirty rectangle the session hands over (Session::take_upload).
// - A dirty rectangle this big (kBigUploadCells: seeking back across a 4096x4096 map) costs a
//   software rasteriser 27-55 ms to upload: it goes up in bands of rows for up to
//   kMapWorkSeconds a frame (logic/upload_queue.hpp); while the session is still busy, such
//   rectangles are merged and one starts at most every kBigUploadSeconds, so the seek keeps its
//   frames' time.
// - A whole new map this big (kStagedUploadCells: a 4096x4096 map is 16 M cells, 64 or 128 MB of
//   texels) goes into the second texture (its buffer made on the allocator's thread when the one
//   it has is too small), bands of rows for up to kMapWorkSeconds a frame (map_texture.hpp),
//   while the first goes on showing the last map; it is shown once complete.
// - While a big map's successor is built (Session::rebuilding: a new seed, a slider let go), the
//   map shown does not change, nor, unless the user moves the view, does its picture
//   (MapRenderer keeps one). Its texture (32-128 MB at 4096x4096, in the process's own memory
//   under a software rasteriser) is then given back (park), beside the new map's memory as it
//   grows, and staged again from the map as above if the picture must be drawn again meanwhile
//   (a pan, a zoom, another look) or cells change; the last picture stays up till then (under a
//   software rasteriser beside a busy build, up to a second: the new buffer's pages). Given back
//   once a build: brought back, the cells stay till the build ends.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "app/buffer_allocator.hpp"
#include "app/logic/session.hpp"
#include "app/logic/upload_queue.hpp"
#include "app/map_texture.hpp"

namespace dungen::app {

class TextureStager {
 public:
  // stage_big_uploads: false for a headless picture of a finished run (no one waits for it).
  // client: who it is to its buffer thread (BufferAllocator::kClients): compare mode's pane B
  // shares the main pane's thread (share_allocator).
  explicit TextureStager(bool stage_big_uploads, int client = 0)
      : stage_big_uploads_(stage_big_uploads), client_(client) {}
  // A buffer still being made for it is called off (the thread may be shared, and outlive it).
  ~TextureStager();
  TextureStager(const TextureStager&) = delete;
  TextureStager& operator=(const TextureStager&) = delete;

  // Takes the session's upload and brings the textures up to date (asks the view to fit when
  // the shown map changed size).
  void sync(Session& session);
  // After sync, once the frame knows whether the picture on show is still the one this frame
  // asks for (MapRenderer::current): parks the texture, or asks for it back at the next sync.
  void park(const Session& session, bool picture_current);
  bool parked() const { return parked_; }
  // Parked, and the view or look has moved on: the last picture is up, unmoved, until the cells
  // are staged back (from the next sync; the overlays wait for them too).
  bool awaiting_cells() const { return parked_ && restore_; }

  // The first frame is shown: the allocator's hidden GL context takes a software rasteriser
  // some 60 ms to make, so it is made now (not before the first frame, which shows the window,
  // nor in a later one, which should be short).
  void first_frame_shown();

  MapTexture& texture() { return textures_[shown_]; }
  const MapTexture& texture() const { return textures_[shown_]; }
  // A new map is being staged: the last one is still shown.
  bool staging() const { return staging_.has_value(); }
  // Cells changed are still to upload (a big rectangle held back, see kBigUploadSeconds, or
  // going up in bands).
  bool holding_upload() const { return !uploads_.empty(); }
  const std::string& error() const { return error_; }
  bool stages_big_uploads() const { return stage_big_uploads_; }
  // Takes `other`'s buffer thread, once it has one, while this one has none of its own: one
  // hidden context for both panes (making one took a software rasteriser about 60 ms of a frame).
  void share_allocator(const TextureStager& other) {
    if (!allocator_) allocator_ = other.allocator_;
  }
  // The share of a frame's map work (kMapWorkSeconds) its staged bands may take: compare mode's
  // two panes take half each.
  void set_work_share(double share) { work_seconds_ = kMapWorkSeconds * share; }

 private:
  MapTexture& staged_texture() { return textures_[1 - shown_]; }
  void start(const Grid& grid, CellFormat format);
  // Staging goes on in `format` unless the allocation failed (then error() says why).
  void take_allocation(std::optional<Error> failed, const Grid& grid, CellFormat format);
  // Staging `grid` in `format` begins: every row of it is still to upload.
  void begin_staging(const Grid& grid, CellFormat format, bool awaiting);
  // Pieces of `queue` up into `texture` for up to the frame's share of map work (a piece at
  // least): a band of rows each where the rectangle is big.
  void upload_pieces(MapTexture& texture, UploadQueue& queue, const Grid& grid, int band_cells,
                     bool moving);
  // A band or more of the staged map; true when it is complete, now shown, and of another size
  // than the last one (the view must fit it).
  bool continue_staging(const Grid& grid);

  MapTexture textures_[2];  // the one shown, and the one a big new map is staged into
  int shown_ = 0;
  struct Staging {
    CellFormat format;
    UploadQueue rows{0, 0.0};  // the rows still to upload (all of them go in bands)
    bool awaiting = false;     // the staged texture's buffer is still being made
  };
  std::optional<Staging> staging_;
  std::size_t widest_ = 0;  // the most bytes a cell this map has taken (keep_wide)
  bool stage_big_uploads_;
  std::shared_ptr<BufferAllocator> allocator_;  // made once the window shows, or shared
  int client_;                                  // who this stager is to the allocator
  static constexpr long kBigUploadCells = 1L << 20;
  static constexpr double kBigUploadSeconds = 0.25;
  UploadQueue uploads_{kBigUploadCells, kBigUploadSeconds};
  bool parked_ = false;   // the shown texture's cells are given back (park)
  bool restore_ = false;  // the picture must be drawn again: stage them back
  bool kept_ = false;     // they came back during this build: kept till it ends
  double work_seconds_ = kMapWorkSeconds;
  std::string error_;
};

}  // namespace dungen::app
