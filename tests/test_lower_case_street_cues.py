"""A street address in a chat written in lower case, after the words people say before one: found on Presidio's
research generator (development seeds), where "address to the same: 38882 amber overpass apt. 589, melissafurt" and
"it's in 72522 kelli isle apt. 160" went out whole but for "kelli" (read as a name). Made up in the same shape.

- In a text in lower case a street address is read only after words that say an address comes ("lives at",
  "address:"); "in" counts now, and the word "address" a few words before a colon ("update my address to the
  same:").
- A name or an amount read inside a street that opens with its number gives way to the street ("kelli" of "kelli
  isle", "refund: 1207" read as money).
- Never a number after "then" or a year after "in" ("then 120 green hills", "came in 2019").
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("lower-case-street-cues")


@pytest.mark.parametrize("text, values", [
    ("i want to update my primary and secondary address to the same: 29377 ivy overpass apt. 41, lakeport, qatar 91927",
     ["29377", "ivy overpass"]),
    ("hey, the shop is in 40517 rosa isle apt. 8, north dale, fiji 70211", ["40517", "rosa isle"]),
    ("my shipping address, as before: 7712 jade hollow suite 40, westcliff", ["7712", "jade hollow"]),
    ("oh do they serve vegan stuff? it's in 61870 marta isle apt. 12 apt. 3, westbury, malta 20417",
     ["61870", "marta isle"]),
    ("pls change my address for the refund: 1207 lark extension apt. 9", ["1207", "lark extension"]),
    ("cool, the new place is in 905 rowan hollow suite 3, eastham, kenya 30412", ["905", "rowan hollow"]),  # (passed
    # before)
    ("she lives at 12 elm street, springfield", ["12 elm street"]),  # (passed before)
])
def test_a_street_after_such_words_in_a_lower_case_chat_is_hidden(sanitizer: Sanitizer, text: str,
                                                                  values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("then 120 green hills rolled past the window", "120 green hills"),
    ("the results came in 2019 and sales rose in 12 stores", "in 12 stores"),
    ("my address changed twice this year, in 2021 and 2023", "in 2021 and 2023"),
])
def test_numbers_that_open_no_street_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


# a chat in lower case with a street, a quotation's speaker and a short number, through every surface (attack set BN)
SET_BN = ('hey, the shop is in 40517 rosa isle apt. 8, north dale. "we will see," says szőcs. '
          "i stopped receiving messages to 58 23 91")
SET_BN_SECRETS = ("40517", "rosa isle", "szőcs", "58 23 91")


def test_set_bn_a_lower_case_chat_never_reaches_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BN, SET_BN_SECRETS)
