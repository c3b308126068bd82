#version 330 core
// Full-screen triangle carrying, per pixel, the world points on the near and
// far planes; grid.frag intersects the segment between them with the grid's
// plane.

uniform mat4 u_inverse_view_projection;

out vec3 v_near_point;
out vec3 v_far_point;

vec3 Unproject(vec2 ndc, float depth) {
  vec4 point = u_inverse_view_projection * vec4(ndc, depth, 1.0);
  return point.xyz / point.w;
}

void main() {
  vec2 ndc = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
  v_near_point = Unproject(ndc, -1.0);
  v_far_point = Unproject(ndc, 1.0);
  gl_Position = vec4(ndc, 0.0, 1.0);
}
