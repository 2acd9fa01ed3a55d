"""Initials in the facts of a judgment, as the European Court of Human Rights writes its pseudonyms: lists of them
after a person noun, after "namely" or "identified as", before "who" or a person noun, and one set off after a kinship word with a
hyphenated word before it. Made up in the shapes read in published judgments' facts (no development file holds a
judgment); the leaks they stand for were found there.

- A list of initials after a person noun: the rule read one or two ("officers Sh. and B."), never a third, so
  "police officers D., S., Sh. and Z. arrived" hid "D." only; "namely" and "identified as" name the
  people the initials stand for ("three undercover agents, namely D.D., N.A. and L.C.,"); Hungarian digraph initials
  count ("E.Sz."), and so do initials that are an acronym's letters too among others ("namely A.D. and R.B.": the
  whole list was skipped for its first item).
- Initials before "who" are a person ("a telephone call from R.H. who reported"), and so are initials set off
  before the person noun that says who they are ("In particular, A. and V., servicemen with the unit, were not
  questioned"), but for a section's or a part's letter ("See Section A., the applicant's claims").
- A set-off pseudonym before the next sentence ("his common-law wife, H.M. The latter called"): the hyphenated word
  before the noun was not read, and the next sentence's "The" (the dictionary holds no function word) was taken
  for a family name after an initial.
- A single initial found as a name ("P.") is never again the "p." of "8 p.m." or the end of "A.P.": the request's
  other mentions were looked for in any case and inside runs of initials, so times were altered.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("judgment-initial-lists")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ("At about 9 p.m. police officers D., Sh., Kh. and Zh. arrived at the flat.", ["Sh.", "Kh.", "Zh."]),
    ("Police officers G.T., V.K. and Yu.P. took him to the station.", ["G.T.", "V.K.", "Yu.P."]),
    ("The prosecutor authorised three undercover agents, namely R.R., M.T. and O.C., to buy the drugs.",
     ["R.R.", "M.T.", "O.C."]),
    ("Two guards, who were later identified as K.N. and I.V. in the criminal proceedings, escorted her.",
     ["K.N.", "I.V."]),
    ("The informant, namely G.H., contacted the applicant in May.", ["G.H."]),
    ("The witnesses J.K., L.M., N.O. and P.R. gave statements.", ["J.K.", "L.M.", "N.O.", "P.R."]),
    ("At 7 a.m. the police received a call from W.Z. who reported a burglary.", ["W.Z."]),
    ("The victim's mother, T.K., whom the police questioned, denied it.", ["T.K."]),  # (passed before)
    ("Officers F.Sz. and G.Zs. appeared at the applicant's flat.", ["F.Sz.", "G.Zs."]),  # (passed before)
    ("A quarrel broke out between the applicant and his common-law wife, Q.W. The latter called an ambulance.",
     ["Q.W."]),
    ("The applicant's step-daughter, J., and her friend, R. She later left.", ["J.", "R."]),
    ("In particular, G. and T., servicemen with the unit, were not questioned.", ["G.", "T."]),
    ("K.L., a police officer, stated that he had seen nothing.", ["K.L."]),
    ("N., the applicant's brother, lodged a complaint.", ["N."]),
    ("Two officers, namely A.D. and R.B., questioned him; officers E.G. and D.K. left.", ["A.D.", "R.B.", "D.K."]),
])
def test_initials_in_judgments_facts_are_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("The applicant's partner, P., left the flat at 8 p.m. on Monday.", "8 p.m. on"),
    ("His brother, A., arrived at 6 a.m. and left.", "6 a.m. and"),
    ("Her partner, P., worked in the P.E. department.", "P.E. department"),
    ("The agents U.S., U.K. and E.U. officials met in Geneva.", "U.S., U.K. and E.U."),
    ("The yacht known as S.S. Minnow sank.", "S.S. Minnow"),
    ("The delegates of the U.N., who met on Monday, agreed.", "U.N., who"),
    ("The officials, namely the mayor and the governor, agreed.", "namely the mayor and the governor"),
    ("See Section A., the applicant's claims, above.", "Section A., the"),
    ("See part B., the officer's notes.", "part B., the"),
    ("The U.S., the officials said, agreed.", "The U.S., the"),
])
def test_acronyms_times_and_names_initials_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


SET_BO = ("At about 8 p.m. police officers D., S., Sh. and Z. arrived; the prosecutor named three undercover agents, "
          "namely D.D., N.A. and L.C., and a call came from R.H. who reported it. His common-law wife, H.M. The "
          "latter called. Officers E.Sz. and T.Z. left.")
SET_BO_SECRETS = ("Sh.", "D.D.", "N.A.", "L.C.", "R.H.", "H.M.", "E.Sz.", "T.Z.")


def test_set_bo_judgment_initial_lists_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BO, SET_BO_SECRETS)
