#include <catch2/catch.hpp>

#include <string>

#include "cairn_render_shaders/embedded_shaders.h"

using namespace cairn::render::shaders;

TEST_CASE("[EmbeddedShaders] Every shader the renderer builds is embedded with its file name", "[render][shaders]") {
  for (const char* name : {"mesh.vert", "mesh.frag", "grid.vert", "grid.frag", "fullscreen.vert", "outline.frag",
                           "selection_mask.vert", "selection_mask.frag", "icon.vert", "icon.frag", "gizmo.vert",
                           "gizmo.frag"}) {
    CAPTURE(name);
    const EmbeddedShader* shader = FindShader(name);
    REQUIRE(shader != nullptr);
    CHECK(shader->file_name == name);
    CHECK(shader->source.substr(0, 17) == "#version 330 core");
  }
  CHECK(FindShader("missing.frag") == nullptr);
}

TEST_CASE("[EmbeddedShaders] Sources are embedded verbatim and listed in file-name order", "[render][shaders]") {
  const auto all = AllShaders();
  REQUIRE(all.size() >= 12);
  for (std::size_t i = 1; i < all.size(); ++i) CHECK(all[i - 1].file_name < all[i].file_name);
  CHECK(mesh_frag.file_name == "mesh.frag");
  CHECK(mesh_frag.source.find("o_pick_id = v_pick_id;") != std::string_view::npos);
  CHECK(mesh_frag.source.back() == '\n');
}
