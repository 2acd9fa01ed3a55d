"""Family names joined by "and" or "&" where the model finds one of the two: the other is a person too, after a
sentence's first word that is a plain word ("Both Guillot and ..."), after "&" ("Lind & Carlsen"), and when no name
list holds it but no dictionary holds it either ("Hahn and Dippel"). Each made-up case failed before (one of the
two went out verbatim) but those marked "(passed before)"; a word joined to a name that is a place, a drug, a word
the text writes in lower case or an everyday word stays as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, loaded_sanitizer, user_keys

KEYS = user_keys("coordinated-names")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Both Lindahl and Bergqvist voted against the motion.", ["Lindahl", "Bergqvist"]),
    ("Both Guillot and Valentin abstained.", ["Guillot", "Valentin"]),
    ("Both Guillot and Marchetti abstained.", ["Guillot", "Marchetti"]),
    ("Both Piątek and Grabowski declined.", ["Piątek", "Grabowski"]),
    ("Ask Ferreira & Quaresma about the invoice.", ["Ferreira", "Quaresma"]),
])
def test_a_pair_after_a_sentence_s_first_word(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ("Harris & Torres met the auditor yesterday.", ["Harris", "Torres"]),
    ("Lind & Carlsen opened the meeting.", ["Lind", "Carlsen"]),
    ("Swanson & Watkins met the buyer yesterday.", ["Swanson", "Watkins"]),
    ("We thank Okonjo & Mbatha for their help.", ["Okonjo", "Mbatha"]),  # (passed before)
    ("Kowalski & Zieliński opened a bakery.", ["Kowalski", "Zieliński"]),  # (passed before)
])
def test_a_pair_joined_by_an_ampersand(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ("According to Hahn and Dippel, the build failed.", ["Hahn", "Dippel"]),
    ("I asked Tevetoğlu and Durdu to review the draft.", ["Tevetoğlu", "Durdu"]),
    ("The report by Becker and Dippel was late.", ["Becker", "Dippel"]),
    ("I asked Tevfikoğlu and Durdu to review the draft.", ["Tevfikoğlu", "Durdu"]),  # (passed before)
    ("The memo from Zelenko and Hrabowski arrived late.", ["Zelenko", "Hrabowski"]),  # (passed before)
    ("According to Vogel and Dippel, the build failed.", ["Vogel", "Dippel"]),  # (passed before)
    ("I spoke with Kowalczyk and Wąsowicz yesterday.", ["Kowalczyk", "Wąsowicz"]),  # (passed before)
])
def test_a_partner_no_list_holds(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Dr Okafor and Lagos were in the news.", "Lagos"),
    ("Ask Kowalczyk and Friends about the party.", "Friends"),
    ("Both Apple and Google filed briefs.", "Apple and Google"),
    ("Dr. Haugen prescribed Metotrexate and Azatioprina.", "Azatioprina"),
    ("Talk to Okonjo and Monday is fine.", "Monday"),
    ("The Baker and Smith report is due.", "The Baker and"),
    ("Lindqvist & Co. filed; the co-op and lindqvist's notes differ.", "& Co."),
])
def test_a_word_joined_to_a_name_that_is_none_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert kept in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# Coordinated family names through every surface
SET_AT = ("Both Guillot and Valentin abstained. Swanson & Watkins met the buyer. According to Hahn and Dippel, the build "
          "failed.")
SET_AT_SECRETS = ("Guillot", "Valentin", "Swanson", "Watkins", "Hahn", "Dippel")


def test_set_at_coordinated_names_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AT, SET_AT_SECRETS)
