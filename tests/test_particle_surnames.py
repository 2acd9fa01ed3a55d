"""A Spanish family name that opens with its particle capitalised ("De la Gándara señaló", "Según De la Calle", "la
revancha de Del Bosque") went out whole: no list holds "De la Gándara", and its last word is often a word ("calle",
"mata", "grandes"). Spanish writes "De" capitalised inside a sentence only so: in the Spanish news 45 of 45 such words
were labeled names. A name that ends in a listed name takes them in too ("Vicente Del Bosque", "Francisco De La
Torre").

What stays: a capitalised particle after a capitalised word or an abbreviation is the end of a longer proper noun or
a street ("Santiago De Chile", "Av. De las Provincias", "Hospital Virgen Del Puerto"); a country or a capital; a
sentence that opens with "De" before no verb or before a place ("De Madrid a Valencia", "De Sevilla salió el tren").
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("particle-surnames")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Para De la Vereda, la ciudad es una fuente permanente de inspiración.", ["Vereda"]),
    ("Con este libro, indicó De Tinajas, se pretende contribuir a la difusión del monasterio.", ["Tinajas"]),
    ("En declaraciones a la prensa, precisó De la Sierra que el proyecto sigue adelante.", ["Sierra"]),
    # (each passed before: a listed family name or NER's reading)
    ("Según De la Cumbre, los dos gobiernos se reunirán el próximo mes en Lima.", ["Cumbre"]),
    ("Villanueva acudirá mañana a la reunión con Del Arroyo en la sede del partido.", ["Arroyo"]),
    ("El técnico del equipo, Ramiro Del Valle, habló con los periodistas tras el entrenamiento.",
     ["Ramiro", "Valle"]),
])
def test_a_family_name_opening_with_its_particle(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before)
@pytest.mark.parametrize("text, kept", [
    ("Localidad/ Provincia: Santiago De Chile.", "Santiago De Chile"),
    ("El paciente fue trasladado al Hospital Virgen Del Puerto de Plasencia.", "Virgen Del Puerto"),
    ("De Madrid a Valencia hay algo más de trescientos kilómetros.", "De Madrid"),
    ("De Sevilla salió el tren a las ocho de la mañana.", "De Sevilla"),
])
def test_the_end_of_a_longer_proper_noun_or_a_place_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# attack set BG: a Spanish note with a family name opening with its particle, one after a given name's particles, a
# form of address, a Catalan given name that is an unaccented French title, and a national id, through every surface
SET_BG = ("Según De la Vereda, el contrato con Inés de las Rocas vence el viernes; Doña Remedios Iturbe firmará como "
          "testigo y Pere Vilaseca enviará el DNI 12345678Z por correo.")
SET_BG_SECRETS = ("Vereda", "Inés", "Rocas", "Doña", "Remedios", "Iturbe", "Pere", "Vilaseca", "12345678Z")


def test_set_bg_spanish_particles_and_forms_of_address_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BG, SET_BG_SECRETS)
