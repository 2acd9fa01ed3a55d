"""Category I codecs for numbers and identifiers (Prmpt section 4.4, ALGORITHMS.md section 1).

Each codec is deterministic and reversible for one user key, keeps the value's format
(separators, grouping, letter case) and keeps what makes the value *valid*: an SSN stays a valid
SSN, a card keeps its network prefix and a Luhn-valid check digit, an IBAN keeps its country and
gets fresh mod-97 check digits. A value that is not valid to begin with stays not valid (the
validity class is preserved by cycle-walking), so decryption never has to guess.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Protocol

import phonenumbers

from mechanisms.keys import UserKeys
from mechanisms.prmpt.charclass import transform_classed
from mechanisms.prmpt.permutation import DomainError, permutation, walk_decrypt, walk_encrypt


class FormatPreservingCodec(Protocol):
    """One entity type's FPE: ``decrypt(encrypt(x)) == x`` for every x in the codec's format."""

    entity_type: str

    def encrypt(self, value: str, keys: UserKeys) -> str: ...

    def decrypt(self, value: str, keys: UserKeys) -> str: ...


def _digit_positions(text: str) -> list[int]:
    return [i for i, ch in enumerate(text) if ch.isascii() and ch.isdigit()]


def put_chars(text: str, positions: list[int], chars_in: str) -> str:
    """``text`` with its characters at ``positions`` replaced, in order, by ``chars_in``."""
    chars = list(text)
    for pos, ch in zip(positions, chars_in):
        chars[pos] = ch
    return "".join(chars)


def crypt_digits(keys: UserKeys, label: str, digits: str, *, decrypt: bool,
                 accept: DigitsAccept | None = None) -> str:
    """Encrypt a digit string of length L over [0, 10**L), optionally within a subset ``accept``."""
    if not digits:
        return digits
    width = len(digits)
    perm = permutation(keys, f"{label}|d{width}", 10**width)
    x = int(digits)
    if accept is None:
        y = perm.decrypt(x) if decrypt else perm.encrypt(x)
    else:
        def ok(v: int) -> bool:
            return accept(str(v).zfill(width))

        y = walk_decrypt(perm, x, ok) if decrypt else walk_encrypt(perm, x, ok)
    return str(y).zfill(width)


class TwoWayCodec:
    """A codec whose decryption is its keyed transform run backwards: subclasses write ``_crypt``."""

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        raise NotImplementedError

    def encrypt(self, value: str, keys: UserKeys) -> str:
        return self._crypt(value, keys, False)

    def decrypt(self, value: str, keys: UserKeys) -> str:
        return self._crypt(value, keys, True)


class DigitsAccept(Protocol):
    def __call__(self, digits: str) -> bool: ...


class AlnumCodec:
    """Generic identifier codec: each letter stays a letter of the same case, each digit a digit.

    ``classes`` picks what is encrypted ("d" digits, "l" lower-case, "u" upper-case letters); the
    rest is kept, e.g. classes="d" turns "EMP-004211" into "EMP-731092". A value with nothing of
    those classes is encrypted over all three.
    """

    def __init__(self, entity_type: str, classes: str = "dlu") -> None:
        self.entity_type = entity_type
        self.classes = classes

    def _classes(self, value: str) -> str:
        wanted = {"d": str.isdigit, "l": str.islower, "u": str.isupper}
        if any(ch.isascii() and wanted[c](ch) for ch in value for c in self.classes):
            return self.classes
        return "dlu"

    def encrypt(self, value: str, keys: UserKeys) -> str:
        classes = self._classes(value)
        return transform_classed(keys, f"{self.entity_type}|{classes}", value, decrypt=False,
                                 classes=classes)

    def decrypt(self, value: str, keys: UserKeys) -> str:
        classes = self._classes(value)
        return transform_classed(keys, f"{self.entity_type}|{classes}", value, decrypt=True,
                                 classes=classes)


def is_valid_ssn(digits: str) -> bool:
    """SSA rules: area 001-899 except 666, group 01-99, serial 0001-9999 (nine ASCII digits, else False)."""
    if len(digits) != 9 or not (digits.isascii() and digits.isdigit()):
        return False
    area, group, serial = int(digits[:3]), int(digits[3:5]), int(digits[5:])
    return 0 < area < 900 and area != 666 and group != 0 and serial != 0


def is_itin(digits: str) -> bool:
    """IRS individual taxpayer numbers: area 9xx, group 50-65, 70-88, 90-92 or 94-99."""
    group = int(digits[3:5])
    return digits[0] == "9" and (50 <= group <= 65 or 70 <= group <= 88 or 90 <= group <= 92
                                 or 94 <= group <= 99)


def taxpayer_class(digits: str) -> str:
    """The class an SSN-shaped value keeps under encryption: a valid SSN, an ITIN, or neither
    (area 000, 666 or 9xx outside the ITIN groups, group 00, serial 0000)."""
    if is_valid_ssn(digits):
        return "ssn"
    return "itin" if is_itin(digits) else "other"


class SsnCodec(TwoWayCodec):
    """US SSN / ITIN: 9 digits, separators kept; the value's class (valid SSN, ITIN, other) is kept
    by cycle-walking, so an SSN stays a valid SSN and an ITIN an ITIN."""

    def __init__(self, entity_type: str = "US_SSN") -> None:
        self.entity_type = entity_type

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        pos = _digit_positions(value)
        if len(pos) != 9:
            raise DomainError("an SSN has 9 digits")
        digits = "".join(value[p] for p in pos)
        kind = taxpayer_class(digits)
        # one label for both types: the same 9 digits get the same stand-in under either name
        out = crypt_digits(keys, "US_SSN", digits, decrypt=decrypt,
                           accept=lambda d: taxpayer_class(d) == kind)
        return put_chars(value, pos, out)


def luhn_residue(digits: str) -> int:
    """Sum of the Luhn algorithm mod 10 (0 for a valid number)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10


