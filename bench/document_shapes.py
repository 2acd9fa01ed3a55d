"""Names, addresses, phones, e-mails, record numbers and dates of birth in three kinds of document nobody on the
project had probed: English clinical notes (history, discharge headers, follow-up lines, sign-offs), CVs (a
heading in capitals, a contact line, references) and letters in the language of the locale (German, French,
Italian, Dutch, Portuguese, Spanish, Polish, Swedish: salutation, body, closing and the sender's address block);
with Faker's values; the leak rule of ``../shared/data/pii-dev/leak_rate.py``, this tree beside a base revision.

    python -m bench.document_shapes --base d8c65eb

A development probe, not a held-out figure: the shapes were written on 2026-11-26 (tenth session) and measured
once at d8c65eb before their misses were looked at (PERSON 3.0 % in the clinical notes, 2.7 % in the CVs, 3.1 % in the
letters; ADDRESS 9.4 % in the CVs, 0 % elsewhere; phones, e-mails, record numbers and dates of birth 0 %); the rules
that followed were built on them. Every mention
of a name (a full name, a surname or a given name alone) is one PERSON value; a street address and a postcode
are ADDRESS values, a record number ID, a date of birth DATE.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from bench.address_prose import mentions, seeded_faker
from bench.external import BASE, compare_cli
from bench.prompt_shapes import family_tables

CLINICAL = (
    "HPI: Mr. {L} is a 67 y/o M with h/o CHF and COPD who presents with worsening dyspnea. He was seen by Dr. {L2} "
    "in clinic last week.",
    "Patient: {F} {L}   MRN: {ID}   DOB: {dob}\nAttending: {F2} {L2}, MD",
    "Ms. {L} lives at home with her husband {F2}; her daughter {F3} is her health care proxy ({ph}).",
    "DISCHARGE SUMMARY\nNAME: {LU}, {FU}\nUNIT NO: {ID}\nADMISSION DATE: 03/12/2019",
    "Pt seen and examined with Dr. {L2}. Plan discussed with pt's wife, {F2}, at bedside.",
    "Follow up with PCP Dr. {F2} {L2} at {sa}, {c} {pc}, tel {ph}, within 1 week.",
    "{F} is a pleasant 45-year-old woman referred by Dr. {L2} for evaluation of a thyroid nodule.",
    "Addendum: critical K+ called to {F2} {L2}, RN, at 14:30, read back. -- {F3} {L3}, MD",
    "The patient's son, {F2} {L}, can be reached at {ph} or {e}.",
    "cc: Dr. {L2}; Dr. {F3} {L3} (Cardiology)",
)
CV = (
    "{FU} {LU}\n{sa} · {c} {pc} · {ph} · {e}\n\nPROFILE\nData analyst with six years of experience.",
    "Curriculum Vitae\n\nName: {F} {L}\nDate of birth: {dob}\nAddress: {sa}, {pc} {c}\nPhone: {ph}",
    "References\n{F2} {L2}, Head of Finance, Northwind Ltd. ({e})\n{F3} {L3}, Professor of Economics",
    "{F} {L} | {e} | {ph} | Portfolio available on request",
    "EXPERIENCE\nSenior Engineer, reporting to {F2} {L2} (CTO), 2019-2023\nMentored two juniors with {F3} {L3}.",
)
# a letter in the language of its locale: salutation to {L}, a colleague named in the body, the sender's block
LETTERS = {
    "de_DE": "Sehr geehrte Frau {L},\n\nmein Kollege {F3} {L3} hat mir Ihre Anschrift gegeben. Anbei die Unterlagen.\n\n"
             "Mit freundlichen Grüßen\n{F2} {L2}\n{sa}\n{pc} {c}\nTel. {ph}",
    "fr_FR": "Madame {L},\n\nSuite à notre entretien avec {F3} {L3}, je vous adresse le dossier complet.\n\n"
             "Cordialement,\n{F2} {L2}\n{sa}\n{pc} {c}\nTél. {ph}",
    "it_IT": "Gentile Sig. {L},\n\ncome concordato con {F3} {L3}, Le invio la documentazione richiesta.\n\n"
             "Distinti saluti,\n{F2} {L2}\n{sa}\n{pc} {c}\nTel. {ph}",
    "nl_NL": "Geachte heer {L},\n\nop advies van {F3} {L3} stuur ik u hierbij de stukken.\n\n"
             "Met vriendelijke groet,\n{F2} {L2}\n{sa}\n{pc} {c}\nTel. {ph}",
    "pt_PT": "Exmo. Sr. {L},\n\nconforme combinado com {F3} {L3}, envio em anexo os documentos.\n\n"
             "Com os melhores cumprimentos,\n{F2} {L2}\n{sa}\n{pc} {c}\nTel. {ph}",
    "es_ES": "Estimado Sr. {L}:\n\ntal como acordamos con {F3} {L3}, le remito la documentación.\n\n"
             "Atentamente,\n{F2} {L2}\n{sa}\n{pc} {c}\nTel. {ph}",
    "pl_PL": "Szanowny Panie {L},\n\nzgodnie z ustaleniami z {F3} {L3} przesyłam dokumenty.\n\n"
             "Z poważaniem,\n{F2} {L2}\n{sa}\n{pc} {c}\ntel. {ph}",
    "sv_SE": "Hej {F},\n\n{F3} {L3} gav mig din adress, så här kommer papperen.\n\n"
             "Med vänliga hälsningar,\n{F2} {L2}\n{sa}\n{pc} {c}\nTel. {ph}",
}
EN_LOCALES = ("en_US", "en_GB", "en_IN", "en_AU", "en_CA", "en_IE", "es_MX", "de_DE", "it_IT", "fr_FR", "pl_PL",
              "nl_NL", "tr_TR", "pt_BR", "sv_SE", "cs_CZ")
ROUNDS_LETTERS = 4
# the name values of a shape, longest first: a full name, in capitals too, then a surname or a given name alone
_NAMES = ("FU LU", "F L", "F2 L2", "F3 L3", "F2 L", "LU", "FU", "L", "L2", "L3", "F", "F2", "F3")
_OTHERS = (("sa", "ADDRESS"), ("pc", "ADDRESS"), ("ph", "PHONE"), ("e", "EMAIL"), ("ID", "ID"), ("dob", "DATE"))
LABELS = ("PERSON", "ADDRESS", "PHONE", "EMAIL", "ID", "DATE")


def _record(fk: Any, rnd: random.Random, shape: str, family: str) -> dict[str, Any]:
    v = {"F": fk.first_name(), "L": fk.last_name(), "F2": fk.first_name(), "L2": fk.last_name(),
         "F3": fk.first_name(), "L3": fk.last_name(), "sa": fk.street_address(), "pc": fk.postcode(), "c": fk.city(),
         "ph": fk.phone_number(), "e": fk.email(), "ID": str(rnd.randint(1000000, 99999999)),
         "dob": fk.date_of_birth(minimum_age=18, maximum_age=90).strftime(rnd.choice(["%m/%d/%Y", "%d.%m.%Y",
                                                                                     "%Y-%m-%d", "%d %B %Y"]))}
    v.update(LU=v["L"].upper(), FU=v["F"].upper())
    text = shape.format(**v)
    values = [(" ".join(v[p] for p in key.split()), "PERSON") for key in _NAMES
              if "{" + key.replace(" ", "} {") + "}" in shape]
    values += [(v[key], label) for key, label in _OTHERS if "{" + key + "}" in shape]
    return {"text": text, "family": family, "shape": shape, "spans": mentions(text, values)}


def examples(seed: int = 10) -> list[dict[str, Any]]:
    """Clinical notes and CVs once per locale of ``EN_LOCALES``, each letter ``ROUNDS_LETTERS`` times in its
    locale; seeded: the same texts for every tree."""
    rnd = random.Random(seed)
    out = []
    for locale in EN_LOCALES:
        fk = seeded_faker(locale, 61)
        out += [_record(fk, rnd, shape, "clinical notes (English)") for shape in CLINICAL]
        out += [_record(fk, rnd, shape, "CVs (English)") for shape in CV]
    for locale, shape in LETTERS.items():
        fk = seeded_faker(locale, 61)
        out += [_record(fk, rnd, shape, "letters (8 languages)") for _ in range(ROUNDS_LETTERS)]
    return out


def run(base: str | None = BASE) -> tuple[str, bool]:
    return family_tables(base, examples(), LABELS, (*CLINICAL, *CV, *LETTERS.values()),
                         "Clinical notes, CVs and letters (Faker's values; leak rule of leak_rate.py; a development probe)",
                         "document"), True


def main(argv: list[str]) -> int:
    return compare_cli(argv, "python -m bench.document_shapes", __doc__, lambda base, _: run(base), "--rounds", 1)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
