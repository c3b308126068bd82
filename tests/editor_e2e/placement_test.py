"""Placement in the real editor: a glTF crate, given a scale of 2 in its
import settings, dragged from the Assets panel onto a sloped plane rests its bounds on the slope under the cursor; End drops
a floating cube until its bounds rest on the slope below it, and Ctrl+Z puts
it back; a click of the scatter brush paints round(pi r^2 density) cubes on
the slope, one Ctrl+Z removes them all and Ctrl+Y brings them back; saved,
the file holds the exact resting heights and the painted cubes."""

import json
import math
import os
import shutil

from editor_e2e import Session, Xvfb, check, cube, entity_named, load_scene, parse_args, transform, write_scene

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "data")
SLOPE_DEGREES = 20.0
SCATTERED = round(math.pi * 2.0 ** 2 * 1.0)  # the brush's defaults: radius 2 m, 1 per square metre


def slope_height(x):
    """The slope's surface: a plane through the origin turned about Z."""
    return math.tan(math.radians(SLOPE_DEGREES)) * x


def main():
    args = parse_args()
    seed = os.path.join(args.work, "game")
    os.makedirs(os.path.join(seed, "levels"))
    os.makedirs(os.path.join(seed, "meshes"))
    shutil.copy(os.path.join(DATA, "crate.glb"), os.path.join(seed, "meshes", "crate.glb"))
    with open(os.path.join(seed, "cairn.project.json"), "w") as f:
        json.dump({"format": "cairn.project", "version": 1, "name": "Hill", "components": []}, f)
    half = math.radians(SLOPE_DEGREES) / 2
    slope = {"position": [0, 0, 0], "rotation": [0, 0, math.sin(half), math.cos(half)], "scale": [40, 1, 40]}
    write_scene(os.path.join(seed, "levels", "hill.scene"),
                [("1000000000000001", "Slope", None, 0, {"Transform": slope, "MeshRenderer": {"mesh": "plane", "color": [0.5, 0.6, 0.4, 1]}}),
                 ("1000000000000002", "Floating", None, 1,
                  {"Transform": transform(3, 6, -2), "MeshRenderer": cube()})],
                editor={"camera": {"position": [0, 14, 16], "target": [0, 0, 0]}})
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["levels/hill.scene"])
        s.map_with_viewport = True
        s.wait(2)
        s.doubleclick("assets/file/meshes")
        s.wait(2)
        # The crate's import settings: twice as large, for every scene.
        s.click("assets/file/meshes/crate.glb", "right")
        s.click("assets/menu/import_settings")
        s.click("assets/import/scale")
        s.key("ctrl+a")
        s.type("2")
        s.key("enter")
        s.click("assets/import/apply")
        s.expect("expect-log", "Import settings of meshes/crate.glb: scale 2, y up")
        s.drag(s.centre("assets/file/meshes/crate.glb"), s.point("panel/Viewport", 0.5, 0.5), 24)
        s.wait(6)
        s.expect("expect-selection", "crate")

        s.click("hierarchy/entity/Floating")
        s.expect("expect-selection", "Floating")
        s.key("End")
        s.wait(2)
        s.screenshot("dropped_to_floor.png")
        s.key("ctrl+z")
        s.wait(2)
        s.key("End")
        s.wait(2)
        s.expect("expect-entity-count", "3")
        s.click("toolbar/scatter")
        s.click_at(*s.point("panel/Viewport", 0.3, 0.75))
        s.wait(3)
        s.screenshot("scattered.png")
        s.expect("expect-entity-count", "%d" % (3 + SCATTERED))
        s.key("ctrl+z")
        s.wait(2)
        s.expect("expect-entity-count", "3")
        s.key("ctrl+y")
        s.wait(2)
        s.expect("expect-entity-count", "%d" % (3 + SCATTERED))
        s.click("toolbar/scatter")

        # Arrange: the crate's and the floating cube's bounds aligned at their
        # max Z (along the slope's level direction, so both still rest on it).
        s.click("hierarchy/entity/crate")
        s.add("keydown ctrl")
        s.wait(1)
        s.click("hierarchy/entity/Floating")
        s.add("keyup ctrl")
        s.wait(1)
        s.expect("expect-selection", "crate", "Floating")
        s.click("menu/Entity")
        s.click("menu/Entity/Arrange...")
        s.click("arrange/align/max_z")
        s.wait(2)
        s.screenshot("arranged.png")
        s.key("ctrl+s")
        s.wait(3)
        s.expect("expect-title", "hill.scene")
        s.run(os.path.join(args.work, "script.txt"))
    for name in ("dropped_to_floor.png", "scattered.png", "arranged.png"):
        if os.path.exists(os.path.join(seed, name)):
            shutil.copy(os.path.join(seed, name), os.path.join(args.work, name))

    scene = load_scene(os.path.join(seed, "levels", "hill.scene"))
    crate = entity_named(scene, "crate")["components"]["Transform"]["position"]
    # The crate is a unit cube about its origin, imported twice as large: its
    # bottom centre rests on the slope.
    expected = slope_height(crate[0]) + 1.0
    check(abs(crate[1] - expected) < 1e-3 and abs(crate[0]) < 10 and abs(crate[2]) < 10,
          "the dropped crate is at %s, not resting on the slope (y should be %.5f)" % (crate, expected))
    index = json.load(open(os.path.join(seed, "assets.index.json")))
    settings = [a.get("import") for a in index["assets"] if a["path"] == "meshes/crate.glb"]
    check(settings == [{"scale": 2.0, "up": "y"}], "the asset index records the crate's import as %s" % settings)
    floating = entity_named(scene, "Floating")["components"]["Transform"]["position"]
    # The cube spans x 2.5 .. 3.5: its bottom rests where the slope is highest under it.
    expected = slope_height(3.5) + 0.5
    check(abs(floating[1] - expected) < 1e-3 and floating[0] == 3,
          "after End the cube is at %s, not resting on the slope (y should be %.5f)" % (floating, expected))
    # Aligned at max Z: the crate (2 m wide, scaled 2 by its import settings)
    # reaches farther, so the unit cube moved to end where the crate ends.
    check(abs(floating[2] + 0.5 - (crate[2] + 1.0)) < 1e-4,
          "Align max Z left the cube's far side at z = %.5f, the crate's at %.5f" % (floating[2] + 0.5, crate[2] + 1.0))
    painted = [e for e in scene["entities"] if e["name"] == "Cube"]
    check(len(painted) == SCATTERED, "the stroke left %d cubes, not %d" % (len(painted), SCATTERED))
    for entity in painted:
        position = entity["components"]["Transform"]["position"]
        scale = entity["components"]["Transform"]["scale"][1]
        check(0.8 <= scale <= 1.2, "a painted cube is scaled %s" % scale)
        # Upright cubes of half-height 0.5 * scale rest their bottom centre on the slope.
        check(abs(position[1] - (slope_height(position[0]) + 0.5 * scale)) < 1e-3,
              "a painted cube at %s does not rest on the slope" % position)
    print("placement: ok (%d scratch runs)" % s.scratch_runs)


if __name__ == "__main__":
    main()
