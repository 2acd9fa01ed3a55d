"""A country or a capital that NER reads as a place is no person, though the learned model takes it for one ("drew
1-1 with Brazil", "after France had surprised the hosts", "He leaves Rome on Monday", "Abel Kiprono (Kenya)"). Each
case replaced the place before; the names beside it are still hidden. Not read so: a given name that is a town's
too ("Serena", "Madeleine": measuring every known place lost such names), a country among given names ("Nannies: Lisa
and Kenya", in test_addressed_people) and a country before a possessive ("Kenya's passport" may be a person's).
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("countries-not-people")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, kept", [
    ("Belgium drew 1-1 with Brazil (half-time 0-0) in a friendly in Brussels.", "Brazil"),
    ("Both goals came late in the first half after France had surprised the hosts with a quick free kick.", "France"),
    ("The envoy met the president on Sunday. He leaves Rome on Monday for talks in Geneva.", "Rome"),
    ("Ghana and Portugal drew 0-0 in a World Cup qualifier on Saturday.", "Portugal"),
    ("On craint un nouveau conflit entre la Turquie et la Grèce au sujet des îles.", "Turquie"),
    ("Sweden beat Kenya 3-1 in the final; Kenya had led at half-time.", "beat Kenya 3-1 in the final; Kenya had"),
])
def test_a_country_or_a_capital_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, kept, names", [
    ("1. Paul Kibet (Kenya) 2:05:10 2. Samuel Wanjiru (Kenya) 2:05:45", "(Kenya) 2:05:10", ["Paul Kibet",
                                                                                          "Samuel Wanjiru"]),
    ("3. Yemane Tsegay (Ethiopia) 2:06:01 4. Daniel Kiprop (Kenya) 2:06:30", "(Kenya)", ["Yemane Tsegay",
                                                                                       "Daniel Kiprop"]),
    ("Jean Moreau (France) beat 12 - Luca Bruni (Italy) 6-3 6-4.", "(France)",  # (passed before)
     ["Jean Moreau", "Luca Bruni"]),
])
def test_a_country_in_brackets_after_a_name_stays(sanitizer: Sanitizer, text: str, kept: str,
                                                   names: list[str]) -> None:
    check_kept(sanitizer, KEYS, text, kept)
    check_hidden(sanitizer, KEYS, text, names)


# (passed before) people named like a country or a capital are still people
@pytest.mark.parametrize("text, names", [
    ("Ask Sofia whether Kenya's passport has arrived.", ["Sofia", "Kenya"]),
    ("Sofia Lind (Sweden) reached the final.", ["Sofia Lind"]),
    ("My colleague India Brooks sent the contract.", ["India Brooks"]),
    ("Jordan Miles said he would call back.", ["Jordan Miles"]),
])
def test_a_person_named_like_a_country_is_hidden(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, names)
