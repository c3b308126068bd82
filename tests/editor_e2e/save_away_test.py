"""Save As of the demo scene to another folder: the editor asks before writing
(Save Away From the Project), and after either Link Project or Copy
Beside Scene the scene reopens in its project (Door, Pickup and Blinker
known) with its tree meshes found. Screenshots: the dialog, and each
reopened scene."""

import os

from editor_e2e import Session, Xvfb, check, entity_named, load_scene, parse_args

DEMO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "demo"))


def save_demo_as(s, path, choice, screenshot=None):
    s.wait(2)
    s.expect("expect-title", "Untitled")
    s.key("ctrl+shift+s")
    s.wait(3)
    s.expect("expect-dialog", "Save Scene As")
    s.type(path)
    s.key("enter")
    s.wait(3)
    s.expect("expect-dialog", "Save Away From the Project")
    if screenshot:
        s.wait(2)
        s.screenshot(screenshot)
    s.click("modal/relocation/" + choice)
    s.wait(2)
    s.expect("expect-dialog")
    s.expect("expect-title", "level.json")


def reopen(s, path, screenshot):
    s.wait(3)
    s.expect("expect-dialog")
    s.expect("expect-title", "level.json")
    s.expect("expect-entity-count", "12")
    s.expect("expect-log", "Opened %s (12 entities) in the project Cairn Demo" % path)
    # The pillar's Door is a known component: the Inspector edits its fields.
    s.click("hierarchy/entity/Pillar")
    s.where("inspector/field/Door/speed")
    s.wait(4)
    s.screenshot(screenshot)


def check_demo_scene(path):
    scene = load_scene(path)
    for name, component in (("Pillar", "Door"), ("Crate", "Pickup"), ("Beacon Light", "Blinker")):
        components = entity_named(scene, name)["components"]
        check(component in components, "%s lost its %s: %s" % (name, component, sorted(components)))
    check(entity_named(scene, "Tree")["components"]["MeshRenderer"]["asset"] == "meshes/tree.glb",
          "the tree's mesh path changed")
    return scene


def main():
    args = parse_args()
    seed = os.path.join(args.work, "scene")
    os.makedirs(os.path.join(seed, "linked"))
    os.makedirs(os.path.join(seed, "copied"))
    linked = os.path.join(seed, "linked", "level.json")
    copied = os.path.join(seed, "copied", "level.json")
    with Xvfb(args.work) as xvfb:
        # 1. Link Project: the scene names examples/demo/cairn.project.json.
        s = Session(args.editor, xvfb, seed)
        save_demo_as(s, linked, "Link_Project", "dialog.png")
        s.run()
        check(os.path.exists(os.path.join(seed, "dialog.png")), "no screenshot of the dialog")
        scene = check_demo_scene(linked)
        link = scene["editor"].get("project")
        check(isinstance(link, str), "no project link in %s: %s" % (linked, scene["editor"]))
        target = os.path.normpath(os.path.join(os.path.dirname(linked), link))
        check(target == os.path.join(DEMO, "cairn.project.json"), "the link names %s" % target)
        check(not os.path.exists(os.path.join(seed, "linked", "meshes")), "Link Project copied meshes")

        r = Session(args.editor, xvfb, seed, ["linked/level.json"])
        reopen(r, linked, "reopened-linked.png")
        r.run()

        # 2. Copy Files: the project file and the tree mesh come along.
        t = Session(args.editor, xvfb, seed)
        save_demo_as(t, copied, "Copy_Files")
        t.run()
        check_demo_scene(copied)
        check("project" not in load_scene(copied)["editor"], "a copied scene keeps a link")
        for name in ("cairn.project.json", os.path.join("meshes", "tree.glb")):
            check(os.path.isfile(os.path.join(seed, "copied", name)), "Copy Files did not write %s" % name)
        with open(os.path.join(seed, "copied", "meshes", "tree.glb"), "rb") as a, \
                open(os.path.join(DEMO, "meshes", "tree.glb"), "rb") as b:
            check(a.read() == b.read(), "the copied tree.glb differs from the demo's")

        u = Session(args.editor, xvfb, seed, ["copied/level.json"])
        reopen(u, copied, "reopened-copied.png")
        u.run(os.path.join(args.work, "script.txt"))
    print("save_away: ok")


if __name__ == "__main__":
    main()
