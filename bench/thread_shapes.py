"""Names, e-mails and phones in e-mail threads and meeting notes, as people paste them into a prompt ("summarize
this thread"): Outlook headers with "Surname, Given <e-mail>", replies quoted under "On ..., Name <e-mail> wrote:",
signatures with a title, a company and a phone, chat exports with timestamps, attendee lists, action items that
name their owners; with the names of 16 Faker locales; the leak rule of ``../shared/data/pii-dev/leak_rate.py``,
this tree beside a base revision.

    python -m bench.thread_shapes --base c2d0974

A development probe, not a held-out figure: the shapes were written on 2026-11-26 (tenth session) and measured
once at c2d0974 before their misses were looked at (PERSON 12.5 %; a first draft, with a vendor "{L3} & Sons" whose
surname counted as a person, 13.8 %; e-mails and phones 0 %); the rules that followed were built on them. Every mention of a
name (a full name, a surname or a given name alone) is one PERSON value.
"""

from __future__ import annotations

import sys
from typing import Any

from bench.address_prose import mentions, seeded_faker
from bench.external import BASE, compare_cli, leak_rule, shares, workers
from bench.prompt_shapes import leak_tallies

SHAPES = (
    "Summarize this thread:\n\nFrom: {L}, {F} <{e}>\nSent: Monday, March 3, 2025 10:14 AM\nTo: {L2}, {F2} <{e2}>; "
    "{F3} {L3}\nSubject: RE: Q1 budget\n\nHi {F2},\nsee the numbers below.\n{F}",
    "On Tue, Mar 4, 2025 at 9:02 AM {F} {L} <{e}> wrote:\n> Thanks {F2}, I'll check with {F3} and get back to you.",
    "-----Original Message-----\nFrom: {F2} {L2}\nSent: 04 March 2025 08:15\nTo: {F} {L}\nSubject: invoice 4471",
    "Best,\n{F} {L}\nSenior Account Manager | Northwind Traders\nM: {ph} | {e}",
    "[09:14] {L}, {F}: can someone send me the deck?\n[09:15] {L2}, {F2}: on it\n[09:17] {F3} {L3}: thanks both",
    "Meeting notes - 12 March\nAttendees: {F} {L}, {F2} {L2}, {F3} {L3}\nApologies: {F4} {L4}",
    "Action items:\n- {F} to send the revised quote to {L2} by Friday\n- {F3} and {F4} to review the contract",
    "{F2}: I think {L} already approved it?\n{F}: yes, {L3} signed off yesterday",
    "Please forward this to {F3} in legal and cc {F4} {L4}.",
    "Hey @{F2} - {F} asked whether the vendor (Northwind) has replied. {F4} is out until Monday.",
    "Reply to {F} {L}'s email politely declining the invitation, and copy {F2}.",
    "Ticket escalated by {F2} {L2} (ext. 4471). Assigned to: {L3}, {F3}. Reporter: {F}",
)
LOCALES = ("en_US", "en_GB", "en_IN", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pl_PL", "pt_BR", "sv_SE", "tr_TR",
           "ja_JP", "zh_CN", "ro_RO", "fi_FI")
# the name values of a shape, longest first: a full name, then a surname or a given name alone
_NAMES = ("F L", "F2 L2", "F3 L3", "F4 L4", "L", "L2", "L3", "L4", "F", "F2", "F3", "F4")


def examples() -> list[dict[str, Any]]:
    """Each shape once per locale, seeded: the same texts for every tree."""
    out = []
    for locale in LOCALES:
        fk = seeded_faker(locale, 71)
        for shape in SHAPES:
            v = {f"{k}{n}": getattr(fk, attr)() for n in ("", "2", "3", "4")
                 for k, attr in (("F", "first_name"), ("L", "last_name"))}
            v.update(e=fk.email(), e2=fk.email(), ph=fk.phone_number())
            text = shape.format(**v)
            values = [(" ".join(v[p] for p in key.split()), "PERSON") for key in _NAMES
                      if "{" + key.replace(" ", "} {") + "}" in shape]
            values += [(v[key], label) for key, label in (("e", "EMAIL"), ("e2", "EMAIL"), ("ph", "PHONE"))
                       if "{" + key + "}" in shape]
            out.append({"text": text, "shape": shape, "spans": mentions(text, values)})
    return out


def run(base: str | None = BASE) -> tuple[str, bool]:
    records = examples()
    rule = leak_rule()
    with workers(base) as running:
        names = list(running)
        labels = leak_tallies(rule, running, records, lambda rec, span: str(span["label"]))
        shapes = leak_tallies(rule, running, records, lambda rec, span: f"{rec['shape']}\0{span['label']}")
    lines = ["## Names in e-mail threads and meeting notes (16 Faker locales; leak rule of leak_rate.py; a development "
             "probe)", "", "| label | values | " + " | ".join(names) + " |", "|---|---:|" + "---:|" * len(names)]
    for label in ("PERSON", "EMAIL", "PHONE"):
        cells = [labels[(label, tree)] for tree in names]
        lines.append(f"| {label} | {cells[0][1]} | " + shares(cells) + " |")
    lines += ["", "| shape | values | " + " | ".join(names) + " |", "|---|---:|" + "---:|" * len(names)]
    for shape in SHAPES:
        cells = [shapes[(f"{shape}\0PERSON", tree)] for tree in names]
        text = shape.replace("\n", " / ").replace("|", "/")[:56]
        lines.append(f"| `{text}` | {cells[0][1]} | " + shares(cells) + " |")
    return "\n".join(lines) + "\n", True


def main(argv: list[str]) -> int:
    return compare_cli(argv, "python -m bench.thread_shapes", __doc__, lambda base, _: run(base), "--rounds", 1)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
