"""Write the words of German, Dutch and Portuguese that PERSON detection reads in a prompt in one of them
(``mechanisms/prmpt/data/words_<lang>_v1.txt.gz``).

    make lookup-words                  # downloads the tables' package (build time only) and writes the files
    python -m bench.make_lookup_words [--language de] [--check] [--source FILE]

No pipeline of these languages ships here, so such a prompt is read by the English, French or Spanish one, whose NER
and name finders take German's capitalised nouns and any language's sentence openers for names ("Bauchschmerzen",
"die Betreuung Ihres Projekts"). These lists let the annotator tell a word of the language from a name: each holds
the inflected forms and lemmas of spaCy's lemma lookup table of the language (``<lang>_lemma_lookup.json.gz`` of
``spacy-lookups-data`` 1.0.5 on PyPI, MIT licence, digest checked) and spaCy's stop words of the language
(``spacy.lang.<lang>.stop_words``, MIT), letters only, lower case, one per line, sorted, gzipped. For German, every
declined form of the adjectives the table declines (:func:`adjectives`: it holds "starken" and "starker" but not
"starke") and the months and days, for Dutch the inflected form of the adjectives whose comparative it declines
("nieuwere" gives "nieuwe"); the German table holds proper nouns too ("Krüger", "Köln"): those declined only with a
genitive "s" are left out (:func:`proper_nouns`), and the annotator never reads a listed name or a known place as a
word by these lists. (The Italian table, from morph-it, is under CC BY-SA and LGPL: not shipped.) ``--check`` only
compares the files with what would be written; ``--source`` reads one language's table from a file instead of
downloading.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from bench.common import ROOT

DATA = ROOT / "mechanisms" / "prmpt" / "data"
PACKAGE = "spacy-lookups-data==1.0.5"
MEMBER = "spacy_lookups_data/data/{}_lemma_lookup.json.gz"
SHA256 = {"de": "0c0f5dac443205e90e0a38538b012b04333d88f8982cb82785caa8d1d0637884",
          "nl": "6d3bafb376fbf72a945225a94f38a460443da2b3ec257559ab623d8fc87b841d",
          "pt": "cd6955e832d63da4eeb4829f9cbb67d093e0d39cf11d6176bda6eb56a6555077"}
_ALPHA = re.compile(r"[^\W\d_]+")


def download(folder: Path) -> Path:
    """The package's wheel, in ``folder``."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", str(folder), PACKAGE],
                   check=True)
    return next(folder.glob("spacy_lookups_data-*.whl"))


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


def forms(table: dict[str, str], stop_words: set[str], lang: str = "de") -> list[str]:
    """Every form and lemma of the table but its names (:func:`proper_nouns`, with their genitives) and every stop
    word, letters only, in lower case, sorted; for German its adjectives' forms and its months and days too."""
    names = proper_nouns(table)
    out = {w.lower() for form, lemma in table.items() if not (lemma in names and form in (lemma, lemma + "s"))
           for w in (form, lemma) if _ALPHA.fullmatch(w) and w not in names}
    out.update(w.lower() for w in stop_words if _ALPHA.fullmatch(w))
    if lang == "de":
        out.update(adjective + ending for adjective in adjectives(table) for ending in ENDINGS)
        out.update(CALENDAR)  # (declined with a genitive only, the months and days read as names to proper_nouns)
    if lang == "nl":
        # an adjective's inflected form from its inflected comparative ("nieuwere" -> "nieuwe", "grotere" -> "grote"):
        # the table holds the comparative but not the positive form
        out.update(form[:-3].lower() + "e" for form, lemma in table.items()
                   if form.endswith("ere") and form != lemma and lemma.islower() and _ALPHA.fullmatch(form))
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
    parser.add_argument("--language", choices=sorted(SHA256), action="append", help="one language (default: all)")
    parser.add_argument("--check", action="store_true", help="compare with the shipped files, write nothing")
    parser.add_argument("--source", type=Path, help="<lang>_lemma_lookup.json.gz of spacy-lookups-data 1.0.5")
    args = parser.parse_args(argv)
    languages = args.language or sorted(SHA256)
    if args.source and len(languages) != 1:
        parser.error("--source reads one language's table: name it with --language")
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        wheel = None if args.source else download(Path(tmp))
        for lang in languages:
            if args.source:
                raw = args.source.read_bytes()
            else:
                with zipfile.ZipFile(wheel) as archive:  # type: ignore[arg-type]
                    raw = archive.read(MEMBER.format(lang))
            digest = hashlib.sha256(raw).hexdigest()
            if digest != SHA256[lang]:
                print(f"{lang}: sha256 {digest}, expected {SHA256[lang]}: not the table this list is made from",
                      file=sys.stderr)
                return 1
            stop_words = importlib.import_module(f"spacy.lang.{lang}.stop_words").STOP_WORDS
            words = forms(json.loads(gzip.decompress(raw)), set(stop_words), lang)
            data = write(words)
            out = DATA / f"words_{lang}_v1.txt.gz"
            print(f"{lang}: {len(words):,} forms, {len(data):,} bytes gzipped")
            if args.check:
                same = out.exists() and gzip.decompress(out.read_bytes()) == gzip.decompress(data)
                print(f"{out.relative_to(ROOT)} is " + ("up to date" if same else "out of date"))
                status |= 0 if same else 1
                continue
            out.write_bytes(data)
            print(f"wrote {out.relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
