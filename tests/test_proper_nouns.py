"""Family names an English dictionary holds as nouns: WordNet, the dictionary the detection reads, lists the family
names of many well-known people ("Thatcher", "Waugh", "Coulter", "Cunningham"), so where NER read one alone as a
person at a sentence's start, or as an organisation ("Kraft", "Cantor"), the word was taken for an everyday word and
the name went out (English news dev split: "Thatcher had ...", "Waugh ...", "Kraft ..."). How a large corpus writes a
word tells the two apart: a listed name that the dictionary holds as a noun only and that is written capitalised far
more often than in lower case (``proper_nouns_en_v1.txt``, built by ``bench/make_proper_nouns.py`` from
spacy-lookups-data's English word frequencies) is a name there. Never a word the same text writes in lower case
("Kraft envelopes ... kraft paper"), a word also used as a verb or an adjective ("Mark the ticket", "Greek
yoghurt"), a sign of the zodiac, a month, a place, or a word no name list holds ("Scotland", "Provence").

The five sentences below went out at c181965 (made up).
"""

from __future__ import annotations

import math

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("proper-nouns")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ("Orbison was released from hospital on Tuesday after a minor operation.", ["Orbison"]),
    ("Thorpe finished third in the 400 metres freestyle final.", ["Thorpe"]),
    ("Waite returned to the squad after a knee injury.", ["Waite"]),
    ("Hearst bought the newspaper for an undisclosed sum.", ["Hearst"]),
    ("Coulter had already left the studio when the row began.", ["Coulter"]),
])
def test_family_names_the_dictionary_holds_as_nouns_are_hidden(sanitizer: Sanitizer, text: str,
                                                                values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Kraft envelopes are cheaper; order kraft paper too.", "Kraft envelopes"),
    ("Mark the ticket as done and close the board.", "Mark the ticket"),
    ("Greek yoghurt and honey, then the fruit salad.", "Greek yoghurt"),
    ("Scorpio: a good day to settle money matters.", "Scorpio: a good day"),
    ("July 9 v Minor Counties XI, July 12 v Scotland.", "July 12 v Scotland"),
    ("Christmas was quiet this year at the office.", "Christmas was quiet"),
    ("Provence was lovely in June, the lavender everywhere.", "Provence was lovely"),
    ("Tesla released the update to all cars overnight.", "Tesla released"),
])
def test_words_written_capitalised_that_no_name_list_holds_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


def test_the_list_keeps_nouns_written_capitalised_far_more_often_than_not() -> None:
    from bench.make_proper_nouns import build

    unknown = -20.5
    probabilities = {
        "Thatcher": -14.0, "thatcher": -17.0,  # a noun, capitalised 20 times as often: kept
        "Hill": -11.5, "hill": -11.3,  # written in lower case as often: left
        "Greek": -11.0, "greek": -14.0,  # an adjective too: left
        "Scorpio": -14.0, "scorpio": -18.0,  # a sign of the zodiac: left
        "Madrid": -11.0,  # a place: left
        "Zzyzxq": -15.0,  # no dictionary word: left
        "Crohn": -14.2, "crohn": -14.2 - math.log(math.e) + 0.01,  # just under the ratio: left
    }
    assert build(probabilities, unknown) == ["Thatcher"]


def test_the_shipped_list_is_the_one_the_builder_writes() -> None:
    from pathlib import Path

    from mechanisms.prmpt.entities.name_words import proper_nouns

    path = Path(__file__).resolve().parent.parent / "mechanisms" / "prmpt" / "data" / "proper_nouns_en_v1.txt"
    words = [line for line in path.read_text("utf-8").splitlines() if line and not line.startswith("#")]
    assert words == sorted(words) and len(words) > 3_000
    assert path.read_text("utf-8").startswith(f"# English nouns written capitalised far more often than not, for "
                                              f"PERSON detection ({len(words):,} words; v1)")
    assert {"Thatcher", "Waugh", "Coulter", "Arafat"} <= proper_nouns()
    assert not {"Mark", "Will", "Greek", "Hill", "Scorpio", "July", "Madrid"} & proper_nouns()


SET_BQ = ("Thatcher had gone to Brussels for the summit. Coulter had already left the studio when the row began, and "
          "Waite returned to the squad after a knee injury.")
SET_BQ_SECRETS = ("Thatcher", "Coulter", "Waite")


def test_set_bq_dictionary_family_names_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BQ, SET_BQ_SECRETS)
