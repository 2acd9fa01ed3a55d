"""Putting a request's values back into its answer: whole bodies, and streams keyed by field.

One ``TextRestorer`` per request holds the compiled restore plan of that request's mapping (and a
JSON-escaped variant for text that sits inside a JSON string literal, e.g. tool arguments, so the JSON
stays valid). Stream adapters ask it for one streaming restorer per field of the answer (a choice's
content, one tool call's arguments, one content block), feed deltas, and flush a field when it ends.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

from mechanisms.prmpt import RestorePlan, StreamingRestorer, restore
from proxy.pipeline.fieldmap import Node, walk_request


def json_escape(text: str) -> str:
    """``text`` as it appears inside a JSON string literal."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


class TextRestorer:
    def __init__(self, mapping: dict[str, str]) -> None:
        self.mapping = mapping
        self._plans: dict[bool, RestorePlan] = {}
        self._open: dict[Hashable, StreamingRestorer] = {}

    @property
    def empty(self) -> bool:
        return not self.mapping

    def plan(self, in_json: bool = False) -> RestorePlan:
        if in_json not in self._plans:
            mapping = {k: json_escape(v) for k, v in self.mapping.items()} if in_json else self.mapping
            self._plans[in_json] = RestorePlan(mapping)
        return self._plans[in_json]

    def text(self, text: str, in_json: bool = False) -> str:
        if not self.mapping or not text:
            return text
        return restore(text, self.plan(in_json))

    def body(self, schema: Node, data: Any) -> Any:
        """Restore every string of a whole answer (JSON-in-string fields with escaped originals)."""
        if not self.mapping:
            return data
        walk = walk_request(schema, data, parse_json=False, answer=True)
        for slot in walk.slots:
            if slot.kind == "id":  # an id is restored whole or not at all
                slot.set(self.mapping.get(slot.text, slot.text))
            elif slot.kind == "number":  # its digits exactly (a tolerant match could add a card's spaces)
                context, sep, digits = slot.text.rpartition(": ")
                slot.set(self.text(context) + sep + self.mapping.get(digits, digits))
            else:
                slot.set(self.text(slot.text, in_json=slot.kind == "json_text"))
        walk.finalize()  # keys renamed back
        return data

    # ---- streams -------------------------------------------------------------------------------
    def feed(self, key: Hashable, delta: str, in_json: bool = False) -> str:
        if not self.mapping:
            return delta
        restorer = self._open.get(key)
        if restorer is None:
            restorer = self._open[key] = StreamingRestorer(self.plan(in_json))
        return restorer.feed(delta)

    def flush(self, key: Hashable) -> str:
        restorer = self._open.pop(key, None)
        return restorer.flush() if restorer is not None else ""

    def open_keys(self) -> list[Hashable]:
        return list(self._open)
