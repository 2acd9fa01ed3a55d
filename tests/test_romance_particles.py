"""A name in a Spanish or French text goes on after its family name's particles: "Luis de Grandes", "Carlos Espinosa
de los Monteros", "María Luisa de la Hera" kept their last words ("Grandes", "los Monteros", "Hera") where NER or a
finder had read the words before the particles alone; a listed given name with its particles before a family name
found alone ("Pilar del Castillo") kept "Pilar del". Measured on the Spanish news and clinical files and the French
OCR: of the capitalised words after "de", "del", "de la", "de los" or "de las" that follow a word of a labeled name,
293 were more of that name and 15 were not, most of them a country, a title, a town or an institution.

What stays: a country or a capital, a town that is no family name, a department, a word after a name no list holds
("Caixa de Girona") and, but after a listed given name or before "de los", a word of the language no list holds ("el
promedio Dow Jones de Industriales").
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("romance-particles")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("La abogada de la familia, Inés de las Rocas, pidió la nulidad del juicio.", ["Inés", "Rocas"]),
    ("El tenista paraguayo Ramón Delgadillo de los Santos ganó ayer el torneo de Asunción.",
     ["Ramón", "Delgadillo", "Santos"]),
    ("El delegado sindical, Elías Montero de los Pozos, negó ayer cualquier acuerdo con la empresa.",
     ["Elías", "Montero", "Pozos"]),
    ("Estaban también la delegada de Cultura, Amparo de la Torre; el rector de la universidad y el obispo.",
     ["Amparo", "Torre"]),
    # (each passed before: names the pairs or NER read whole)
    ("El delegado Tomás Ibarra de los Ríos inauguró la exposición en el museo provincial.",
     ["Tomás", "Ibarra", "Ríos"]),
    ("El portavoz del grupo municipal, Ramiro de Olmedilla, presentó ayer la moción en el pleno.",
     ["Ramiro", "Olmedilla"]),
    ("El entrenador, Anselmo del Valle, confirmó que el equipo viajará el lunes a Bilbao.", ["Anselmo", "Valle"]),
    ("Le député Gaston de Villebrune a présenté hier son rapport devant la commission des finances.",
     ["Gaston", "Villebrune"]),
])
def test_the_words_after_a_names_particles_are_the_name(sanitizer: Sanitizer, text: str,
                                                        secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before)
@pytest.mark.parametrize("text, kept", [
    ("El promedio Dow Jones de Industriales subió ayer un uno por ciento en Nueva York.", "Industriales"),
    ("La Caixa de Girona ha obtenido un beneficio de 40 millones en el primer trimestre.", "Girona"),
    ("El concierto de la Orquesta Ciudad de Granada se celebrará en el auditorio municipal.", "Granada"),
])
def test_a_place_a_department_or_a_word_after_a_name_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)
