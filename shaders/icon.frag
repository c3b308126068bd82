#version 330 core
// Draws the icon symbol procedurally on a dark disc: a sun for lights, a film
// camera for cameras; selected icons get a ring in the outline colour. The
// whole disc writes the pick id, so icons are easy to click.

in vec2 v_local;
flat in uint v_kind;
flat in vec4 v_color;
flat in uint v_pick_id;
flat in uint v_selection;

uniform vec4 u_primary_color;
uniform vec4 u_selected_color;

layout(location = 0) out vec4 o_color;
layout(location = 1) out uint o_pick_id;

const uint kLight = 0u;
const uint kCamera = 1u;

// Signed distance to a box of half size `half_size` centred at `center`.
float BoxDistance(vec2 p, vec2 center, vec2 half_size) {
  vec2 d = abs(p - center) - half_size;
  return length(max(d, 0.0)) + min(max(d.x, d.y), 0.0);
}

float LightSymbol(vec2 p) {
  float bulb = length(p) - 0.28;
  float angle = atan(p.y, p.x);
  float sector = 3.14159265 / 4.0;
  float nearest = round(angle / sector) * sector;
  vec2 ray_axis = vec2(cos(nearest), sin(nearest));
  float along = dot(p, ray_axis);
  float across = abs(dot(p, vec2(-ray_axis.y, ray_axis.x)));
  float ray = max(max(0.42 - along, along - 0.68), across - 0.06);
  return min(bulb, ray);
}

float CameraSymbol(vec2 p) {
  float body = BoxDistance(p, vec2(-0.15, 0.0), vec2(0.38, 0.26)) - 0.04;
  // Lens: a trapezoid widening to the right.
  float lens_half_height = mix(0.1, 0.3, clamp((p.x - 0.25) / 0.4, 0.0, 1.0));
  float lens = max(max(0.25 - p.x, p.x - 0.65), abs(p.y) - lens_half_height);
  return min(body, lens);
}

void main() {
  float radius = length(v_local);
  float edge = fwidth(radius);
  float disc = 1.0 - smoothstep(1.0 - edge, 1.0, radius);
  if (disc <= 0.0) discard;

  float symbol_distance = v_kind == kCamera ? CameraSymbol(v_local) : LightSymbol(v_local);
  float symbol = 1.0 - smoothstep(-edge, edge, symbol_distance);

  vec4 color = mix(vec4(0.08, 0.08, 0.09, 0.65), vec4(v_color.rgb, 1.0), symbol);
  if (v_selection != 0u) {
    vec4 ring_color = v_selection == 2u ? u_primary_color : u_selected_color;
    float ring = smoothstep(0.8 - edge, 0.8, radius);
    color = mix(color, vec4(ring_color.rgb, 1.0), ring);
  }
  o_color = vec4(color.rgb, color.a * disc);
  o_pick_id = v_pick_id;
}
