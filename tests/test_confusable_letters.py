"""Cyrillic and Greek letters drawn as Latin ones (Unicode's confusables: "А" U+0410 is drawn as "A") inside a code, an
id or an address written in Latin letters and digits: an AWS key, an IBAN, a passport number or an email's domain with
one such letter went out as written, since no finder's pattern holds the Cyrillic letter ("\\u0410KIAIOSFODNN7EXAMPLE").
The view reads such a letter as the Latin one in a token whose other characters are all ASCII letters and digits; a
Russian or Greek word stays itself, and so does a word with one Latin letter typed into it. The stand-in replaces what
was written and restoring gives it back. Every example below is made up.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.normalize import view
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, loaded_sanitizer, user_keys

KEYS = user_keys("confusable-letters")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secret", [
    ("aws key \u0410KIAIOSFODNN7EXAMPLE secret wJalrXUtnFEMI", "IOSFODNN7EXAMPLE"),
    ("IBAN D\u041589 3704 0044 0532 0130 00 for the deposit", "3704 0044 0532"),
    ("my passport number is \u0421\u041012345678 and it expires in May", "12345678"),
    ("Ship it to jane.doe@gm\u0430il.com, please", "jane.doe"),  # (passed before)
    ("GitHub token ghp_\u0410bcdEFGHijklMNOPqrstUVWXyz0123456789 in the log", "EFGHijklMNOPqrstUVWXyz0123456789"),
    ("VIN 1HGCM8263\u0410A004352 on the title", "A004352"),
])
def test_a_code_with_a_confusable_letter_is_hidden(sanitizer: Sanitizer, text: str, secret: str) -> None:
    check_hidden(sanitizer, KEYS, text, [secret])


def test_the_view_reads_the_latin_letter_and_leaves_words_of_other_scripts() -> None:
    assert view("\u0410KIA1234").text == "AKIA1234"
    assert view("gm\u0430il.com").text == "gmail.com"
    # (passed before) a Russian or Greek word, and one with a Latin letter typed into it, stay themselves
    for text in ("Москва и Санкт-Петербург", "Αθήνα ΑΦΜ 123456789", "Иванoв", "СССР"):
        assert view(text).text == text


def test_a_russian_text_is_read_as_before(sanitizer: Sanitizer) -> None:
    # (passed before)
    text = "Пациент Иван Петров, телефон +7 912 345 67 89"
    out = sanitizer.sanitize(text, KEYS)
    assert "912 345 67 89" not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


SET_CC4 = ("aws key \u0410KIAIOSFODNN7EXAMPLE\nIBAN D\u041589 3704 0044 0532 0130 00\n"
           "passport \u0421\u041012345678, mail jane.doe@gm\u0430il.com")
SET_CC4_SECRETS = ("\u0410KIAIOSFODNN7EXAMPLE", "IOSFODNN7EXAMPLE", "3704 0044 0532 0130", "\u0421\u041012345678",
                   "12345678", "jane.doe")


def test_set_cc4_never_reaches_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_CC4, SET_CC4_SECRETS)
