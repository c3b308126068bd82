#version 330 core
// Instanced mesh: one MeshInstance per instance (see mesh_instance.h).

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in mat4 a_world;  // locations 2..5
layout(location = 6) in vec4 a_color;  // sRGB
layout(location = 7) in uint a_pick_id;
layout(location = 9) in vec2 a_uv;

uniform mat4 u_view_projection;
uniform vec3 u_base_color;  // linear; a registered mesh's part colour, 1 for shapes

out vec3 v_world_position;
out vec3 v_world_normal;
out vec3 v_albedo;  // linear
out vec2 v_uv;
flat out uint v_pick_id;
flat out int v_mirrored;  // the world matrix flips winding

vec3 SrgbToLinear(vec3 c) {
  c = clamp(c, 0.0, 1.0);
  return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), c));
}

void main() {
  vec4 world_position = a_world * vec4(a_position, 1.0);
  mat3 linear_part = mat3(a_world);
  float determinant = determinant(linear_part);
  // Degenerate (zero-scale) instances keep their raw matrix rather than NaNs.
  mat3 normal_matrix = abs(determinant) > 1e-12 ? transpose(inverse(linear_part)) : linear_part;

  v_world_position = world_position.xyz;
  v_world_normal = normal_matrix * a_normal;
  v_albedo = SrgbToLinear(a_color.rgb) * u_base_color;
  v_pick_id = a_pick_id;
  v_uv = a_uv;
  v_mirrored = determinant < 0.0 ? 1 : 0;
  gl_Position = u_view_projection * world_position;
}
