"""Edits of one element on a multi-selection, through replayed input in the
real editor: select Ball, Ctrl+click Pillar, type 2.5 into Position Y and
drag Scale Z; type Y = 135 then X = 100 into Rotation. Each entity keeps its
own values of everything the user did not touch, a typed rotation is the one
the user meant, and mixed values show as a dash."""

import math
import os

from editor_e2e import (Session, Xvfb, check, close_to, entity_named, load_scene, parse_args, write_scene)

SPACING = 6.0  # the theme's ItemInnerSpacing.x between a vector's drags
IDS = {"Ball": "00000000000000b1", "Pillar": "00000000000000c2"}


def row(name):
    return "hierarchy/entity/" + name


def entity(name, position, scale):
    return (IDS[name], name, None, 0 if name == "Ball" else 1,
            {"Transform": {"position": position, "rotation": [0, 0, 0, 1], "scale": scale},
             "MeshRenderer": {"mesh": "sphere" if name == "Ball" else "cylinder", "color": [0.8, 0.8, 0.8, 1]}})


def element_x(x, w, index, spacing=SPACING):
    """The centre of component `index` of a three-component field's drags."""
    third = (w - 2 * spacing) / 3.0
    return x + index * (third + spacing) + third / 2.0


def quat_from_euler_degrees(x, y, z):
    """glm's quat(vec3 euler): [x, y, z, w]."""
    cx, cy, cz = (math.cos(math.radians(a) / 2) for a in (x, y, z))
    sx, sy, sz = (math.sin(math.radians(a) / 2) for a in (x, y, z))
    w = cx * cy * cz + sx * sy * sz
    qx = sx * cy * cz - cx * sy * sz
    qy = cx * sy * cz + sx * cy * sz
    qz = cx * cy * sz - sx * sy * cz
    return [qx, qy, qz, w]


def same_rotation(a, b):
    return abs(sum(p * q for p, q in zip(a, b))) > 1 - 1e-5


def main():
    args = parse_args()
    seed = os.path.join(args.work, "scene")
    os.makedirs(seed)
    write_scene(os.path.join(seed, "level.json"), [
        entity("Ball", [1.0, 0.5, -2.0], [1.0, 1.0, 1.0]),
        entity("Pillar", [-3.0, 1.0, 4.0], [0.5, 3.0, 0.5]),
    ])
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["level.json"])
        s.wait(2)
        s.click(row("Ball"))
        s.add("keydown ctrl")
        s.click(row("Pillar"))
        s.add("keyup ctrl")
        s.expect("expect-selection", "Ball", "Pillar")
        s.screenshot("mixed.png")

        # Position Y: double-click its drag for text input, type 2.5, Return.
        x, y, w, h = s.where("inspector/field/Transform/position")
        s.add("doubleclick %.1f %.1f" % (element_x(x, w, 1), y + h / 2))
        s.wait(2)
        s.key("ctrl+a")
        s.type("2.5")
        s.key("enter")
        s.wait(2)

        # Scale Z: dragged 40 px to the right.
        x, y, w, h = s.where("inspector/field/Transform/scale")
        start = (element_x(x, w, 2), y + h / 2)
        s.drag(start, (start[0] + 40, start[1]), 8)

        # Rotation: Y = 135, then X = 100, typed.
        x, y, w, h = s.where("inspector/field/Transform/rotation")
        for axis, value in ((1, "135"), (0, "100")):
            s.add("doubleclick %.1f %.1f" % (element_x(x, w, axis), y + h / 2))
            s.wait(2)
            s.key("ctrl+a")
            s.type(value)
            s.key("enter")
            s.wait(2)
        s.screenshot("edited.png")
        s.key("ctrl+s")
        s.wait(3)
        s.expect("expect-title", "level.json")
        s.run(os.path.join(args.work, "script.txt"))

    scene = load_scene(os.path.join(seed, "level.json"))
    ball = entity_named(scene, "Ball")["components"]["Transform"]
    pillar = entity_named(scene, "Pillar")["components"]["Transform"]
    check(ball["position"][1] == 2.5 and pillar["position"][1] == 2.5,
          "Y is %s and %s, expected 2.5 on both" % (ball["position"][1], pillar["position"][1]))
    check([ball["position"][0], ball["position"][2]] == [1.0, -2.0], "Ball's X and Z became %s" % ball["position"])
    check([pillar["position"][0], pillar["position"][2]] == [-3.0, 4.0], "Pillar's X and Z became %s" % pillar["position"])
    check(ball["scale"][:2] == [1.0, 1.0] and pillar["scale"][:2] == [0.5, 3.0],
          "scale X and Y changed: %s, %s" % (ball["scale"], pillar["scale"]))
    check(ball["scale"][2] == pillar["scale"][2] and ball["scale"][2] != 1.0,
          "the dragged scale Z is %s and %s" % (ball["scale"][2], pillar["scale"][2]))
    expected = quat_from_euler_degrees(100, 135, 0)
    for name, t in (("Ball", ball), ("Pillar", pillar)):
        check(same_rotation(t["rotation"], expected),
              "%s's rotation is %s, expected Euler (100, 135, 0) = %s" % (name, t["rotation"], expected))
    print("multi_select_edit: ok (%d scratch runs)" % s.scratch_runs)


if __name__ == "__main__":
    main()
