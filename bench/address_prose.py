"""Addresses in the sentences synthetic PII prompts put them in: a street address, a street named alone, a unit, a
postcode and a town scattered in prose and form fields ("My new apartment is at ...", "the delivery was left at
building 70 on Brown Summit", "Billing: ...; Shipping: ..."), with the names and addresses of 16 of Faker's
locales each, the leak rule of ``../shared/data/pii-dev/leak_rate.py``, this tree beside a base revision.

    python -m bench.address_prose --base a952352

Three sets of twelve prompt shapes, each written on 2026-11-26 (seventh session) and measured once, on this tree
and on the base, before its misses were looked at (set A: addresses leaked 10.2 % at ad4cb0a; set B: 9.6 % at
a952352 and 4.4 % at c63774f, after the rules set A led to; set C, with 16 other locales: 17.4 % at a952352 and
16.0 % at 671b20a); the rules that followed were built on them, so all three are development probes now, not
held-out figures. Set D (record and form shapes: numbered address lines, a unit alone, "street X, number Y"; eight
of its locales new) was written on 2026-11-26 in the eighth session and measured once at 77bb78a before it was
looked at: addresses 12.2 %, names 1.6 %; set E (letters, CSV, a markdown table, JSON, chat, e-mail) likewise at
85480ed, after set D's rules: addresses 5.2 % (5.6 % at 77bb78a), names 1.1 %; both are development probes now too.
Set F (prompts of many types with mimesis' values of 24 locales, other scripts among them) was written on 2026-11-26
in the ninth session and measured once at 40a9a5c before it was looked at: addresses 6.9 %, names 1.9 %; set H
(support chats, tickets, HR and medical records, delivery notes) likewise at db816a9: addresses 9.1 %, names 5.5 %.
Sets A to E filled with faker-js' values of 44 locales (``bench/data/fakerjs_values.json``, a third generator) were
measured once at 59014d5 beside 58ddbb8 (eleventh session): addresses 12.4 % at 58ddbb8 and 5.3 % at 59014d5, names
2.5 % and 2.3 %. A building number alone is not counted (it is a number in a sentence).
"""

from __future__ import annotations

import random
import re
import sys
from typing import Any

from bench.external import BASE, compare_cli, leak_rule, shares, workers
from bench.prompt_shapes import leak_tallies

SET_A = (
    "Hi, I'm {n}. My new apartment is at {sa} and I need to update my billing details.",
    "Could you write a complaint letter on behalf of {n}, who lives at {sa}, {pc} {c}, about the noise?",
    "The delivery for {f} was left at building {bn} on {st}, but nobody was home.",
    "Send the contract to {n}, {sa}, {sec}, {c} {pc}.",
    "{n} reported that the water leak at {sa} has not been fixed since March.",
    "Please generate an invitation for {f}'s party at {sa} ({c}) this Saturday.",
    "Our office moved from {sa} to {sa2}; please inform {n} in accounting.",
    "My zip code is {pc} and the street is {st}. What bus lines stop near number {bn}?",
    "Emergency contact: {n2}, {sa}, {c}. Relationship: sister.",
    "Verify the identity of {n}: registered address {sa}, postal code {pc}.",
    "I am writing to inform {t} {l} that the lease for {sa}, {sec} will end on 30 June.",
    "Draft an email to {f} asking whether {sa} is still available for viewing.",
)
LOCALES_A = ("en_US", "en_GB", "de_DE", "fr_FR", "it_IT", "nl_NL", "es_ES", "pt_PT", "da_DK", "sv_SE", "pl_PL", "cs_CZ",
             "en_AU", "en_CA", "de_CH", "fr_CH")