def card_prefix_length(digits: str) -> int:
    """Digits that name the card network (kept in clear): Visa 4, Mastercard 51-55/2221-2720, ..."""
    two, three, four = int(digits[:2]), int(digits[:3]), int(digits[:4])
    if 2221 <= four <= 2720 or four in (6011,) or 3528 <= four <= 3589:
        return 4
    if 644 <= three <= 649 or 300 <= three <= 305:
        return 3
    if 51 <= two <= 55 or two in (34, 37, 36, 38, 39, 62, 65):
        return 2
    return 1


class CreditCardCodec(TwoWayCodec):
    """Card numbers: network prefix kept, body encrypted, check digit recomputed.

    The check digit is set so that the Luhn residue of the output equals that of the input: a
    valid card stays Luhn-valid, and decryption recomputes the original check digit exactly.
    """

    entity_type = "CREDIT_CARD"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        pos = _digit_positions(value)
        if not 12 <= len(pos) <= 19:
            raise DomainError("a card number has 12 to 19 digits")
        digits = "".join(value[p] for p in pos)
        keep = card_prefix_length(digits)
        residue = luhn_residue(digits)
        label = f"{self.entity_type}|{keep}"
        body = crypt_digits(keys, label, digits[keep:-1], decrypt=decrypt)
        partial = digits[:keep] + body + "0"
        check = (residue - luhn_residue(partial)) % 10
        return put_chars(value, pos, digits[:keep] + body + str(check))


def _iban_number(bban: str, country: str) -> int:
    """The integer of ISO 13616 with check digits 00: BBAN + country + '00', letters as 10..35."""
    text = (bban + country + "00").upper()
    return int("".join(str(int(ch, 36)) for ch in text))


def iban_residue(compact: str) -> int:
    """ISO 13616's mod 97 of an IBAN without spaces, in any case (1 for a valid one)."""
    return (_iban_number(compact[4:], compact[:2]) + int(compact[2:4])) % 97


class IbanCodec(TwoWayCodec):
    """IBAN: country code kept, BBAN encrypted per character class, mod-97 check digits recomputed.

    With r = (X * 100 + c) mod 97 the input's residue (1 for a valid IBAN) and c its check digits,
    the output gets the check digits c' that give the same residue; c' >= 97 (possible only for an
    invalid IBAN) is kept by cycle-walking the BBAN until such a c' exists.
    """

    entity_type = "IBAN_CODE"
    _SHAPE = re.compile(r"^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9]+$")

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        compact = "".join(ch for ch in value if not ch.isspace())
        if not self._SHAPE.match(compact) or len(compact) > 34:
            raise DomainError("not an IBAN")
        country, check, bban = compact[:2], int(compact[2:4]), compact[4:]
        residue = iban_residue(compact)
        high = check >= 97

        def fits(candidate: str) -> bool:
            return not high or (residue - _iban_number(candidate, country)) % 97 <= 2

        label = f"{self.entity_type}|{country.upper()}"
        new_bban = transform_classed(keys, label, bban, decrypt=decrypt, accept=fits)
        new_check = (residue - _iban_number(new_bban, country)) % 97 + (97 if high else 0)
        out = country + f"{new_check:02d}" + new_bban
        # put the compact result back into the original spacing
        chars, k = list(value), 0
        for i, ch in enumerate(value):
            if not ch.isspace():
                chars[i] = out[k]
                k += 1
        return "".join(chars)


@lru_cache(maxsize=1)
def _country_codes() -> frozenset[str]:
    return frozenset(str(code) for code in phonenumbers.COUNTRY_CODE_TO_REGION_CODE)


class PhoneCodec(TwoWayCodec):
    """Phone numbers: separators and grouping kept; '+' and the country calling code kept; leading
    trunk digits 0/1 kept; the rest encrypted so that it still starts with 2-9 (cycle-walking).

    The calling codes are a prefix code (ITU E.164), so the kept prefix is found the same way in the
    plaintext and in the ciphertext.
    """

    entity_type = "PHONE_NUMBER"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        pos = _digit_positions(value)
        digits = "".join(value[p] for p in pos)
        if len(digits) < 3:
            raise DomainError("a phone number has at least 3 digits")
        keep = 0
        if value.lstrip().startswith("+"):
            for width in (1, 2, 3):
                if digits[:width] in _country_codes():
                    keep = width
                    break
        while keep < len(digits) and digits[keep] in "01":
            keep += 1
        rest = digits[keep:]
        label = f"{self.entity_type}|{keep}"
        # rest is empty (nothing to hide) or starts with 2-9, and so does its image
        out = crypt_digits(keys, label, rest, decrypt=decrypt, accept=lambda d: d[0] not in "01")
        return put_chars(value, pos, digits[:keep] + out)
