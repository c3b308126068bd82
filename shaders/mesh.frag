#version 330 core
// Blinn-Phong with a hemisphere ambient term and uniform arrays of
// directional, point and spot lights (see packed_lights.h). Writes the colour
// and the instance's pick id in the same pass. CAIRN_MAX_LIGHTS is defined by
// the renderer.

in vec3 v_world_position;
in vec3 v_world_normal;
in vec3 v_albedo;
in vec2 v_uv;
flat in uint v_pick_id;
flat in int v_mirrored;

layout(location = 0) out vec4 o_color;
layout(location = 1) out uint o_pick_id;

uniform bool u_has_base_texture;  // a registered mesh's part with a base colour texture
uniform sampler2D u_base_texture;  // sRGB: sampled as linear

uniform vec3 u_camera_position;
uniform bool u_orthographic;
uniform vec3 u_view_back;  // towards the viewer, for orthographic cameras

uniform vec3 u_ambient_sky;     // linear
uniform vec3 u_ambient_ground;  // linear
uniform float u_shininess;
uniform float u_specular_strength;
uniform float u_metallic;  // 0 for shapes; a registered mesh part's glTF metallic factor

uniform int u_directional_count;
uniform vec3 u_directional_direction[CAIRN_MAX_LIGHTS];
uniform vec3 u_directional_radiance[CAIRN_MAX_LIGHTS];

uniform int u_point_count;
uniform vec4 u_point_position_range[CAIRN_MAX_LIGHTS];
uniform vec3 u_point_radiance[CAIRN_MAX_LIGHTS];

uniform int u_spot_count;
uniform vec4 u_spot_position_range[CAIRN_MAX_LIGHTS];
uniform vec4 u_spot_direction_cos_outer[CAIRN_MAX_LIGHTS];
uniform vec4 u_spot_radiance_cos_inner[CAIRN_MAX_LIGHTS];

vec3 LinearToSrgb(vec3 c) {
  c = clamp(c, 0.0, 1.0);
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}

// Light arriving from unit direction `to_light` with `radiance`, on a
// surface of colour `albedo`.
vec3 BlinnPhong(vec3 albedo, vec3 normal, vec3 to_viewer, vec3 to_light, vec3 radiance) {
  float diffuse = max(dot(normal, to_light), 0.0);
  if (diffuse <= 0.0) return vec3(0.0);
  vec3 halfway = normalize(to_light + to_viewer);
  float highlight = pow(max(dot(normal, halfway), 0.0), u_shininess);
  // A metal's highlight takes its colour and its diffuse light dims (not to
  // black: there is no environment for it to reflect).
  vec3 specular = highlight * mix(vec3(u_specular_strength), albedo, u_metallic);
  return radiance * (albedo * diffuse * (1.0 - 0.6 * u_metallic) + specular);
}

// Smooth window reaching zero at `range`.
float RangeFalloff(float distance, float range) {
  float ratio = clamp(distance / range, 0.0, 1.0);
  float window = 1.0 - ratio * ratio;
  return window * window;
}

void main() {
  vec3 normal = normalize(v_world_normal);
  bool front = gl_FrontFacing != (v_mirrored == 1);
  if (!front) normal = -normal;
  vec3 to_viewer = u_orthographic ? u_view_back : normalize(u_camera_position - v_world_position);

  vec3 albedo = u_has_base_texture ? v_albedo * texture(u_base_texture, v_uv).rgb : v_albedo;
  vec3 color = albedo * mix(u_ambient_ground, u_ambient_sky, normal.y * 0.5 + 0.5);

  for (int i = 0; i < u_directional_count; ++i) {
    color += BlinnPhong(albedo, normal, to_viewer, -u_directional_direction[i], u_directional_radiance[i]);
  }
  for (int i = 0; i < u_point_count; ++i) {
    vec3 offset = u_point_position_range[i].xyz - v_world_position;
    float distance = length(offset);
    float falloff = RangeFalloff(distance, u_point_position_range[i].w);
    if (falloff <= 0.0) continue;
    color += BlinnPhong(albedo, normal, to_viewer, offset / max(distance, 1e-5), u_point_radiance[i] * falloff);
  }
  for (int i = 0; i < u_spot_count; ++i) {
    vec3 offset = u_spot_position_range[i].xyz - v_world_position;
    float distance = length(offset);
    vec3 to_light = offset / max(distance, 1e-5);
    float falloff = RangeFalloff(distance, u_spot_position_range[i].w);
    float cos_angle = dot(-to_light, u_spot_direction_cos_outer[i].xyz);
    float cone = smoothstep(u_spot_direction_cos_outer[i].w, u_spot_radiance_cos_inner[i].w, cos_angle);
    if (falloff * cone <= 0.0) continue;
    color += BlinnPhong(albedo, normal, to_viewer, to_light, u_spot_radiance_cos_inner[i].xyz * falloff * cone);
  }

  o_color = vec4(LinearToSrgb(color), 1.0);
  o_pick_id = v_pick_id;
}
