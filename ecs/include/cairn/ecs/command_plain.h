#pragma once
// Commands and actions as plain data (written as JSON by the journal and the
// scene layer):
//   {"name": "Rename 'Crate'", "commands": [
//     {"op": "rename", "id": "3f2a9c0d41be7e10", "name": "Crate"}, ...]}
// Component values are {"component": "Light", "value": {fields...}}.

#include "cairn/ecs/command.h"
#include "cairn/ecs/plain_value.h"

namespace cairn::ecs {

PlainValue CommandToPlain(const Command& command);
PlainValue ActionToPlain(const Action& action);

// Decoding resolves component names through the coordinator's registry.
// Throws CommandError naming the offending part ("commands[2].value: ...").
Command CommandFromPlain(const PlainValue& plain, const Coordinator& coordinator);
Action ActionFromPlain(const PlainValue& plain, const Coordinator& coordinator);

}  // namespace cairn::ecs
