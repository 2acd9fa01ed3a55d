"""Accents written as a letter and a combining mark after it (a decomposed, NFD, text: what macOS file names, some
PDFs and some keyboards give, "Jose\\u0301 Marti\\u0301nez"): the view the finders read split each word at the mark,
so the stand-in replaced only the part before it and the rest went out ("José Martínez" as "Diann Wileýnez": "nez"
sent, the mark fixed on the stand-in). The view now reads a letter and its marks as the one composed letter, maps
it back to all of them, and the stand-in replaces the whole word; restoring gives back the marks as written. Every
example below is made up.
"""

from __future__ import annotations

import unicodedata

import pytest

from mechanisms.prmpt.normalize import view
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import as_restored, loaded_sanitizer, user_keys

KEYS = user_keys("decomposed-accents")


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ("Please email the contract to José Martínez García tomorrow.", ["José", "Martínez", "García"]),
    ("Le patient François Lefèvre, né le 3 mai 1950, est suivi depuis deux ans.", ["François", "Lefèvre"]),
    ("Die Mandantin Jürgen Müller-Lüdenscheidt wohnt in der Gärtnerstraße 12.", ["Müller-Lüdenscheidt"]),
    ("Remitido por la Dra. Begoña Ibáñez Muñoz, Servicio de Cardiología.", ["Begoña", "Ibáñez", "Muñoz"]),
    ("The tenant, Zoë Brontë-Çelik, paid the deposit on Monday.", ["Zoë", "Brontë-Çelik"]),
    ("Contact: Ștefan Bălănescu, tel. +40 721 555 014", ["Ștefan", "Bălănescu"]),
])
def test_a_decomposed_name_is_hidden_whole_and_restored_as_written(sanitizer: Sanitizer, text: str,
                                                                   values: list[str]) -> None:
    written = nfd(text)
    assert written != text
    out = sanitizer.sanitize(written, KEYS)
    for value in values:
        for word in value.replace("-", " ").split():
            for form in (nfd(word), word, unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()):
                assert form not in out.text, (form, out.text)
    # no mark is left on a stand-in: every replaced span took its word's marks with it
    for e in out.entities:
        assert e.end == len(written) or not unicodedata.combining(written[e.end]), (written[e.start:e.end + 1],)
    assert sanitizer.desanitize(out.text, out.mapping) == as_restored(written, out)


@pytest.mark.parametrize("text, values", [
    ("My name is J\u0332o\u0332h\u0332n\u0332 S\u0332m\u0332i\u0332t\u0332h\u0332 and I live in Leeds.",
     ["ohn", "mith"]),  # underlined
    ("Patient: J\u0336o\u0336h\u0336n\u0336 Okafor, seen on Monday.", ["ohn", "Okafor"]),  # struck through
    ("Please call Ma\u0335r\u0335i\u0335a\u0335 Lindqvist back today.", ["ria", "Lindqvist"]),
    ("Dear S\u0332a\u0332r\u0332a\u0332h\u0332 W\u0332i\u0332l\u0332l\u0332i\u0332a\u0332m\u0332s\u0332, thank you.",
     ["arah", "illiams"]),
    ("Signed: M\u0336i\u0336c\u0336h\u0336a\u0336e\u0336l\u0336 B\u0336r\u0336o\u0336w\u0336n\u0336, tenant.",
     ["ichael", "rown"]),
    # (passed before)
    ("Contact p\u0332r\u0332i\u0332y\u0332a\u0332@example.com about the invoice.", ["riya"]),
    ("Send it to Ива\u0301н Петро\u0301в, Москва.", ["Петро", "в,"]),  # a Russian stress mark
])
def test_a_mark_no_letter_takes_is_read_as_nothing(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    """Underlined or struck-through text, and stress marks, put a combining mark after each letter that no letter is
    composed with: the name was cut at each and went out but for its first letter."""
    out = sanitizer.sanitize(text, KEYS)
    plain = "".join(ch for ch in out.text if not unicodedata.combining(ch))
    for value in values:
        assert value not in plain, (value, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == as_restored(text, out)


def _marked(value: str, mark: str) -> str:
    return "".join(ch + mark for ch in value)


@pytest.mark.parametrize("text, value", [
    ("SSN " + _marked("123-45-6789", "\u0332") + " on file", "123-45-6789"),
    ("Card " + _marked("4111 1111 1111 1111", "\u0336"), "4111 1111 1111 1111"),
    ("Call me on " + _marked("+44 7700 900123", "\u0332") + " tonight", "7700 900123"),
    ("IBAN " + _marked("DE89 3704 0044 0532 0130 00", "\u0335") + " for the rent", "0532 0130"),
    ("Mail " + _marked("ana.lopez@example.com", "\u0332") + " today", "ana.lopez"),
])
def test_a_marked_value_is_read_as_its_characters(sanitizer: Sanitizer, text: str, value: str) -> None:
    """The same marks on a number or an address's signs: the digits a mark follows were no run of digits to any
    finder, and the whole value went out."""
    out = sanitizer.sanitize(text, KEYS)
    plain = "".join(ch for ch in out.text if not unicodedata.combining(ch))
    assert value not in plain, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == as_restored(text, out)


def test_the_view_composes_and_maps_back_to_every_mark() -> None:
    written = nfd("José Martínez")
    v = view(written)
    assert v.text == "José Martínez"
    start = v.text.index("Martínez")
    assert v.span(start, start + len("Martínez")) == (written.index("Mart"), len(written))
    assert v.span(0, 4) == (0, written.index(" "))
    assert view("José Martínez").ends is None  # (a composed text's view maps one character to one)


def test_a_composed_text_is_read_as_before(sanitizer: Sanitizer) -> None:
    # (passed before)
    text = "Please email the contract to José Martínez García tomorrow."
    out = sanitizer.sanitize(text, KEYS)
    assert "Martínez" not in out.text and "García" not in out.text


def test_a_mark_maps_back_with_the_character_before_it() -> None:
    # (passed before: the whole view maps back to the whole text, a mark opening it included)
    for text in ("1\u0301 2", "a \u0301b", "\u0301abc"):
        v = view(text)
        assert v.span(0, len(v.text)) == (0, len(text))


# the attack set of this round through every surface: decomposed names, a street and an email beside them
SET_CC = nfd("Patient: José Martínez García, 12 Calle de Álvaro Núñez, Sevilla.\n"
             "Contact Zoë Brontë-Çelik at zoe.bronte@example.org about Ștefan Bălănescu.")
SET_CC_SECRETS = tuple(nfd(w) for w in ("José", "Martínez", "García", "Núñez", "Brontë-Çelik", "zoe.bronte",
                                        "Bălănescu")) + ("nez", "ñez", "lănescu")


def test_set_cc_never_reaches_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_CC, SET_CC_SECRETS)


# underlined and struck-through values and a stressed Russian name, through every surface
SET_CC3 = ("SSN " + _marked("123-45-6789", "\u0332") + ", card " + _marked("4111 1111 1111 1111", "\u0336") + "\n"
           "Dear " + _marked("Sarah", "\u0332") + " " + _marked("Williams", "\u0332") + ", mail "
           + _marked("ana.lopez@example.com", "\u0332") + "\nSend it to Ива\u0301н Петро\u0301в.")
SET_CC3_SECRETS = (_marked("123-45-6789", "\u0332"), _marked("4111", "\u0336"), _marked("illiams", "\u0332"),
                   _marked("ana.lopez", "\u0332"), "Петро\u0301в", "123-45-6789", "Williams", "ana.lopez")


def test_set_cc3_never_reaches_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_CC3, SET_CC3_SECRETS)
