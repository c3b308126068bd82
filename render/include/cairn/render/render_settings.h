#pragma once

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace cairn::render {

// Look of the viewport. Colours are sRGB; defaults suit a dark editor theme.
struct RenderSettings {
  glm::vec4 clear_color{0.19f, 0.20f, 0.22f, 1.0f};

  // Lighting (Blinn-Phong with a hemisphere ambient term).
  glm::vec3 ambient_sky{0.20f, 0.22f, 0.26f};
  glm::vec3 ambient_ground{0.10f, 0.09f, 0.08f};
  float shininess = 48.0f;
  float specular_strength = 0.25f;

  // Faces turned away from the camera are skipped for the built-in shapes,
  // whose winding is known; registered (imported) meshes always show both
  // sides. Off draws both sides of every shape too, at a higher cost: seen
  // from outside nothing changes (the shapes are closed or, like the plane,
  // have a face each way), but a camera inside a shape sees its inner faces.
  bool cull_back_faces = true;

  // Grid on the ground (y = 0), except in an orthographic view along a world
  // axis, which sees it on the world plane facing it (z = 0 from the front,
  // x = 0 from the side), so the axis views show a grid too. Each world axis
  // lying in the grid's plane is drawn in its colour.
  bool show_grid = true;
  float grid_cell_size = 1.0f;     // world units between minor lines
  float grid_major_every = 10.0f;  // minor cells per major line
  float grid_fade_distance = 200.0f;  // world distance where the grid has faded out
  glm::vec4 grid_minor_color{0.42f, 0.43f, 0.45f, 0.35f};
  glm::vec4 grid_major_color{0.55f, 0.56f, 0.58f, 0.60f};
  glm::vec4 axis_x_color{0.90f, 0.25f, 0.25f, 0.95f};
  glm::vec4 axis_y_color{0.40f, 0.80f, 0.25f, 0.95f};
  glm::vec4 axis_z_color{0.25f, 0.45f, 0.95f, 0.95f};

  // Selection outline.
  glm::vec4 outline_primary_color{1.00f, 0.55f, 0.10f, 1.0f};   // orange
  glm::vec4 outline_selected_color{1.00f, 0.90f, 0.45f, 1.0f};  // light yellow
  int outline_width_px = 2;  // clamped to 1..8

  // Icons for lights and cameras.
  float icon_size_px = 36.0f;

  // Shown where the renderer cannot draw because a shader failed.
  glm::vec4 error_color{1.0f, 0.0f, 1.0f, 1.0f};
};

}  // namespace cairn::render
