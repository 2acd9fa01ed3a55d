"""French courtesy titles before a name, found on the French newspaper file of the development data (Europeana):
"M." was taken into the name as if it were an initial, so the stand-in changed it ("chez M. G. Madelaine" went out as
"chez N. L. Lakeshia") and a place or a word before it went out replaced with the name ("En Cochinchine M. Guiselin"
as "En Sarah N. Hickmon"). In a text read as French the title stays as written beside the stand-in, and the word
before it is no part of the name, unless it is a listed given name ("Jean M. Dupont"). Every example below is made
up.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("french-courtesy-titles")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, kept, values", [
    ("Les souscriptions sont reçues chez M. G. Madelaine, 3, rue Scribe, à Paris, jusqu'au 28 juillet.", "chez M. ",
     ["Madelaine"]),
    ("En Cochinchine M. Guiselin, aide major de deuxième classe, est nommé au régiment de la garnison de Saigon.",
     "En Cochinchine M. ", ["Guiselin"]),
    ("Le tsar a appelé à Péterhoff M. Mouronstseff pour lui offrir le portefeuille des finances, dit une dépêche.",
     "Péterhoff M. ", ["Mouronstseff"]),
    ("Trot attelé, 2.500 francs. 1. Calvados, à M. J. Lemonnier (Dacier). La course a été disputée sous la pluie "
     "devant un public nombreux.", "à M. ", ["Lemonnier", "Dacier"]),
    ("Le préfet a reçu M. M. Brin, ancien préfet de l'Ain, à la préfecture de Rennes hier matin.", "reçu M. ",
     ["Brin"]),
])
def test_the_title_stays_and_the_name_is_hidden(sanitizer: Sanitizer, text: str, kept: str,
                                                values: list[str]) -> None:
    check_kept(sanitizer, KEYS, text, kept)
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept, values", [
    ("La séance est ouverte à trois heures. MM. Durandeau et Lefébure, conseillers, ont pris la parole sur le budget "
     "de la ville.", "MM. ", ["Durandeau", "Lefébure"]),
    ("A Rennes, Mme Kervella, née Le Duigou, est décédée hier dans sa quatre-vingtième année, entourée des siens.",
     "Mme ", ["Kervella"]),
    ("Au conseil général, Mgr Duparc a rappelé que les écoles libres de la Bretagne manquent de maîtres.", "Mgr ",
     ["Duparc"]),
    ("A la Bourse de Paris, Me Lagrange, notaire à Vannes, a présenté hier les comptes de la succession.", "Me ",
     ["Lagrange"]),
])
def test_other_titles_as_before(sanitizer: Sanitizer, text: str, kept: str, values: list[str]) -> None:
    check_kept(sanitizer, KEYS, text, kept)  # (passed before)
    check_hidden(sanitizer, KEYS, text, values)


def test_a_given_name_before_m_is_still_hidden(sanitizer: Sanitizer) -> None:
    check_hidden(sanitizer, KEYS, "Le conseil municipal a élu Jean M. Dupont maire de la commune au premier tour de "
                 "scrutin.", ["Jean", "Dupont"])  # (passed before)


def test_an_english_initial_m_is_still_part_of_the_name(sanitizer: Sanitizer) -> None:
    # (passed before: in English "M." is an initial and is replaced with the name)
    check_hidden(sanitizer, KEYS, "The contract was signed by M. Okonkwo-Barnes on behalf of the buyer.",
                 ["Okonkwo-Barnes"])
