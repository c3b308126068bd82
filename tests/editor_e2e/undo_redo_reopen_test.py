"""Undo and redo with Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z (the title loses its
'*' back at the saved state), save, then reopen the saved file in a second
run, edit it and save again; the scene's editor data (camera) survives."""

import os

from editor_e2e import (Session, Xvfb, check, children, close_to, cube, entity_named, load_scene, names, parse_args,
                        transform, write_scene)


def main():
    args = parse_args()
    seed = os.path.join(args.work, "scene")
    os.makedirs(seed)
    camera = {"camera": {"position": [3, 4, 5], "target": [0, 1, 0]}}
    write_scene(os.path.join(seed, "level.json"), [
        ("2000000000000001", "Crate", None, 0, {"Transform": transform(), "MeshRenderer": cube()}),
        ("2000000000000002", "Lamp", None, 1, {"Transform": transform(0, 3, 0),
                                               "Light": {"type": "point", "color": [1, 1, 1], "intensity": 1,
                                                         "range": 10, "cone_angle": 30}}),
    ], editor=camera)
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["level.json"])
        s.wait(2)
        s.click("hierarchy/entity/Crate")
        s.key("f2")
        s.wait(2)
        s.type("Barrel")
        s.key("enter")
        s.expect("expect-title", "level.json *")
        s.key("ctrl+z")
        s.expect("expect-title", "level.json")        # back at the saved state
        s.expect("expect-selection", "Crate")
        s.key("ctrl+y")
        s.expect("expect-title", "level.json *")
        s.expect("expect-selection", "Barrel")
        s.key("delete")
        s.expect("expect-entity-count", "1")
        s.key("ctrl+z")
        s.expect("expect-entity-count", "2")
        s.key("ctrl+shift+z")
        s.expect("expect-entity-count", "1")
        s.key("ctrl+z")
        s.expect("expect-entity-count", "2")
        s.key("ctrl+s")
        s.wait(3)
        s.expect("expect-title", "level.json")
        s.run(os.path.join(args.work, "script1.txt"))

        first = load_scene(os.path.join(seed, "level.json"))
        check(names(first) == ["Barrel", "Lamp"], "after the first run: %s" % names(first))
        saved_camera = first.get("editor", {}).get("camera", {})
        for key in ("position", "target"):
            values = saved_camera.get(key, [])
            check(len(values) == 3 and all(close_to(a, b) for a, b in zip(values, camera["camera"][key])),
                  "the editor camera changed: %s" % first.get("editor"))

        # Reopen the saved file and keep editing it.
        t = Session(args.editor, xvfb, seed, ["level.json"])
        t.wait(2)
        t.expect("expect-title", "level.json")
        t.click("hierarchy/entity/Lamp")
        t.key("ctrl+d")
        t.expect("expect-selection", "Lamp (1)")
        t.key("ctrl+s")
        t.wait(3)
        t.run(os.path.join(args.work, "script2.txt"))

    second = load_scene(os.path.join(seed, "level.json"))
    check(children(second, None) == ["Barrel", "Lamp", "Lamp (1)"], "after reopening: %s" % children(second, None))
    check(entity_named(second, "Lamp (1)")["components"]["Light"]["type"] == "point", "the duplicate lost its light")
    check(os.path.exists(os.path.join(seed, "level.json.bak")), "no backup of the previous save")
    print("undo_redo_reopen: ok")


if __name__ == "__main__":
    main()
