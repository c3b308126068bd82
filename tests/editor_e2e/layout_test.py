"""The editor's layout at 1280x720 and 1920x1080: panels tile the window,
toolbar and inspector widgets fit inside their panels, splits drag, and a
replayed run never writes the user's layout. Screenshots of the main states
(demo scene, a selection, menus, popups and dialogs) are left in the work
folder for people to look at."""

import os

from editor_e2e import Session, Xvfb, check, parse_args


def inside(box, panel, what):
    x, y, w, h = box
    px, py, pw, ph = panel
    check(x >= px - 0.5 and x + w <= px + pw + 0.5, "%s %s sticks out of its panel %s" % (what, box, panel))


def check_tiling(boxes, width, height):
    toolbar = boxes["panel/##toolbar"]
    hierarchy = boxes["panel/Hierarchy"]
    assets = boxes["panel/Assets"]
    viewport = boxes["panel/Viewport"]
    console = boxes["panel/Console"]
    inspector = boxes["panel/Inspector"]
    menu_height = toolbar[1]
    check(menu_height > 10, "the menu bar is %s px tall" % menu_height)
    check(hierarchy[0] == 0 and hierarchy[1] == menu_height + toolbar[3], "Hierarchy at %s" % (hierarchy,))
    check(inspector[0] + inspector[2] == width, "Inspector ends at %s" % (inspector[0] + inspector[2]))
    check(console[1] + console[3] == height and assets[1] + assets[3] == height, "panels do not reach the bottom")
    check(assets[0] == 0 and assets[2] == hierarchy[2] and assets[1] > hierarchy[1] + hierarchy[3],
          "the Assets panel %s is not below the Hierarchy %s" % (assets, hierarchy))
    check(viewport[0] > hierarchy[0] + hierarchy[2] and inspector[0] > viewport[0] + viewport[2], "panels overlap")
    check(console[1] > viewport[1] + viewport[3], "the Console overlaps the Viewport")
    for name, box in boxes.items():
        if name.startswith("toolbar/"):
            inside(box, toolbar, name)
        if name.startswith("inspector/") and not name.startswith("inspector/add_component/"):
            inside(box, inspector, name)
        if name.startswith("hierarchy/row"):
            inside(box, hierarchy, name)
    for menu in ("File", "Edit", "Entity", "View", "Help"):
        check("menu/" + menu in boxes, "no %s menu" % menu)


def main():
    args = parse_args()
    with Xvfb(args.work) as xvfb:
        for width, height in ((1280, 720), (1920, 1080)):
            tag = "%dx%d" % (width, height)
            seed = os.path.join(args.work, tag)
            os.makedirs(seed)
            s = Session(args.editor, xvfb, seed, [], size=(width, height))  # the demo scene
            s.wait(3)
            s.screenshot("demo.png")
            check_tiling(s.boxes(), width, height)
            for name in ("Ground", "Sun", "Main_Camera", "Props", "Crate", "Beacon_Light", "Spot_Light"):
                check("hierarchy/entity/" + name in s.boxes(), "%s: the demo's %s is not shown" % (tag, name))

            s.click("hierarchy/entity/Spot_Light")
            s.screenshot("light.png")
            s.click("hierarchy/entity/Crate")
            s.screenshot("crate.png")
            check_tiling(s.boxes(), width, height)
            for field in ("Transform/position", "Transform/rotation", "MeshRenderer/color"):
                check("inspector/field/" + field in s.boxes(), "%s: no %s field" % (tag, field))

            s.click("inspector/add_component")
            s.screenshot("add-component.png")
            s.key("escape")
            s.wait(2)
            s.click("menu/Entity")
            s.screenshot("entity-menu.png")
            s.key("escape")
            s.click("hierarchy/entity/Ball", "right")
            s.screenshot("context-menu.png")
            s.key("escape")
            s.wait(2)

            # Splits follow the mouse; the replay never writes the layout file.
            split = s.centre("split/hierarchy")
            before = s.where("panel/Hierarchy")[2]
            s.drag(split, (split[0] + 100, split[1]), 10)
            check(s.where("panel/Hierarchy")[2] == before + 100, "%s: the split did not follow the drag" % tag)
            split = s.centre("split/console")
            console = s.where("panel/Console")[3]
            s.drag(split, (split[0], split[1] - 60), 10)
            check(s.where("panel/Console")[3] == console + 60, "%s: the Console split did not follow" % tag)
            s.screenshot("dragged.png")

            s.key("ctrl+d")
            s.wait(2)
            s.key("ctrl+o")
            s.wait(3)
            s.screenshot("unsaved.png")
            s.click("modal/unsaved/Don't_Save")
            s.screenshot("open-dialog.png")
            s.key("escape")
            s.wait(2)
            s.run(os.path.join(seed, "script.txt"))
            check(not os.path.exists(os.path.join(seed, "config", "cairn", "editor-layout.txt")),
                  "%s: a replayed run wrote the layout file" % tag)
            for shot in ("demo", "crate", "add-component", "entity-menu", "context-menu", "dragged", "unsaved",
                         "open-dialog"):
                check(os.path.getsize(os.path.join(seed, shot + ".png")) > 0, "no %s screenshot" % shot)
    print("layout: ok")


if __name__ == "__main__":
    main()
