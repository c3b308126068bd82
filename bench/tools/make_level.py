#!/usr/bin/env python3
"""Writes a generated level for load benchmarks: groups of 99 cubes under one
parent each, written as Cairn's own writer writes a scene (indent 2). The
ids look random, as the editor's do (SplitMix64 of a count, the editor's
mixer): ids counting up would fill the loader's hash tables in order and
flatter every load.

    bench/tools/make_level.py ENTITIES OUT.scene
"""
import json
import sys


def mixed_id(n):
    """SplitMix64's n-th value (ecs::MixBits(n * kMixGamma)), never zero for n > 0."""
    mask = (1 << 64) - 1
    z = (n * 0x9E3779B97F4A7C15) & mask
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return z ^ (z >> 31)


def main():
    count = int(sys.argv[1])
    out_path = sys.argv[2]
    with open(out_path, "w", encoding="utf-8") as out:
        out.write('{\n  "format": "cairn.scene",\n  "version": 3,\n  "editor": {},\n  "entities": [')
        group = None
        for i in range(count):
            entity_id = "%016x" % mixed_id(i + 1)
            if i % 100 == 0:
                group = entity_id
                entity = {"id": entity_id, "name": "Group %d" % (i // 100), "parent": None,
                          "order": i // 100,
                          "components": {"Transform": {"position": [float((i // 100) % 100) * 12.0, 0.0,
                                                                     float(i // 10000) * 12.0],
                                                        "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}}}
            else:
                k = i % 100 - 1
                entity = {"id": entity_id, "name": "Cube %d" % i, "parent": group, "order": k,
                          "components": {
                              "MeshRenderer": {"mesh": "cube", "color": [0.8, 0.5, 0.25, 1], "asset": ""},
                              "Transform": {"position": [float(k % 10), 0.5, float(k // 10)],
                                            "rotation": [0, 0, 0, 1], "scale": [0.5, 0.5, 0.5]}}}
            text = json.dumps(entity, indent=2)
            out.write(("\n" if i == 0 else ",\n") + "\n".join("    " + line for line in text.split("\n")))
        out.write("\n  ]\n}\n")


if __name__ == "__main__":
    main()
