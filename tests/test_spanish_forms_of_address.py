"""The Spanish "Don" and "Doña" (and "Dña."), written only before a given name, are hidden with the name as a word of
it, as the Italian "Dott." and "Sig.ra" are: the Spanish news labels "Doña Sofía" and "Don Juan Carlos" whole, and
"Doña" went out beside the stand-in of the name (11 mentions in the Spanish news train split). No word before the form
of address is taken into the name ("la Reina Doña Leonor": "Reina" is a listed given name too).
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("spanish-forms-of-address")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("El acto contó con la presencia de Doña Remedios Iturbe y de su hija mayor.", ["Doña", "Remedios", "Iturbe"]),
    ("Doña Leonor presidió ayer la entrega de premios en el teatro municipal.", ["Doña", "Leonor"]),
    ("Don Anselmo Cuadrado, alcalde de la localidad, recibió ayer a los visitantes.", ["Don", "Anselmo", "Cuadrado"]),
    ("Dña. Remedios Aguado Pérez, con domicilio en la calle Mayor 3 de Toledo, solicita la ayuda.",
     ["Dña", "Remedios", "Aguado"]),
    ("La infanta Doña Beatriz asistió ayer a la misa en la catedral.", ["Doña", "Beatriz"]),
    ("I asked Don about the invoice, and Don said yes.", ["Don"]),  # (passed before: a given name alone)
])
def test_don_and_dona_are_hidden_with_the_name(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("La Reina Doña Leonor visitó ayer el hospital de la ciudad.", "Reina"),
    ("La infanta Doña Beatriz asistió ayer a la misa en la catedral.", "infanta"),
    ("El rey don Fernando firmó el tratado en 1494.", "rey don"),  # (in lower case the title stays)
])
def test_the_words_before_the_form_of_address_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)
