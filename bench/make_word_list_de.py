"""Write the German words PERSON detection reads in a German prompt (``mechanisms/prmpt/data/words_de_v1.txt.gz``).

    make word-list-de                  # downloads the tables' package (build time only) and writes the file
    python -m bench.make_word_list_de [--check] [--source FILE]

No German pipeline ships here, so a German prompt is read by the English, French or Spanish one, whose NER and the
name finders take German's capitalised nouns for names ("Bauchschmerzen", "die Betreuung Ihres Projekts"). This
list lets the annotator tell such a noun from a name: it holds the inflected forms and lemmas of spaCy's German
lemma lookup table (``de_lemma_lookup.json.gz`` of ``spacy-lookups-data`` 1.0.5 on PyPI, MIT licence, digest
checked) and spaCy's German stop words (``spacy.lang.de.stop_words``, MIT), letters only, lower case, one per line,
sorted, gzipped, with every declined form of the adjectives it declines (:func:`adjectives`: it holds "starken" and
"starker" but not "starke"). The table holds proper nouns too ("Krüger", "Köln"): those declined only with a genitive "s" are left
out (:func:`proper_nouns`), and the annotator never reads a listed name or a known place as a noun by this list. ``--check`` only compares the file with what would be written; ``--source``
reads the table from a file instead of downloading.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from bench.common import ROOT

OUT = ROOT / "mechanisms" / "prmpt" / "data" / "words_de_v1.txt.gz"
PACKAGE = "spacy-lookups-data==1.0.5"
MEMBER = "spacy_lookups_data/data/de_lemma_lookup.json.gz"
SHA256 = "0c0f5dac443205e90e0a38538b012b04333d88f8982cb82785caa8d1d0637884"
_ALPHA = re.compile(r"[^\W\d_]+")


def download(folder: Path) -> Path:
    """The table, from the package's wheel, in ``folder``."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", str(folder), PACKAGE],
                   check=True)
    wheel = next(folder.glob("spacy_lookups_data-*.whl"))
    out = folder / "de_lemma_lookup.json.gz"
    with zipfile.ZipFile(wheel) as archive:
        out.write_bytes(archive.read(MEMBER))
    return out


def proper_nouns(table: dict[str, str]) -> set[str]:
    """The table's lemmas in capitals that inflect only with a genitive "s" or not at all ("Krüger" -> "Krügers",
    "Sabine" -> "Sabines", "Köln" -> "Kölns"): names, as German declines no other nouns so ("Woche" -> "Wochen",
    "Vertrag" -> "Verträge"; a noun of no plural is lost with them: "Wetter")."""
    inflected: dict[str, set[str]] = {}
    for form, lemma in table.items():
        inflected.setdefault(lemma, set())
        if form != lemma:
            inflected[lemma].add(form)
    return {lemma for lemma, made in inflected.items() if lemma[:1].isupper() and made <= {lemma + "s"}}


def forms(table: dict[str, str], stop_words: set[str]) -> list[str]:
    """Every form and lemma of the table but its names (:func:`proper_nouns`, with their genitives) and every stop
    word, letters only, in lower case, sorted."""
    names = proper_nouns(table)
    out = {w.lower() for form, lemma in table.items() if not (lemma in names and form in (lemma, lemma + "s"))
           for w in (form, lemma) if _ALPHA.fullmatch(w) and w not in names}
    out.update(w.lower() for w in stop_words if _ALPHA.fullmatch(w))
    out.update(adjective + ending for adjective in adjectives(table) for ending in ENDINGS)
    out.update(CALENDAR)  # (declined with a genitive only, the months and days read as names to proper_nouns)
    return sorted(out)


#: the months and days, words of the language though the table declines them as it declines names
CALENDAR = frozenset("""januar jänner februar märz april mai juni juli august september oktober november dezember
    montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag""".split())


#: the endings of a German adjective's declension
ENDINGS = ("e", "em", "en", "er", "es")


def adjectives(table: dict[str, str]) -> set[str]:
    """The lemmas in lower case that the table declines with an adjective's ending somewhere ("starken" -> "stark"):
    the table holds a few of each adjective's forms ("starke", "neue", "leichte" are missing), so all are written."""
    return {lemma for form, lemma in table.items() if lemma.islower() and _ALPHA.fullmatch(lemma)
            and form.startswith(lemma) and form[len(lemma):] in ENDINGS}


def write(words: list[str]) -> bytes:
    """The file's bytes: gzip with no name and no time in its header, so a rebuild is byte-identical."""
    return gzip.compress(("\n".join(words) + "\n").encode("utf-8"), mtime=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    parser.add_argument("--source", type=Path, help="de_lemma_lookup.json.gz of spacy-lookups-data 1.0.5")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        source = args.source or download(Path(tmp))
        raw = source.read_bytes()
    digest = hashlib.sha256(raw).hexdigest()
    if digest != SHA256:
        print(f"{source.name}: sha256 {digest}, expected {SHA256}: not the table this list is made from",
              file=sys.stderr)
        return 1
    from spacy.lang.de.stop_words import STOP_WORDS

    words = forms(json.loads(gzip.decompress(raw)), set(STOP_WORDS))
    data = write(words)
    print(f"{len(words):,} forms, {len(data):,} bytes gzipped")
    if args.check:
        same = OUT.exists() and gzip.decompress(OUT.read_bytes()) == gzip.decompress(data)
        print("the shipped file is " + ("up to date" if same else "out of date"))
        return 0 if same else 1
    OUT.write_bytes(data)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
