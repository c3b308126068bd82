#!/usr/bin/env python3
"""Writes the small glTF 2.0 files the asset tests and the demo project use.

    tests/assets/make_test_gltf.py [OUTPUT_DIR]   (default: tests/assets/data)
    tests/assets/make_test_gltf.py --demo DIR     the demo project's meshes (examples/demo/meshes)

Every file is written from the numbers below, so a test can assert on exact
vertex counts, positions, colours and pixels. Run it again after changing a
file's recipe and commit the output; the tests read the committed files.
"""

import base64
import json
import struct
import sys
import zlib
from pathlib import Path

FLOAT, UNSIGNED_SHORT, UNSIGNED_INT = 5126, 5123, 5125
ARRAY_BUFFER, ELEMENT_ARRAY_BUFFER = 34962, 34963
TRIANGLES, LINES = 4, 1


class Builder:
    """Accumulates one binary buffer with its views and accessors."""

    def __init__(self):
        self.data = bytearray()
        self.views = []
        self.accessors = []

    def _view(self, payload, target):
        while len(self.data) % 4:
            self.data.append(0)
        self.views.append({"buffer": 0, "byteOffset": len(self.data), "byteLength": len(payload), "target": target})
        self.data += payload
        return len(self.views) - 1

    def floats(self, rows, kind):
        width = len(rows[0])
        payload = b"".join(struct.pack("<%df" % width, *row) for row in rows)
        accessor = {"bufferView": self._view(payload, ARRAY_BUFFER), "componentType": FLOAT,
                    "count": len(rows), "type": kind}
        if kind == "VEC3":
            accessor["min"] = [min(row[i] for row in rows) for i in range(3)]
            accessor["max"] = [max(row[i] for row in rows) for i in range(3)]
        self.accessors.append(accessor)
        return len(self.accessors) - 1

    def indices(self, values, component=UNSIGNED_SHORT):
        fmt = "<%dH" if component == UNSIGNED_SHORT else "<%dI"
        payload = struct.pack(fmt % len(values), *values)
        self.accessors.append({"bufferView": self._view(payload, ELEMENT_ARRAY_BUFFER), "componentType": component,
                               "count": len(values), "type": "SCALAR"})
        return len(self.accessors) - 1


def document(builder, meshes, nodes, materials, extra=None):
    doc = {
        "asset": {"version": "2.0", "generator": "cairn tests/assets/make_test_gltf.py"},
        "scene": 0,
        "scenes": [{"nodes": [i for i, node in enumerate(nodes) if not node.pop("_child", False)]}],
        "nodes": nodes,
        "meshes": meshes,
        "materials": materials,
        "buffers": [{"byteLength": len(builder.data)}],
        "bufferViews": builder.views,
        "accessors": builder.accessors,
    }
    doc.update(extra or {})
    return doc


def write_gltf_embedded(path, builder, doc):
    doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(bytes(builder.data)).decode()
    path.write_text(json.dumps(doc, indent=1) + "\n")


