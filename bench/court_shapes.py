"""Names and case codes as court judgments write them: an application's number and its applicant, a judgment's
heading (neutral citation, claim number, the judge in capitals, the parties above their roles), American
opinions ("Burns, J., delivered the opinion ..., in which Banks and Little, JJ., joined"), case names and their
citations in law reports, an Indian FIR, the witnesses and counsel, initials standing for people; with the names of
16 Faker locales and made-up codes in each court's format; the leak rule of
``../shared/data/pii-dev/leak_rate.py``, this tree beside a base revision.

    python -m bench.court_shapes --base 76fd00f

A development probe, not a held-out figure: the first 24 shapes were written on 2026-11-26 (ninth session) and
measured once at 76fd00f before their misses were looked at (PERSON 5.8 %, case codes 16.9 %); the rules that
followed were built on them. The last seven (initials as the European Court's facts write pseudonyms: "police
officers D., S. and Z.", "namely D.D. and N.A.", "his common-law wife, H.M. The latter", "between the applicant and
T. on one side", "together with I.J., had hit L.") were added on 2026-12-01 with the rules for them, in the shapes
of published judgments' facts. Every mention of a name (a full name, a surname or a given name alone) is one
PERSON value; every code (an application, claim, appeal or FIR number, a neutral citation, a docket) one ID.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from bench.address_prose import mentions
from bench.external import BASE, compare_cli, leak_rule, shares, workers
from bench.prompt_shapes import leak_tallies, shape_label_rows

LOCALES = ("en_GB", "en_US", "en_IN", "en_IE", "en_AU", "en_CA", "tr_TR", "pl_PL", "ro_RO", "lt_LT", "hu_HU", "hr_HR",
           "nl_NL", "pt_PT", "sk_SK", "fi_FI")
SHAPES = (
    "The case originated in an application (no. {C1}) against the Republic lodged with the Court by a national, "
    "Mr {F} {L} (\"the applicant\"), on 3 April 2009.",
    "The applicant was represented by Ms {F2} {L2}, a lawyer practising in Ankara.",
    "Neutral Citation Number: {C2}\nCase No: {C3}\nBefore: THE HONOURABLE MR JUSTICE {LU}",
    "Between:\n{FU} {LU}\nClaimant\n- and -\n{F2U} {L2U}\nDefendant",
    "In cross-examination Mr {L} accepted that he had not read the contract before signing it.",
    "Dr {F2} {L2}, a consultant psychiatrist, gave evidence on behalf of the defendant.",
    "{L}, J., delivered the opinion of the Court, in which {L2} and {L3}, JJ., joined.",
    "Plaintiff {F} {L} (\"{L}\") brings this action against defendant {F2} {L2}. Case No. {C4}.",
    "See {L} v. {L2}, 512 F.3d 456, 461 (9th Cir. 2008).",
    "Shri {F} {L} s/o {F2} {L}, aged about 45 years, filed FIR No. {C5} at the police station.",
    "{L} v The Queen {C6} concerned the directions given to the jury.",
    "HIS HONOUR JUDGE {LU} KC:\n1. The claimant, {F} {L}, was injured at work on 4 June 2017.",
    "{F} {L} (a protected party, by her litigation friend {F2} {L2}) v {L3} County Council",
    "The witness statement of {F} {L} dated 12 March 2019 is at tab 4 of the bundle.",
    "At [23] of her judgment Judge {L} found that the mother had not been truthful.",
    "As Lord {L} observed in {L2} v {L3}, the test is an objective one.",
    "The first respondent (\"Mrs {L}\") and the second respondent (\"Mr {L2}\") are married.",
    "The defendant, {F} {L}, was sentenced to four years' imprisonment on Claim No. {C7}.",
    "The appeal in Criminal Appeal No. {C8} was heard together with that of {F2} {L2}.",
    "The Commissioner was represented by {F} {L} of counsel; the appellant appeared in person.",
    "Application no. {C1} was communicated to the Government; {F} {L}, the applicant's brother, intervened.",
    "Ms {L} submits that the tribunal erred in law (Appeal No. {C9}).",
    "I accept the evidence of {F}, the applicant's daughter, who was a careful witness.",
    "Justice {L} wrote separately, joined by Justice {L2}.",
    # initials as the European Court's facts write pseudonyms (added on 2026-12-01, forty-fourth session, with the
    # rules for them: not a blind figure)
    "At about 8 p.m. police officers {I2}, {I4} and {I5} arrived and took statements from the applicant.",
    "The prosecutor authorised two undercover agents, namely {I1} and {I3}, to buy the drugs.",
    "In particular, {I2} and {I4}, servicemen at the checkpoint, were not questioned until 2003.",
    "A quarrel broke out between the applicant and his common-law wife, {I1} The latter called the police.",
    "At 7.18 a.m. the police received a call from {I3} who reported that two men had broken in.",
    "A quarrel broke out between the applicant and {I2} on one side and the applicant's brothers {I4} and {I5} on the "
    "other.",
    "According to the charges, he, together with {I1}, had hit {I2} on the head. The court relied on {I1}'s statements.",
)
_CODES = ("C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9")
# the name values of a shape, longest first: a full name, in capitals too, then a surname or a given name alone
_NAMES = ("FU LU", "F2U L2U", "F L", "F2 L2", "F2 L", "LU", "L", "L2", "L3", "F", "F2", "I1", "I3", "I2", "I4", "I5")


def _codes(rnd: random.Random) -> dict[str, str]:
    def digits(n: int) -> str:
        return "".join(rnd.choice("0123456789") for _ in range(n))

    def capitals(n: int) -> str:
        return "".join(rnd.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(n))

    year = str(rnd.randint(2005, 2023))
    return {
        "C1": f"{digits(5)}/{year[2:]}",
        "C2": f"[{year}] {rnd.choice(['EWHC', 'EWCA Civ', 'UKSC', 'EWFC'])} {rnd.randint(10, 3999)}"
              f"{rnd.choice(['', ' (QB)', ' (Ch)', ' (Fam)'])}",
        "C3": rnd.choice([f"HQ{year[2:]}X{digits(5)}", f"A2/{year}/{digits(4)}", f"{capitals(2)}-{year}-{digits(6)}",
                          f"CO/{digits(4)}/{year}"]),
        "C4": f"{rnd.randint(1, 5)}:{year[2:]}-cv-{digits(5)}-{capitals(3)}",
        "C5": f"{digits(3)}/{year}",
        "C6": f"[{year}] HCA {rnd.randint(1, 60)}",
        "C7": f"{capitals(2)}{year[2:]}{capitals(1)}{digits(5)}",
        "C8": f"{rnd.randint(100, 2999)} of {year}",
        "C9": f"UKEAT/{digits(4)}/{year[2:]}/{capitals(2)}",
    }


def examples(seed: int = 9) -> list[dict[str, Any]]:
    """Each shape once per locale, seeded: the same texts for every tree."""
    from faker import Faker

    rnd = random.Random(seed)
    out = []
    for locale in LOCALES:
        fk = Faker(locale)
        fk.seed_instance(29)
        for shape in SHAPES:
            v = {"F": fk.first_name(), "L": fk.last_name(), "F2": fk.first_name(), "L2": fk.last_name(),
                 "L3": fk.last_name()}
            v.update(LU=v["L"].upper(), FU=v["F"].upper(), F2U=v["F2"].upper(), L2U=v["L2"].upper(), **_codes(rnd))
            v.update(I1=f"{v['F'][0]}.{v['L'][0]}.", I3=f"{v['F2'][0]}.{v['L2'][0]}.", I2=f"{v['L2'][0]}.",
                     I4=f"{v['L3'][0]}.", I5=f"{v['F'][0]}.")
            text = shape.format(**v)
            values = [(" ".join(v[p] for p in key.split()), "PERSON") for key in _NAMES
                      if all("{" + p + "}" in shape for p in key.split())
                      and (" " not in key or "{" + key.replace(" ", "} {") + "}" in shape)]
            values += [(v[code], "ID") for code in _CODES if "{" + code + "}" in shape]
            out.append({"text": text, "shape": shape, "spans": mentions(text, values)})
    return out


def _by_label(rec: dict[str, Any], span: dict[str, Any]) -> str:
    return str(span["label"])


def _by_shape(rec: dict[str, Any], span: dict[str, Any]) -> str:
    return f"{rec['shape']}\0{span['label']}"


def run(base: str | None = BASE) -> tuple[str, bool]:
    records = examples()
    rule = leak_rule()
    with workers(base) as running:
        names = list(running)
        labels = leak_tallies(rule, running, records, _by_label)
        shapes = leak_tallies(rule, running, records, _by_shape)
    lines = ["## Names and case codes in court judgments (16 Faker locales; leak rule of leak_rate.py; "
             "a development probe)", "", "| label | values | " + " | ".join(names) + " |",
             "|---|---:|" + "---:|" * len(names)]
    for label in ("PERSON", "ID"):
        cells = [labels[(label, tree)] for tree in names]
        lines.append(f"| {label} | {cells[0][1]} | " + shares(cells) + " |")
    lines += ["", *shape_label_rows(SHAPES, ("PERSON", "ID"), shapes, names)]
    return "\n".join(lines) + "\n", True


def main(argv: list[str]) -> int:
    return compare_cli(argv, "python -m bench.court_shapes", __doc__, lambda base, _: run(base), "--rounds", 1)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
