// A Gatehouse module whose door system throws on its first step: Play must
// stop with the message, naming the system and the module.
#include <stdexcept>

#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/game_module.h"
#include "cairn/ecs/system.h"
#include "game_components.h"

namespace {

class DoorSystem : public cairn::ecs::System {
 public:
  void Update(cairn::ecs::Coordinator&, float) override {
    if (!Entities().Empty()) throw std::runtime_error("the door is stuck");
  }
};

void RegisterFailingSystems(cairn::ecs::Coordinator& world) {
  world.RegisterSystem<DoorSystem>();
  world.SetSystemSignature<DoorSystem>(world.MakeSignature<game::Door, cairn::ecs::Transform>());
}

}  // namespace

CAIRN_GAME_MODULE(game::ModuleDescriptor("failing gatehouse", &RegisterFailingSystems))
