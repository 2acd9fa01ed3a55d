"""What the tests of made-up shapes share (tests/test_secret_shapes.py, tests/test_account_names.py): a sanitizer at
its defaults, the check that no listed value is left in the sanitized text, the check that words naming no one are, and
that restoring gives the text back exactly."""

from __future__ import annotations

from typing import Any

from mechanisms.keys import MasterKey, UserKeys
from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.sanitizer import Sanitizer


def user_keys(name: str) -> UserKeys:
    return MasterKey.from_bytes(bytes(range(32))).user_keys(name)


def loaded_sanitizer() -> Sanitizer:
    s = Sanitizer(PrmptConfig())
    s.load()
    return s


def check_hidden(sanitizer: Sanitizer, keys: UserKeys, text: str, values: list[str]) -> None:
    out = sanitizer.sanitize(text, keys)
    for value in values:
        assert value not in out.text, (value, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


def check_kept(sanitizer: Sanitizer, keys: UserKeys, text: str, kept: str) -> None:
    out = sanitizer.sanitize(text, keys)
    assert kept in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


def as_restored(text: str, out: Any) -> str:
    """What restoring gives back: the text as written, but for the noised (Category II) values, which stay noised
    by default."""
    expected, at = [], 0
    for e in out.entities:
        if e.category == "mldp":
            expected += [text[at:e.start], e.replacement]
            at = e.end
    return "".join(expected) + text[at:]
