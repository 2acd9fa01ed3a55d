"""A quotation's speaker written in lower case after the closing mark and a verb of speech ('..," says weber.'):
found on Presidio's research generator (development seeds), whose lower-case templates sent "weber" and "szöts" out.
Made up in the same shape.

- One or two words after "says", "said", "added", "asked", "replied", "explained" or "wrote" right after a
  quotation's closing mark, then the sentence's or the clause's end: a family name that is a word too where a list
  holds it ("weber"), any word no dictionary holds ("szöts").
- Never a pronoun, a determiner, a kinship word, a term of address or an everyday or dictionary word no list holds as
  a name ('," says he.', '," said the doctor.', '," says mom.', '," said softly.').
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("lower-case-attribution")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ('"i\'m glad to hear that chile is moving in that direction," says weber.', ["weber"]),
    ('"i\'m glad to hear that latvia is moving in that direction," says szőcs.', ["szőcs"]),
    ('"we will see," said anna kowalczuk, smiling.', ["anna", "kowalczuk"]),  # (passed before)
    ('"that was the plan all along," added brennan.', ["brennan"]),  # (passed before)
    ('"no comment," replied okonjo; the meeting ended.', ["okonjo"]),
])
def test_a_lower_case_speaker_after_a_quotation_is_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ('"no," says he.', "says he."),
    ('"fine," said the doctor.', "said the doctor."),
    ('"ok," says mom.', "says mom."),
    ('"ok," said softly.', "said softly."),
    ('"great," said everyone.', "said everyone."),
])
def test_a_pronoun_a_kinship_word_or_an_adverb_there_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)
