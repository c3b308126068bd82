#pragma once
// A stand-in disk for the journal's writes (JournalWriteCalls) that can fill
// up: while full, a write gets as many bytes as there is room for and then
// fails with ENOSPC, as write(2) does on a full file system; fsync fails the
// same way. Until Fill, and after Free, writes go to the real file.

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <memory>
#include <optional>

#include "cairn/editor/journal.h"

namespace cairn::test {

class FillingDisk {
 public:
  // The calls share this disk's state: Fill and Free act on journals made
  // with them, also after copies.
  editor::JournalWriteCalls Calls() const {
    std::shared_ptr<State> state = state_;
    return {[state](int fd, const void* data, std::size_t size) -> ssize_t {
              if (!state->room) return ::write(fd, data, size);
              ++state->attempts;
              if (*state->room == 0) {
                errno = ENOSPC;
                return -1;
              }
              const std::size_t part = std::min(size, *state->room);
              const ssize_t written = ::write(fd, data, part);
              if (written > 0) *state->room -= static_cast<std::size_t>(written);
              return written;
            },
            [state](int fd) {
              if (state->room && *state->room == 0) {
                errno = ENOSPC;
                return -1;
              }
              return ::fsync(fd);
            }};
  }

  // From now on only `room` more bytes fit.
  void Fill(std::size_t room = 0) { state_->room = room; }
  // Space is back: writes succeed again.
  void Free() { state_->room.reset(); }
  // Writes attempted while the disk was filling up.
  std::size_t Attempts() const { return state_->attempts; }

 private:
  struct State {
    std::optional<std::size_t> room;  // nullopt: as much as the real disk has
    std::size_t attempts = 0;
  };
  std::shared_ptr<State> state_ = std::make_shared<State>();
};

}  // namespace cairn::test
