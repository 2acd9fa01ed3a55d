"""PERSON development set: names from Faker locales that neither the detection lists nor the evaluation
corpus (``tests/prmpt_corpus.py``, ``prmpt_eval.py``) use, in sentences of their own, in three cases.

    python bench/prmpt_person_dev.py [--n 600] [--seed 7] [--show-misses] [--show-false-positives]

PERSON detection is tuned here, so that the held-out column of ``prmpt_eval.py`` stays a measurement.
Recall is reported per case of the name (Title, lower, UPPER; the rest of the sentence as written),
and for whole sentences in lower case; precision on the PERSON-free lines of
``data/person_dev_negative_v1.txt``, ``data/cape_reviews.txt`` and ``data/prmpt_negative_v1.txt``
(English blocks), each as written, in lower case and in capitals.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from faker import Faker

HERE = Path(__file__).resolve().parent
# Names only from these: no locale of the evaluation corpus (en_US, en_GB, en_IE, de_DE, it_IT and the
# French and Spanish ones) and none whose lists feed detection (make_name_lists.py checks this).
DEV_LOCALES = ("pl_PL", "tr_TR", "hu_HU", "yo_NG", "fi_FI", "id_ID", "cs_CZ")

TEMPLATES = (
    "{v} said the shipment would arrive late.",
    "I had lunch with {v} yesterday and we talked about the budget.",
    "According to {v}, the contract ends in March.",
    "Can you write a polite reply to {v} declining the offer?",
    "Summarize this email from {v}: the server migration is postponed.",
    "Attendees: {v}, the product team and two contractors.",
    "Reviewer: {v}\nDecision: approve",
    "{v} wrote the first draft; please tighten the wording.",
    "My landlord {v} wants to raise the rent again.",
    "Write a birthday message for {v}, who turns forty next week.",
    "The report was prepared by {v} for the board.",
    "{v} joined the team in May as a data engineer.",
    "Is it rude to remind {v} about the money she owes me?",
    "Translate this note for {v}: the keys are under the mat.",
    "- {v}: on leave until Monday",
    "Interview feedback for {v} (backend role): strong on systems design.",
    "Thanks to {v} for fixing the login bug.",
    "{v}'s flight lands at noon, can you book a taxi?",
    "Action items\n1. {v} to update the roadmap",
    "our neighbour {v} keeps parking in front of the garage",
    "Draft a complaint about {v}, the contractor who never finished the roof.",
    "Why did {v} leave the project so suddenly?",
)


@dataclass
class Sample:
    text: str
    start: int
    end: int
    style: str


def _case(name: str, style: str) -> str:
    return {"title": name, "lower": name.lower(), "upper": name.upper()}.get(style, name)


def samples(n: int, seed: int) -> list[Sample]:
    rng = random.Random(seed)
    fakers = [Faker(loc) for loc in DEV_LOCALES]
    for k, f in enumerate(fakers):
        f.seed_instance(seed * 13 + k)
    out = []
    styles = ("title", "lower", "upper", "sentence-lower")
    for i in range(n):
        f = rng.choice(fakers)
        name = f"{f.first_name()} {f.last_name()}"
        style = styles[i % len(styles)]
        before, _, after = rng.choice(TEMPLATES).partition("{v}")
        if style == "sentence-lower":
            before, after, value = before.lower(), after.lower(), name.lower()
        else:
            value = _case(name, style)
        out.append(Sample(before + value + after, len(before), len(before) + len(value), style))
    return out


def negative_lines() -> list[str]:
    lines = []
    for name in ("person_dev_negative_v1.txt", "cape_reviews.txt"):
        lines += [ln.strip() for ln in (HERE / "data" / name).read_text("utf-8").splitlines()
                  if ln.strip() and not ln.startswith("#")]
    text = (HERE / "data" / "prmpt_negative_v1.txt").read_text("utf-8")
    for block in text.split("\n---\n"):
        body = "\n".join(ln for ln in block.splitlines() if not ln.startswith("#")).strip("\n")
        if body.strip() and not body.startswith("@lang"):
            lines.append(body)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=600)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show-misses", action="store_true")
    parser.add_argument("--show-false-positives", action="store_true")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(HERE.parent))
    from mechanisms.prmpt import PrmptConfig, Sanitizer

    annotator = Sanitizer(PrmptConfig()).annotator
    dev = samples(args.n, args.seed)
    found = annotator.annotate_many([s.text for s in dev], propagate=False)
    by_style: dict[str, list[int]] = {}
    for s, spans in zip(dev, found):
        hit = any(p.entity_type == "PERSON" and p.start <= s.start and p.end >= s.end for p in spans)
        by_style.setdefault(s.style, [0, 0])[0] += hit
        by_style[s.style][1] += 1
        if args.show_misses and not hit:
            print("MISS", s.style, repr(s.text), [s_.__dict__ for s_ in spans if s_.entity_type == "PERSON"])
    total = sum(v[0] for v in by_style.values()), sum(v[1] for v in by_style.values())
    print("recall " + ", ".join(f"{k} {a}/{b}" for k, (a, b) in by_style.items())
          + f"; all {total[0]}/{total[1]} = {total[0] / total[1]:.3f}")
    lines = negative_lines()
    variants = {"as written": lines, "lower": [ln.lower() for ln in lines], "upper": [ln.upper() for ln in lines]}
    fps = {}
    for label, texts in variants.items():
        spans = annotator.annotate_many(texts, propagate=False)
        fps[label] = [(t, t[p.start:p.end]) for t, ss in zip(texts, spans) for p in ss if p.entity_type == "PERSON"]
    print(f"negatives: {len(lines)} lines x 3 cases; PERSON false positives "
          + ", ".join(f"{k} {len(v)}" for k, v in fps.items()))
    if args.show_false_positives:
        for label, items in fps.items():
            for text, value in items:
                print("FP", label, repr(value), "in", repr(text[:90]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
