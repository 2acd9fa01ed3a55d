"""Chat written in lower case: the person told, asked or messaged something ("i told oluwaseun to stop", "just texted
adebayo, he's coming"), one word no list or dictionary holds, is a name; a chat word that opens the sentence ("omg
nguyen just dumped me") is no part of the name after it. Each made-up case must leave the name out of the sanitized
text and restore exactly; everyday words, chat words and kinship words after the same verbs stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("told-in-lower-case")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("lol i told oluwaseun to stop texting me at 2am", ["oluwaseun"]),
    ("just texted adebayo, he's coming", ["adebayo"]),
    ("i literally begged nkechinyere not to go but she went anyway", ["nkechinyere"]),
    ("we messaged tendai about the rent and he never replied", ["tendai"]),
    ("I really want her to tell brad that she is pregnant", ["brad"]),  # a listed given name, though "brad" is a word
])
def test_the_person_told_something_in_lower_case(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("omg nguyen just dumped me over text", "omg"),
    ("lol i told everyone to chill", "everyone"),
    ("i texted back, no answer yet", "back"),
    ("she asked mom about it and mom said no", "mom"),
    ("i emailed support about it twice", "support"),
    ("he promised tomorrow, we'll see", "tomorrow"),
    ("just ask google how to do it", "google"),
    ("ask chatgpt about it", "chatgpt"),  # a word no list holds, after a verb in the present: a tool as often
    ("i asked chatgpt to rewrite it", "chatgpt"),  # three consonants in a row: no name's spelling
    ("remind me to tell everyone that the bank called", "everyone"),
])
def test_words_after_the_same_verbs_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# people told things in chat written in lower case, through every surface
SET_BT = "lol i told oluwaseun to stop texting me\njust texted adebayo, he's coming"
SET_BT_SECRETS = ("oluwaseun", "adebayo")


def test_set_bt_people_told_in_lower_case_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BT, SET_BT_SECRETS)