SET_B = (
    "Can you check if {sa} in {c} is within the delivery zone?",
    "{n} resides at {sa}, {pc} {c}.",
    "Invoice recipient: {n}\nStreet: {st} {bn}\nCity: {pc} {c}",
    "We are organizing a reunion at {f}'s place on {st}.",
    "Plz update shipping addr to {sa} thx",
    "The incident happened outside {sa} around 9pm, witness {n} said.",
    "Billing: {sa}; Shipping: {sa2}",
    "Is {st} a safe street to live on? My friend {f} is thinking of renting there.",
    "Translate to French: Please send the keys to {n}, {sa}, {sec}.",
    "{n}'s garage at {sa} was broken into last night.",
    "Map directions from {sa} to {sa2}, please.",
    "Tenant {n} has lived at {sa} since 2019 and pays rent to {n2}.",
)
LOCALES_B = ("en_US", "en_GB", "de_DE", "fr_FR", "it_IT", "es_ES", "nl_NL", "pl_PL", "pt_BR", "sv_SE", "da_DK", "cs_CZ",
             "en_AU", "fr_CA", "de_AT", "en_IE")
SET_C = (
    "Hey, it's {f}. I just moved to {sa} with my partner {n2}, can you suggest a moving checklist?",
    "Customer {n} (postcode {pc}) complained that the parcel never reached {sa}.",
    "Write a reference letter for {n}, who worked with me for three years. Mention she lives in {c}.",
    "Please fill the form: Full name: {n} | Street: {sa} | ZIP: {pc} | City: {c}",
    "{t} {l} called from {c} about the broken heater at {sa}, {sec}.",
    "Remind {f} that the key is under the mat at {sa}.",
    "My neighbour {n} at number {bn} keeps parking in front of my house on {st}.",
    "The package addressed to {n}, {sa}, {c} {pc} was returned to sender.",
    "Can you help {f} write a cover letter? Her address is {sa}, {pc} {c}.",
    "Lost dog found near {st}, contact {n} at {sa}.",
    "Between {n} and {n2}, who should host the dinner at {sa}?",
    "Update CRM: {l}, {f}; {sa}; {pc}; {c}",
)
LOCALES_C = ("en_NZ", "en_IN", "fr_BE", "nl_BE", "it_CH", "pt_PT", "es_MX", "es_AR", "sk_SK", "hu_HU", "ro_RO", "fi_FI",
             "no_NO", "hr_HR", "sl_SI", "en_PH")
SET_D = (
    "Please ship the replacement part to {bn} {st}, {sec}. Recipient: {t} {n}.",
    "Our records show {n} relocated from {c} (ZIP {pc}) to {sa}.",
    "Name: {n}\nAddress: {sa}\n{c}, {pc}\nNotes: prefers email",
    "I'm {f}, I live on {st} near the park, postcode {pc}. Where can I recycle batteries?",
    "{n} ({c}): the meter reading for {sa} is 4521 kWh.",
    "Schedule a technician visit to {sa} for {n2} on Tuesday between 9 and 11.",
    "The parcel with tracking no. 4471 was delivered to {bn}, {st} but {f} never got it.",
    "Kindly update the residential address of {t} {l} to {sa}, {c}, {pc}, effective immediately.",
    "Address line 1: {sa}; Address line 2: {sec}; Postal code: {pc}; Town: {c}",
    "Generate a customer record: name {n}, street {st}, number {bn}, postcode {pc}, city {c}.",
    "Is there parking available at {st} {bn}? I'm visiting {f} next week.",
    "Which district does postal code {pc} belong to? {f} {l} asked me yesterday.",
)
LOCALES_D = ("en_US", "en_GB", "de_DE", "fr_FR", "it_IT", "es_ES", "pt_BR", "nl_NL", "en_CA", "tr_TR", "lt_LT", "es_CO",
             "es_CL", "zu_ZA", "id_ID", "el_GR")
SET_E = (
    "Dear {t} {l},\n\nThank you for your order. It will be shipped to:\n{n}\n{sa}\n{c} {pc}\n\nBest regards",
    "name,street,postcode,city\n{n},{sa},{pc},{c}",
    "| Name | Address | City |\n|---|---|---|\n| {n} | {sa} | {c} |",
    "{f}: hey, can u pick me up at {sa}?\n{n2}: sure, be there in 10",
    "Patient {n}, DOB 03/04/1981, resides at {sa}, {c}. Referred by Dr. {l}.",
    "Translate into Spanish: 'My name is {n} and my address is {sa}, {pc} {c}.'",
    '{{"customer": "{n}", "address": "{sa}", "zip": "{pc}"}}',
    "Summarize: On Monday, {n} reported a burglary at {sa}. Police visited {st} twice.",
    "Can you recommend restaurants near {st} in {c}? I'm staying with {f} at number {bn}.",
    "The tenant, {n}, whose postcode is {pc}, has not paid rent.",
    "From: {n}\nTo: {n2}\nSubject: New address\n\nHi, from next week I'll be at {sa}, {sec}. Cheers, {f}",
    "Write a short bio for {n}, born in {c}, who now lives at {sa}.",
)
LOCALES_E = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_PT", "en_AU", "en_IE", "de_AT", "fr_CH",
             "pl_PL", "sv_SE", "da_DK", "cs_CZ")
