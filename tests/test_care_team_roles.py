"""A care team's roles as a note or a chart writes them ("Attending: Okonkwo. RN: Bettina.", "NP: Maribel Ortiz",
"Enfermera: Begoña"): the value after the role is a person, as after "Name:". Each made-up case must leave the name
out of the sanitized text and restore exactly; a value after the same roles that names no one stays as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("care-team-roles")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Attending: Okonkwo. Resident: Tanaka-Reyes. RN: Bettina.", ["Bettina"]),
    ("Shift report 07:00. LPN: Rosalind; CNA: Imelda. Pt resting.", ["Rosalind", "Imelda"]),
    ("Interpreter: Svetlana (Russian), present for consent.", ["Svetlana"]),
])
def test_a_name_after_a_care_team_role(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Resident: yes. Interpreter: Spanish. Caregiver: daughter.", "Interpreter: Spanish"),
    ("MD: true\nRN: false", "RN: false"),
])
def test_values_that_name_no_one_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# a care team on a note, through every surface
SET_CA = ("Attending: Okonkwo. Resident: Tanaka-Reyes. RN: Bettina.\n"
          "Shift report 07:00. LPN: Rosalind; CNA: Imelda. Pt resting.")
SET_CA_SECRETS = ("Okonkwo", "Bettina", "Rosalind", "Imelda")


def test_set_ca_care_team_names_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_CA, SET_CA_SECRETS)
