#version 330 core
// One triangle covering the viewport; draw 3 vertices with no attributes.

out vec2 v_ndc;

void main() {
  vec2 ndc = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
  v_ndc = ndc;
  gl_Position = vec4(ndc, 0.0, 1.0);
}
