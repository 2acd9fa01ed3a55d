"""A reference told with a verb after its cue ("Her asylum reference is A123 456 789", "my member ID was 448812"):
the same value after "reference:" or "reference" alone was hidden, the sentence hid it no more. Each made-up case must
leave the value out of the sanitized text and restore exactly; a year, a count or a heading after the same words stays.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("told-references")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Her asylum reference is A123 456 789 and she is waiting for a decision.", ["A123 456 789"]),
    ("Her asylum reference is A123456789.", ["A123456789"]),
    ("The claimant's case is CV-2021-004512, listed for March.", ["CV-2021-004512"]),
    ("My member ID was 448812 before the merger.", ["448812"]),
])
def test_a_reference_told_with_a_verb(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("The case is 2019 and nothing more.", "2019"),
    ("The reference is Chapter 12 of the manual.", "Chapter 12"),
    ("Her licence is 12 months old now.", "12 months"),
])
def test_a_year_a_count_or_a_heading_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# references told in sentences, through every surface
SET_BX = "Her asylum reference is A123 456 789. My member ID was 448812 before the merger."
SET_BX_SECRETS = ("A123 456 789", "448812")


def test_set_bx_told_references_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BX, SET_BX_SECRETS)
