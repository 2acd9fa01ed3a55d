"""Initials standing alone for a person where the text already names someone so, as the European Court's facts write
pseudonyms ("a quarrel broke out between the applicant and T. on one side and the applicant's brothers V. and P."):
the rules for initials read them after a title, a person noun or a role; "and T. on one side" has none of those, and
went out. Made up in the shape of published judgments' facts.

Initials of two or three letters before a possessive or a verb a person does are a person's in English ("I.J.'s
statements", "what I.J. had said"; the test read only a verb in "-ed" or "-s"), but never after a determiner ("the
B.B.C. had", "The N.H.S. was": an institution's; the "-s" test took "The N.H.S. was" for a person before), and
never a physician's "M.D." ("M.D. would return", a nursing note's) nor a nurse's "R.N.".

Once initials alone are a name in an English text, other initials alone like them are too: after a lower-case word
(a comma between or not) and before a lower-case word or a comma, semicolon, colon, bracket or dash. Never where no
initials are a name yet ("see plan B. and the annex"), never after a word a letter labels ("Section A. of", "vitamin
C. and") or a determiner ("the P.E. department"), never "I." and never an acronym of the lists ("in the U.S. and").
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("lone-initials")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ("A quarrel broke out between the applicant and G. on one side and the applicant's brothers W. and K. on the "
     "other.", ["G.", "W.", "K."]),
    ("The applicant's sister, N., stated that she had seen H. at the market with O.B. on that day.", ["H.", "O.B."]),
    ("Police officers J. and Q. questioned the applicant; later the investigator interviewed F. about it.", ["F."]),
    ("The applicant's neighbour, Z., said that the car belonged to M.K., a taxi driver.", ["M.K."]),  # (passed before)
    ("Officer Kh. hit the applicant; according to R., the blows continued for an hour.", ["R."]),
    ("He, together with W.J., had hit Q. on the head; Q. had fallen. W.J.'s statements were read.", ["W.J.", "Q."]),
    ("The court had no reason to doubt what K.T. had said, nor the statements of B.R. – his friend.", ["K.T.", "B.R."]),
])
def test_lone_initials_in_a_pseudonymised_text_are_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("See plan B. and the annex before the meeting.", "plan B. and"),
    ("The applicant's son, N., read Section A. of the report and took vitamin C. daily.", "Section A. of"),
    ("The applicant's son, N., read Section A. of the report and took vitamin C. daily.", "vitamin C. daily"),
    ("The applicant's wife, K., moved to the U.S. and stayed there.", "the U.S. and"),
    ("The applicant's wife, K., said that the World War I. archives were closed.", "War I. archives"),
    ("The applicant's wife, K., lives in flat B. on the second floor.", "flat B. on"),
    ("The N.H.S. was founded in 1948 and the B.B.C. had a monopoly.", "The N.H.S. was"),
    ("The N.H.S. was founded in 1948 and the B.B.C. had a monopoly.", "the B.B.C. had"),
    ("The U.S.'s position was clear.", "The U.S.'s position"),
    ("Access: Peripheral H.L. left hand. Line flushed.", "H.L. left hand"),
    ("Pt tolerated the procedure and M.D. would return for further evaluation.", "M.D. would return"),
])
def test_letters_labels_and_acronyms_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


SET_BP = ("A quarrel broke out between the applicant and T. on one side and the applicant's brothers V. and P. on the "
          "other; the investigator later questioned F. about it, and according to R., the blows went on.")
SET_BP_SECRETS = ("T.", "V.", "P.", "F.", "R.")


def test_set_bp_lone_initials_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BP, SET_BP_SECRETS)
