#version 330 core
// Screen-space selection outline: pixels outside the selection mask that have
// a masked pixel within u_width_px get the outline colour of the strongest
// neighbour (primary beats selected).

uniform sampler2D u_mask;  // r: 0 none, 0.5 selected, 1 primary
uniform int u_width_px;
uniform vec4 u_primary_color;
uniform vec4 u_selected_color;

layout(location = 0) out vec4 o_color;

void main() {
  ivec2 pixel = ivec2(gl_FragCoord.xy);
  if (texelFetch(u_mask, pixel, 0).r > 0.0) discard;

  ivec2 last = textureSize(u_mask, 0) - 1;
  int radius_squared = u_width_px * u_width_px;
  float strongest = 0.0;
  for (int y = -u_width_px; y <= u_width_px; ++y) {
    for (int x = -u_width_px; x <= u_width_px; ++x) {
      if (x * x + y * y > radius_squared) continue;
      ivec2 neighbour = clamp(pixel + ivec2(x, y), ivec2(0), last);
      strongest = max(strongest, texelFetch(u_mask, neighbour, 0).r);
    }
  }
  if (strongest <= 0.0) discard;
  o_color = strongest > 0.75 ? u_primary_color : u_selected_color;
}
