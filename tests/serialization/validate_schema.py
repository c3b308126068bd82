"""Validates JSON files against a JSON Schema (draft 2020-12).

usage: validate_schema.py SCHEMA FILE...
Prints one line per violation ("FILE POINTER: message") and exits 1 when
there is any, 0 otherwise. Run with Debian's /usr/bin/python3, which has
python3-jsonschema.
"""
import json
import sys

from jsonschema import Draft202012Validator


def main():
    with open(sys.argv[1], encoding="utf-8") as schema_file:
        schema = json.load(schema_file)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    violations = 0
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as document_file:
            document = json.load(document_file)
        for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
            pointer = "".join("/" + str(token) for token in error.absolute_path)
            print(f"{path} {pointer}: {error.message}")
            violations += 1
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
