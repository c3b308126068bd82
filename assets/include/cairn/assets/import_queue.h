#pragma once
// Imports mesh files on a worker thread, so the editor's frame never waits
// for a file: the UI thread asks for paths and, once a frame, collects what
// has finished (to upload it with Renderer::AddMesh, which needs the GL
// context, and to report failures). Each path is imported once however often
// it is asked for: a mesh used by 10,000 entities is read and uploaded once.
//
// Thread-safety: Request, Collect, Progress and the destructor are called from
// one thread (the UI thread); the worker only runs ImportGltf.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <functional>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "cairn/assets/gltf_import.h"

namespace cairn::assets {

struct FinishedImport {
  std::filesystem::path path;
  ImportResult result;
};

struct ImportProgress {
  std::size_t finished = 0;   // since construction, collected or not
  std::size_t requested = 0;  // since construction, a path again after Forget counting again
  [[nodiscard]] bool Busy() const { return finished < requested; }
};

class ImportQueue {
 public:
  // `import` is what the worker runs for each path (ImportGltf by default).
  explicit ImportQueue(std::function<ImportResult(const std::filesystem::path&)> import = DefaultImport);
  // Waits for the file being imported, if any; queued paths are dropped.
  ~ImportQueue();
  ImportQueue(const ImportQueue&) = delete;
  ImportQueue& operator=(const ImportQueue&) = delete;

  // Queues `path` unless it was requested before. Returns whether it queued.
  bool Request(const std::filesystem::path& path);
  // Lets `path` be requested (and imported) again, after its file changed.
  // An import of it already under way still finishes and is collected.
  void Forget(const std::filesystem::path& path);
  // The imports finished since the last call, in the order they finished.
  std::vector<FinishedImport> Collect();
  ImportProgress Progress() const;

  static ImportResult DefaultImport(const std::filesystem::path& path) { return ImportGltf(path); }

 private:
  void Work();

  std::function<ImportResult(const std::filesystem::path&)> import_;
  std::set<std::filesystem::path> requested_;  // UI thread only
  std::size_t requested_count_ = 0;            // UI thread only; Forget does not lower it
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::filesystem::path> queue_;  // guarded by mutex_
  std::vector<FinishedImport> finished_;     // guarded by mutex_
  std::size_t finished_count_ = 0;           // guarded by mutex_
  bool stopping_ = false;                    // guarded by mutex_
  std::thread worker_;                       // last: starts once the rest exists
};

}  // namespace cairn::assets
