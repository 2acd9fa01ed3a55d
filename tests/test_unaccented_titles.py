"""The French titles as an OCR without accents writes them ("Pere", "Abbe", "Frere") are cut off a name in a French
text only. Elsewhere "Pere" is the Catalan Peter: in the Spanish news "Pere Esteve", "Pere Miró" came back as
"Pere" beside the stand-in of the family name (10 mentions in the train split); in an English text "Abbe" and
"Cure" are family names.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("unaccented-titles")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("El secretario general del partido, Pere Vilaseca, anunció ayer que no se presentará a la reelección.",
     ["Pere", "Vilaseca"]),
    ("Las becas fueron presentadas hoy en Barcelona por el catalán Pere Rovirosa, director del programa.",
     ["Pere", "Rovirosa"]),
    ("La gestión de Pere Casademunt al frente de la federación fue muy criticada por los clubes.",
     ["Pere", "Casademunt"]),
    ("Según informó Pere Bertran, la nueva línea de tren estará lista en otoño.", ["Pere", "Bertran"]),
    ("Please forward the contract to Frere Okonkwo before Friday.", ["Frere", "Okonkwo"]),
])
def test_an_unaccented_french_title_is_a_name_outside_french(sanitizer: Sanitizer, text: str,
                                                             secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before)
@pytest.mark.parametrize("text, secrets, kept", [
    ("Le Pere Lacordaire a prêché hier à la cathédrale devant une foule nombreuse.", ["Lacordaire"], "Pere"),
    ("Le Frere Anselme dirigeait alors l'école des garçons du village.", ["Anselme"], "Frere"),
])
def test_in_french_it_stays_a_title(sanitizer: Sanitizer, text: str, secrets: list[str], kept: str) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)
    check_kept(sanitizer, KEYS, text, kept)
