"""Define a component type in Project Settings and use it: open a scene in a
game project, create the type "Switch" with an enum, an entity-reference and
an asset-path field (renamed, given values and allowed extensions), save the
project, add Switch by name to an entity, edit each field (the reference by
dragging an entity from the Hierarchy), save; reopen the scene in a second
run and export it with `cairn export`; check the project file, the scene
file and the export."""

import json
import os
import subprocess

from editor_e2e import (Session, Xvfb, check, cube, entity_named, load_scene, parse_args, transform, write_scene)

PROJECT = {"format": "cairn.project", "version": 1, "name": "Switchyard", "components": [
    {"name": "Health", "fields": [{"name": "points", "type": "int", "default": 100}]}]}


def add_field(s, type_name, name):
    """Adds a field of the type (it is called new_field) and renames it."""
    s.click("project/new_field_type")
    s.click("project/new_field_type/" + type_name)
    s.click("project/add_field")
    s.click("project/field/new_field/name")
    s.key("ctrl+a")
    s.type(name)
    s.key("enter")
    s.wait(2)


def set_limit(s, field, limit, text):
    s.click("project/field/%s/limits" % field)
    s.click("project/limits/%s/%s" % (field, limit))
    s.key("ctrl+a")
    s.type(text)
    s.key("enter")
    s.wait(2)
    s.key("escape")
    s.wait(2)


def main():
    args = parse_args()
    seed = os.path.join(args.work, "game")
    os.makedirs(os.path.join(seed, "levels"))
    with open(os.path.join(seed, "cairn.project.json"), "w") as f:
        json.dump(PROJECT, f, indent=2)
    write_scene(os.path.join(seed, "levels", "yard.json"), [
        ("3000000000000001", "Lever", None, 0, {"Transform": transform(), "MeshRenderer": cube()}),
        ("3000000000000002", "Gate", None, 1, {"Transform": transform(2, 0, 0), "MeshRenderer": cube()}),
    ])
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["levels/yard.json"])
        s.wait(2)
        s.expect("expect-log", "in the project Switchyard")
        s.click("menu/File")
        s.click("menu/File/Project_Settings...")
        s.expect("expect-dialog", "Project Settings")

        s.click("project/new_component")
        s.type("Switch")
        s.click("project/add_component")
        s.wait(2)
        add_field(s, "enum", "mode")
        set_limit(s, "mode", "values", "off, on, blink")
        add_field(s, "entity", "target")
        add_field(s, "asset", "sound")
        set_limit(s, "sound", "extensions", ".ogg, .wav")
        s.click("project/description")
        s.type("Opens what it points at")
        s.key("enter")
        s.wait(2)
        s.screenshot("project_settings.png")
        s.click("modal/Project_Settings/Save")
        s.expect("expect-log", "Saved the project Switchyard")
        s.click("modal/Project_Settings/Close")
        s.expect("expect-dialog")

        # The new type is offered by name at once.
        s.click("hierarchy/entity/Lever")
        s.click("inspector/add_component")
        s.wait(2)
        s.type("switch")
        s.key("enter")
        s.wait(2)
        s.click("inspector/field/Switch/mode")
        s.click("choice/blink")
        s.drag(s.centre("hierarchy/entity/Gate"), s.centre("inspector/field/Switch/target"))
        s.click("inspector/field/Switch/sound")
        s.key("ctrl+a")
        s.type("sfx/lever.ogg")
        s.key("enter")
        s.wait(2)
        s.screenshot("inspector.png")
        s.key("ctrl+s")
        s.wait(3)
        s.expect("expect-title", "yard.json")
        s.run(os.path.join(args.work, "script1.txt"))

        # Reopened: the scene reads with the saved project, without warnings.
        t = Session(args.editor, xvfb, seed, ["levels/yard.json"])
        t.wait(2)
        t.expect("expect-title", "yard.json")
        t.click("hierarchy/entity/Lever")
        t.expect("expect-selection", "Lever")
        t.screenshot("reopened.png")
        result = t.run(os.path.join(args.work, "script2.txt"))
        check("warning" not in result.stderr.lower(), "reopening warned:\n%s" % result.stderr)

    project = json.load(open(os.path.join(seed, "cairn.project.json")))
    switch = [c for c in project["components"] if c["name"] == "Switch"]
    check(len(switch) == 1, "the project file has no Switch: %s" % [c["name"] for c in project["components"]])
    switch = switch[0]
    check(switch.get("description") == "Opens what it points at", "Switch's description: %r" % switch.get("description"))
    fields = {f["name"]: f for f in switch["fields"]}
    check(list(fields) == ["mode", "target", "sound"], "Switch's fields: %s" % list(fields))
    check(fields["mode"]["type"] == "enum" and fields["mode"]["values"] == ["off", "on", "blink"],
          "mode: %s" % fields["mode"])
    check(fields["target"]["type"] == "entity", "target: %s" % fields["target"])
    # Fields added since the last save are renamed without a record of their first names.
    check(all("previous_names" not in f for f in fields.values()), "fields with previous names: %s" % fields)
    check(fields["sound"]["type"] == "asset" and fields["sound"].get("extensions") == [".ogg", ".wav"],
          "sound: %s" % fields["sound"])

    scene = load_scene(os.path.join(seed, "levels", "yard.json"))
    lever = entity_named(scene, "Lever")["components"]
    check("Switch" in lever, "Lever has %s" % sorted(lever))
    expected = {"mode": "blink", "target": "3000000000000002", "sound": "sfx/lever.ogg"}
    check(lever["Switch"] == expected, "Lever's Switch is %s, expected %s" % (lever["Switch"], expected))

    exported = os.path.join(args.work, "yard.runtime.json")
    done = subprocess.run([args.cairn, "export", os.path.join(seed, "levels", "yard.json"), "-o", exported],
                          capture_output=True, text=True, timeout=60)
    check(done.returncode == 0, "cairn export failed (%d): %s" % (done.returncode, done.stderr))
    runtime = json.load(open(exported))
    lever = [e for e in runtime["entities"] if e.get("name") == "Lever"]
    check(len(lever) == 1, "the export has no Lever")
    check(lever[0]["components"].get("Switch") == expected, "the export's Switch: %s" % lever[0]["components"])
    print("project_settings: ok (%d scratch runs)" % (s.scratch_runs + t.scratch_runs))


if __name__ == "__main__":
    main()
