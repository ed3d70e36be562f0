#include "app/texture_stager.hpp"

#include "app/gl.hpp"
// The GL header before GLFW (GLFW_INCLUDE_NONE is defined by the dungen::glfw target).
#include <GLFW/glfw3.h>

#include <climits>

namespace dungen::app {
namespace {

constexpr std::size_t kStagedUploadCells = std::size_t{1} << 20;
constexpr int kStagedBandCells = 1 << 17;  // one glTexSubImage2D call

}  // namespace

TextureStager::~TextureStager() {
  if (allocator_ && staging_ && staging_->awaiting) allocator_->cancel(client_);
}

void TextureStager::sync(Session& session) {
  const TextureUpload up = session.take_upload();
  const Grid& grid = session.grid();
  MapTexture& shown = texture();
  const bool resized = shown.width() != grid.width() || shown.height() != grid.height();
  const CellFormat format =
      keep_wide(cell_format(grid, up.regions, session.generator().text_shows_labels,
                            {up.max_label, up.max_region}),
                up.full, widest_);
  if (parked_) {
    // The map on show, its look and its picture unchanged: its cells stay away. Otherwise the
    // shown texture, not ready, is staged again below (the last picture stays up meanwhile).
    if (!up.full && !up.dirty && !restore_ && format == shown.format()) return;
    parked_ = restore_ = false;
  }
  // (A first map staged into the other texture leaves the shown one unready meanwhile: that
  // staging goes on; restarting it every frame, it never ended where a band takes a frame.)
  if (up.full || ((!shown.ready() || resized || shown.format() != format) && !staging_)) {
    uploads_.clear();
    error_.clear();
    staging_.reset();
    if (grid.size() < kStagedUploadCells || !stage_big_uploads_) {
      if (auto err = shown.reset(grid, format)) {
        error_ = err->message;
        return;
      }
      if (resized) session.view().fit_requested = true;
      return;
    }
    start(grid, format);
  }
  if (up.dirty) uploads_.add(*up.dirty);
  if (staging_) {
    if (continue_staging(grid)) session.view().fit_requested = true;
    if (staging_) return;  // changes made meanwhile go to the staged texture once it is shown
  }
  // A headless picture of a finished run takes its cells whole: no one waits for its frames.
  upload_pieces(texture(), uploads_, grid, stage_big_uploads_ ? kStagedBandCells : INT_MAX,
                session.busy());
}

void TextureStager::upload_pieces(MapTexture& texture, UploadQueue& queue, const Grid& grid,
                                  int band_cells, bool moving) {
  const double start = glfwGetTime();
  // Each piece moves a band on, so the map's height (plus a waiting rectangle) bounds them.
  for (int guard = 0; guard <= grid.height() + 1; ++guard) {
    const std::optional<Rect> piece =
        queue.next(grid.width(), grid.height(), band_cells, moving, start);
    if (!piece) break;
    texture.upload(grid, *piece);
    if (glfwGetTime() - start >= work_seconds_) break;
  }
}

void TextureStager::park(const Session& session, bool picture_current) {
  if (!session.rebuilding()) kept_ = false;
  if (parked_) {
    if (!picture_current) restore_ = kept_ = true;
    return;
  }
  // Only where a thread makes buffers (the cells come back in a new one, whose clearing would be
  // a long frame) and the map is big enough to be staged back in bands; and once per
  // build: a user who looks around the last map meanwhile keeps its cells till the build ends
  // (bringing them back takes the allocator's thread, which the build slows, up to a second).
  const MapTexture& shown = texture();
  if (kept_ || !session.rebuilding() || !picture_current || staging_ || !uploads_.empty() ||
      !shown.ready() || !allocator_ || !allocator_->ready() ||
      static_cast<std::size_t>(shown.width()) * static_cast<std::size_t>(shown.height()) <
          kStagedUploadCells) {
    return;
  }
  allocator_->release(texture().park());
  parked_ = true;
}

void TextureStager::start(const Grid& grid, CellFormat format) {
  MapTexture& staged = staged_texture();
  if (staged.fits(grid.width(), grid.height(), format)) {
    // The buffer of the map before last is big enough: reused (only without an allocator
    // thread; with one, that buffer was given back once this texture stopped being shown).
    take_allocation(staged.allocate(grid.width(), grid.height(), format), grid, format);
    return;
  }
  if (!allocator_) allocator_ = std::make_shared<BufferAllocator>();
  if (allocator_->ready() && grid.size() <= max_buffer_cells()) {
    allocator_->request(client_, buffer_bytes(grid.size() * format.bytes()));
    begin_staging(grid, format, true);
    return;
  }
  take_allocation(staged.allocate(grid.width(), grid.height(), format), grid, format);
}

void TextureStager::take_allocation(std::optional<Error> failed, const Grid& grid,
                                    CellFormat format) {
  if (failed) {
    error_ = failed->message;
  } else {
    begin_staging(grid, format, false);
  }
}

void TextureStager::begin_staging(const Grid& grid, CellFormat format, bool awaiting) {
  staging_ = Staging{.format = format, .awaiting = awaiting};
  staging_->rows.add({0, 0, grid.width(), grid.height()});
}

bool TextureStager::continue_staging(const Grid& grid) {
  MapTexture& staged = staged_texture();
  if (staging_->awaiting) {
    const CellFormat format = staging_->format;
    const auto made = allocator_->take(client_, grid.size() * format.bytes());
    if (!made) return false;
    allocator_->release(
        staged.adopt(made->buffer, made->bytes, grid.width(), grid.height(), format));
    staging_->awaiting = false;
  }
  upload_pieces(staged, staging_->rows, grid, kStagedBandCells, false);
  if (!staging_->rows.empty()) return false;
  const bool resized = texture().width() != grid.width() || texture().height() != grid.height();
  shown_ = 1 - shown_;
  staging_.reset();
  // The last map's buffer is not kept for the next one: on a big map that would be a second
  // copy of it all along (64-128 MB at 4096x4096). The allocator's thread makes the next one.
  if (allocator_ && allocator_->ready()) allocator_->release(staged_texture().release_buffer());
  return resized;
}

void TextureStager::first_frame_shown() {
  if (stage_big_uploads_ && !allocator_) allocator_ = std::make_shared<BufferAllocator>();
}

}  // namespace dungen::app
