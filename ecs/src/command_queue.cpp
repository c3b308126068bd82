#include "cairn/ecs/command_queue.h"

namespace cairn::ecs {

std::vector<ActionResult> CommandQueue::Flush(Coordinator& coordinator) {
  // Actions enqueued while flushing (by event handlers) wait for the next Flush.
  std::vector<Action> actions;
  actions.swap(pending_);
  std::vector<ActionResult> results;
  results.reserve(actions.size());
  for (Action& action : actions) {
    try {
      Action inverse = ApplyAction(coordinator, action);
      results.push_back({std::move(action), std::move(inverse), std::nullopt});
    } catch (const std::exception& error) {
      results.push_back({std::move(action), Action{}, std::string(error.what())});
    }
  }
  return results;
}

}  // namespace cairn::ecs
