"""A hospital stay's or a sample's number after its cue word ("Episodio: 635467", "Accession No. S22-14567",
"N° de séjour 20231187"): hospital systems print them beside the patient's name, and they find the patient's record as
the record number does. Each made-up case must leave the number out of the sanitized text and restore exactly; a
small number after the same words (an episode of a series, a visit's minutes, a year) stays as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("stay-numbers")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Servicio: Urgencias.\nEpisodio: 635467.\nMédico de guardia.", ["635467"]),
    ("Accession No. S22-14567 received by pathology on Monday.", ["S22-14567"]),
    ("Specimen 2281904 was sent for culture.", ["2281904"]),
    ("Compte rendu d'hospitalisation, N° de séjour 20231187, service de cardiologie.", ["20231187"]),
])
def test_a_stay_or_a_sample_number(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("We watched episode 12 of season 3 last night.", "episode 12"),
    ("Our visit lasted 45 minutes.", "45"),
    ("Ingreso en UCI durante 12 días.", "12"),
    ("8 PM PT W/ANOTHER EPISODE 130-140'S ATRIAL TACHYCARDIA LASTING APPROX 10 MIN", "130-140"),  # a measurement
])
def test_small_numbers_after_the_same_words_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# stay and sample numbers in a discharge summary, through every surface
SET_BU = "Episodio: 635467. Accession No. S22-14567. Specimen 2281904 was sent for culture."
SET_BU_SECRETS = ("635467", "S22-14567", "2281904")


def test_set_bu_stay_numbers_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BU, SET_BU_SECRETS)
