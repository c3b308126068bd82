#include "cairn/ecs/system.h"

namespace cairn::ecs {

void System::Update(Coordinator&, float) {}
void System::OnEntityAdded(Entity) {}
void System::OnEntityRemoved(Entity) {}

}  // namespace cairn::ecs
