#pragma once
// Validates the entity list of a current-version document (scene or runtime
// export) and builds a fresh world from it. Shared by the scene loader and
// the runtime loader; internal to the library.

#include <memory>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/plain_value.h"
#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::serialization::detail {

enum class FileKind { kScene, kRuntime };

// Reports the document's format and version problems; returns the version
// (already checked to be supported) or nullopt after an error.
std::optional<int> CheckHeader(const Document& document, FileKind kind, DiagnosticSink& sink);

// Every check of docs/scene-format.md past the header. Returns the new world
// when `sink` holds no error afterwards; *editor receives the scene's editor
// object (scene files only).
std::unique_ptr<ecs::Coordinator> ReadWorld(const Document& document, FileKind kind, const LoadOptions& options,
                                            DiagnosticSink& sink, ecs::PlainValue* editor);

}  // namespace cairn::serialization::detail
