"""The addressee of a block with no street: a name on the block's first line, a town's line under it and a known
place's line closing the block, as a rural address, a contact card or a signature sets them out ("Even Olsen\\n\\n
Aruküla\\nEstonia"). Found on Presidio's research generator (development seeds), which writes such blocks; the
addressee rule read a name only above a street's line. Made up in the same shape.

- The name line is read as an address block's first line is: two or three words in one case style (an initial in
  either), none a word of the language that no list holds as a name, a title, a company's form or a place, but for a
  listed given name opening it ("Even" is an everyday word and a Norwegian given name).
- The town's line is no name: NER read "Korfi" under "Cirineo D Barrales" as a person, and the town went out as a
  stand-in.
- Never a team, an office or a company above a town ("Head Office\\nLondon\\nUnited Kingdom", "Acme Ltd\\nOslo\\n
  Norway"), nor a line inside a paragraph.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("town-blocks")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ("Even Olsvik\n\nAruküla\nEstonia", ["Olsvik"]),
    ("Even Dahle\n\nVoss\nNorway", ["Dahle"]),
    ("Hope Amadi\n\nUmuahia\nNigeria", ["Amadi"]),
    ("Cirilo C Barrales\n\nKorfi\nCyprus", ["Cirilo", "Barrales"]),  # (passed before)
    ("Ship to:\nMarta Kowalczyk-Brzoza\nGdansk\nPoland", ["Marta", "Kowalczyk"]),  # (passed before)
    ("Ilse Vandersteen\nBrugge\nBelgium", ["Ilse", "Vandersteen"]),  # (passed before)
])
def test_the_addressee_of_a_block_with_a_town_and_a_country(sanitizer: Sanitizer, text: str,
                                                             values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Head Office\nLondon\nUnited Kingdom", "Head Office"),
    ("Acme Ltd\nOslo\nNorway", "Acme Ltd"),
    ("Data Science\n\nBerlin\nGermany", "Data Science"),
    ("Plan B Review\n\nOslo\nNorway", "Plan B Review"),
    ("The weather was fine.\nWe stayed in\nParis\nFrance", "We stayed in"),
    # the town's line itself, which NER read as a person's name in such a block
    ("Cirineo D Barrales\n\nKorfi\nCyprus", "Korfi"),
])
def test_a_team_an_office_or_a_company_above_a_town_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# the forty-third session's table, block and phone forms, through every surface (attack set BM)
SET_BM = ("Fax: 00658812734. Please stop sending messages to 41 62 87.\n\nname,city,country\n"
          "Marguerite Okonjo-Brandt,Lyon,France\nTobias Wrenfield,Nantes,France\n\nEven Olsvik\n\nAruküla\nEstonia")
SET_BM_SECRETS = ("00658812734", "41 62 87", "Marguerite", "Okonjo", "Wrenfield", "Olsvik")


def test_set_bm_tables_blocks_and_phones_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BM, SET_BM_SECRETS)
