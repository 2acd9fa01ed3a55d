"""What a greeting addresses: a listed given name though it is an everyday word or a place is a person ("Dear
Jordan,", "Dear Paris,": NER read a country or a town and the name went out), and a term of address is no name
("Hi Team,", "Hello World", "Dear Valued Customer", "Hey Man,": each was replaced as a person). Each case failed
before but those marked "(passed before)".
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("terms-of-address")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, name", [
    ("Dear Jordan,\nthanks for your note; the invoice is attached.", "Jordan"),
    ("Dear Paris,\nI miss you already.", "Paris"),
    ("Dear Georgia,\nplease find the report attached.", "Georgia"),
    ("Hello Chad,\nyour parcel is ready for collection.", "Chad"),  # (passed before)
    ("Dear Sofia,\nthe meeting moved to Friday.", "Sofia"),  # (passed before)
    ("Hi Grace, the file is attached.", "Grace"),  # (passed before)
])
def test_a_given_name_a_greeting_addresses(sanitizer: Sanitizer, text: str, name: str) -> None:
    check_hidden(sanitizer, KEYS, text, [name])


@pytest.mark.parametrize("text, kept", [
    ("Hi Team, the release is out.", "Team"),
    ("Write a Hello World program in Rust.", "Hello World"),
    ("Hello World, this is my first program.", "Hello World"),
    ("Dear Valued Customer, your order has shipped.", "Valued Customer"),
    ("Hey Man, what's up?", "Man"),
    ("Hi Folks, a quick update on the outage.", "Folks"),
    ("Dear Hiring Manager,\nI am applying for the role.", "Hiring Manager"),
])
def test_a_term_of_address_is_no_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


SET_BF = ("Dear Jordan,\nthe lease for Flat 4 is attached. Georgia's husband will countersign on Friday; his mobile is "
          "07700 900123.\nHi Team, no action needed from you.")
SET_BF_SECRETS = ("Jordan", "Georgia", "07700 900123")


def test_set_bf_a_name_a_greeting_addresses_never_reaches_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BF, SET_BF_SECRETS)
