"""A listed given name, a family name's particles and a capitalised word: a person ("Giovanni di Caprarola", "Willem
van Oudenhoven"). Before, the pair scored as a given name beside an unknown word (0.5) and was dropped, so the whole
name went out in a sentence with no other cue ("We loved the Giovanni di Caprarola exhibition"). The particles lift
it as a middle initial does, in an English text, for a listed given name that is no everyday word and no place,
before a word that is no place ("the Tour de France", "the Banco de Chile" are no people), never across "y" (a
conjunction in Spanish: "Argentina y Uruguay").

A name NER reads as a building or a place is dropped where the place holds a known place's word; an article or a
particle is none, though GeoNames lists a "The" and a "Van": "the Margaret van Oostrum recital", read as a building,
went out.

Given names that together with their particles make a known place's name are no person: "Rio de Janeiro", "Santa
Cruz" (a pair), "Santiago" of "Santiago de Cuba", and a country after "de" ("the Tour de France") were replaced.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("particle-names")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("We loved the Giovanni di Caprarola exhibition last spring.", ["Giovanni", "Caprarola"]),
    ("I booked the Beatriz de Alzueta workshop for June.", ["Beatriz", "Alzueta"]),
    ("The Carlo del Ponzetto trio played until midnight.", ["Carlo", "Ponzetto"]),
    ("Is there a Lucinda van Aartsen album you would play first?", ["Lucinda", "Aartsen"]),  # (passed before)
    ("Tickets for the Margaret van Oostrum recital sold out in an hour.", ["Margaret", "Oostrum"]),
    ("Ask Lucía de Zabalza about the invoice before Friday.", ["Lucía", "Zabalza"]),  # (passed before)
    ("The letter was signed by Anneke ter Horst and two witnesses.", ["Anneke", "Horst"]),  # (passed before)
])
def test_a_given_name_and_particles_before_a_family_name(sanitizer: Sanitizer, text: str,
                                                         secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before: what must stay as it was)
@pytest.mark.parametrize("text, kept", [
    ("The Banco de Chile branch closes at four.", "Banco de Chile"),
    ("The Museo del Prado opens at ten.", "Museo del Prado"),
    ("He rode the Tour de France twice and then retired.", "Tour de"),
    ("Our offices in Argentina y Uruguay close early on Friday.", "Argentina y Uruguay"),
])
def test_particles_after_no_given_name_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)



@pytest.mark.parametrize("text, kept", [
    ("We flew to Rio de Janeiro and then to Buenos Aires.", "Rio de Janeiro"),
    ("He grew up in Santiago de Cuba, near the old port.", "Santiago de Cuba"),
    ("The conference moved from Santa Cruz to Monterey.", "Santa Cruz"),
    ("He rode the Tour de France twice and then retired.", "Tour de France"),
])
def test_a_place_named_with_given_names_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


SET_BB = ("Hi, I booked the Beatriz de Alzueta workshop for June and the Carlo del Ponzetto trio after it. "
          "Please confirm to beatriz.alzueta@example.org or call 07700 900123.")
SET_BB_SECRETS = ("Beatriz", "Alzueta", "Ponzetto", "beatriz.alzueta@example.org", "07700 900123")


def test_set_bb_names_with_particles_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BB, SET_BB_SECRETS)
