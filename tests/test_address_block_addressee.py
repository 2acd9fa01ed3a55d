"""The addressee of an address block above the addressee's trade and company ("Caroline Landmark\\nAllopathic
physician\\nGarcia Ltd\\n254 Evans Street"), as a letter's or a form's block sets them out: before, only the line right
above the street was read, so the name two or three lines up went out verbatim. Each positive case failed before
but those marked "(passed before)"; a department, a heading or an order's words above a company stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("address-block-addressee")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Caroline Landmark\nAllopathic physician\nGarcia Ltd\n254 Evans Street\nLondon", ["Caroline", "Landmark"]),
    ("Carolina Pinto\nRose Group\nUnit 0150 Box 9561\nDPO AP 63", ["Carolina", "Pinto"]),
    ("Sydney Gateway\nFernleigh Holdings\n18 Mill Lane\nLeeds", ["Sydney", "Gateway"]),
    ("Carolina Brook\nSmilecare Ltd\n9 Quay Street\nGalway", ["Carolina", "Brook"]),
    ("Please send the samples to:\n\nCarolina Landmark\nDental nurse\nSmilecare Ltd\n9 Quay Street\nGalway",
     ["Carolina", "Landmark"]),  # (passed before)
    ("Virginia Gateway\nFernleigh Holdings\n18 Mill Lane\nLeeds", ["Virginia", "Gateway"]),
    ("The parcel went out today.\n\nSydney Gateway\nFernleigh Holdings\n18 Mill Lane\nLeeds", ["Sydney", "Gateway"]),
    ("Ship to:\nSydney Gateway\nFernleigh Holdings\n18 Mill Lane\nLeeds", ["Sydney", "Gateway"]),
    ("Sofia Marchetti\nSenior accountant\nBrightline Consulting Ltd\n4 Harbour Road\nCork",
     ["Sofia", "Marchetti"]),  # (passed before)
])
def test_the_addressee_above_a_trade_and_a_company(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before: what must stay as it was)
@pytest.mark.parametrize("text, kept", [
    ("Head Office\nAcme Ltd\n12 Mill Lane\nLeeds", "Head Office"),
    ("Please ship to:\nAccounts payable\nAcme Ltd\n12 Mill Lane\nLeeds", "Accounts payable"),
    ("Order 5512\nSpare parts\nAcme Ltd\n12 Mill Lane\nLeeds", "Spare parts"),
    ("Returns department\nAcme Ltd\n12 Mill Lane\nLeeds", "Returns department"),
    ("Customer Services\nNorthwind Group\n12 Mill Lane\nLeeds", "Customer Services"),
])
def test_a_department_or_a_heading_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)
