"""Synthetic PII text as Microsoft Presidio's research data generator writes it: its 209 sentence templates filled with
its 3,000 Fake Name Generator identities (names and addresses of 30 countries), Faker's en_US values where a template
asks for more than one identity holds, and its own address and phone layouts (US, multi-line, military, "the corner
of X and Y"); one text in twenty written in lower case. The templates and identities are copied unchanged from the
presidio-evaluator package (``bench/data/presidio_synthetic.NOTICE``: MIT; CC BY-SA 3.0 US). Leak rule of
``../shared/data/pii-dev/leak_rate.py``, this tree beside a base revision.

    python -m bench.presidio_synthetic --base 8c484d4

A development probe, not a held-out figure. Labels: the names of every person placeholder; an address is the run of
adjacent address placeholders (building number, street, unit, postcode, or a whole generated address); a ZIP code
placed alone is a postcode alone; phones, e-mails, card numbers, IBANs, SSNs and IP addresses as placed. Written on
2026-11-26 (twelfth session) and measured once at 8c484d4 (seed 42, 1,500 texts) before any miss was looked at:
names 8.5 % (906), addresses 10.0 % (460), postcodes alone 29.6 % (27), phones 24.8 % (113), e-mails, card numbers,
IBANs, SSNs and IP addresses 0 %; the rules that followed were built on those misses. Seed 7 draws other texts from
the same generator, measured once when the rules were done (``run(seed=7)``).
"""

from __future__ import annotations

import csv
import random
import re
import sys
from collections import Counter
from typing import Any

from bench.common import ROOT
from bench.external import BASE, compare_cli, leak_rule, workers
from bench.prompt_shapes import leak_tallies, shares

DATA = ROOT / "bench" / "data"
SAMPLES = 1500
SEED = 42
LOWER_CASE_RATIO = 0.05
PERSON = {"person", "name", "first_name", "last_name", "first_name_male", "first_name_female", "last_name_male",
          "last_name_female", "name_male", "name_female", "first_name_nonbinary"}
STREET = {"address", "street_name", "building_number", "secondary_address", "postcode"}
OTHER = {"zipcode": "POSTCODE alone", "phone_number": "PHONE", "email": "EMAIL", "credit_card_number": "CREDIT_CARD",
         "iban": "IBAN", "ssn": "SSN", "ip_address": "IP"}
