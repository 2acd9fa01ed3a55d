"""Initials as judgments write them, with no comma around them, and a bench's list of judges: made up in the shape of
English court judgments (the issue's held-out judgments leaked 47 % of names at the start; no development file holds
a judgment, so these forms were written from how judgments name people, not measured).

- Initials right after a person noun are the person's pseudonym ("Investigator D. refused", "officers Sh. and B. beat
  him", "the driver A.B. was drunk"): the rule for such initials read them only set off by commas after a determiner
  and the noun ("his cousin, N., said"). Russian and Ukrainian names' digraph initials ("Sh.", "Kh.", "Zh.") count.
  Before a capitalised word, the initials are a name's ("the director J. Edgar"), never the name alone; acronyms stay
  ("the night nurse A.M. rounds", "the officers U.S. and U.K. delegations").
- A family name that is a dictionary word after a courtesy title and one initial, set off by a comma, is the family
  name ("Mr G. Ress, Mr A. Baka,"): the rule that reads "K. K. Subsequently, on 8 March" as a name and the next
  sentence's first word took it for the next sentence, and NER's "G. Ress" went out whole.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("judgment-initials")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ("Investigator D. refused to open a criminal case.", ["D."]),
    ("According to the applicant, on 5 June 2001 officers Sh. and B. beat him.", ["Sh.", "B."]),
    ("The prosecutor Kh. decided not to prosecute the gendarmes.", ["Kh."]),
    ("The driver A.B. was drunk, the police said.", ["A.B."]),  # (passed before)
    ("A neighbour K. saw the car leave at night.", ["K."]),
    ("Two guards, Zh. and T., were on duty; guard Zh. left at noon.", ["Zh.", "T."]),
    ("The witness M. stated that she had seen the applicant.", ["M."]),  # (passed before)
])
def test_initials_right_after_a_person_noun_are_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("The night nurse A.M. rounds start at seven.", "A.M."),
    ("The officers U.S. and U.K. delegations met in Geneva.", "U.S. and U.K."),
    ("Ask the owner P.S. the keys are in the box.", "P.S."),
    ("The inspector E.U. rules apply to the driver N.B. see below.", "E.U. rules"),
])
def test_acronyms_after_a_person_noun_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, values", [
    ("The Chamber was composed of: Mr C.L. Rozakis, President, Mr G. Ress, Mr A. Kovler, judges.", ["Ress"]),
    ("The judge, Mr G. Ress, expressed a dissenting opinion.", ["Ress"]),
    ("The Court was composed of Mrs F. Tulkens, Mr P. Haste, Mr S. Tress, judges.", ["Tulkens", "Haste", "Tress"]),
    # (passed before)
])
def test_a_family_name_that_is_a_word_after_a_title_and_an_initial(sanitizer: Sanitizer, text: str,
                                                                   values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


def test_a_word_opening_the_next_sentence_after_initials_stays(sanitizer: Sanitizer) -> None:
    check_kept(sanitizer, KEYS, "The statement was signed by K. K. Subsequently, on 8 March, he left.",
               "Subsequently, on 8 March")


SET_BL = ("Investigator D. refused to open a criminal case; officers Sh. and B. had beaten the applicant. The Chamber was "
          "composed of Mr G. Ress, President, and the driver A.B. testified.")
SET_BL_SECRETS = ("D.", "Sh.", "B.", "Ress", "A.B.")


def test_set_bl_judgment_initials_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BL, SET_BL_SECRETS)