# set F (ninth session): prompts of many types at once in the manner of peers' generated sets, with mimesis' names,
# addresses, phones and e-mails of the 24 locales of its examined half (other lists, other scripts: Arabic, Greek,
# Cyrillic); measured once at 40a9a5c before it was looked at: addresses 6.9 %, names 1.9 %, phones and e-mails 0 %
SET_F = (
    "Hi, I'm {n}. My landlord hasn't returned my deposit for the flat at {a}, {pc} {c}. Can you draft a firm but "
    "polite letter?",
    "Please update the delivery address for order 55812 to {a}, {c} {pc}. Contact number: {ph}.",
    "Our new hire {n} starts Monday. Her badge should be posted to {a}. Write a welcome note from {n2}.",
    "Can you translate this to English: '{n} vive en {a}, código postal {pc}.'",
    "I need a reference letter for {f} {l}, who worked under me from 2019 to 2023. Mention {f}'s attention to detail.",
    "Customer complaint from {n} ({e}): package to {a} never arrived. Reply and offer a refund.",
    "{f} and I are moving to {c} next month, our new place is {a}. Which utilities should we set up?",
    "Summarize this note: Patient {l}, {f}, seen on 12/03. Lives at {a}, {pc}. Phone {ph}. Follow up in two weeks.",
    "Write a short poem for my grandmother {f}, who lives on {st}.",
    "Emergency contact: {n2}, relation: sister, phone {ph}, address {a}.",
    "Draft an email to {e} telling {f} that the meeting moved to the office at {a}.",
    "My neighbour {f} {l} keeps parking in front of {a}. How do I raise it with the council in {c}?",
    "Invoice to: {n}\n{a}\n{pc} {c}\nAmount due: 240.00",
    "The shipment for {l} is stuck at the depot; redirect it to postcode {pc}.",
)
_LABELS_F = (("n", "PERSON"), ("n2", "PERSON"), ("a", "ADDRESS"), ("pc", "ADDRESS"), ("st", "ADDRESS"),
             ("ph", "PHONE"), ("e", "EMAIL"), ("f", "PERSON"), ("l", "PERSON"))


def seeded_faker(locale: str, seed: int) -> Any:
    """Faker for ``locale``, seeded, drawing the same values in every process: a provider's list built from a set
    (it_IT's towns) is sorted first, else its order, and the town drawn, changed with the process's hash seed."""
    from faker import Faker

    fk = Faker(locale)
    for provider in fk.get_providers():
        cities = getattr(provider, "cities", None)
        if isinstance(cities, list):
            provider.cities = sorted(cities)
    fk.seed_instance(seed)
    return fk


