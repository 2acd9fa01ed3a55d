"""Middle initials and company forms, found by attacking the previous round's figures with Presidio's generator.

- A given name that is an everyday word before a middle initial is the name's first word: NER read "Demi J.
  Hammond" whole, and the edge-word cleaning dropped "Demi" (an everyday word no list holds), which went out twice.
  Not before "A" or "I", words of English ("Division A Hajduk"), nor in French, where "M." is "Monsieur" ("Certes
  M. Pot").
- Outside French a single capital with its point after a listed given name is a middle initial, not "Monsieur":
  "Carolina M. Hedlund's killers" went out as "Carolina" (the name was cut at the "title").
- A firm NER reads by its company form is no person: "Barnes Ltd" (an organisation to NER) lost "Barnes", a
  place, and "Ltd" was read alone as a name, which then took "Barnes" back in ("at Barnes Ltd" went out as a
  made-up person).
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("middle-initials")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("The keynote will be given by Sky T. Lindqvist from the Oslo office.", ["Sky", "Lindqvist"]),
    ("Please send the signed contract to Demi L. Vasquez by Friday.", ["Demi", "Vasquez"]),
    ("You can tell Demi was a huge Demi J. Hammond fan. Written when he was 69.", ["Demi", "Hammond"]),
    ("The award went to Will A. Carter last year.", ["Will", "Carter"]),  # (passed before: listed)
    ("Please call Rose M. Kelly tomorrow morning.", ["Rose", "Kelly"]),  # (passed before)
])
def test_a_given_name_that_is_a_word_before_a_middle_initial(sanitizer: Sanitizer, text: str,
                                                             secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("She spent a year at Barnes Ltd before joining the bank.", "Barnes Ltd"),
    ("Pero spent a year at Barnes Ltd as the assistant to Pero D. Stolar.", "Barnes Ltd"),
    ("He spent two years at Hargreaves Ltd as an analyst.", "Hargreaves Ltd"),  # (passed before)
])
def test_a_firm_by_its_company_form_is_no_person(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# (each passed before)
@pytest.mark.parametrize("text, kept", [
    ("Matches played on Saturday: Division A Hajduk 2 Proleter 0.", "Division A"),
    ("Certes M. Pot était jaloux des affections de sa femme.", "Certes M."),
])
def test_an_everyday_word_before_a_or_a_french_m_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Carolina M. Hedlund's killers were sentenced to life in prison.", ["Carolina", "Hedlund"]),
    ("Georgia M. Lindqvist will chair the meeting on Thursday.", ["Georgia", "Lindqvist"]),
    ("Virginia K. Osei's lawyers filed the appeal on Monday.", ["Virginia", "Osei"]),  # (passed before: not "M.")
])
def test_m_after_a_given_name_is_an_initial_outside_french(sanitizer: Sanitizer, text: str,
                                                           secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (passed before)
def test_m_before_a_family_name_in_french_stays_a_title(sanitizer: Sanitizer) -> None:
    text = "La séance était présidée par M. Dupuis, assisté de Mme Lenoir et de M. Garnier."
    check_hidden(sanitizer, KEYS, text, ["Dupuis", "Lenoir", "Garnier"])
    check_kept(sanitizer, KEYS, text, "par M. ")


# attack set BH: given names that are words or places before a middle initial, beside a firm by its company form,
# through every surface (the firm's name is no person's and goes out as written)
SET_BH = ("Carolina M. Hedlund's contract with Barnes Ltd ends in May; please send Demi J. Hammond the renewal and "
          "copy Sky T. Lindqvist at sky.lindqvist@example.org.")
SET_BH_SECRETS = ("Carolina", "Hedlund", "Demi", "Hammond", "Sky T", "Lindqvist", "sky.lindqvist@example.org")


def test_set_bh_middle_initials_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BH, SET_BH_SECRETS)