def write_glb(path, builder, doc):
    text = json.dumps(doc, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    binary = bytes(builder.data) + b"\0" * (-len(builder.data) % 4)
    total = 12 + 8 + len(text) + 8 + len(binary)
    path.write_bytes(struct.pack("<4sII", b"glTF", 2, total) + struct.pack("<I4s", len(text), b"JSON") + text +
                     struct.pack("<I4s", len(binary), b"BIN\0") + binary)


def png(width, height, pixels):
    """An 8-bit RGBA PNG; pixels is a list of rows of (r, g, b, a)."""
    raw = b"".join(b"\0" + b"".join(bytes(p) for p in row) for row in pixels)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def triangle(out):
    """One red triangle in the XY plane facing +Z."""
    b = Builder()
    position = b.floats([(0, 0, 0), (1, 0, 0), (0, 1, 0)], "VEC3")
    normal = b.floats([(0, 0, 1)] * 3, "VEC3")
    uv = b.floats([(0, 1), (1, 1), (0, 0)], "VEC2")
    index = b.indices([0, 1, 2])
    meshes = [{"name": "Triangle", "primitives": [
        {"attributes": {"POSITION": position, "NORMAL": normal, "TEXCOORD_0": uv}, "indices": index, "material": 0}]}]
    materials = [{"name": "Red", "pbrMetallicRoughness": {"baseColorFactor": [1, 0, 0, 1], "metallicFactor": 0.25,
                                                          "roughnessFactor": 0.75}}]
    write_gltf_embedded(out / "triangle.gltf", b, document(b, meshes, [{"mesh": 0}], materials))


def unit_cube(b, material):
    """A unit cube centred on the origin: 24 vertices, 12 triangles."""
    faces = [((1, 0, 0), (0, 1, 0), (0, 0, 1)), ((-1, 0, 0), (0, 0, 1), (0, 1, 0)), ((0, 1, 0), (0, 0, 1), (1, 0, 0)),
             ((0, -1, 0), (1, 0, 0), (0, 0, 1)), ((0, 0, 1), (1, 0, 0), (0, 1, 0)), ((0, 0, -1), (0, 1, 0), (1, 0, 0))]
    positions, normals, indices = [], [], []
    for n, u, v in faces:
        base = len(positions)
        for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            positions.append(tuple(0.5 * n[i] + 0.5 * su * u[i] + 0.5 * sv * v[i] for i in range(3)))
            normals.append(n)
        indices += [base, base + 1, base + 2, base, base + 2, base + 3]
    return {"attributes": {"POSITION": b.floats(positions, "VEC3"), "NORMAL": b.floats(normals, "VEC3")},
            "indices": b.indices(indices), "material": material}


def crate(out):
    """One unit cube in a wood colour: the same triangles as the built-in cube."""
    b = Builder()
    materials = [{"name": "Wood", "pbrMetallicRoughness": {"baseColorFactor": [0.55, 0.35, 0.18, 1],
                                                           "metallicFactor": 0, "roughnessFactor": 0.9}}]
    write_glb(out / "crate.glb", b, document(b, [{"name": "Crate", "primitives": [unit_cube(b, 0)]}],
                                            [{"mesh": 0}], materials))


def tree(out):
    """The demo project's tree: a trunk and two tiers of canopy, unit cubes
    placed by their nodes (scale and translation), standing on y = 0, three
    materials; 36 triangles."""
    b = Builder()
    meshes = [{"name": "Trunk", "primitives": [unit_cube(b, 0)]},
              {"name": "Canopy", "primitives": [unit_cube(b, 1)]},
              {"name": "Crown", "primitives": [unit_cube(b, 2)]}]
    nodes = [{"name": "Trunk", "mesh": 0, "translation": [0, 0.6, 0], "scale": [0.3, 1.2, 0.3]},
             {"name": "Canopy", "mesh": 1, "translation": [0, 1.6, 0], "scale": [1.6, 0.9, 1.6],
              "rotation": [0, 0.3826834, 0, 0.9238795]},
             {"name": "Crown", "mesh": 2, "translation": [0, 2.35, 0], "scale": [0.9, 0.7, 0.9]}]
    materials = [{"name": "Bark", "pbrMetallicRoughness": {"baseColorFactor": [0.36, 0.22, 0.12, 1],
                                                           "metallicFactor": 0, "roughnessFactor": 1}},
                 {"name": "Leaves", "pbrMetallicRoughness": {"baseColorFactor": [0.16, 0.45, 0.16, 1],
                                                             "metallicFactor": 0, "roughnessFactor": 0.8}},
                 {"name": "Young leaves", "pbrMetallicRoughness": {"baseColorFactor": [0.35, 0.62, 0.2, 1],
                                                                   "metallicFactor": 0, "roughnessFactor": 0.8}}]
    write_glb(out / "tree.glb", b, document(b, meshes, nodes, materials))


def cube_quad_parts():
    """A unit cube (green) and, under a node moved 3 along X and scaled 2, a
    quad (blue): two meshes, two materials, 28 vertices, 14 triangles."""
    b = Builder()
    cube = unit_cube(b, 0)
    quad = {"attributes": {"POSITION": b.floats([(-0.5, 0, -0.5), (-0.5, 0, 0.5), (0.5, 0, 0.5), (0.5, 0, -0.5)], "VEC3"),
                           "NORMAL": b.floats([(0, 1, 0)] * 4, "VEC3")},
            "indices": b.indices([0, 1, 2, 0, 2, 3], UNSIGNED_INT), "material": 1}
    meshes = [{"name": "Cube", "primitives": [cube]}, {"name": "Quad", "primitives": [quad]}]
    nodes = [{"name": "Root", "mesh": 0, "children": [1]}, {"name": "Side", "mesh": 1, "translation": [3, 0, 0],
                                                            "scale": [2, 2, 2], "_child": True}]
    materials = [{"name": "Green", "pbrMetallicRoughness": {"baseColorFactor": [0, 1, 0, 1]}},
                 {"name": "Blue", "pbrMetallicRoughness": {"baseColorFactor": [0, 0, 1, 1]}}]
    return b, document(b, meshes, nodes, materials)


def textured_quad(out):
    """A quad on XZ with a 2x2 texture (red, green / blue, white) in an
    external .bin and .png beside the .gltf."""
    b = Builder()
    quad = {"attributes": {"POSITION": b.floats([(-1, 0, -1), (-1, 0, 1), (1, 0, 1), (1, 0, -1)], "VEC3"),
                           "NORMAL": b.floats([(0, 1, 0)] * 4, "VEC3"),
                           "TEXCOORD_0": b.floats([(0, 0), (0, 1), (1, 1), (1, 0)], "VEC2")},
            "indices": b.indices([0, 1, 2, 0, 2, 3]), "material": 0}
    doc = document(b, [{"name": "Board", "primitives": [quad]}], [{"mesh": 0}],
                   [{"name": "Checker", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
                   {"textures": [{"source": 0}], "images": [{"uri": "checker.png"}]})
    doc["buffers"][0]["uri"] = "textured_quad.bin"
    (out / "textured_quad.bin").write_bytes(bytes(b.data))
    (out / "checker.png").write_bytes(png(2, 2, [[(255, 0, 0, 255), (0, 255, 0, 255)],
                                                 [(0, 0, 255, 255), (255, 255, 255, 255)]]))
    (out / "textured_quad.gltf").write_text(json.dumps(doc, indent=1) + "\n")


def without_normals(out):
    """Two triangles sharing an edge, no NORMAL: normals are computed flat."""
    b = Builder()
    prim = {"attributes": {"POSITION": b.floats([(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)], "VEC3")},
            "indices": b.indices([0, 1, 2, 0, 3, 1])}
    write_gltf_embedded(out / "no_normals.gltf", b, document(b, [{"primitives": [prim]}], [{"mesh": 0}], []))


def malformed(out, parts_glb):
    bad = out / "malformed"
    bad.mkdir(exist_ok=True)
    (bad / "truncated.glb").write_bytes(parts_glb[:40])
    (bad / "not_json.gltf").write_text("this is not a glTF file\n")

    b = Builder()
    prim = {"attributes": {"POSITION": b.floats([(0, 0, 0), (1, 0, 0), (0, 1, 0)], "VEC3")}, "indices": b.indices([0, 1, 7])}
    write_gltf_embedded(bad / "index_out_of_range.gltf", b, document(b, [{"primitives": [prim]}], [{"mesh": 0}], []))

    b = Builder()
    prim = {"attributes": {"NORMAL": b.floats([(0, 0, 1)] * 3, "VEC3")}}
    write_gltf_embedded(bad / "no_position.gltf", b, document(b, [{"primitives": [prim]}], [{"mesh": 0}], []))

    b = Builder()
    prim = {"attributes": {"POSITION": b.floats([(0, 0, 0), (1, 0, 0)], "VEC3")}, "mode": LINES}
    write_gltf_embedded(bad / "lines_only.gltf", b, document(b, [{"primitives": [prim]}], [{"mesh": 0}], []))

    b = Builder()
    prim = {"attributes": {"POSITION": b.floats([(0, 0, 0), (1, 0, 0), (0, 1, 0)], "VEC3")}}
    doc = document(b, [{"primitives": [prim]}], [{"mesh": 0}], [])
    doc["buffers"][0]["uri"] = "absent.bin"
    (bad / "missing_buffer.gltf").write_text(json.dumps(doc, indent=1) + "\n")

    b = Builder()
    prim = {"attributes": {"POSITION": b.floats([(0, 0, 0), (1, 0, 0), (0, 1, 0)], "VEC3")}}
    doc = document(b, [{"primitives": [prim]}], [{"mesh": 0}], [],
                   {"extensionsUsed": ["KHR_draco_mesh_compression"],
                    "extensionsRequired": ["KHR_draco_mesh_compression"]})
    write_gltf_embedded(bad / "draco_required.gltf", b, doc)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--demo":
        demo = Path(sys.argv[2])
        demo.mkdir(parents=True, exist_ok=True)
        tree(demo)
        crate(demo)
        return
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "data"
    out.mkdir(parents=True, exist_ok=True)
    triangle(out)
    crate(out)
    builder, doc = cube_quad_parts()
    write_glb(out / "cube_and_quad.glb", builder, json.loads(json.dumps(doc)))
    write_gltf_embedded(out / "cube_and_quad.gltf", builder, doc)
    textured_quad(out)
    without_normals(out)
    malformed(out, (out / "cube_and_quad.glb").read_bytes())


if __name__ == "__main__":
    main()
