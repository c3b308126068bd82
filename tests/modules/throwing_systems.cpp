// A module for the Gatehouse project whose system registration throws: a
// loader must refuse it and say so.
#include <stdexcept>

#include "cairn/ecs/game_module.h"
#include "game_components.h"

namespace {
void RegisterBroken(cairn::ecs::Coordinator&) { throw std::runtime_error("the spawner's table is missing"); }
}  // namespace

CAIRN_GAME_MODULE(game::ModuleDescriptor("broken gatehouse", &RegisterBroken))