LABELS = ("PERSON", "ADDRESS", "POSTCODE alone", "PHONE", "EMAIL", "CREDIT_CARD", "IBAN", "SSN", "IP")
_TOKEN = re.compile(r"\{\{([a-z_]+)\}\}")
# the generator's own address layouts (weights as there), each filled with Faker's en_US parts
ADDRESS_FORMATS = (
    ("{{building_number}} {{street_name}} {{secondary_address}} {{city}} {{state}}", 5),
    ("{{building_number}} {{street_name}} {{secondary_address}} {{city}} {{state_abbr}}", 5),
    ("{{building_number}} {{street_name}} {{secondary_address}} {{city}} {{country}}", 5),
    ("{{building_number}} {{street_name}}\n {{secondary_address}}\n {{city}}\n {{country}}", 5),
    ("{{building_number}} {{street_name}}\n {{secondary_address}}\n {{city}}\n {{country}} {{postcode}}", 5),
    ("{{street_name}} {{street_name}}\n {{secondary_address}}\n {{city}}\n {{country}} {{postcode}}", 5),
    ("the corner of {{street_name}} and {{street_name}}", 3),
    ("{{first_name}} and {{street_name}}", 3),
    ("{{street_address}}, {{city}}, {{country}}", 5),
    ("{{street_address}} {{secondary_address}}, {{city}}, {{country}} {{postcode}}", 5),
    ("{{street_address}}\n{{city}}, {{state_abbr}} {{postcode}}", 25),
    ("{{street_address}}\n{{city}}\n, {{state_abbr}}\n {{postcode}}", 25),
    ("{{street_address}}\n{{city}}\n, {{state_abbr}}\n {{country}} {{postcode}}", 25),
    ("{{military_apo}}\nAPO {{military_state}} {{postcode}}", 1),
    ("{{military_ship}} {{last_name}}\nFPO {{military_state}} {{postcode}}", 1),
    ("{{military_dpo}}\nDPO {{military_state}} {{postcode}}", 1),
)
PHONE_FORMATS = (
    "##########", "##########", "###-###-####", "###-###-####", "###-#######", "07700 ### ###", "07700 ######",
    "07700######", "(07700) ### ###", "(07700) ######", "(07700)######", "+447700 ### ###", "+447700 ######",
    "+447700######", "+91##########", "0##########", "##########", "+41 2# ### ## ##", "+41 3# ### ## ##",
    "+41 4# ### ## ##", "+41 5# ### ## ##", "+41 6# ### ## ##", "+41 7# ### ## ##", "+41 8# ### ## ##",
    "+41 9# ### ## ##", "+41 (0)2# ### ## ##", "+41 (0)3# ### ## ##", "+41 (0)4# ### ## ##", "+41 (0)5# ### ## ##",
    "+41 (0)6# ### ## ##", "+41 (0)7# ### ## ##", "+41 (0)8# ### ## ##", "+41 (0)9# ### ## ##",
    "+46 (0)8 ### ### ##", "+46 (0)## ## ## ##", "+46 (0)### ### ##", "(###)###-####", "(###)###-####",
    "(###)###-####", "(###)###-####", "###.###.####", "###.###.####", "###-###-####x###", "###-###-####x####",
    "(###)###-####x###", "(###)###-####x####", "###.###.####x###", "###.###.####x####", "+1-###-###-####",
    "001-###-###-####", "+1-###-###-####x###",
)
# the identity file's columns under the template's names
COLUMNS = {"first_name": "GivenName", "last_name": "Surname", "prefix": "Title", "street_name": "StreetAddress",
           "city": "City", "state": "StateFull", "state_abbr": "State", "zipcode": "ZipCode", "country": "CountryFull",
           "nationality": "NameSet", "email": "EmailAddress", "user_name": "Username", "phone_number": "TelephoneNumber",
           "date_of_birth": "Birthday", "age": "Age", "job": "Occupation", "company": "Company",
           "domain_name": "Domain"}


