#version 330 core
// Infinite grid on a world plane through the origin, the one where coordinate
// u_normal_axis (0 = x, 1 = y, 2 = z) is 0: the ground y = 0, or x = 0 or
// z = 0 for orthographic views along a ground axis. Minor and major lines; the
// two world axes lying in the plane in their colours; fading with distance and
// at grazing angles. Writes depth so meshes hide it correctly.

in vec3 v_near_point;
in vec3 v_far_point;

uniform mat4 u_view_projection;
uniform vec3 u_camera_position;
uniform float u_cell_size;
uniform float u_major_every;
uniform float u_fade_distance;
uniform vec4 u_minor_color;
uniform vec4 u_major_color;
uniform int u_normal_axis;
uniform vec4 u_axis_colors[3];  // x, y, z

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
  // The plane's two axes, in the order that draws the ground's Z axis over its
  // X axis where they cross.
  int first = (u_normal_axis + 2) % 3;
  int second = (u_normal_axis + 1) % 3;

  vec3 segment = v_far_point - v_near_point;
  if (abs(segment[u_normal_axis]) < 1e-9) discard;
  float t = -v_near_point[u_normal_axis] / segment[u_normal_axis];
  if (t < 0.0 || t > 1.0) discard;
  vec3 point = v_near_point + segment * t;

  vec4 clip = u_view_projection * vec4(point, 1.0);
  gl_FragDepth = clamp(clip.z / clip.w * 0.5 + 0.5, 0.0, 1.0);

  vec2 minor_coord = vec2(point[first], point[second]) / u_cell_size;
  vec2 major_coord = minor_coord / u_major_every;
  vec4 color = u_minor_color;
  color.a *= LineCoverage(minor_coord) * CellFade(minor_coord);
  float major = LineCoverage(major_coord) * CellFade(major_coord);
  color = mix(color, u_major_color, major);
  color.a = max(color.a, u_major_color.a * major);

  // The line along one axis is where the plane's other coordinate is 0.
  float along_first = AxisCoverage(point[second]);
  float along_second = AxisCoverage(point[first]);
  vec4 first_color = u_axis_colors[first];
  vec4 second_color = u_axis_colors[second];
  if (along_first > 0.0) color = vec4(first_color.rgb, max(color.a, first_color.a * along_first));
  if (along_second > 0.0) color = vec4(second_color.rgb, max(color.a, second_color.a * along_second));

  float distance = length(point - u_camera_position);
  float distance_fade = 1.0 - smoothstep(0.3 * u_fade_distance, u_fade_distance, distance);
  float grazing_fade = smoothstep(0.0, 0.15, abs(normalize(segment)[u_normal_axis]));
  color.a *= distance_fade * grazing_fade;
  if (color.a <= 0.004) discard;
  o_color = color;
}
