#include "cairn/assets/import_queue.h"

#include <utility>

namespace cairn::assets {

ImportQueue::ImportQueue(std::function<ImportResult(const std::filesystem::path&)> import)
    : import_(std::move(import)), worker_([this] { Work(); }) {}

ImportQueue::~ImportQueue() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  wake_.notify_all();
  worker_.join();
}

bool ImportQueue::Request(const std::filesystem::path& path) {
  if (!requested_.insert(path).second) return false;
  ++requested_count_;
  {
    const std::lock_guard lock(mutex_);
    queue_.push_back(path);
  }
  wake_.notify_one();
  return true;
}

void ImportQueue::Forget(const std::filesystem::path& path) { requested_.erase(path); }

std::vector<FinishedImport> ImportQueue::Collect() {
  const std::lock_guard lock(mutex_);
  return std::exchange(finished_, {});
}

ImportProgress ImportQueue::Progress() const {
  const std::lock_guard lock(mutex_);
  return {finished_count_, requested_count_};
}

void ImportQueue::Work() {
  for (;;) {
    std::filesystem::path path;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      path = std::move(queue_.front());
      queue_.pop_front();
    }
    ImportResult result;
    try {
      result = import_(path);
    } catch (const std::exception& error) {
      result.error = "cannot import mesh " + path.string() + ": " + error.what();
    }
    const std::lock_guard lock(mutex_);
    finished_.push_back({std::move(path), std::move(result)});
    ++finished_count_;
  }
}

}  // namespace cairn::assets
