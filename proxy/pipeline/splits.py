"""Values split across two fields of one request ("my SSN is 123-45" in one message, "6789" in the next).

Each text field is sanitized on its own, so a value cut in two is found in neither half. For every two
text fields that follow each other in the body, the end of the first and the start of the second are
joined (with nothing, a space and a hyphen between them) into short probe texts that are sanitized
with the request's other texts. A value found across the join has a stand-in of the same format: it
is cut where the value was cut and each half replaces its half in its field, restored in answers. When
the stand-in cannot be cut the same way (another length), the request is refused (400).

Limits: two adjacent fields only (not three, not fields apart), the last and first ``WINDOW``
characters of each, and only these three joins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mechanisms.prmpt.records import SanitizedText
from proxy.errors import BadRequest
from proxy.pipeline.fieldmap import Slot

WINDOW = 24
JOINERS = ("-", " ", "")


@dataclass(frozen=True)
class Junction:
    first: int  # index of the slot whose end is joined
    second: int  # index of the slot whose start is joined
    tail: str
    joiner: str
    head: str

    @property
    def text(self) -> str:
        return self.tail + self.joiner + self.head


def junctions(slots: list[Slot]) -> list[Junction]:
    """Probe texts for every two text slots that follow each other."""
    texts = [i for i, s in enumerate(slots) if s.kind == "text"]
    out = []
    for a, b in zip(texts, texts[1:]):
        tail, head = slots[a].text[-WINDOW:], slots[b].text[:WINDOW]
        if tail.strip() and head.strip():
            out.extend(Junction(a, b, tail, joiner, head) for joiner in JOINERS)
    return out


def join_split_values(probes: list[Junction], probe_results: list[Any],
                      results: list[Any]) -> tuple[dict[str, str], list[str]]:
    """Hide each value found across a junction in the two results it spans (``results`` are replaced);
    returns the stand-in -> original entries to restore them and the types found. A pair of slots is
    handled once."""
    mapping: dict[str, str] = {}
    found: list[str] = []
    done: set[tuple[int, int]] = set()
    for probe, result in zip(probes, probe_results):
        if (probe.first, probe.second) in done:
            continue
        for record in result.entities:
            if record.category == "fpe" and _spans(probe, record):
                hidden = _split(probe, record, results)
                if hidden:
                    mapping.update(hidden)
                    found.append(record.type)
                done.add((probe.first, probe.second))
                break
    return mapping, found


def _spans(probe: Junction, record: Any) -> bool:
    return record.start < len(probe.tail) and record.end > len(probe.tail) + len(probe.joiner)


def _split(probe: Junction, record: Any, results: list[Any]) -> dict[str, str]:
    value = probe.text[record.start:record.end]
    first_part = probe.tail[record.start:]
    second_part = probe.head[:record.end - len(probe.tail) - len(probe.joiner)]
    before, after = results[probe.first], results[probe.second]
    first_intact, second_intact = before.text.endswith(first_part), after.text.startswith(second_part)
    if not first_intact and not second_intact:
        return {}  # both halves were found on their own and replaced
    halves = _cut(record.replacement, value, len(first_part), probe.joiner)
    if halves is None:
        raise BadRequest("a value is split across two fields of the request and its stand-in cannot be split "
                         "the same way; it was not sent. Send the value in one piece", code="split_value")
    new_first, new_second = halves
    out = {record.replacement: value}
    if first_intact:  # a half already replaced on its own stays as it is
        results[probe.first] = _replaced(before, before.text[:len(before.text) - len(first_part)] + new_first)
        out[new_first] = first_part
    if second_intact:
        results[probe.second] = _replaced(after, new_second + after.text[len(second_part):])
        out[new_second] = second_part
    return {k: v for k, v in out.items() if k != v and len(v) >= 3}


def _cut(stand_in: str, value: str, at: int, joiner: str) -> tuple[str, str] | None:
    """The stand-in cut where the value was: at the same offset (same length) or, with a separator
    joiner, at the same occurrence of that separator."""
    if len(stand_in) == len(value) and stand_in[at:at + len(joiner)] == joiner:
        return stand_in[:at], stand_in[at + len(joiner):]
    if joiner:
        nth = value[:at].count(joiner)
        pieces = stand_in.split(joiner)
        if len(pieces) == len(value.split(joiner)) and nth + 1 < len(pieces):
            return joiner.join(pieces[:nth + 1]), joiner.join(pieces[nth + 1:])
    return None


def _replaced(result: Any, text: str) -> SanitizedText:
    return SanitizedText(text, list(result.entities), dict(result.mapping), dict(result.mldp_mapping))