def templates() -> list[str]:
    lines = (DATA / "presidio_templates.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip().replace("\\n", "\n") for line in lines if line.strip()]


def identities(rnd: random.Random) -> list[dict[str, str]]:
    with open(DATA / "fakenamegenerator_3000.csv", encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    out = []
    for row in rows:
        rec = {key: row[col] for key, col in COLUMNS.items()}
        if rnd.random() > 0.2:
            rec["person"] = f"{row['GivenName']} {row['Surname']}"
        else:
            rec["person"] = f"{row['GivenName']} {row['MiddleInitial']}{rnd.choice((' ', '. '))}{row['Surname']}"
        rec["name"] = rec["person"]
        gender = row["Gender"]
        for suffix in ("male", "female"):
            mine = gender == suffix
            rec[f"first_name_{suffix}"] = row["GivenName"] if mine else ""
            rec[f"prefix_{suffix}"] = row["Title"] if mine else ""
            rec[f"last_name_{suffix}"] = row["Surname"] if mine else ""
        out.append(rec)
    return out


class Filler:
    """The values of one template: an identity's first (a placeholder it holds and has not given yet), then Faker's."""

    def __init__(self, rnd: random.Random, fake: Any) -> None:
        self.rnd, self.fake = rnd, fake

    def value(self, token: str, record: dict[str, str]) -> str:
        if record.get(token):
            return record.pop(token)
        return self.faker(token)

    def faker(self, token: str) -> str:
        fk, rnd = self.fake, self.rnd
        if token == "address":
            layout = rnd.choices([f for f, _ in ADDRESS_FORMATS], [w for _, w in ADDRESS_FORMATS])[0]
            return _TOKEN.sub(lambda m: self.faker(m.group(1)), layout)
        if token == "phone_number":
            return fk.numerify(rnd.choice(PHONE_FORMATS))
        if token in ("person", "name", "name_male", "name_female"):
            return {"person": fk.name, "name": fk.name, "name_male": fk.name_male, "name_female": fk.name_female}[token]()
        if token == "age":
            return str(rnd.randint(1, 100))
        if token == "organization":
            return fk.company()
        if token == "nation_woman" or token == "nation_plural" or token == "nationality":
            return rnd.choice(("French", "Brazilian", "Kenyan", "Danish", "Japanese"))
        if token == "us_driver_license":
            return fk.bothify("?#######").upper()
        if token == "date_time":
            return fk.date_time().strftime("%B %d, %Y %H:%M")
        if token == "year":
            return str(fk.year())
        if token == "day_of_week":
            return fk.day_of_week()
        if token == "ip_address":
            return fk.ipv4() if rnd.random() < 0.8 else fk.ipv6()
        if token == "date_of_birth":
            return fk.date_of_birth().strftime("%m/%d/%Y")
        return str(getattr(fk, token)())


def label_of(token: str) -> str | None:
    if token in PERSON:
        return "PERSON"
    if token in STREET:
        return "ADDRESS"
    return OTHER.get(token)


def sample(template: str, record: dict[str, str], filler: Filler, lower: bool) -> dict[str, Any]:
    """The template filled, with a span per labeled placeholder; adjacent address placeholders are one address."""
    text, spans, pos = "", [], 0
    for m in _TOKEN.finditer(template):
        text += template[pos:m.start()]
        value = filler.value(m.group(1), record)
        label = label_of(m.group(1))
        if label:
            spans.append({"start": len(text), "end": len(text) + len(value), "label": label, "kind": m.group(1)})
        text += value
        pos = m.end()
    text += template[pos:]
    merged: list[dict[str, Any]] = []
    for span in spans:
        last = merged[-1] if merged else None
        if last and last["label"] == span["label"] == "ADDRESS" and not text[last["end"]:span["start"]].strip():
            last["end"] = span["end"]
            last["kind"] = "address parts"
        else:
            merged.append(dict(span))
    if lower:
        text = text.lower()
    return {"text": text, "spans": merged, "template": template}


def examples(samples: int = SAMPLES, seed: int = SEED) -> list[dict[str, Any]]:
    from faker import Faker

    rnd = random.Random(seed)
    fake = Faker("en_US")
    fake.seed_instance(seed)
    people, shapes = identities(rnd), templates()
    filler = Filler(rnd, fake)
    return [sample(rnd.choice(shapes), dict(rnd.choice(people)), filler, rnd.random() < LOWER_CASE_RATIO)
            for _ in range(samples)]


def run(base: str | None = BASE, samples: int = SAMPLES, seed: int = SEED) -> tuple[str, bool]:
    records = examples(samples, seed)
    rule = leak_rule()
    with workers(base) as running:
        names = list(running)
        by_label = leak_tallies(rule, running, records, lambda rec, span: span["label"])
        by_kind = leak_tallies(rule, running, records, lambda rec, span: f"{span['label']} ({span['kind']})")
    lines = [f"## Synthetic PII text from Presidio's research generator ({len(records)} texts, seed {seed}; leak rule of "
             "leak_rate.py; a development probe)", "", "| label | values | " + " | ".join(names) + " |",
             "|---|---:|" + "---:|" * len(names)]
    for label in LABELS:
        cells = [by_label[(label, tree)] for tree in names]
        if cells[0][1]:
            lines.append(f"| {label} | {cells[0][1]} | " + shares(cells) + " |")
    kinds = Counter(f"{s['label']} ({s['kind']})" for rec in records for s in rec["spans"])
    lines += ["", "| placeholder | values | " + " | ".join(names) + " |", "|---|---:|" + "---:|" * len(names)]
    for kind, _ in sorted(kinds.items()):
        cells = [by_kind[(kind, tree)] for tree in names]
        lines.append(f"| {kind} | {cells[0][1]} | " + shares(cells) + " |")
    return "\n".join(lines) + "\n", True


def main(argv: list[str]) -> int:
    return compare_cli(argv, "python -m bench.presidio_synthetic", __doc__, run, "--samples", SAMPLES)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
