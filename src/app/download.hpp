#pragma once
// Files the app writes where the user can take them. On the desktop a file written is where the
// user asked: nothing more to do. In the browser build the app writes into the page's own
// (in-memory) file system, so a file written there is handed to the browser as a download.

#include <string>

namespace dungen::app {

// Offers the file at `path`, just written, as a download (the browser build); elsewhere, nothing.
void offer_download(const std::string& path);

// Whether files written are downloads (the browser build): the messages say so.
bool files_are_downloads();

}  // namespace dungen::app
