"""A nickname in quotes inside a name ('William Herbert "Buckshot" May', 'Dahvin "DaHv" Daniels'): NER reads the name
on one side of the quotes and stops there, so the nickname and the other part went out. Each made-up case must leave
every part of the name out of the sanitized text and restore exactly; a quoted title between a name and a common noun
stays as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("nicknames")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ('The bar was owned by William Herbert "Buckshot" May until 1923.', ["William", "Herbert", "Buckshot", "May"]),
    ('Dahvin "DaHv" Daniels released his first album in 2009.', ["Dahvin", "DaHv", "Daniels"]),
    ("The landlord, Tomasz 'Tom' Brzezinski, kept the deposit.", ["Tomasz", "Brzezinski"]),
])
def test_every_part_of_a_nicknamed_name(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ('Taylor Swift "Anti-Hero" Video hit a billion views.', '"Anti-Hero" Video'),
    ('We watched the Ken Burns "Jazz" Documentary last night.', "Documentary"),
])
def test_a_quoted_title_before_a_noun_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# nicknamed names, through every surface
SET_BY = "The bar was owned by William Herbert \"Buckshot\" May.\nDahvin \"DaHv\" Daniels released an album."
SET_BY_SECRETS = ("Buckshot", "May", "Dahvin")


def test_set_by_nicknamed_names_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BY, SET_BY_SECRETS)
