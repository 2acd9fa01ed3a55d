"""Korean given names romanized as two syllables joined by a hyphen ("Ji-woo", "Hae-won", "Kim Hyun-woo"), which
spaCy's small pipelines split at the hyphen and seldom read as names alone, and no name list holds. Each made-up
case must leave no part of the name in the sanitized text and restore exactly; hyphenated words made of the same
syllables that name no one ("So-so", "Tae-Kwon-Do", "Min-max") stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.entities.syllable_names import SyllableNames, find_syllable_names
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("syllable-names")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Thanks to Hae-won for the help with the slides!", ["Hae-won"]),
    ("Hyun-woo and Da-eun met the landlord on Friday.", ["Hyun-woo", "Da-eun"]),
    ("Meeting notes: So-yeon raised the budget issue again.", ["So-yeon"]),
    ("The patient, Ha-eun, 7, presented with a rash on both arms.", ["Ha-eun"]),
    ("Thanks to Anna, Ji-woo and Maria for reviewing the draft.", ["Ji-woo"]),
    ("Can you ask Min-Jun whether the invoice went out?", ["Min-Jun"]),
])
def test_a_korean_given_name_alone(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ("Lease signed by Park Seo-jun; witnessed by Ji-woo Kim.", ["Park", "Seo-jun", "Ji-woo", "Kim"]),
    ("KIM JONG-UN MET MOON JAE-IN AT PANMUNJOM", ["JONG-UN", "JAE-IN", "MOON"]),
])
def test_a_given_name_and_its_family_name(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("The results were so-so, and So-so is what the reviewer wrote.", "So-so"),
    ("My kid loves Tae-Kwon-Do classes on Saturdays.", "Tae-Kwon-Do"),
    ("Results were so-so: Min-max scaling helped, sun-dried data did not.", "Min-max"),
    ("The plan looked A-OK to the whole committee.", "A-OK"),
])
def test_hyphenated_words_that_name_no_one_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


def test_the_finder_on_its_own() -> None:
    def found(text: str) -> list[str]:
        return [text[f.start:f.end] for f in find_syllable_names(text, "en", frozenset({"aok"}))]

    assert found("Ji-woo Kim met Park Seo-jun.") == ["Ji-woo Kim", "Park Seo-jun"]
    assert found("Oh Ji-woo called.") == ["Ji-woo"]  # (a two-letter family name is as often a word)
    assert found("MOON JAE-IN, and JAE-IN alone") == ["MOON JAE-IN"]  # (in capitals only beside a family name)
    assert found("Yo-yo, So-so, A-OK, Tae-Kwon-Do, Yu-Gi-Oh, JI-WOO, ji-woo, Ji-woo2") == []
    # words made of Chinese syllables (spaCy's NER reads some of these as people on its own: not this finder's doing)
    assert found("Tai-chi, Feng-shui, Wing-chun, Shih-tzu, Ping-pong, Hong-Kong, Lee Teng-hui") == []


@pytest.mark.parametrize("text, secrets", [
    ("RT @fan: taemin always rocks airport fashion XD", ["taemin"]),
    ("Baekhyun liked this photo of minseok HAHAHHA", ["Baekhyun", "minseok"]),
    ("[CAPS] Junhyung's Gift - BEAST Showtime # 5", ["Junhyung"]),
])
def test_a_korean_given_name_written_as_one_word(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Daewoo Motor said on Tuesday that sales rose.", "Daewoo"),  # NER reads a company
    ("Run the sudo command before the judo class.", "sudo"),  # two-letter syllables run together
    ("The dojo opened a new branch downtown.", "dojo"),
])
def test_words_of_the_same_syllables_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


def test_the_joined_names_on_their_own() -> None:
    finder = SyllableNames(frozenset({"sundae"}))

    def found(text: str, lang: str = "en", ents: tuple[tuple[int, int, str], ...] = ()) -> list[str]:
        return [text[f.start:f.end] for f in finder(text, lang, ents)]

    assert found("Minjun and Seojun met Hyunwoo.") == ["Minjun", "Seojun", "Hyunwoo"]
    assert found("Daewoo said", ents=((0, 6, "ORG"),)) == []  # NER: an organisation
    assert found("Minjun said", ents=((0, 6, "PERSON"),)) == ["Minjun"]
    assert found("@minjun #Minjun minjun_1 MINJUN Minminn Jimin sido") == []  # a handle, a tag, capitals, 2 letters
    assert found("Minjun dijo", "es") == []  # English text only
    assert found("a sundae for dessert") == []  # an English word


# Korean given names alone and in capitals beside a family name, through every surface
SET_BR = ("Thanks to Hae-won for the help! Hyun-woo and Da-eun met the landlord.\n"
          "Meeting notes: So-yeon raised the budget issue.\nKIM JONG-UN MET MOON JAE-IN")
SET_BR_SECRETS = ("Hae-won", "Hyun-woo", "Da-eun", "So-yeon", "JAE-IN")


def test_set_br_korean_given_names_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BR, SET_BR_SECRETS)


# Korean given names written as one word, through every surface
SET_BV = "taemin always rocks airport fashion\nBaekhyun liked this photo of minseok"
SET_BV_SECRETS = ("taemin", "Baekhyun", "minseok")


def test_set_bv_joined_korean_given_names_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BV, SET_BV_SECRETS)
