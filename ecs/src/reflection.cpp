#include "cairn/ecs/reflection.h"

#include <cmath>

#include "cairn/ecs/errors.h"

namespace cairn::ecs {

std::string_view FieldTypeName(FieldType type) {
  switch (type) {
    case FieldType::kBool: return "bool";
    case FieldType::kInt: return "int";
    case FieldType::kFloat: return "float";
    case FieldType::kVec2: return "vec2";
    case FieldType::kVec3: return "vec3";
    case FieldType::kVec4: return "vec4";
    case FieldType::kQuat: return "quat";
    case FieldType::kString: return "string";
    case FieldType::kEnum: return "enum";
    case FieldType::kEntityRef: return "entity";
  }
  return "unknown";
}

const FieldInfo* ComponentInfo::FindField(std::string_view field_name) const {
  for (const FieldInfo& field : fields) {
    if (field.name == field_name) return &field;
  }
  return nullptr;
}

namespace {

PlainValue FloatsToPlain(const float* values, int count) {
  PlainValue::Array array;
  array.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) array.emplace_back(values[i]);
  return PlainValue(std::move(array));
}

[[noreturn]] void Mismatch(std::string_view context, const std::string& expected, const PlainValue& found) {
  throw CommandError(std::string(context) + ": expected " + expected + ", found " + std::string(found.KindName()));
}

void FloatsFromPlain(const PlainValue& plain, float* values, int count, std::string_view context) {
  const std::string expected = "an array of " + std::to_string(count) + " numbers";
  if (!plain.IsArray() || plain.AsArray().size() != static_cast<std::size_t>(count)) Mismatch(context, expected, plain);
  for (int i = 0; i < count; ++i) {
    const PlainValue& element = plain.AsArray()[static_cast<std::size_t>(i)];
    if (!element.IsNumber()) Mismatch(context, expected, element);
    values[i] = static_cast<float>(element.AsNumber());
  }
}

}  // namespace

PlainValue FieldToPlain(const FieldInfo& field, const void* component) {
  switch (field.type) {
    case FieldType::kBool: return field.Ref<bool>(component);
    case FieldType::kInt: return field.Ref<std::int32_t>(component);
    case FieldType::kFloat: return field.Ref<float>(component);
    case FieldType::kVec2: return FloatsToPlain(&field.Ref<glm::vec2>(component).x, 2);
    case FieldType::kVec3: return FloatsToPlain(&field.Ref<glm::vec3>(component).x, 3);
    case FieldType::kVec4: return FloatsToPlain(&field.Ref<glm::vec4>(component).x, 4);
    case FieldType::kQuat: {
      const glm::quat& q = field.Ref<glm::quat>(component);
      const float xyzw[4] = {q.x, q.y, q.z, q.w};
      return FloatsToPlain(xyzw, 4);
    }
    case FieldType::kString: return field.Ref<std::string>(component);
    case FieldType::kEnum: {
      const std::int32_t value = field.Ref<std::int32_t>(component);
      if (value >= 0 && static_cast<std::size_t>(value) < field.enum_names.size()) {
        return field.enum_names[static_cast<std::size_t>(value)];
      }
      return value;
    }
    case FieldType::kEntityRef: {
      const EntityId id = field.Ref<EntityId>(component);
      return id ? PlainValue(ToHex(id)) : PlainValue(nullptr);
    }
  }
  return {};
}

void FieldFromPlain(const FieldInfo& field, const PlainValue& plain, void* component, std::string_view context) {
  switch (field.type) {
    case FieldType::kBool:
      if (!plain.IsBool()) Mismatch(context, "true or false", plain);
      field.Ref<bool>(component) = plain.AsBool();
      return;
    case FieldType::kInt:
      if (!plain.IsInteger()) Mismatch(context, "an integer", plain);
      field.Ref<std::int32_t>(component) = static_cast<std::int32_t>(plain.AsInteger());
      return;
    case FieldType::kFloat:
      if (!plain.IsNumber()) Mismatch(context, "a number", plain);
      field.Ref<float>(component) = static_cast<float>(plain.AsNumber());
      return;
    case FieldType::kVec2: FloatsFromPlain(plain, &field.Ref<glm::vec2>(component).x, 2, context); return;
    case FieldType::kVec3: FloatsFromPlain(plain, &field.Ref<glm::vec3>(component).x, 3, context); return;
    case FieldType::kVec4: FloatsFromPlain(plain, &field.Ref<glm::vec4>(component).x, 4, context); return;
    case FieldType::kQuat: {
      float xyzw[4];
      FloatsFromPlain(plain, xyzw, 4, context);
      field.Ref<glm::quat>(component) = glm::quat(xyzw[3], xyzw[0], xyzw[1], xyzw[2]);
      return;
    }
    case FieldType::kString:
      if (!plain.IsString()) Mismatch(context, "a string", plain);
      field.Ref<std::string>(component) = plain.AsString();
      return;
    case FieldType::kEnum: {
      std::string names;
      for (const std::string& name : field.enum_names) names += (names.empty() ? "" : ", ") + name;
      if (!plain.IsString()) Mismatch(context, "one of " + names, plain);
      for (std::size_t i = 0; i < field.enum_names.size(); ++i) {
        if (field.enum_names[i] == plain.AsString()) {
          field.Ref<std::int32_t>(component) = static_cast<std::int32_t>(i);
          return;
        }
      }
      throw CommandError(std::string(context) + ": unknown value '" + plain.AsString() + "', expected one of " + names);
    }
    case FieldType::kEntityRef: {
      if (plain.IsNull()) {
        field.Ref<EntityId>(component) = kNoEntityId;
        return;
      }
      if (!plain.IsString()) Mismatch(context, "an entity id (16 hex digits) or null", plain);
      const auto id = ParseEntityId(plain.AsString());
      if (!id) throw CommandError(std::string(context) + ": '" + plain.AsString() + "' is not an entity id (16 hex digits)");
      field.Ref<EntityId>(component) = *id;
      return;
    }
  }
}

PlainValue ComponentToPlain(const ComponentInfo& info, const void* component) {
  PlainValue::Object object;
  object.reserve(info.fields.size());
  for (const FieldInfo& field : info.fields) object.emplace_back(field.name, FieldToPlain(field, component));
  return PlainValue(std::move(object));
}

void ComponentFromPlain(const ComponentInfo& info, const PlainValue& plain, void* component) {
  if (!plain.IsObject()) Mismatch(info.name, "an object of fields", plain);
  for (const auto& [key, value] : plain.AsObject()) {
    const FieldInfo* field = info.FindField(key);
    if (field == nullptr) throw CommandError(info.name + ": unknown field '" + key + "'");
    FieldFromPlain(*field, value, component, info.name + "." + key);
  }
}

}  // namespace cairn::ecs
