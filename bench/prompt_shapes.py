"""Names in the shapes prompts put them in (e-mail headers and sign-offs, CSV and JSON rows, chat in lower
case, a name after a kinship word, "Surname, Given" lines, ...), with Faker's names of 10 locales, the leak
rule of ``../shared/data/pii-dev/leak_rate.py``, this tree beside a base revision.

    python -m bench.prompt_shapes --base 501bccc

These shapes were looked at while the cue rules were written (a development probe, not a held-out
figure); the held-out figures are ``python -m bench external`` and the held-back half of ``bench locales``.
The shapes are filled with Faker's names of 10 locales, then with mimesis' names (MIT; other lists, other
scripts) of the two halves of its locales that ``bench locales`` uses: the examined half was looked at while
the rule for names in other scripts of 2026-11-26 was written, the other half only measured (twice, at the end).
The names of faker-js' 44 locales (a third generator's lists, added on 2026-11-26, eleventh session) were measured
once at 969918c beside 58ddbb8: 2.1 % on both.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from bench.external import BASE, compare_cli, leak_rule, shares, workers

LOCALES = ("en_US", "en_GB", "fr_FR", "es_ES", "de_DE", "it_IT", "pt_BR", "pl_PL", "nl_NL", "en_IN")
SHAPES = (
    "From: {n} <{e}>\nSubject: invoice\n\nHi team, please see attached.", "Thanks,\n{f}",
    "Best regards,\n{n}\nSenior Analyst", "id,name,email\n17,{n},{e}", '{{"customer": {{"name": "{n}", "email": "{e}"}}}}',
    "hey {fl} can u send me the report", "{f} said the deadline moved to Friday.",
    "Please draft a reply to {f} about the refund.", "My manager {n} approved it.",
    "Write a birthday message for my daughter {f}.", "The patient, {n}, 47, presented with chest pain.",
    "Summarize the call between {n} and {n2}.", "I'm {f}, nice to meet you!", "ask {fl} {ll} about it",
    "Tenant: {n}\nLandlord: {n2}\nRent: $1,450", "CC: {n}; {n2}", "{L}, {F} - Account 88231",
)
_NAME_KEYS = ("n", "n2", "f", "fl", "ll", "L", "F")


def _faker_people(per_shape: int) -> Iterator[tuple[str, str, str, str, str]]:
    from faker import Faker

    for locale in LOCALES:
        fk = Faker(locale)
        fk.seed_instance(9)
        for _ in range(per_shape * len(SHAPES)):
            yield fk.first_name(), fk.last_name(), fk.first_name(), fk.last_name(), fk.email()


def _mimesis_people(part: str, per_shape: int) -> Iterator[tuple[str, str, str, str, str]]:
    from mimesis import Locale, Person

    from bench.locales import mimesis_locales

    for locale in mimesis_locales(part):
        person = Person(locale=Locale(locale), seed=5)
        for _ in range(max(1, per_shape // 3) * len(SHAPES)):
            yield person.first_name(), person.last_name(), person.first_name(), person.last_name(), person.email()


def _fakerjs_people() -> Iterator[tuple[str, str, str, str, str]]:
    """faker-js's people of its 44 locales (``bench/data/fakerjs_values.json``), each shape once per locale."""
    from bench.common import fakerjs_values

    for rows in fakerjs_values().values():
        for k in range(len(SHAPES)):
            row, other = rows[k % len(rows)], rows[(k + 7) % len(rows)]
            yield row["first"], row["last"], other["first2"], other["last2"], row["email"]


def examples(per_shape: int = 6, seed: int = 7, people: Iterable[tuple[str, str, str, str, str]] | None = None
             ) -> list[dict[str, Any]]:
    """Each shape filled with names in turn (Faker's by default), seeded: the same prompts for every tree."""
    rnd = random.Random(seed)
    out = []
    for k, (first, last, first2, last2, email) in enumerate(people if people is not None else _faker_people(per_shape)):
        shape = SHAPES[k % len(SHAPES)]
        values = {"n": f"{first} {last}", "n2": f"{first2} {last2}", "f": first, "fl": first.lower(),
                  "ll": last.lower(), "L": last, "F": first, "e": email}
        text = shape.format(**values)
        spans = []
        for key in _NAME_KEYS:
            if "{" + key + "}" in shape and (at := text.find(values[key])) >= 0:
                spans.append({"start": at, "end": at + len(values[key]), "label": "PERSON"})
        out.append({"text": text, "shape": shape, "spans": spans})
    rnd.shuffle(out)
    return out


def leak_tallies(rule: Any, running: dict[str, Any], records: list[dict[str, Any]],
                 key: Callable[[dict[str, Any], dict[str, Any]], str]) -> dict[tuple[str, str], list[int]]:
    """(leaked, total) per (key of a record and span, tree): each record through every tree, the trees taking turns
    record by record."""
    names = list(running)
    tallies: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for i, rec in enumerate(records):
        for tree in (names if i % 2 == 0 else names[::-1]):
            out = running[tree](rec["text"])["out"]
            for span in rec["spans"]:
                tally = tallies[(key(rec, span), tree)]
                tally[1] += 1
                tally[0] += bool(rule.leaked(span, rec, out))
    return tallies


