"""Credentials written right after their name with no colon or verb ("password Tr0ub4dor&3", "username
kwame.boateng88", "user jsmith_77") and a session's cookie or anti-forgery token ("PHPSESSID=...", "connect.sid=...",
"sessionid=..."): each logs its holder in, so each must leave the sanitized text and restore exactly. Words after the
same names that are no credential (a version, a date, a policy, a web address, a file) stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("bare-credentials")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Please update my account: username kwame.boateng88, password Tr0ub4dor&3", ["boateng88", "Tr0ub4dor&3"]),
    ("new pwd hunter22 for the vpn, user jsmith_77", ["hunter22", "jsmith_77"]),
    ("login a.okafor2 failed three times", ["okafor2"]),
    ("Cookie: PHPSESSID=3f9a8c7d6e5b4a39281706f5e4d3c2b1; theme=dark", ["3f9a8c7d6e5b4a39281706f5e4d3c2b1"]),
    ("sessionid=k2j3h4g5f6d7s8a9q0w1e2r3t4y5u6i7", ["k2j3h4g5f6d7s8a9q0w1e2r3t4y5u6i7"]),
    ("Set-Cookie: connect.sid=s%3AabcDEF123456789xyz.QWERTYUIOPasdfghjkl; Path=/", ["QWERTYUIOPasdfghjkl"]),
    ("Recovery code: 7F3K-9Q2M-XX4P-81LD, keep it offline.", ["7F3K-9Q2M-XX4P-81LD"]),
    ("My wifi key is BlueOcean#77 if you need it.", ["BlueOcean#77"]),
])
def test_a_bare_credential(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("password v2.0.1 release notes", "v2.0.1"),
    ("password 2024-01-01 rotation is due", "2024-01-01"),
    ("The password policy requires 12 characters.", "policy"),
    ("login example.com is down again", "example.com"),
    ("Open login.html and the user config.yaml file", "config.yaml"),
    ("for user in users: print(user)", "users"),
    ("The residents: Anna inside, the rest beside the gate.", "inside"),
    ("The recovery code is in the drawer.", "drawer"),
    ("The key is patience.", "patience"),
])
def test_words_after_the_same_names_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# bare credentials and a session cookie, through every surface
SET_BW = ("username kwame.boateng88, password Tr0ub4dor&3\n"
          "Cookie: PHPSESSID=3f9a8c7d6e5b4a39281706f5e4d3c2b1; theme=dark")
SET_BW_SECRETS = ("boateng88", "Tr0ub4dor&3", "3f9a8c7d6e5b4a39281706f5e4d3c2b1")


def test_set_bw_bare_credentials_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BW, SET_BW_SECRETS)
