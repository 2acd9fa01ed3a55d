"""Shapes of names in news found on the English news train split (CoNLL-2003 ``eng.train``, its first 250 articles),
which the project had never read.

- "O'" opens an Irish family name in the name pairs: "Troy O'Leary" went out as a stand-in and "O'Leary".
- "said" right after a quotation mark is the verb, not the contracts' determiner ("said Lender"): '..., "said Frank
  Quilter' was read as a defined term and sent whole.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("news-train")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("In Boston, Troy O'Leary homered off the right-field foul pole.", ["Troy", "Leary"]),
    ("The claim was filed by Sinead O'Dowd on Tuesday.", ["Sinead", "Dowd"]),
    ("In Denver, Brady O'Hearn allowed two hits in six innings.", ["Brady", "Hearn"]),
    ("Please ask Conan O'Brien to sign the form.", ["Conan", "Brien"]),  # (passed before)
    ("The letter was signed by Brendan O'Leary and Sean O'Hara.", ["Brendan", "Leary", "Sean", "Hara"]),  # (passed before)
])
def test_an_irish_family_name_after_a_given_name(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ('We will be guests of the Kennedys, "said Frank Quilter, one of the two delegates.', ["Frank", "Quilter"]),
    ('"It was a fair result, "said Mark Baker after the game.', ["Mark", "Baker"]),
    ('"We lost the toss, "said Glen Turner, the captain.', ["Glen", "Turner"]),
    ('"It was a fair result," said Mark Baker after the game.', ["Mark", "Baker"]),  # (passed before)
    ("The proposal, said Frank Quilter, was rejected.", ["Frank", "Quilter"]),  # (passed before)
])
def test_said_right_after_a_quotation_mark_is_the_verb(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (passed before)
def test_said_before_a_contract_party_stays_a_determiner(sanitizer: Sanitizer) -> None:
    text = 'The Lender (the "Lender") may assign the Loan. Any notice to said Lender shall be in writing.'
    check_kept(sanitizer, KEYS, text, "said Lender")
