"""A table's column of places ("| Name | Role | Location |", "name,city,country", "Nom;Ville") holds towns, regions
and countries: NER read a town that is a family name as a person ("Lyon"), and the finder that fills a comma list
beside a name read a country that is a given name ("France", "Florence") as one, so the answer came back with a
stand-in for the city. Made up; found by probing tables of the kind people paste into prompts.

Only a cell a list holds as a place: a person's name written in such a column stays hidden. The names in the name
column stay hidden, and a name part the request names as a person is hidden in the place
column too ("Marie Lyon" living in Lyon: the city's "Lyon" would send the family name out beside its stand-in).
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("place-columns")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, kept", [
    ("| Name | Role | Location |\n|---|---|---|\n| Siddharth Venkataraman | Lead | Pune |\n"
     "| Aurélie Dubois-Lefèvre | QA | Lyon |", "| Lyon |"),
    ("name,city,country\nJules Verne,Nantes,France\nPaul Martin,Nice,France", ",France\n"),
    ("Nom;Ville\nPaul Martin;Saint-Étienne\nAnne Roux;Florence", ";Florence"),
    ("customer\tcountry\nFlorence Dupont\tFrance\nAntoine Petit\tBelgium", "\tFrance\n"),
    ("employee,office\nMaria Santos,Lincoln\nJohn Baker,Austin", ",Lincoln\n"),
])
def test_a_place_in_a_column_of_places_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, values", [
    ("| Name | Role | Location |\n|---|---|---|\n| Siddharth Venkataraman | Lead | Pune |\n"
     "| Aurélie Dubois-Lefèvre | QA | Lyon |", ["Siddharth", "Venkataraman", "Aurélie", "Dubois"]),
    ("name,city,country\nJules Verne,Nantes,France\nMarie Lyon,Lyon,France", ["Jules", "Verne", "Marie", "Lyon"]),
    ("customer\tcountry\nFlorence Dupont\tFrance\nAntoine Petit\tBelgium", ["Florence", "Dupont", "Antoine"]),
])
def test_the_names_beside_them_are_still_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)  # (passed before)


def test_a_name_in_a_column_of_places_is_still_hidden(sanitizer: Sanitizer) -> None:
    check_hidden(sanitizer, KEYS, "name,location\nPaul Martin,Nice\nAnne Roux,Marguerite Okonjo-Brandt",
                 ["Marguerite", "Okonjo"])  # (a cell no list holds as a place: passed before)
