#pragma once
// Component types defined at run time, from data (a game project's
// definitions), rather than by a C++ struct. Coordinator::
// RegisterRuntimeComponent gives such a type everything a C++ type has: a
// ComponentType and signature bit, a reflection record (so the Inspector,
// the serializer, the schemas, commands, undo and the clipboard read it as
// they read any other), events and system membership. Values are stored in
// place, laid out from the fields like a C++ struct would be: a float is four
// bytes in the component, not JSON text.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "cairn/ecs/plain_value.h"
#include "cairn/ecs/reflection.h"

namespace cairn::ecs {

struct RuntimeFieldDefinition {
  std::string name;
  FieldType type = FieldType::kFloat;
  FieldHints hints;
  std::vector<std::string> enum_names{};  // kEnum: at least one
  // The value a new component starts with, as plain data (what a scene file
  // holds); null: the type's zero (false, 0, "", the first enum name, the
  // identity rotation, no entity).
  PlainValue default_value{};
  // Names this field had before (oldest first): a scene holding one of them
  // is read as this field, so a rename keeps every value.
  std::vector<std::string> previous_names{};
};

struct RuntimeComponentDefinition {
  std::string name;
  std::string description;  // the Inspector's tooltip
  std::string category;     // groups "Add Component"
  bool ui_accessible = true;
  std::vector<RuntimeFieldDefinition> fields;
};

// The memory layout of a runtime-defined type and its default value. Every
// operation walks the fields; only strings need more than a byte copy.
class RuntimeLayout {
 public:
  // Lays the fields out in order, each at its type's alignment (offsets are
  // written into `fields`), and builds the default value. Throws
  // ComponentRegistrationError naming "Component.field" for a duplicate or
  // empty field name, an enum without names, or a default that is not a
  // valid value of its field.
  RuntimeLayout(const RuntimeComponentDefinition& definition, std::vector<FieldInfo>& fields);
  ~RuntimeLayout();
  RuntimeLayout(const RuntimeLayout&) = delete;
  RuntimeLayout& operator=(const RuntimeLayout&) = delete;

  std::size_t Size() const { return size_; }
  std::size_t Alignment() const { return alignment_; }
  const std::vector<FieldInfo>& Fields() const { return fields_; }

  void Construct(void* memory) const { CopyConstruct(memory, prototype_); }
  void CopyConstruct(void* memory, const void* source) const;
  // Moves *source into uninitialised `memory` and destroys *source.
  void Relocate(void* memory, void* source) const;
  void CopyAssign(void* target, const void* source) const;
  void Destroy(void* object) const;
  bool Equals(const void* a, const void* b) const;

  // Identifies the layout's shape (names, types, enum names), so that two
  // worlds registering the same definition share one type identity and
  // exchange values, while a changed definition gets a new one.
  const std::string& ShapeKey() const { return shape_key_; }

 private:
  std::vector<FieldInfo> fields_;
  // Where the fields held in a std::string are (strings and asset paths):
  // every other field is trivially copyable, so a copy is one memcpy and
  // then a string constructed at each of these offsets.
  std::vector<std::size_t> string_offsets_;
  std::size_t size_ = 0;
  std::size_t alignment_ = 1;
  void* prototype_ = nullptr;
  std::string shape_key_;
};

// A process-wide type identity (ComponentInfo::type_index) for a runtime
// layout shape, disjoint from the indices of C++ types.
std::size_t RuntimeTypeIndex(const std::string& shape_key);

}  // namespace cairn::ecs