def mentions(text: str, values: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """A span per whole-word mention of each value in ``text``, the values taken in order (the longest first), a
    mention inside an earlier one skipped."""
    spans: list[dict[str, Any]] = []
    for value, label in values:
        for m in re.finditer(r"(?<!\w)" + re.escape(value) + r"(?!\w)", text):
            if not any(s["start"] < m.end() and m.start() < s["end"] for s in spans):
                spans.append({"start": m.start(), "end": m.end(), "label": label})
    return spans


def mimesis_examples(shapes: tuple[str, ...] = SET_F) -> list[dict[str, Any]]:
    """Set F: each shape once per locale of mimesis' examined half with that locale's values, seeded; every mention
    of a value is labeled (the longest values first)."""
    from mimesis import Address, Locale, Person

    from bench.locales import mimesis_locales

    out = []
    for locale in mimesis_locales("examined"):
        place, person = Address(Locale(locale), seed=41), Person(Locale(locale), seed=41)
        for shape in shapes:
            v = {"f": person.first_name(), "l": person.last_name()}
            v.update(n=f"{v['f']} {v['l']}", n2=person.full_name(), a=place.address(), pc=place.postal_code(),
                     c=place.city(), st=place.street_name(), ph=person.telephone(), e=person.email())
            text = shape.format(**v)
            values = [(v[key], label) for key, label in _LABELS_F if "{" + key + "}" in shape]
            out.append({"text": text, "shape": shape, "spans": mentions(text, values)})
    return out


# set H (ninth session): support chats, tickets, HR and medical records, delivery notes, with Faker's values of 16
# locales; measured once at the tree after set G's rules (db816a9) before it was looked at: addresses 9.1 %, names
# 5.5 %, phones and e-mails 0 %
SET_H = (
    "Agent: Thanks for contacting us! Can I get your full name?\nCustomer: {n}\nAgent: And the shipping address?\nCustomer: {sa}, {c} {pc}",
    "Ticket #48213 opened by {n} ({e}). Issue: card declined. Callback number {ph}.",
    "[10:42] {f}: hey is the parcel still coming to {sa}?\n[10:43] Support: yes, ETA Friday",
    "Employee record\nName: {l}, {f}\nHome: {sa}\nManager: {n2}\nStart date: 2021-03-01",
    "User: I moved, please change my billing address from {sa} to {sa2}.\nAssistant: Done, {f}!",
    "Referral letter: Dear colleague, I am referring {n} (DOB 12/04/1975) of {sa}, {c}, for cardiology review.",
    "Hi {f}, your appointment with Dr. {l2} is confirmed for Monday at 9:30. Reply STOP to opt out.",
    "The complainant, {n}, stated that a man approached her outside {sa} at around 11pm.",
    "Rewrite this more politely: '{f}, you forgot to send the keys to {sa} AGAIN.'",
    "Please add {n} to the mailing list; her postcode is {pc} and her phone is {ph}.",
    "Delivery note — Recipient: {n2} / Address: {sa} / {pc} {c} / Signed: {l}",
    "Can you check why {n}'s order to {c} ({pc}) is delayed? Tracking says returned to sender.",
)
LOCALES_H = ("en_US", "en_GB", "en_CA", "en_AU", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pl_PL", "pt_BR", "sv_SE",
             "da_DK", "fi_FI", "cs_CZ", "ro_RO")
_LABELS_H = (("n", "PERSON"), ("n2", "PERSON"), ("sa", "ADDRESS"), ("sa2", "ADDRESS"), ("pc", "ADDRESS"),
             ("ph", "PHONE"), ("e", "EMAIL"), ("f", "PERSON"), ("l", "PERSON"), ("l2", "PERSON"))


def faker_records(shapes: tuple[str, ...] = SET_H, locales: tuple[str, ...] = LOCALES_H) -> list[dict[str, Any]]:
    """Set H: each shape once per locale, seeded; every mention of a value labeled (the longest values first)."""
    out = []
    for locale in locales:
        fk = seeded_faker(locale, 51)
        for shape in shapes:
            v = {"f": fk.first_name(), "l": fk.last_name(), "l2": fk.last_name()}
            v.update(n=f"{v['f']} {v['l']}", n2=f"{fk.first_name()} {fk.last_name()}", sa=fk.street_address(),
                     sa2=fk.street_address(), pc=fk.postcode(), c=fk.city(), ph=fk.phone_number(), e=fk.email())
            text = shape.format(**v)
            values = [(v[key], label) for key, label in _LABELS_H if "{" + key + "}" in shape]
            out.append({"text": text, "shape": shape, "spans": mentions(text, values)})
    return out


# the labeled values: a key of the shape and its label (the building number alone is not counted)
_LABELS = (("n", "PERSON"), ("n2", "PERSON"), ("f", "PERSON"), ("l", "PERSON"), ("sa", "ADDRESS"), ("sa2", "ADDRESS"),
           ("st", "ADDRESS"), ("pc", "ADDRESS"), ("sec", "ADDRESS"))


def examples(shapes: tuple[str, ...], locales: tuple[str, ...], rounds: int = 1, seed: int = 1) -> list[dict[str, Any]]:
    """Each shape filled once per locale and round with that locale's values, seeded (the same prompts for every
    tree)."""
    rnd = random.Random(seed)
    out = []
    for locale in locales:
        fk = seeded_faker(locale, 17)
        for _ in range(rounds):
            for shape in shapes:
                first, last = fk.first_name(), fk.last_name()
                v = {"f": first, "l": last, "n": f"{first} {last}", "n2": fk.name(), "t": rnd.choice(["Mr", "Ms", "Dr"]),
                     "st": fk.street_name(), "bn": fk.building_number(), "sa": fk.street_address(),
                     "sa2": fk.street_address(), "pc": fk.postcode(), "c": fk.city(),
                     "sec": fk.secondary_address() if hasattr(fk, "secondary_address") else "Apt. 4"}
                out.append(_filled(shape, v))
    return out


def _filled(shape: str, v: dict[str, str]) -> dict[str, Any]:
    """The shape filled with the values ``v``, each labeled value's first mention a span."""
    text = shape.format(**v)
    spans = []
    for key, label in _LABELS:
        if "{" + key + "}" in shape and (at := text.find(v[key])) >= 0:
            spans.append({"start": at, "end": at + len(v[key]), "label": label})
    return {"text": text, "shape": shape, "spans": spans}


def fakerjs_examples(shapes: tuple[str, ...]) -> list[dict[str, Any]]:
    """The shapes with faker-js' values of its 44 locales (``bench/data/fakerjs_values.json``, a third generator),
    each shape once per locale, its own row of values."""
    from bench.common import fakerjs_values

    out = []
    for rows in fakerjs_values().values():
        for k, shape in enumerate(shapes):
            row, other = rows[k % len(rows)], rows[(k + 5) % len(rows)]
            v = {"f": row["first"], "l": row["last"], "n": f"{row['first']} {row['last']}",
                 "n2": f"{other['first2']} {other['last2']}", "t": ("Mr", "Ms", "Dr")[k % 3], "st": row["street"],
                 "bn": row["building"], "sa": row["street_address"], "sa2": other["street_address"], "pc": row["zip"],
                 "c": row["city"], "sec": row["secondary"] or "Apt. 4"}
            out.append(_filled(shape, v))
    return out


def run(base: str | None = BASE, rounds: int = 1) -> tuple[str, bool]:
    rule = leak_rule()
    groups = {"set A, 16 Faker locales": examples(SET_A, LOCALES_A, rounds),
              "set B, 16 Faker locales": examples(SET_B, LOCALES_B, rounds),
              "set C, 16 more Faker locales": examples(SET_C, LOCALES_C, rounds),
              "set D, 16 Faker locales": examples(SET_D, LOCALES_D, rounds),
              "set E, 16 Faker locales": examples(SET_E, LOCALES_E, rounds),
              "set F, mimesis, the 24 locales of its examined half": mimesis_examples(),
              "set H, 16 Faker locales": faker_records(),
              "sets A-E, faker-js' 44 locales (measured once at 59014d5)": fakerjs_examples(
                  (*SET_A, *SET_B, *SET_C, *SET_D, *SET_E))}
    lines: list[str] = []
    with workers(base) as running:
        names = list(running)
        for group, records in groups.items():
            tally = leak_tallies(rule, running, records, lambda rec, span: span["label"])
            lines += [f"## Addresses and names in synthetic prompts ({group}; leak rule of leak_rate.py; a development "
                      "probe)", "", "| label | values | " + " | ".join(names) + " |", "|---|---:|" + "---:|" * len(names)]
            for label in ("ADDRESS", "PERSON", "PHONE", "EMAIL"):
                cells = [tally[(label, tree)] for tree in names]
                if not cells[0][1]:
                    continue
                lines.append(f"| {label} | {cells[0][1]} | " + shares(cells) + " |")
            lines.append("")
    return "\n".join(lines), True


def main(argv: list[str]) -> int:
    return compare_cli(argv, "python -m bench.address_prose", __doc__, run, "--rounds", 1)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
