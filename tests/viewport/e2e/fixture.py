"""The small scene the viewport's end-to-end tests open: a red crate at the
camera's target, a blue barrel beside it, a sun shining from behind the
camera, and the editor camera looking at the crate from the front and above."""

import math
import os

from editor_e2e import write_scene

CRATE_ID = "1000000000000001"
BARREL_ID = "1000000000000002"
SUN_ID = "1000000000000003"

CRATE_POSITION = [0, 0.5, 0]
BARREL_POSITION = [-3, 0.5, 0]
CAMERA_POSITION = [0, 3, 10]
CAMERA_TARGET = [0, 0.5, 0]


def _mesh(shape, colour):
    return {"mesh": shape, "color": colour}


def _transform(position, rotation=(0, 0, 0, 1)):
    return {"position": list(position), "rotation": list(rotation), "scale": [1, 1, 1]}


def write_fixture(folder, name="level.json"):
    """Writes the scene into `folder` and returns its path."""
    half = math.radians(-40.0) / 2.0  # the sun pitched 40 degrees down, shining along -Z
    sun_rotation = [math.sin(half), 0, 0, math.cos(half)]
    light = {"type": "directional", "color": [1, 1, 1], "intensity": 1.0, "range": 10, "cone_angle": 30}
    entities = [
        (CRATE_ID, "Crate", None, 0,
         {"Transform": _transform(CRATE_POSITION), "MeshRenderer": _mesh("cube", [0.9, 0.2, 0.2, 1])}),
        (BARREL_ID, "Barrel", None, 1,
         {"Transform": _transform(BARREL_POSITION), "MeshRenderer": _mesh("cylinder", [0.2, 0.35, 0.9, 1])}),
        (SUN_ID, "Sun", None, 2, {"Transform": _transform([0, 8, 12], sun_rotation), "Light": light}),
    ]
    path = os.path.join(folder, name)
    write_scene(path, entities, editor={"camera": {"position": CAMERA_POSITION, "target": CAMERA_TARGET}})
    return path


def entity_with_id(scene, entity_id):
    found = [e for e in scene["entities"] if e["id"] == entity_id]
    assert len(found) == 1, "expected one entity with id %s" % entity_id
    return found[0]
