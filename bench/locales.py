"""Addresses, phone numbers and names as 44 countries write them (Faker's locale providers, MIT), in short
prompts, with the leak rule of ``../shared/data/pii-dev/leak_rate.py``, this tree beside a base revision.

    python -m bench locales                       # 44 locales x 12 values x 3 labels (60 for FRESH), both trees
    python -m bench.locales --base 501bccc --per-locale 20

None of the finders was written from Faker's formats, but they were tuned on its values. Faker's locales in three
groups, then a second generator's:

- BUILT_WITH: twenty locales looked at while the address layouts were built.
- HELD_BACK: twenty locales measured only at first (15.8 % of addresses leaked at db9d68b), examined after
  they were first measured: no longer a held-out figure. Four of them (fr_BE, it_CH, tr_TR, lv_LV) have no
  address provider of their own in Faker and give US addresses.
- FRESH: the locales whose Faker address provider no development sample had used (about 45 more locales,
  from Bengali to Vietnamese, were looked at while the finders for other scripts were written, which leaves
  these four), five times as many values each so that the group holds as many as the others. This is the
  figure to read: first measured at 926ea53, after the address fixes that followed the held-back group's
  examination (bench/results/locales.md), and never looked at value by value.

- mimesis (MIT; its own street, town and name lists and phone masks, addresses laid out in five ways), its 48
  locales split by sorted position: "examined" (the even ones) were looked at while the address-cue, script and
  phone rules of 2026-11-26 were written; "never looked at" (the odd ones) were measured three times that day
  (after the first address rule, then twice at the end), never value by value.

Faker's names carry their locale's honorifics ("pan", "Ing.", "Arş. Gör."), which the leak rule counts as a
word of the name: a share of the PERSON figure is that, not a name.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from typing import Any

from bench.external import BASE, compare_cli, leak_rule, shares, workers

BUILT_WITH = ("en_US", "en_GB", "en_CA", "en_AU", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_BR", "pt_PT",
              "da_DK", "sv_SE", "no_NO", "pl_PL", "cs_CZ", "ja_JP", "en_IN", "es_MX", "fr_CA")
HELD_BACK = ("en_NZ", "en_IE", "de_AT", "de_CH", "fi_FI", "hu_HU", "ro_RO", "sk_SK", "es_AR", "es_CO", "es_CL",
             "fr_BE", "fr_CH", "it_CH", "nl_BE", "tr_TR", "id_ID", "en_PH", "el_GR", "lv_LV")
FRESH = ("ar_DZ", "fr_DZ", "mk_MK", "mr_IN")
FRESH_FACTOR = 5  # values per locale, times --per-locale
TARGET = 0.05
FRAMES = {
    "ADDRESS": ("Please ship the order to {v}.", "My address is {v}", "Address:\n{v}\n\nThanks!", "{n}\n{v}",
                "I moved to {v} last month."),
    "PHONE": ("Call me at {v}.", "Phone: {v}", "my number is {v} after 6pm", "Tel. {v}"),
    "PERSON": ("Please add {v} as a beneficiary.", "{v} will join the call.", "Dear {v},", "Name: {v}\nRole: engineer"),
}


def examples(locales: tuple[str, ...], per_locale: int, seed: int = 5) -> list[dict[str, Any]]:
    """Prompts with one labeled value each, seeded (the same prompts for every tree)."""
    from faker import Faker

    rnd = random.Random(seed)
    out = []
    for locale in locales:
        fk = Faker(locale)
        fk.seed_instance(11)
        for label, frames in FRAMES.items():
            make = {"ADDRESS": "address", "PHONE": "phone_number", "PERSON": "name"}[label]
            if not hasattr(fk, make):
                continue
            for _ in range(per_locale):
                value = str(getattr(fk, make)())
                frame = rnd.choice(frames)
                before, after = frame.split("{v}")
                before = before.replace("{n}", str(fk.name()))
                out.append({"text": before + value + after, "locale": locale, "spans": [
                    {"start": len(before), "end": len(before) + len(value), "label": label}]})
    return out


# A second generator, written by other people from other sources: mimesis (MIT), its own street, town and name lists
# and phone masks. Its locales are split in two by sorted position: the even ones were examined while the cue and
# script rules of 2026-11-26 were written; the odd ones were measured (three times that day), never looked at.
_LAYOUTS = ("{a}, {p} {c}", "{a}\n{p} {c}\n{k}", "{a}, {c}, {s} {p}", "{a}, {c}", "{a}")


def mimesis_locales(part: str) -> tuple[str, ...]:
    from mimesis import Locale

    ordered = sorted(loc.value for loc in Locale)
    return tuple(loc for i, loc in enumerate(ordered) if (i % 2 == 0) == (part == "examined"))


def mimesis_examples(locales: tuple[str, ...], per_locale: int, seed: int = 7) -> list[dict[str, Any]]:
    """Prompts with one labeled value each, seeded: an address of the locale's street, postcode, town, region and
    country in one of five layouts, a phone number, a full name."""
    from mimesis import Address, Locale, Person

    rnd = random.Random(seed)
    out = []
    for locale in locales:
        address, person = Address(locale=Locale(locale), seed=3), Person(locale=Locale(locale), seed=3)
        for label, frames in FRAMES.items():
            for _ in range(per_locale):
                if label == "ADDRESS":
                    value = rnd.choice(_LAYOUTS).format(a=address.address(), p=address.postal_code(), c=address.city(),
                                                        s=address.state(), k=address.country())
                else:
                    value = person.telephone() if label == "PHONE" else person.full_name()
                before, after = rnd.choice(frames).split("{v}")
                before = before.replace("{n}", person.full_name())
                out.append({"text": before + value + after, "locale": locale, "spans": [
                    {"start": len(before), "end": len(before) + len(value), "label": label}]})
    return out


def run(base: str | None = BASE, per_locale: int = 12) -> tuple[str, bool]:
    rule = leak_rule()
    examined, unseen = mimesis_locales("examined"), mimesis_locales("unseen")
    groups = {"built with (20 locales)": (examples, BUILT_WITH, per_locale),
              "held back, examined (20 locales)": (examples, HELD_BACK, per_locale),
              "fresh (4 locales)": (examples, FRESH, per_locale * FRESH_FACTOR),
              f"mimesis, examined ({len(examined)} locales)": (mimesis_examples, examined, per_locale),
              f"mimesis, never looked at ({len(unseen)} locales)": (mimesis_examples, unseen, per_locale)}
    leaked: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    with workers(base) as running:
        names = list(running)
        for group, (make, locales, count) in groups.items():
            for i, rec in enumerate(make(locales, count)):
                order = names if i % 2 == 0 else names[::-1]
                for tree in order:
                    out = running[tree](rec["text"])["out"]
                    tally = leaked[(group, rec["spans"][0]["label"], tree)]
                    tally[1] += 1
                    tally[0] += bool(rule.leaked(rec["spans"][0], rec, out))
            print(f"  {group}: done", file=sys.stderr, flush=True)
    lines = ["## Addresses, phones and names as 44 + 48 countries write them (Faker's and mimesis' locales; leak rule of "
             "leak_rate.py)", "", f"{per_locale} values per locale and label ({per_locale * FRESH_FACTOR} for Faker's fresh "
             "group), in short prompts. Cells: leaked share.", "",
             "| locales | label | values | " + " | ".join(names) + " |", "|---|---|---:|" + "---:|" * len(names)]
    met = True
    for group in groups:
        for label in FRAMES:
            cells = [leaked[(group, label, tree)] for tree in names]
            if cells[0][1]:
                lines.append(f"| {group} | {label} | {cells[0][1]} | " + shares(cells) + " |")
                met = met and cells[-1][0] <= TARGET * cells[-1][1]
    lines += ["", f"Target: <= {TARGET:.0%} leaked for every label (this tree): {'met' if met else 'NOT met'}."]
    return "\n".join(lines) + "\n", met


def main(argv: list[str]) -> int:
    return compare_cli(argv, "python -m bench.locales", __doc__, run, "--per-locale", 12)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
