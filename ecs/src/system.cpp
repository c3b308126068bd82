#include "cairn/ecs/system.h"

namespace cairn::ecs {

void System::Update(Coordinator&, float) {}
void System::OnEntityAdded(Entity) {}
void System::OnEntityRemoved(Entity) {}

void SystemEntities::Grow(std::size_t word) { words_.resize(word + 1); }

}  // namespace cairn::ecs
