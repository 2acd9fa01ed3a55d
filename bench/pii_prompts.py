"""Synthetic PII prompts with a third generator's values (sets K and L): requests, notices, records and chat as synthetic PII sets
write them (an appointment, a lease, a donor's receipt, a CRM update, a courier's note, key=value rows, lower-case
chat), in English with the values of 44 locales of @faker-js/faker (MIT; ``bench/data/fakerjs_values.json``, made by
``bench/data/make_fakerjs_values.mjs``) and in the language of five of them; names, street addresses, postcodes
alone, phones and e-mails; the leak rule of ``../shared/data/pii-dev/leak_rate.py``, this tree beside a base revision.

    python -m bench.pii_prompts --base 58ddbb8

A development probe, not a held-out figure: faker-js had not been used by the project before, and the shapes were
written on 2026-11-26 (eleventh session) and measured once at 58ddbb8 before their misses were looked at (English
prompts with faker-js' en values: names 4.0 %, addresses 1.6 %; with the 43 other locales' values: names 7.1 %,
addresses 16.1 %, phones 1.6 %; in the five languages: names 8.3 %, addresses 5.0 %, phones 4.2 %; e-mails 0 %); the
rules that followed were built on them. Set L, twelve more shapes and one in each language, with rows of values set K
did not start from, was written after those rules and measured once at 6f5b8e2 beside 58ddbb8 before its misses were
looked at: faker-js' en names 8.8 % on both trees, addresses 0 %; the other locales' names 11.8 % at 58ddbb8 and 11.5 %
at 6f5b8e2, addresses 13.5 % and 5.3 %; in the five languages names and addresses 4.2 % on both. An address is labeled as the run of text the shape marks (``[[...]]``): a street address with its unit, town and code, a street
named alone, a postcode alone; every mention of a name value is labeled (the longest values first), a title before it
not.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from bench.common import fakerjs_values
from bench.external import BASE, compare_cli
from bench.prompt_shapes import family_tables

ENGLISH = (
    "Hi {F}, your appointment with Dr. {L2} is confirmed for Tuesday at 10:30. Please bring your insurance card to our "
    "office at [[{sa}, {sec}, {c}, {z}]].",
    "As part of the compliance audit, {P} {L} must submit the signed forms to the {c} branch before the end of the "
    "quarter.",
    "Please mail the signed lease to {F} {M} {L}, [[{sa}, {c}, {s} {z}]].",
    "{F}'s new mailing address is [[{sa} ({sec})]]. The ZIP code is [[{z}]]; update the billing profile accordingly.",
    "The courier could not deliver the parcel for {F} {L}: nobody answered at building {bn} on [[{st}]].",
    "Student file - name: {F} {L}; guardian: {F2} {L2}; home address: [[{sa}, {c}]]; contact: {ph}.",
    "We are writing to {P} {L} about the scholarship application submitted from postcode [[{z}]] last spring.",
    "Dear {F}, thank you for your generous donation. A tax receipt has been mailed to [[{sa}, {sec}, {c}]].",
    "CRM update: {L}, {F} moved from {c} to {c2} (new postal code [[{z}]]); keep the account number unchanged.",
    "Patient {F} {L}, 47, was seen at the {c} clinic for recurring migraines. Emergency contact: {F2} {L2} at {ph}.",
    "Can you draft a short note to {F} and {F2} reminding them that the offsite is at [[{bn} {st}]] this Friday?",
    "{F} {L} will lead Thursday's cybersecurity workshop; RSVP to {e} before noon.",
    "Legal notice: the tenant {F} {M} {L}, residing at [[{sa}, {z} {c}]], owes three months of rent.",
    "first_name={F}; last_name={L}; street=[[{st}]]; building={bn}; zip=[[{z}]]; city={c}",
    "hey its {f} here, can u ship the order to [[{sa} {z}]]? thx!!",
    "Reminder for {P} {L}: your vehicle registration renewal is due. Visit us at [[{sa}]] or call {ph}.",
    "In the interview, {L} said the grant funding covered only half of the research costs.",
    "Transfer request from {F} {L2} ({u}) to account holder {F2} {L}; billing address on file: [[{sa}, {sec}]].",
)
NATIVE = {
    "de": ("Sehr geehrte Damen und Herren, die Bestellung von {F} {L} wird an [[{sa}, {z} {c}]] geliefert. Bei Fragen "
           "erreichen Sie {F2} {L2} unter {ph}.",
           "Die Mieterin {F} {L} aus der [[{sa}]] hat die Kaution noch nicht überwiesen."),
    "fr": ("Bonjour {F}, votre rendez-vous avec le docteur {L2} est confirmé. Adresse du cabinet : [[{sa}, {z} {c}]].",
           "Le colis de {F} {L} n'a pas pu être livré au [[{sa}]] ; merci de contacter {e}."),
    "es": ("Hola {F}, tu pedido será enviado a [[{sa}, {sec}, {z} {c}]]. Si tienes dudas, escribe a {F2} {L2}.",
           "El inquilino {F} {L}, con domicilio en [[{sa}]], debe dos meses de alquiler."),
    "it": ("Gentile {F} {L}, la fattura è stata inviata a [[{sa}, {z} {c}]]. Per informazioni contatti {F2} {L2} al "
           "{ph}.",
           "Il paziente {F} {L} è stato visitato presso l'ambulatorio di {c}; indirizzo: [[{sa}]]."),
    "nl": ("Beste {F}, uw pakket wordt bezorgd op [[{sa}, {z} {c}]]. Vragen? Bel {F2} {L2} op {ph}.",
           "De huurder {F} {L} van [[{sa}]] heeft de borg nog niet betaald."),
}
# set L: twelve more shapes and one in each language, written after set K's rules were (eleventh session), filled
# with other rows of the same values, measured once at 6f5b8e2 beside 58ddbb8 before their misses were looked at
ENGLISH_L = (
    "Claim A-20931 was filed by {F} {L} for water damage at [[{sa}, {c}]]. Adjuster: {F2} {L2}.",
    "SHIP TO:\n{F} {L}\n[[{sa}\n{sec}\n{c}, {s} {z}]]\nTEL {ph}",
    "Rx for {F} {M} {L}, DOB 04/11/1987. Deliver to [[{sa} {sec}]]. Questions: {e}",
    "Open house this Sunday at [[{sa}]]! Listing agent {F2} {L2} ({ph}).",
    "Passenger {LU}/{FU} {PU}, seat 14C, contact {e}.",
    "{F}'s teacher, {P} {L2}, asked the parents to meet in room 12.",
    "Witness {F} {L}, of [[{sa}, {c}]], stated she saw the car leave.",
    "Employee {L}, {F} (ID 55012) relocated to the {c} office at [[{bn} {st}, {z}]].",
    "{f} said u can drop it at [[{bn} {st}]] lol",
    "You're invited to {F} & {F2}'s wedding at [[{sa}, {c} {z}]]. RSVP {ph}",
    "Beneficiary: {F} {M} {L}\nAddress: [[{sa}, {c}]]\nPostal code: [[{z}]]",
    "Ticket 4471 - customer {F} {L} reports that the router at [[{sa}]] drops the Wi-Fi; callback {ph}.",
)
NATIVE_L = {
    "de": ("Herr {L} aus [[{z}]] {c} bittet um Rückruf unter {ph}; Lieferadresse: [[{sa}]].",),
    "fr": ("Mme {L} ({F}) habite au [[{sa}, {z} {c}]] et demande un devis.",),
    "es": ("La paciente {F} {L} vive en [[{sa}, {z} {c}]]; teléfono {ph}.",),
    "it": ("Il signor {F} {L} abita in [[{sa}, {z} {c}]]; cellulare {ph}.",),
    "nl": ("Mevrouw {L} woont op [[{sa}, {z} {c}]]; bel {ph}.",),
}
NATIVE_DRAWS = 8
EN_ROUNDS = 4
KEYS = {"F": "first", "F2": "first2", "M": "middle", "L": "last", "L2": "last2", "P": "prefix", "bn": "building",
        "st": "street", "sa": "street_address", "sec": "secondary", "c": "city", "c2": "city2", "z": "zip",
        "s": "state", "ph": "phone", "e": "email", "u": "username"}
# the name values of a shape, longest first: a full name, then a surname or a given name alone
_NAMES = ("F M L", "F L", "F2 L2", "F L2", "F2 L", "L", "L2", "F", "F2", "f", "LU", "FU")
LABELS = ("PERSON", "ADDRESS", "PHONE", "EMAIL")
_MARK = re.compile(r"\[\[(.*?)\]\]", re.DOTALL)


def _record(row: dict[str, Any], shape: str, family: str) -> dict[str, Any]:
    v = {key: row[name] or "" for key, name in KEYS.items()}
    v["f"] = v["F"].lower()
    if not v["P"]:
        v["P"] = "Mx."
    v.update(LU=v["L"].upper(), FU=v["F"].upper(), PU=v["P"].upper().rstrip("."))
    filled, spans, pos = "", [], 0
    for m in _MARK.finditer(shape):
        filled += shape[pos:m.start()].format(**v)
        value = m.group(1).format(**v)
        spans.append({"start": len(filled), "end": len(filled) + len(value), "label": "ADDRESS"})
        filled += value
        pos = m.end()
    text = filled + shape[pos:].format(**v)
    values = [(" ".join(v[p] for p in key.split()), "PERSON") for key in _NAMES
              if "{" + key.replace(" ", "} {") + "}" in shape]
    values += [(v[key], label) for key, label in (("ph", "PHONE"), ("e", "EMAIL")) if "{" + key + "}" in shape]
    for value, label in values:
        for m in re.finditer(r"(?<!\w)" + re.escape(value) + r"(?!\w)", text):
            if not any(s["start"] < m.end() and m.start() < s["end"] for s in spans):
                spans.append({"start": m.start(), "end": m.end(), "label": label})
    return {"text": text, "family": family, "shape": shape, "spans": sorted(spans, key=lambda s: s["start"])}


def examples(english: tuple[str, ...] = ENGLISH, native: dict[str, tuple[str, ...]] = NATIVE, offset: int = 0,
             name: str = "K") -> list[dict[str, Any]]:
    """Each English shape once per locale (its own row of values; ``EN_ROUNDS`` times for faker-js' en), each
    language's shapes ``NATIVE_DRAWS`` times with that locale's values, the rows taken from ``offset`` on: the same
    texts for every tree."""
    data = fakerjs_values()
    out = []
    for locale, rows in data.items():
        family = f"set {name}: English, faker-js en" if locale == "en" else f"set {name}: English, 43 other locales"
        rounds = EN_ROUNDS if locale == "en" else 1
        out += [_record(rows[(offset + i + k * len(english)) % len(rows)], shape, family)
                for k in range(rounds) for i, shape in enumerate(english)]
    for locale, shapes in native.items():
        rows = data[locale]
        out += [_record(rows[(offset + i * 3 + j) % len(rows)], shape, f"set {name}: de, fr, es, it, nl")
                for i in range(NATIVE_DRAWS) for j, shape in enumerate(shapes)]
    return out


def examples_l() -> list[dict[str, Any]]:
    """Set L: its shapes with rows of values set K did not start from."""
    return examples(ENGLISH_L, NATIVE_L, offset=11, name="L")


def run(base: str | None = BASE) -> tuple[str, bool]:
    every = (*ENGLISH, *(shape for group in NATIVE.values() for shape in group),
             *ENGLISH_L, *(shape for group in NATIVE_L.values() for shape in group))
    return family_tables(base, examples() + examples_l(), LABELS, every,
                         "Synthetic PII prompts, faker-js values (leak rule of leak_rate.py; a development probe)",
                         "prompts"), True


def main(argv: list[str]) -> int:
    return compare_cli(argv, "python -m bench.pii_prompts", __doc__, lambda base, _: run(base), "--rounds", 1)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
