"""A listed given name before what only a person does ("shouted", "wept", "married", "died") is a person even where
NER reads the town of the same name: before, "Regina shouted at the driver" went out, the finder's guess yielding to
the town NER read. A team scores and a town serves as a capital: those stay as NER reads them.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("acts-of-a-person")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text", [
    'Regina shouted at the driver: "Stop the car now!"',
    "Regina wept when the verdict was read out.",  # (passed before)
])
def test_a_given_name_that_is_a_town_before_a_person_s_act(sanitizer: Sanitizer, text: str) -> None:
    check_hidden(sanitizer, KEYS, text, ["Regina"])


# (each passed before: what must stay as it was)
@pytest.mark.parametrize("text, kept", [
    ("Regina served as the capital of the territory.", "Regina served"),
    ("Liverpool scored twice in the second half.", "Liverpool scored"),
])
def test_a_town_or_a_team_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, kept", [
    ("Her family lives in Oslo, near the harbour.", "Her family"),
    ("His family moved to Leeds last spring.", "His family"),
    ("Her family lives in Skarðsvík 611, near the harbour.", "Her family"),
    ("Their family runs the bakery.", "Their family"),
    ("Our family lives on a farm.", "Our family"),
])
def test_a_possessive_pronoun_before_a_person_s_act_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)  # ("Her" is a listed family name and was replaced; the others passed before)


def test_a_listed_family_name_that_is_a_pronoun_after_a_given_name_is_still_hidden(sanitizer: Sanitizer) -> None:
    check_hidden(sanitizer, KEYS, "Mai Her said the vote was close.", ["Mai Her"])
