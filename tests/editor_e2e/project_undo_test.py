"""Undo a field rename in Project Settings in the real editor: open a scene
in a game project, set Gate.locks to 3 in the Inspector and save, rename the
field to lock_count in Project Settings (the title gets its `*`: the values
moved to another name), undo it with the window's Undo (back to the saved
state), close the window, undo and redo the value edit from the main window
(one history: it undoes across the project step), save; the file holds
locks 3 and nothing under lock_count, and the project file is untouched."""

import json
import os

from editor_e2e import (Session, Xvfb, check, cube, entity_named, load_scene, parse_args, transform, write_scene)

GATE_PROJECT = {"format": "cairn.project", "version": 1, "name": "Keep", "components": [
    {"name": "Gate", "fields": [{"name": "locks", "type": "int", "default": 2}]}]}


def rename_undo(args, xvfb):
    seed = os.path.join(args.work, "keep")
    os.makedirs(os.path.join(seed, "levels"))
    project_file = os.path.join(seed, "cairn.project.json")
    with open(project_file, "w") as f:
        json.dump(GATE_PROJECT, f, indent=2)
    project_text = open(project_file).read()
    write_scene(os.path.join(seed, "levels", "keep.json"), [
        ("4000000000000001", "Gate", None, 0,
         {"Transform": transform(), "MeshRenderer": cube(), "Gate": {"locks": 1}}),
    ])
    s = Session(args.editor, xvfb, seed, ["levels/keep.json"])
    s.wait(2)
    s.expect("expect-log", "in the project Keep")
    s.click("hierarchy/entity/Gate")
    s.expect("expect-selection", "Gate")
    s.doubleclick("inspector/field/Gate/locks", dx=-20.0)
    s.key("ctrl+a")
    s.type("3")
    s.key("enter")
    s.wait(2)
    s.expect("expect-title", "keep.json *")
    s.key("ctrl+s")
    s.wait(3)
    s.expect("expect-title", "keep.json")

    s.click("menu/File")
    s.click("menu/File/Project_Settings...")
    s.expect("expect-dialog", "Project Settings")
    s.click("project/field/locks/name")
    s.key("ctrl+a")
    s.type("lock_count")
    s.key("enter")
    s.wait(2)
    s.expect("expect-title", "keep.json *")  # the values moved to another name
    s.screenshot("renamed.png")
    s.click("modal/Project_Settings/Undo")
    s.wait(2)
    s.expect("expect-title", "keep.json")  # exactly the saved scene again
    s.click("modal/Project_Settings/Close")  # the project is as its file: no question
    s.expect("expect-dialog")
    s.expect("expect-selection", "Gate")

    # One history: the value edit made before the rename undoes across it.
    s.key("ctrl+z")
    s.wait(2)
    s.expect("expect-title", "keep.json *")
    s.key("ctrl+y")
    s.wait(2)
    s.expect("expect-title", "keep.json")
    s.key("ctrl+s")
    s.wait(3)
    s.expect("expect-title", "keep.json")
    result = s.run(os.path.join(args.work, "script_rename_undo.txt"))
    check("cleared" not in result.stderr, "the undo history was cleared:\n%s" % result.stderr)

    check(open(project_file).read() == project_text, "the project file was written")
    scene_path = os.path.join(seed, "levels", "keep.json")
    text = open(scene_path).read()
    check("lock_count" not in text, "the saved scene still holds lock_count:\n%s" % text)
    gate = entity_named(load_scene(scene_path), "Gate")["components"]
    check(gate.get("Gate") == {"locks": 3}, "Gate's Gate is %s, expected locks 3" % gate.get("Gate"))
    check(sorted(gate) == ["Gate", "MeshRenderer", "Transform"], "Gate has %s" % sorted(gate))
    return s.scratch_runs


def main():
    args = parse_args()
    with Xvfb(args.work) as xvfb:
        runs = rename_undo(args, xvfb)
    print("project_undo: ok (%d scratch runs)" % runs)


if __name__ == "__main__":
    main()
