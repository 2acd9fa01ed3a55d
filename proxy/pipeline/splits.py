"""Values split across two fields of one request ("my SSN is 123-45" in one message, "6789" in the next).

Each text field is sanitized on its own, so a value cut in two is found in neither half. For every two
text fields that follow each other in the body, when the join looks like a cut of a number, an id or an
address (no whitespace or sentence punctuation at the join, a digit or one of ``CUT_ENDS`` on one side
of it), the end of the first and the start of the second are
joined into a short probe (with the separator the value's digits use before the cut, a space between
two words, else nothing); the probes of a request are one more text, sanitized with the others. A value found across the join has a stand-in of the same format:
it is cut where the value was cut and each half replaces its half in its field, restored in answers.
A half already replaced on its own stays as it is; when the stand-in cannot be cut the same way
(another length), each remaining half is encrypted per character class under the user's key.

Limits: two adjacent fields only (not three, not fields apart), the last and first ``WINDOW``
characters of each, one guessed separator per join; a name cut between two words is not joined.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mechanisms.keys import UserKeys
from mechanisms.prmpt.entities.alphabet import classed, transform_alphabet
from mechanisms.prmpt.records import SanitizedText
from proxy.pipeline.fieldmap import Slot

WINDOW = 24
PROBE_SEPARATOR = "\n\n"
_DIGIT_GROUPS = re.compile(r"\d([ \-./])\d+$")  # "123-45", "4111 1111": the separator before the cut
CUT_ENDS = "-+@_/#"  # besides letters and digits, what a value cut in two may end or start with


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
    """A probe for every two text slots that follow each other, where the join looks like a cut."""
    texts = [i for i, s in enumerate(slots) if s.kind == "text"]
    out = []
    for a, b in zip(texts, texts[1:]):
        tail, head = slots[a].text[-WINDOW:], slots[b].text[:WINDOW]
        if _cut_like(tail[-1:]) and _cut_like(head[:1]) and _numeric_or_address(tail[-1] + head[0]):
            out.append(Junction(a, b, tail, _joiner(tail, head), head))
    return out


def _numeric_or_address(ends: str) -> bool:
    """Numbers, ids and addresses get cut; two words side by side are prose (and cost a probe each)."""
    return any(ch.isdigit() or ch in CUT_ENDS for ch in ends)


def _joiner(tail: str, head: str) -> str:
    if tail[-1] in CUT_ENDS or head[0] in CUT_ENDS:
        return ""  # the separator is on one side already ("john.smith@acme" + "-corp.com")
    groups = _DIGIT_GROUPS.search(tail)
    if groups and head[0].isdigit():
        return groups.group(1)  # "123-45" + "6789": the value's own separator
    return " " if tail[-1].isalpha() and head[0].isalpha() else ""


def probe_text(probes: list[Junction]) -> str:
    """All probes of a request as one text (one more text for the annotator, whatever the count)."""
    return PROBE_SEPARATOR.join(p.text for p in probes)


def _locate(probes: list[Junction], start: int) -> tuple[int, int]:
    """(probe index, its offset in the probe text) of a position of the probe text."""
    offset = 0
    for i, probe in enumerate(probes):
        if start < offset + len(probe.text):
            return i, offset
        offset += len(probe.text) + len(PROBE_SEPARATOR)
    return len(probes) - 1, offset


def _cut_like(ch: str) -> bool:
    return bool(ch) and (ch.isalnum() or ch in CUT_ENDS)


def join_split_values(probes: list[Junction], probe_result: Any, results: list[Any],
                      keys: UserKeys) -> tuple[dict[str, str], list[str]]:
    """Hide each value found across a junction in the two results it spans (``results`` are replaced);
    returns the stand-in -> original entries to restore them and the types found."""
    mapping: dict[str, str] = {}
    found: list[str] = []
    done: set[int] = set()
    for record in probe_result.entities:
        at, offset = _locate(probes, record.start)
        local = _Found(record.type, record.start - offset, record.end - offset, record.replacement)
        if at in done or record.category != "fpe" or not _spans(probes[at], local):
            continue
        done.add(at)
        hidden = _split(probes[at], local, results, keys)
        if hidden:
            mapping.update(hidden)
            found.append(record.type)
    return mapping, found


@dataclass(frozen=True)
class _Found:
    type: str
    start: int
    end: int
    replacement: str


def _spans(probe: Junction, record: _Found) -> bool:
    return record.start < len(probe.tail) and record.end > len(probe.tail) + len(probe.joiner)


def _split(probe: Junction, record: Any, results: list[Any], keys: UserKeys) -> dict[str, str]:
    value = probe.text[record.start:record.end]
    first_part = probe.tail[record.start:]
    second_part = probe.head[:record.end - len(probe.tail) - len(probe.joiner)]
    before, after = results[probe.first], results[probe.second]
    first_intact, second_intact = before.text.endswith(first_part), after.text.startswith(second_part)
    if not first_intact and not second_intact:
        return {}  # both halves were found on their own and replaced
    halves = _cut(record.replacement, value, len(first_part), probe.joiner)
    out = {record.replacement: value} if halves else {}
    if halves is None:  # the stand-in has another shape: each half on its own, per character class
        label = f"{record.type}|split"
        halves = (transform_alphabet(keys, label, first_part, classed, decrypt=False),
                  transform_alphabet(keys, label, second_part, classed, decrypt=False))
    new_first, new_second = halves
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
