"""A name in a text written in lower case that a reading found only part of: the family name after a given name
found, where the name plainly ends after it ("hannah young of wright", "layla bird lives at": the family name is an
English word too, so nothing cased it), and a given name no dictionary holds before an initial and a family name
found ("auda s. rivard"). Each positive case failed before (a word of the name went out verbatim) but those
marked "(passed before)"; the words after a given name that go on the sentence stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("lower-case-name-parts")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("congratulations to several ceos this year, including hannah young of wright, rivera and jones.",
     ["hannah", "young"]),
    ("layla bird lives at 12 mill lane, leeds, and works nights", ["layla", "bird"]),
    ("my new landlord is svetlana stone, she lives upstairs", ["svetlana", "stone"]),
    ("our cook is kwame stone and he is great", ["kwame", "stone"]),
    ("please call joaquina r. haldane about the lease", ["joaquina", "haldane"]),  # (passed before)
    ("what's your name? auda s. rivard", ["auda", "rivard"]),
    ("ask ingrid white at the front desk for the keys", ["ingrid", "white"]),  # (passed before)
])
def test_the_rest_of_a_name_in_lower_case(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before: what must stay as it was)
@pytest.mark.parametrize("text, kept", [
    ("is hannah young enough to join the team?", "young enough"),
    ("hannah said no to the offer.", "said no"),
    ("i asked hannah to come and she said yes.", "to come"),
    ("maria will call you back tomorrow.", "will call"),
    ("layla may join us later.", "may join"),
])
def test_what_goes_on_after_a_given_name_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


SET_BE = ("hi, my tenant layla bird lives at 12 mill lane, leeds ls1 4ab. her guarantor is auda s. rivard; "
          "call 0113 496 0718.")
SET_BE_SECRETS = ("layla", "bird", "auda", "rivard", "12 mill lane", "0113 496 0718")


def test_set_be_name_parts_in_lower_case_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BE, SET_BE_SECRETS)
