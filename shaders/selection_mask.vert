#version 330 core
// Draws selected instances into the selection mask (see outline.frag).

layout(location = 0) in vec3 a_position;
layout(location = 2) in mat4 a_world;  // locations 2..5
layout(location = 8) in uint a_selection;  // 1 selected, 2 primary

uniform mat4 u_view_projection;

flat out float v_mask;

void main() {
  v_mask = a_selection == 2u ? 1.0 : 0.5;
  gl_Position = u_view_projection * (a_world * vec4(a_position, 1.0));
}
