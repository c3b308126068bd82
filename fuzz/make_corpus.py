#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets under fuzz/corpus/TARGET/
from the repository's own files: the test data, the examples and the
documentation's examples (and, for prefabs and merges, the scenes the
prefab and merge tests build).

    fuzz/make_corpus.py    # from the repository's top folder or anywhere

Multi-file seeds use the fuzzers' "==> NAME" separator lines
(fuzz/fuzz_support.h). Run it again after the files it reads change and
commit the output; the scene loader's seeds (the files at the top of
fuzz/corpus/) are not written here, and inputs named "regression_*" (ones
that once found a problem) are kept as they are.
"""

import copy
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"
MASK = (1 << 64) - 1


def read(path):
    return (ROOT / path).read_bytes()


def text(path):
    return (ROOT / path).read_text(encoding="utf-8")


def files(*parts):
    """One input of several files: the first unnamed, then (name, bytes) pairs."""
    first, rest = parts[0], parts[1:]
    out = first if isinstance(first, bytes) else first.encode()
    for name, body in rest:
        out += b"\n==> " + name.encode() + b"\n" + (body if isinstance(body, bytes) else body.encode())
    return out


def dump(document):
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def json_blocks(path):
    """The ```json blocks of a Markdown file."""
    return re.findall(r"```json\n(.*?)```", text(path), re.S)


def mix(value):
    """serialization/src/prefab.cpp's Mix: SplitMix64's finaliser."""
    value ^= value >> 30
    value = (value * 0xBF58476D1CE4E5B9) & MASK
    value ^= value >> 27
    value = (value * 0x94D049BB133111EB) & MASK
    value ^= value >> 31
    return value


def instance_entity_id(instance, root, entity):
    """prefab.h's InstanceEntityId, on 16-hex-digit ids."""
    if entity == root:
        return instance
    return "%016x" % ((int(entity, 16) + mix(int(instance, 16))) & MASK)


# --- scenes as tests/serialization/prefab_merge_test.cpp builds them ----------

LAMP, BULB, BASE = "1000000000000001", "1000000000000002", "1000000000000003"
FIRST, SECOND = "a000000000000001", "b000000000000002"
ROOM, SUN, CHEST = "2000000000000001", "2000000000000002", "2000000000000003"


def entity(id_, name, parent=None, order=0):
    return {"id": id_, "name": name, "parent": parent, "order": order,
            "components": {"Transform": {"position": [0, 0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}}}


def instance(id_, prefab="lamp.scene", parent=None, order=0):
    return {"id": id_, "prefab": prefab, "parent": parent, "order": order, "overrides": {}, "removed_entities": []}


def scene(entities, instances=()):
    return {"format": "cairn.scene", "version": 3, "editor": {}, "entities": list(entities),
            "instances": list(instances)}


def lamp_prefab():
    """lamp.scene: Lamp (MeshRenderer) > Bulb (Light), Base (Follow the Bulb)."""
    lamp = entity(LAMP, "Lamp")
    lamp["components"]["MeshRenderer"] = {"mesh": "cylinder", "color": [1, 1, 1, 1], "asset": ""}
    bulb = entity(BULB, "Bulb", LAMP, 0)
    bulb["components"]["Light"] = {"type": "point", "color": [1, 1, 1], "intensity": 1, "range": 10, "cone_angle": 30}
    base = entity(BASE, "Base", LAMP, 1)
    base["components"]["Follow"] = {"target": BULB, "offset": [0, -1, 0], "smoothing": 0}
    return scene([lamp, bulb, base])


def base_scene():
    """Room with an instance of the lamp, and Sun, all roots."""
    return scene([entity(ROOM, "Room", None, 0), entity(SUN, "Sun", None, 2)], [instance(FIRST, order=1)])


def docs_instance():
    """docs/scene-format.md's instance record, placing lamp.scene."""
    block = next(b for b in json_blocks("docs/scene-format.md") if '"instances"' in b and '"overrides"' in b)
    record = json.loads("{" + block + "}")["instances"][0]
    record["prefab"] = "props/lamp.scene"
    return record


def one_root(path, root="3f2a9c0d41be7e10"):
    """A scene file of the tests made a prefab: its other roots moved under `root`."""
    document = json.loads(text(path))
    order = 100
    for e in document["entities"]:
        if e["parent"] is None and e["id"] != root:
            e["parent"], e["order"] = root, order
            order += 1
    return dump(document)


def prefab_seeds():
    lamp = dump(lamp_prefab())
    seeds = {}
    # The documentation's lamp: its Bulb has a MeshRenderer too.
    docs_lamp = lamp_prefab()
    docs_lamp["entities"][1]["components"]["MeshRenderer"] = {"mesh": "sphere", "color": [1, 1, 0.8, 1], "asset": ""}
    seeds["docs_instance"] = files(dump(scene([], [docs_instance()])), ("props/lamp.scene", dump(docs_lamp)))
    seeds["two_instances"] = files(dump(scene([entity(ROOM, "Room")], [instance(FIRST, parent=ROOM),
                                                                       instance(SECOND, order=1)])), ("lamp.scene", lamp))
    overridden = base_scene()
    record = overridden["instances"][0]
    record["overrides"] = {
        LAMP: {"name": "Red lamp", "components": {"MeshRenderer": {"color": [1, 0, 0, 1]}}},
        BULB: {"components": {"Light": {"intensity": 3}, "Rotator": {"axis": [0, 1, 0], "degrees_per_second": 45}},
               "removed_components": ["Transform"]},
        BASE: {"parent": instance_entity_id(FIRST, LAMP, BULB), "order": 0},
    }
    seeds["overrides"] = files(dump(overridden), ("lamp.scene", lamp))
    removed = base_scene()
    removed["instances"][0]["removed_entities"] = [BASE]
    seeds["removed_entity"] = files(dump(removed), ("lamp.scene", lamp))
    # A scene entity under an instance's Bulb: its parent is the derived id.
    child = base_scene()
    child["instances"][0]["overrides"] = {BULB: {}}
    child["entities"].append(entity(CHEST, "Moth", instance_entity_id(FIRST, LAMP, BULB), 0))
    seeds["child_of_instance_entity"] = files(dump(child), ("lamp.scene", lamp))
    # Nesting: the scene places a.scene, which places props/lamp.scene.
    outer = scene([entity("3000000000000001", "Post")], [instance("3000000000000002", "props/lamp.scene",
                                                                  "3000000000000001")])
    seeds["nested"] = files(dump(scene([], [instance(FIRST, "a.scene")])), ("a.scene", dump(outer)),
                            ("props/lamp.scene", lamp))
    # A prefab that contains itself, and one that is missing.
    a = scene([entity("3000000000000001", "A")], [instance("3000000000000002", "b.scene", "3000000000000001")])
    b = scene([entity("4000000000000001", "B")], [instance("4000000000000002", "a.scene", "4000000000000001")])
    seeds["cycle"] = files(dump(scene([], [instance(FIRST, "a.scene")])), ("a.scene", dump(a)), ("b.scene", dump(b)))
    seeds["missing_prefab"] = dump(base_scene()).encode()
    # A prefab without a single root; and the tests' sample scene as a prefab.
    seeds["two_roots"] = files(dump(scene([], [instance(FIRST, "two.scene")])),
                               ("two.scene", dump(scene([entity(LAMP, "A"), entity(BULB, "B", None, 1)]))))
    seeds["sample_scene"] = files(text("tests/serialization/data/sample.scene"))
    seeds["sample_as_prefab"] = files(dump(scene([], [instance(FIRST, "levels/sample.scene")])),
                                      ("levels/sample.scene", one_root("tests/serialization/data/sample.scene")))
    seeds["v0_prefab"] = files(dump(scene([], [instance(FIRST, "old.scene")])),
                               ("old.scene", one_root("tests/serialization/data/sample_v0.scene")))
    return seeds


def merge_seeds():
    lamp = dump(lamp_prefab())
    seeds = {}

    def merge(name, base, ours, theirs, prefabs=True):
        parts = [base if isinstance(base, str) else dump(base), ("ours", ours if isinstance(ours, str) else dump(ours)),
                 ("theirs", theirs if isinstance(theirs, str) else dump(theirs))]
        if prefabs:
            parts.append(("lamp.scene", lamp))
        seeds[name] = files(*parts)

    # As in prefab_merge_test.cpp.
    base = base_scene()
    ours, theirs = copy.deepcopy(base), copy.deepcopy(base)
    ours["instances"][0]["overrides"] = {BULB: {"components": {"Light": {"intensity": 3}}}}
    theirs["instances"][0]["overrides"] = {LAMP: {"components": {"MeshRenderer": {"color": [1, 0, 0, 1]}}},
                                           BULB: {"name": "Red bulb", "components": {"Light": {"intensity": 5}}}}
    merge("instance_overrides", base, ours, theirs)
    ours, theirs = copy.deepcopy(base), copy.deepcopy(base)
    ours["instances"][0]["removed_entities"] = [BASE]
    theirs["instances"][0]["overrides"] = {BASE: {"name": "Plinth"}}
    theirs["instances"].append(instance(SECOND, order=3))
    merge("instance_removed_entity", base, ours, theirs)
    ours, theirs = copy.deepcopy(base), copy.deepcopy(base)
    ours["instances"] = []
    theirs["entities"].append(entity(CHEST, "Moth", instance_entity_id(FIRST, LAMP, BULB), 0))
    theirs["instances"][0]["overrides"] = {BULB: {}}
    merge("instance_deleted_child_added", base, ours, theirs)

    # The tests' sample scene, edited on both sides.
    sample = json.loads(text("tests/serialization/data/sample.scene"))
    by_name = {e["name"]: e for e in sample["entities"]}
    ours, theirs = copy.deepcopy(sample), copy.deepcopy(sample)
    ours_by = {e["name"]: e for e in ours["entities"]}
    theirs_by = {e["name"]: e for e in theirs["entities"]}
    ours_by["Player"]["components"]["Transform"]["position"] = [1, 1, 0]
    theirs_by["Player"]["components"]["MeshRenderer"]["color"] = [0, 1, 0, 1]
    theirs_by["Sun"]["name"] = "Moon"
    theirs["entities"] = [e for e in theirs["entities"] if e["name"] != "Spinner"]
    ours["entities"].append(entity(CHEST, "Crate", by_name["Player"]["id"], 2))
    merge("sample_disjoint", sample, ours, theirs, prefabs=False)
    ours, theirs = copy.deepcopy(sample), copy.deepcopy(sample)
    {e["name"]: e for e in ours["entities"]}["Player"]["components"]["Transform"]["position"] = [1, 0, 0]
    {e["name"]: e for e in theirs["entities"]}["Player"]["components"]["Transform"]["position"] = [2, 0, 0]
    {e["name"]: e for e in theirs["entities"]}["Camera"]["parent"] = None
    {e["name"]: e for e in theirs["entities"]}["Camera"]["order"] = 4
    merge("sample_conflict", sample, ours, theirs, prefabs=False)
    # A parent cycle made by two reparents.
    ours, theirs = copy.deepcopy(sample), copy.deepcopy(sample)
    player, spinner = by_name["Player"]["id"], by_name["Spinner"]["id"]
    for e in ours["entities"]:
        if e["id"] == player:
            e["parent"], e["order"] = spinner, 0
    for e in theirs["entities"]:
        if e["id"] == spinner:
            e["parent"], e["order"] = player, 2
    merge("sample_cycle", sample, ours, theirs, prefabs=False)
    # Both added the file (an empty base); an older version on one side.
    merge("empty_base", "", text("tests/serialization/data/sample.scene"),
          text("tests/serialization/data/valid_base.scene"), prefabs=False)
    merge("v0_side", text("tests/serialization/data/sample_v0_migrated.scene"),
          text("tests/serialization/data/sample_v0.scene"), text("tests/serialization/data/sample.scene"),
          prefabs=False)
    return seeds


def project_seeds():
    beacon = text("tests/serialization/data/project/cairn.project.json")
    seeds = {
        "beacon": beacon.encode(),
        "orchard": read("examples/runtime/game/cairn.project.json"),
        "codegen_edge": read("tests/cli/data/codegen/edge/cairn.project.json"),
        "docs_example": json_blocks("docs/project-format.md")[0].encode(),
    }
    # tests/serialization/project_test.cpp's scene of the Beacon project.
    door_scene = """{"format": "cairn.scene", "version": 1, "entities": [
    {"id": "0000000000000001", "name": "Gate", "parent": null, "order": 0, "components": {
      "Door": {"target": "0000000000000001", "open": true, "speed": 4, "uses": 2, "label": "Gate", "mode": "hinged",
               "tint": [1, 1, 1, 1], "hinge": [0, 0, 1], "uv": [0, 0], "plane": [0, 0, 0, 0],
               "turn": [0, 0, 0, 1], "mesh": "meshes/gate.GLB"},
      "Health": {"hp": 5}}}]}
"""
    seeds["beacon_scene"] = files(beacon, ("level.scene", door_scene))
    seeds["orchard_runtime"] = files(text("examples/runtime/game/cairn.project.json"),
                                     ("orchard.runtime.json", text("examples/runtime/game/levels/orchard.runtime.json")))
    seeds["beacon_runtime"] = files(beacon,
                                     ("beacon.runtime.json", text("tests/cli/data/codegen/beacon.runtime.json")))
    return seeds


def gltf_seeds():
    seeds = {}
    data = ROOT / "tests" / "assets" / "data"
    for path in sorted(list(data.glob("*.gl*")) + list((data / "malformed").glob("*.gl*"))):
        if path.name == "textured_quad.gltf":
            continue
        prefix = "malformed_" if path.parent.name == "malformed" else ""
        seeds[prefix + path.name.replace(".", "_")] = path.read_bytes()
    seeds["textured_quad_gltf"] = files(read("tests/assets/data/textured_quad.gltf"),
                                        ("textured_quad.bin", read("tests/assets/data/textured_quad.bin")),
                                        ("checker.png", read("tests/assets/data/checker.png")))
    for path in sorted((ROOT / "examples" / "demo" / "meshes").glob("*.glb")):
        seeds["demo_" + path.name.replace(".", "_")] = path.read_bytes()
    # A buffer URI naming the model's own folder: read as a file, it once
    # asked for an allocation of 2^63 bytes.
    seeds["malformed_buffer_is_folder_gltf"] = read("tests/assets/data/malformed/missing_buffer.gltf").replace(
        b'"absent.bin"', b'"."')
    return seeds


def main():
    for target, seeds in {"prefab": prefab_seeds(), "merge": merge_seeds(), "project": project_seeds(),
                          "gltf_import": gltf_seeds()}.items():
        folder = CORPUS / target
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():  # inputs that once found a problem stay
            if not old.name.startswith("regression_"):
                old.unlink()
        for name, body in seeds.items():
            (folder / name).write_bytes(body)
        print(f"{folder.relative_to(ROOT)}: {len(seeds)} seeds")


if __name__ == "__main__":
    main()
