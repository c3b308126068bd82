#pragma once
// Typed errors of the editor core. Messages name the entities (id and name),
// components and files involved, ready to show in the Console as they are.

#include <stdexcept>

namespace cairn::editor {

class EditorError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An action the factory refuses to build, with the exact reason: an unknown or
// already present component, a drop onto the entity's own descendant, an
// entity that does not exist.
class ActionError : public EditorError {
 public:
  using EditorError::EditorError;
};

// A journal that cannot be written or read, or that belongs to another scene
// (or another version of the scene file).
class JournalError : public EditorError {
 public:
  using EditorError::EditorError;
};

}  // namespace cairn::editor
