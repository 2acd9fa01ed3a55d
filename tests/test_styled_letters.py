"""Latin letters written in a styled form: the bold, italic, script and double-struck letters of Unicode's
mathematical alphabets ("𝐉𝐨𝐡𝐧 𝐒𝐦𝐢𝐭𝐡", as "fancy text" generators and social-media bios write them), circled and
parenthesised letters ("ⓙⓞⓗⓝ"). The view read them as they are, so an email written so went out verbatim beside a
name that was hidden ("𝐣𝐨𝐡𝐧@𝐞𝐱𝐚𝐦𝐩𝐥𝐞.𝐜𝐨𝐦"), and a circled name was read as nothing. The view now reads each as the ASCII
letter its compatibility form (NFKC) is; the stand-in replaces what was written and restoring gives it back.
Ordinal signs and superscript digits keep their own readings ("2ª planta", "10²"). Every example below is made up.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.normalize import view
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, loaded_sanitizer, user_keys

KEYS = user_keys("styled-letters")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Contact John Smith at 𝐣𝐨𝐡𝐧@𝐞𝐱𝐚𝐦𝐩𝐥𝐞.𝐜𝐨𝐦 today.", ["𝐣𝐨𝐡𝐧@𝐞𝐱𝐚𝐦𝐩𝐥𝐞.𝐜𝐨𝐦", "𝐣𝐨𝐡𝐧"]),
    ("Contact ⓙⓞⓗⓝ ⓢⓜⓘⓣⓗ today about the lease.", ["ⓙⓞⓗⓝ", "ⓢⓜⓘⓣⓗ"]),
    ("Write to 𝓂𝒶𝓇𝒾𝒶.𝑔𝑜𝓃𝓏𝒶𝓁𝑒𝓏@𝑒𝓍𝒶𝓂𝓅𝓁𝑒.𝑜𝓇𝑔 for the invoice.", ["𝓂𝒶𝓇𝒾𝒶", "𝑔𝑜𝓃𝓏𝒶𝓁𝑒𝓏"]),
    ("IBAN 𝔻𝔼𝟠𝟡 𝟛𝟟𝟘𝟜 𝟘𝟘𝟜𝟜 𝟘𝟝𝟛𝟚 𝟘𝟙𝟛𝟘 𝟘𝟘 for the rent.", ["𝔻𝔼𝟠𝟡", "𝟘𝟝𝟛𝟚 𝟘𝟙𝟛𝟘"]),
    ("⒥⒪⒣⒩ ⒮⒨⒤⒯⒣ signed the form yesterday.", ["⒥⒪⒣⒩", "⒮⒨⒤⒯⒣"]),
    ("The account holder is 𝖬𝖺𝗋𝗂𝖺 𝖦𝖺𝗋𝖼𝗂𝖺, phone 𝟧𝟧𝟧-𝟤𝟢𝟣-𝟦𝟦𝟪𝟪.", ["𝖬𝖺𝗋𝗂𝖺", "𝖦𝖺𝗋𝖼𝗂𝖺"]),  # (passed before)
])
def test_styled_letters_are_read_as_letters(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


def test_the_view_reads_the_letters_and_keeps_ordinals_and_exponents() -> None:
    assert view("𝐣𝐨𝐡𝐧@𝐞𝐱𝐚𝐦𝐩𝐥𝐞.𝐜𝐨𝐦").text == "john@example.com"
    assert view("ⓙⓞⓗⓝ").text == "john"
    # (passed before) the ordinals, an exponent, Greek and Cyrillic stay themselves
    for text in ("2ª planta, 2º B", "10² m", "Ελένη Παππά", "Иван Петров"):
        assert view(text).text == text


def test_a_plain_text_is_read_as_before(sanitizer: Sanitizer) -> None:
    # (passed before)
    text = "Vivo en la calle Mayor 5, 2ª planta, 28013 Madrid."
    out = sanitizer.sanitize(text, KEYS)
    assert "ª planta" in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


SET_CC2 = ("Hi, I'm 𝐉𝐨𝐡𝐧 𝐒𝐦𝐢𝐭𝐡, mail 𝐣𝐨𝐡𝐧.𝐬𝐦𝐢𝐭𝐡@𝐞𝐱𝐚𝐦𝐩𝐥𝐞.𝐜𝐨𝐦\n"
           "ⓜⓐⓡⓘⓐ ⓖⓐⓡⓒⓘⓐ will sign for 𝓔𝓵𝓮𝓷𝓪 𝓟𝓮𝓽𝓻𝓸𝓿𝓪.")
SET_CC2_SECRETS = ("𝐉𝐨𝐡𝐧", "𝐒𝐦𝐢𝐭𝐡", "𝐣𝐨𝐡𝐧.𝐬𝐦𝐢𝐭𝐡", "ⓜⓐⓡⓘⓐ", "ⓖⓐⓡⓒⓘⓐ", "𝓔𝓵𝓮𝓷𝓪", "𝓟𝓮𝓽𝓻𝓸𝓿𝓪", "john.smith")


def test_set_cc2_never_reaches_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_CC2, SET_CC2_SECRETS)
