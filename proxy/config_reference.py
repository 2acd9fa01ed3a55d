"""Generate the configuration reference (docs/configuration.md) from the settings schema.

``python -m proxy.config_reference`` prints the markdown table; ``--write docs/configuration.md`` replaces
the block between the markers. tests/test_config_reference.py fails when the page and the schema drift.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel, SecretStr

from proxy.settings import Settings

BEGIN = "<!-- config-reference:begin -->"
END = "<!-- config-reference:end -->"
_MAX_DEFAULT = 60


def _default_text(value: Any) -> str:
    if isinstance(value, SecretStr):
        return "(secret)"
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    try:
        text = json.dumps(value, default=str)
    except TypeError:
        text = str(value)
    if len(text) > _MAX_DEFAULT:
        text = text[: _MAX_DEFAULT - 1] + "…"
    return f"`{text}`"


def _rows(model: type[BaseModel], instance: BaseModel, prefix: str) -> list[tuple[str, str, str, str]]:
    rows = []
    for name, field in model.model_fields.items():
        key = f"{prefix}{name}"
        value = getattr(instance, name)
        if isinstance(value, BaseModel) and not isinstance(value, SecretStr):
            rows.extend(_rows(type(value), value, key + "."))
            continue
        env = "VEIL_" + key.upper().replace(".", "__")
        doc = (field.description or "").replace("|", "\\|").replace("\n", " ")
        rows.append((key, env, _default_text(value), doc))
    return rows


def render() -> str:
    instance = Settings.model_construct(**{n: f.get_default(call_default_factory=True)
                                           for n, f in Settings.model_fields.items()})
    lines = ["| key | environment variable | default | meaning |", "|---|---|---|---|"]
    for key, env, default, doc in _rows(Settings, instance, ""):
        lines.append(f"| `{key}` | `{env}` | {default} | {doc} |")
    return "\n".join(lines)


def replace_block(text: str, table: str, begin: str = BEGIN, end_marker: str = END) -> str:
    start, end = text.index(begin) + len(begin), text.index(end_marker)
    return text[:start] + "\n" + table + "\n" + text[end:]


def main(argv: list[str]) -> int:
    table = render()
    if len(argv) == 2 and argv[0] == "--write":
        path = Path(argv[1])
        path.write_text(replace_block(path.read_text(), table))
        return 0
    print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
