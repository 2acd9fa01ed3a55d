"""What ``veil sanitize`` and ``veil desanitize`` do, as functions (the CLI only reads stdin,
derives the user's keys and prints the result).

* ``veil sanitize``: the sanitized text; ``--json``: ``SanitizedText.to_dict()`` as JSON.
* ``veil desanitize``: if stdin is the JSON of ``sanitize --json``, its mapping restores the text
  exactly (noised values included); otherwise the text is desanitized with the key alone, and
  ``--original`` (a file) restricts it to the original's values; ``--mapping`` (the JSON of
  ``sanitize --json``) restores an answer that the LLM wrote from a sanitized prompt.
"""

from __future__ import annotations

import json
from typing import Any

from mechanisms.keys import UserKeys
from mechanisms.prmpt.records import SanitizedText
from mechanisms.prmpt.sanitizer import Sanitizer


class BadMapping(ValueError):
    """``--mapping`` is not the JSON that ``veil sanitize --json`` writes."""


def sanitize_command(sanitizer: Sanitizer, text: str, keys: UserKeys, *, as_json: bool = False) -> str:
    result = sanitizer.sanitize(text, keys)
    if as_json:
        return json.dumps(result.to_dict(), ensure_ascii=False)
    return result.text


def _as_sanitized(data: str) -> SanitizedText | None:
    stripped = data.lstrip()
    if not stripped.startswith("{"):
        return None
    try:
        obj: Any = json.loads(data)
    except json.JSONDecodeError:
        return None
    if isinstance(obj, dict) and isinstance(obj.get("text"), str) and isinstance(obj.get("mapping"), dict):
        return SanitizedText.from_dict(obj)
    return None


def desanitize_command(sanitizer: Sanitizer, data: str, keys: UserKeys, *, original: str | None = None,
                       mapping_json: str | None = None) -> str:
    """Desanitize stdin ``data`` (see the module docstring for the three cases)."""
    if mapping_json is not None:
        source = _as_sanitized(mapping_json)
        if source is None:
            raise BadMapping("--mapping must be the JSON written by `veil sanitize --json`")
        return sanitizer.desanitize(data, source.restore_mapping())
    sanitized = _as_sanitized(data)
    if sanitized is not None:
        return sanitizer.desanitize(sanitized.text, sanitized.restore_mapping())
    return sanitizer.desanitize_stateless(data, keys, original=original)