def shape_label_rows(shapes: Iterable[str], labels: Iterable[str], tallies: dict[tuple[str, str], list[int]],
                     names: list[str], width: int = 48) -> list[str]:
    """A table of the leaked share per shape and label (``tallies`` keyed by "shape\0label" and tree), each tree
    beside the other; a shape without values of a label has no row for it."""
    lines = ["| shape | label | values | " + " | ".join(names) + " |", "|---|---|---:|" + "---:|" * len(names)]
    for shape in shapes:
        for label in labels:
            cells = [tallies[(f"{shape}\0{label}", tree)] for tree in names]
            if cells[0][1]:
                text = shape.replace("\n", " / ").replace("|", "/")[:width]
                lines.append(f"| `{text}` | {label} | {cells[0][1]} | " + shares(cells) + " |")
    return lines


def family_tables(base: str | None, records: list[dict[str, Any]], labels: Iterable[str], shapes: Iterable[str],
                  title: str, column: str) -> str:
    """The leaked share per family of records (each with its ``family``) and label, then per shape and label, each
    tree beside the other, the trees taking turns record by record."""
    rule = leak_rule()
    labels = tuple(labels)
    with workers(base) as running:
        names = list(running)
        tally = leak_tallies(rule, running, records, lambda rec, span: f"{rec['family']}\0{span['label']}")
        by_shape = leak_tallies(rule, running, records, lambda rec, span: f"{rec['shape']}\0{span['label']}")
    lines = [f"## {title}", "", f"| {column} | label | values | " + " | ".join(names) + " |",
             "|---|---|---:|" + "---:|" * len(names)]
    for family in dict.fromkeys(rec["family"] for rec in records):
        for label in labels:
            cells = [tally[(f"{family}\0{label}", tree)] for tree in names]
            if cells[0][1]:
                lines.append(f"| {family} | {label} | {cells[0][1]} | " + shares(cells) + " |")
    lines += ["", *shape_label_rows(shapes, labels, by_shape, names)]
    return "\n".join(lines) + "\n"


def shape_tables(base: str | None, groups: dict[str, list[dict[str, Any]]], shapes: Iterable[str], title: str) -> str:
    """One table per group of records (each with its ``shape``): the names leaked per shape, each tree beside the
    other, the trees taking turns record by record."""
    rule = leak_rule()
    lines: list[str] = []
    with workers(base) as running:
        names = list(running)
        for group, records in groups.items():
            leaked = leak_tallies(rule, running, records, lambda rec, span: rec["shape"])
            lines += [f"## {title} ({group}; leak rule of leak_rate.py; a development probe)",
                      "", "| shape | names | " + " | ".join(names) + " |", "|---|---:|" + "---:|" * len(names)]
            totals = [[0, 0] for _ in names]
            for shape in shapes:
                cells = [leaked[(shape, tree)] for tree in names]
                for total, cell in zip(totals, cells):
                    total[0] += cell[0]
                    total[1] += cell[1]
                label = shape.replace("\n", " / ").replace("|", "/")[:48]
                lines.append(f"| `{label}` | {cells[0][1]} | " + shares(cells) + " |")
            lines += [f"| all | {totals[0][1]} | " + shares(totals) + " |", ""]
    return "\n".join(lines)


# A given name alone in a request (written on 2026-11-26, eighth session, and measured once at d0bef4e before it was
# looked at: 4.2 % leaked, the same at 77bb78a; the verbs it then led to are in titled_names._ADDRESSED)
REQUEST_SHAPES = (
    "Remind {f} that the key is under the mat.", "Thank {f} for the gift.", "Tell {f} the meeting moved to 3pm.",
    "Email {f} the invoice before Friday.", "Congratulate {f} on the promotion.", "Ask {f} whether the report is ready.",
    "Write a birthday message for {f}.", "Can you help {f} with her CV?", "Invite {f} to the team lunch.",
    "Apologize to {f} for the delay.", "Schedule a call with {f} tomorrow.", "Draft a reply to {f}: we accept the offer.",
)
REQUEST_LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pl_PL", "tr_TR", "ro_RO", "pt_BR",
                   "sv_SE", "yo_NG", "sw", "ja_JP", "ko_KR")


def request_examples() -> list[dict[str, Any]]:
    """Each request shape once per locale with one of its given names, seeded."""
    from faker import Faker

    out = []
    for locale in REQUEST_LOCALES:
        fk = Faker(locale)
        fk.seed_instance(21)
        for shape in REQUEST_SHAPES:
            first = fk.first_name()
            text = shape.format(f=first)
            at = text.index(first)
            out.append({"text": text, "shape": shape, "spans": [{"start": at, "end": at + len(first), "label": "PERSON"}]})
    return out


def run(base: str | None = BASE, per_shape: int = 6) -> tuple[str, bool]:
    groups = {"Faker's names, 10 locales": examples(per_shape),
              "mimesis names, the 24 locales examined": examples(per_shape, people=_mimesis_people("examined", per_shape)),
              "mimesis names, the 24 locales never looked at": examples(
                  per_shape, people=_mimesis_people("unseen", per_shape)),
              "faker-js names, 44 locales (measured once at 969918c)": examples(per_shape, people=_fakerjs_people())}
    return (shape_tables(base, groups, SHAPES, "Names in prompt shapes") + "\n"
            + shape_tables(base, {"Faker's given names, 16 locales": request_examples()}, REQUEST_SHAPES,
                           "A given name alone in a request")), True


def main(argv: list[str]) -> int:
    return compare_cli(argv, "python -m bench.prompt_shapes", __doc__, run, "--per-shape", 6)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
