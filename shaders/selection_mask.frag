#version 330 core

flat in float v_mask;

layout(location = 0) out vec4 o_mask;

void main() {
  o_mask = vec4(v_mask, 0.0, 0.0, 1.0);
}
