#pragma once
// Components a scene file names but this build does not know (a file from a
// newer build, or a game's own component types). The loader keeps them per
// entity in this hidden component and the writer puts them back, so opening
// and saving a file never loses them. Being an ordinary component, it is
// copied by undo, redo, duplicate and paste like any other.

#include <string>
#include <string_view>

namespace cairn::ecs {
class Coordinator;
}

namespace cairn::serialization {

struct UnknownComponents {
  // Compact JSON text of an object {component name: value}, keys sorted, as
  // produced by Document::dump(). Never edited by hand: only the loader sets it.
  std::string json;

  friend bool operator==(const UnknownComponents&, const UnknownComponents&) = default;
};

// The registered name; it cannot clash with a component name written in C++
// identifier style. A file naming this component is rejected.
inline constexpr std::string_view kUnknownComponentsName = "cairn.UnknownComponents";

// Registers UnknownComponents (hidden from the UI) unless the world already
// has it. Scene loading calls it on every world it creates.
void RegisterUnknownComponents(ecs::Coordinator& world);

}  // namespace cairn::serialization
