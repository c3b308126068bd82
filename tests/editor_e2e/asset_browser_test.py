"""The Assets panel in a game project: open the meshes folder, drag a glTF
mesh into the viewport (an entity on the ground under the cursor, drawing the
file), drag a built-in cube onto the Hierarchy, rename the mesh file from the
panel (the file moves, the asset index keeps the old path, the scene's
reference follows), save, and check the saved file and the folder."""

import json
import os
import shutil

from editor_e2e import Session, Xvfb, check, close_to, entity_named, load_scene, names, parse_args, transform, write_scene

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "data")


def main():
    args = parse_args()
    seed = os.path.join(args.work, "game")
    os.makedirs(os.path.join(seed, "levels"))
    os.makedirs(os.path.join(seed, "meshes"))
    shutil.copy(os.path.join(DATA, "crate.glb"), os.path.join(seed, "meshes", "crate.glb"))
    with open(os.path.join(seed, "cairn.project.json"), "w") as f:
        json.dump({"format": "cairn.project", "version": 1, "name": "Yard", "components": []}, f)
    write_scene(os.path.join(seed, "levels", "yard.scene"),
                [("1000000000000001", "Marker", None, 0, {"Transform": transform(5, 0, 5)})])
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["levels/yard.scene"])
        s.map_with_viewport = True
        s.wait(2)
        s.expect("expect-log", "in the project Yard")

        s.doubleclick("assets/file/meshes")
        s.wait(2)
        s.screenshot("folder.png")
        start = s.centre("assets/file/meshes/crate.glb")
        target = s.point("panel/Viewport", 0.5, 0.6)
        s.drag(start, target, 24)
        s.wait(10)  # the import runs on a worker thread
        s.expect("expect-selection", "crate")
        s.screenshot("dropped.png")

        s.click("assets/up")
        s.click("assets/builtin")
        s.drag(s.centre("assets/builtin/cube"), s.point("panel/Hierarchy", 0.5, 0.8), 24)
        s.expect("expect-selection", "Cube")

        s.click("assets/builtin")  # folded again
        s.doubleclick("assets/file/meshes")
        s.click("assets/file/meshes/crate.glb", "right")
        s.click("assets/menu/move")
        s.key("ctrl+a")
        s.type("props/box.glb")
        s.key("enter")
        s.wait(3)
        s.expect("expect-log", "Moved meshes/crate.glb to props/box.glb (1 reference in this scene updated)")
        s.screenshot("moved.png")
        s.key("ctrl+s")
        s.wait(3)
        s.expect("expect-title", "yard.scene")
        s.run(os.path.join(args.work, "script.txt"))
    for name in ("folder.png", "dropped.png", "moved.png"):
        if os.path.exists(os.path.join(seed, name)):
            shutil.copy(os.path.join(seed, name), os.path.join(args.work, name))

    scene = load_scene(os.path.join(seed, "levels", "yard.scene"))
    check(sorted(names(scene)) == ["Cube", "Marker", "crate"], "the scene holds %s" % sorted(names(scene)))
    crate = entity_named(scene, "crate")["components"]
    check(crate["MeshRenderer"]["asset"] == "props/box.glb",
          "the dropped mesh refers to %r after the rename" % crate["MeshRenderer"]["asset"])
    check(crate["MeshRenderer"]["color"] == [1, 1, 1, 1], "the dropped mesh is tinted %s" % crate["MeshRenderer"]["color"])
    position = crate["Transform"]["position"]
    # The crate is a unit cube around its origin: standing on the ground, its origin is 0.5 up.
    check(close_to(position[1], 0.5) and abs(position[0]) < 20 and abs(position[2]) < 20,
          "the dropped mesh is at %s, not standing on the ground in view" % position)
    check(entity_named(scene, "crate")["parent"] is None, "the dropped mesh is not a root")
    cube = entity_named(scene, "Cube")["components"]
    check(cube["MeshRenderer"]["mesh"] == "cube" and cube["MeshRenderer"]["asset"] == "",
          "the built-in drop is %s" % cube["MeshRenderer"])
    check(all(close_to(v, 0) for v in cube["Transform"]["position"]), "the Hierarchy drop is not at the origin")
    check(os.path.isfile(os.path.join(seed, "props", "box.glb")), "props/box.glb is not on disk")
    check(not os.path.exists(os.path.join(seed, "meshes", "crate.glb")), "meshes/crate.glb is still there")
    index = json.load(open(os.path.join(seed, "assets.index.json")))
    entries = [a for a in index["assets"] if a["path"] == "props/box.glb"]
    check(len(entries) == 1 and entries[0].get("formerly") == ["meshes/crate.glb"],
          "the asset index records %s" % index["assets"])
    print("asset_browser: ok (%d scratch runs)" % s.scratch_runs)


if __name__ == "__main__":
    main()
