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

struct JsonNode;

// ReadWorld for a document whose entities arrive one at a time, each as it
// is parsed (scene_stream.h): the same checks and diagnostics, with each
// entity's problems reported as it arrives, without the document of all
// entities. A dangling reference is reported once every entity has arrived.
class EntityStream {
 public:
  virtual ~EntityStream() = default;
  // The next element of /entities.
  virtual void Entity(const JsonNode& entity) = 0;
  // About how many entities the file holds in all, to make room for.
  virtual void Expect(std::size_t count) = 0;
  // Everything else, from a document holding the header, the editor object
  // and the instances, whose "entities" is an empty placeholder. Returns the
  // world when `sink` holds no error.
  virtual std::unique_ptr<ecs::Coordinator> Finish(const Document& document, ecs::PlainValue* editor) = 0;
};

std::unique_ptr<EntityStream> StreamWorld(FileKind kind, const LoadOptions& options, DiagnosticSink& sink);

}  // namespace cairn::serialization::detail
