#version 330 core
// Screen-aligned constant-size icon, one IconInstance per instance (see
// icon_instance.h); draw 4 vertices as a triangle strip.

layout(location = 0) in vec3 a_position;
layout(location = 1) in uint a_kind;
layout(location = 2) in vec4 a_color;
layout(location = 3) in uint a_pick_id;
layout(location = 4) in uint a_selection;

uniform mat4 u_view_projection;
uniform vec2 u_viewport_size;
uniform float u_size_px;

out vec2 v_local;  // -1..1 across the icon
flat out uint v_kind;
flat out vec4 v_color;
flat out uint v_pick_id;
flat out uint v_selection;

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1)) * 2.0 - 1.0;
  v_local = corner;
  v_kind = a_kind;
  v_color = a_color;
  v_pick_id = a_pick_id;
  v_selection = a_selection;

  vec4 clip = u_view_projection * vec4(a_position, 1.0);
  if (clip.w <= 0.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // behind the camera: outside the clip volume
    return;
  }
  clip.xy += corner * (u_size_px / u_viewport_size) * clip.w;
  gl_Position = clip;
}
