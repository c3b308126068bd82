// A module built for another version of the Gatehouse project (Door.speed an
// int, a Spawner.label the project lacks): a loader must refuse it.
#include "cairn/ecs/game_module.h"
#include "game_components.h"

namespace {
void RegisterNothing(cairn::ecs::Coordinator&) {}
}  // namespace

CAIRN_GAME_MODULE(game::ModuleDescriptor("changed gatehouse", &RegisterNothing))
