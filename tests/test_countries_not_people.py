"""A country or a capital that NER reads as a place is no person, though the learned model takes it for one: in
brackets after a name in a results line ("Abel Kiprono (Kenya)") or before a possessive ("France's opening match").
Each case replaced the country before but the one marked "(passed before)"; the names beside it are still hidden.
A given name that is a town's too ("Serena", "Madeleine") is not read so (measuring every known place lost such
names), nor a country among given names ("Nannies: Lisa and Kenya", in test_addressed_people).
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("countries-not-people")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, kept, names", [
    ("1. Abel Kiprono (Kenya) 3:50.11 2. Joseph Mutua (Kenya) 3:51.02 3. Piotr Nowak (Poland) 3:52.40", "(Kenya)",
     ["Abel Kiprono", "Joseph Mutua", "Piotr Nowak"]),
    ("Marc Dubois (France) beat 9 - Javier Ortega (Spain) 6-3 6-4.", "(France)",  # (passed before)
     ["Marc Dubois", "Javier Ortega"]),
    ("Coach Aldo Ferri said France's opening match would be hard.", "France's", ["Aldo Ferri"]),
    ("Midfielder Paulo Sousa said Portugal's defence had been the key.", "Portugal's", ["Paulo Sousa"]),
    ("Team manager Jan Novak said Poland's riders were ready.", "Poland's", ["Jan Novak"]),
])
def test_a_country_beside_a_name_stays(sanitizer: Sanitizer, text: str, kept: str, names: list[str]) -> None:
    check_kept(sanitizer, KEYS, text, kept)
    check_hidden(sanitizer, KEYS, text, names)


# (passed before) people named like a country or a capital are still people
@pytest.mark.parametrize("text, name", [
    ("Sofia Lind (Sweden) reached the final.", "Sofia Lind"),
    ("My colleague India Brooks sent the contract.", "India Brooks"),
    ("Jordan Miles said he would call back.", "Jordan Miles"),
])
def test_a_person_named_like_a_country_is_hidden(sanitizer: Sanitizer, text: str, name: str) -> None:
    check_hidden(sanitizer, KEYS, text, [name])
