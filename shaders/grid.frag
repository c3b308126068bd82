#version 330 core
// Infinite ground grid on y = 0 with minor and major lines, the X axis (z = 0)
// and Z axis (x = 0) in colour, fading with distance and at grazing angles.
// Writes depth so meshes hide it correctly.

in vec3 v_near_point;
in vec3 v_far_point;

uniform mat4 u_view_projection;
uniform vec3 u_camera_position;
uniform float u_cell_size;
uniform float u_major_every;
uniform float u_fade_distance;
uniform vec4 u_minor_color;
uniform vec4 u_major_color;
uniform vec4 u_axis_x_color;
uniform vec4 u_axis_z_color;

layout(location = 0) out vec4 o_color;

// Coverage (0..1) of one-pixel lines at integer values of `coord`.
float LineCoverage(vec2 coord) {
  vec2 width = fwidth(coord);
  vec2 distance = abs(fract(coord - 0.5) - 0.5) / max(width, vec2(1e-6));
  return 1.0 - min(min(distance.x, distance.y), 1.0);
}

// Fades lines out as their cells shrink below a few pixels (avoids moire).
float CellFade(vec2 coord) {
  vec2 width = fwidth(coord);
  float pixels_per_cell = 1.0 / max(max(width.x, width.y), 1e-6);
  return smoothstep(3.0, 10.0, pixels_per_cell);
}

float AxisCoverage(float coordinate) {
  float width = max(fwidth(coordinate), 1e-6);
  return 1.0 - min(abs(coordinate) / (1.5 * width), 1.0);
}

void main() {
  vec3 segment = v_far_point - v_near_point;
  if (abs(segment.y) < 1e-9) discard;
  float t = -v_near_point.y / segment.y;
  if (t < 0.0 || t > 1.0) discard;
  vec3 point = v_near_point + segment * t;

  vec4 clip = u_view_projection * vec4(point, 1.0);
  gl_FragDepth = clamp(clip.z / clip.w * 0.5 + 0.5, 0.0, 1.0);

  vec2 minor_coord = point.xz / u_cell_size;
  vec2 major_coord = minor_coord / u_major_every;
  vec4 color = u_minor_color;
  color.a *= LineCoverage(minor_coord) * CellFade(minor_coord);
  float major = LineCoverage(major_coord) * CellFade(major_coord);
  color = mix(color, u_major_color, major);
  color.a = max(color.a, u_major_color.a * major);

  float axis_x = AxisCoverage(point.z);
  float axis_z = AxisCoverage(point.x);
  if (axis_x > 0.0) color = vec4(u_axis_x_color.rgb, max(color.a, u_axis_x_color.a * axis_x));
  if (axis_z > 0.0) color = vec4(u_axis_z_color.rgb, max(color.a, u_axis_z_color.a * axis_z));

  float distance = length(point - u_camera_position);
  float distance_fade = 1.0 - smoothstep(0.3 * u_fade_distance, u_fade_distance, distance);
  float grazing_fade = smoothstep(0.0, 0.15, abs(normalize(segment).y));
  color.a *= distance_fade * grazing_fade;
  if (color.a <= 0.004) discard;
  o_color = color;
}
