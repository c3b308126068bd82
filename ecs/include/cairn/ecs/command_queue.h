#pragma once
// Actions wait here until the frame's one safe point, where Flush applies them
// in order. Panels enqueue; nothing mutates the world while it is iterated.

#include <optional>
#include <string>
#include <vector>

#include "cairn/ecs/command.h"

namespace cairn::ecs {

struct ActionResult {
  Action action;
  Action inverse;                     // meaningful only when succeeded
  std::optional<std::string> error;  // set when the action failed (and was rolled back)

  bool Succeeded() const { return !error.has_value(); }
};

class CommandQueue {
 public:
  void Enqueue(Action action) { pending_.push_back(std::move(action)); }
  bool Empty() const { return pending_.empty(); }
  std::size_t Size() const { return pending_.size(); }
  void Clear() { pending_.clear(); }

  // Applies the queued actions in order; a failed action does not stop the
  // ones after it. Returns one result per action.
  std::vector<ActionResult> Flush(Coordinator& coordinator);

 private:
  std::vector<Action> pending_;
};

}  // namespace cairn::ecs
