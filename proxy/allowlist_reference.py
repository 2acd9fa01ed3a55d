"""Generate docs/allow-lists.md (the structural fields each surface passes untouched) from the surfaces'
field maps: ``python -m proxy.allowlist_reference --write docs/allow-lists.md`` replaces the block between
the markers; tests/test_config_reference.py fails when the page and the code drift."""

from __future__ import annotations

import sys
from pathlib import Path

from proxy.config_reference import replace_block
from proxy.pipeline.fieldmap import JSON_SCHEMA, Node, allow_list
from proxy.surfaces import SURFACES

BEGIN = "<!-- allow-lists:begin -->"
END = "<!-- allow-lists:end -->"


def routes() -> list[tuple[str, Node]]:
    """(route label, request field map) per registered surface; surfaces that share a field map share
    a row (``/v1/messages`` (and ``/count_tokens``))."""
    paths: dict[int, list[str]] = {}
    schemas: dict[int, Node] = {}
    for surface in SURFACES:
        paths.setdefault(id(surface.request_schema), []).append(surface.path)
        schemas[id(surface.request_schema)] = surface.request_schema
    out = []
    for key, (first, *more) in paths.items():
        tails = [p[len(first):] if p.startswith(first + "/") else p for p in more]
        out.append((f"`{first}`" + (f" (and {', '.join(f'`{t}`' for t in tails)})" if tails else ""), schemas[key]))
    return out


def render() -> str:
    lines = ["| surface | allow-listed path (`[]` any item, `<type=x>` items of that type) | passes untouched when it is |",
             "|---|---|---|"]
    for route, schema in routes():
        rows = allow_list(schema, {id(JSON_SCHEMA): "JSON Schema: only its keywords (below)"})
        tags = sorted({p for p, _ in rows if p.endswith(".type") and ">." in p and p.count(".type") == 1
                       and p.rsplit("<", 1)[-1].startswith("type=")})
        for path, what in rows:
            if path not in tags:
                lines.append(f"| {route} | `{path}` | {what} |")
        if tags:
            lines.append(f"| {route} | the `type` tag of every known item, part or block | its own tag |")
    lines.append("| every JSON Schema (tools, functions, response formats) | `type`, `format`, `$schema`, the "
                 "numeric keywords (`minimum`, `maxLength`, ...) | a JSON type, a format name, a json-schema.org URL, "
                 "a number; property and `$defs` names are data (sanitized like text, with `required` and `$ref` "
                 "following them); `description`, `title`, `default`, `enum`, `const`, `examples`, `pattern` and "
                 "unknown keywords are sanitized |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    table = render()
    if len(argv) == 2 and argv[0] == "--write":
        path = Path(argv[1])
        path.write_text(replace_block(path.read_text(), table, BEGIN, END))
        return 0
    print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
