"""National identifiers whose check characters are kept valid by their codecs.

UK NHS number (mod 11), UK National Insurance number, Spanish DNI / NIE (mod 23 letter), French
NIR (key 97 - N mod 97), Italian codice fiscale (odd/even table, mod 26 letter), German tax
id (Steuer-IdNr: digit-repetition rule, ISO 7064 MOD 11,10) and India's Aadhaar (12 digits, Verhoeff check digit).
Each codec encrypts the identifying digits or letters and recomputes the check character with :func:`offset_check`,
so a valid id gets a valid stand-in and an invalid one stays exactly as invalid.

A National Insurance number after its name ("NI number is QQ 12 34 56 C", "National Insurance No.") is taken in any
prefix, as a cued SSN is over any area: HMRC's own examples use prefixes no real number has. India's permanent
account number (PAN: five letters, four digits, a letter; the fourth letter the holder's kind, P for a person, the
fifth the first of the holder's family name) has no check character: its shape is taken with the holder's kind kept,
the rest encrypted in its classes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from mechanisms.keys import UserKeys
from mechanisms.prmpt.charclass import transform_classed
from mechanisms.prmpt.codecs import TwoWayCodec, put_chars
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.alphabet import (DIGITS, UPPER, classed, offset_check, one_alphabet,
                                               transform_alphabet)
from mechanisms.prmpt.entities.base import EntityType, Found, cued, digits
from mechanisms.prmpt.permutation import DomainError

# ------------------------------------------------------------------------------------------ NHS


def nhs_check(body: str) -> int | None:
    """The check digit of 9 NHS digits, or None when the remainder gives 10 (no valid number)."""
    check = 11 - sum(int(d) * (10 - i) for i, d in enumerate(body)) % 11
    return None if check == 10 else check % 11


def nhs_valid(value: str) -> bool:
    d = digits(value)
    return len(d) == 10 and nhs_check(d[:9]) == int(d[9])


def crypt_check_digit(value: str, keys: UserKeys, entity_type: str, length: int, check: Callable[[str], int | None],
                      keep: Callable[[str], object], decrypt: bool) -> str:
    """A number of ``length`` digits whose last is a check digit: the body encrypted digit for digit, cycle-walked so
    that ``keep`` of it stays what it was, and the check digit set at the same offset from ``check`` of the new body
    (valid stays valid, invalid stays invalid by as much); a body with no valid check digit keeps its last digit."""
    pos = [i for i, ch in enumerate(value) if ch in DIGITS]
    if len(pos) != length:
        raise DomainError(f"a {entity_type} number has {length} digits")
    d = "".join(value[i] for i in pos)
    kept = keep(d[:-1])
    body = transform_alphabet(keys, entity_type, d[:-1], one_alphabet(DIGITS), decrypt=decrypt,
                              accept=lambda b: keep(b) == kept)
    last = offset_check(d[:-1], d[-1], body, DIGITS, check) if check(d[:-1]) is not None else d[-1]
    return put_chars(value, pos, body + last)


class NhsCodec(TwoWayCodec):
    entity_type = "UK_NHS"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        return crypt_check_digit(value, keys, self.entity_type, 10, nhs_check, lambda b: nhs_check(b) is not None,
                                 decrypt)


# ----------------------------------------------------------------------------------------- NINO
_NINO_BAD_PREFIX = {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}


def nino_valid(value: str) -> bool:
    compact = value.replace(" ", "").upper()
    return bool(re.fullmatch(r"[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]", compact)) and \
        compact[:2] not in _NINO_BAD_PREFIX


class DigitsOnlyCodec:
    """Encrypts the digits of a value and keeps everything else (NINO: prefix and suffix letters)."""

    def __init__(self, entity_type: str) -> None:
        self.entity_type = entity_type

    def encrypt(self, value: str, keys: UserKeys) -> str:
        return transform_alphabet(keys, self.entity_type, value, one_alphabet(DIGITS), decrypt=False)

    def decrypt(self, value: str, keys: UserKeys) -> str:
        return transform_alphabet(keys, self.entity_type, value, one_alphabet(DIGITS), decrypt=True)


# -------------------------------------------------------------------------------------- Aadhaar
_VERHOEFF_D = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
    [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]]
_VERHOEFF_P = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4]]
for _ in range(6):
    _VERHOEFF_P.append([_VERHOEFF_P[1][x] for x in _VERHOEFF_P[-1]])
_VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]


def verhoeff_check(body: str) -> int:
    """The Verhoeff check digit of ``body`` (the digit that, appended, makes the whole valid)."""
    c = 0
    for i, ch in enumerate(reversed(body)):
        c = _VERHOEFF_D[c][_VERHOEFF_P[(i + 1) % 8][int(ch)]]
    return _VERHOEFF_INV[c]


def aadhaar_valid(value: str) -> bool:
    d = digits(value)
    return len(d) == 12 and d[0] not in "01" and verhoeff_check(d[:11]) == int(d[11])


class AadhaarCodec(TwoWayCodec):
    """Eleven digits encrypted (the first stays 2-9), the Verhoeff check digit keeps its offset."""

    entity_type = "IN_AADHAAR"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        return crypt_check_digit(value, keys, self.entity_type, 12, verhoeff_check, lambda b: b[0] not in "01", decrypt)


# ------------------------------------------------------------------------------------------ PAN
_PAN = re.compile(r"[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z]")


def pan_valid(value: str) -> bool:
    return _PAN.fullmatch(value) is not None


class PanCodec(TwoWayCodec):
    """The holder's kind (the fourth letter) kept, the other letters and the digits encrypted in their classes."""

    entity_type = "IN_PAN"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        if not pan_valid(value):
            raise DomainError("not a PAN")
        rest = transform_classed(keys, self.entity_type, value[:3] + value[4:], decrypt=decrypt)
        return rest[:3] + value[3] + rest[3:]


# ------------------------------------------------------------------------------------- DNI/NIE
DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
_NIE_PREFIX = {"X": "0", "Y": "1", "Z": "2"}


def _dni_number(body: str) -> int:
    return int(_NIE_PREFIX.get(body[0], body[0]) + body[1:])


def dni_valid(value: str) -> bool:
    compact = re.sub(r"[\s.-]", "", value).upper()
    if not re.fullmatch(r"(?:\d{8}|[XYZ]\d{7})[A-Z]", compact):
        return False
    return DNI_LETTERS[_dni_number(compact[:-1]) % 23] == compact[-1]


class DniCodec(TwoWayCodec):
    """DNI (8 digits + letter) and NIE (X/Y/Z + 7 digits + letter): digits encrypted, letter kept
    at the same offset from the mod-23 letter (a valid DNI stays valid)."""

    entity_type = "ES_NIF"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        pos = [i for i, ch in enumerate(value) if ch.isalnum()]
        compact = "".join(value[i] for i in pos)
        if not re.fullmatch(r"(?:\d{8}|[XYZ]\d{7})[A-Za-z]", compact):
            raise DomainError("not a DNI or NIE")
        upper = compact[-1].upper()
        body = compact[:-1]
        if body[0].isdigit():  # DNI: all 8 digits; NIE: the X/Y/Z prefix is kept
            new_body = transform_alphabet(keys, f"{self.entity_type}|dni", body, one_alphabet(DIGITS),
                                          decrypt=decrypt)
        else:
            new_body = body[0] + transform_alphabet(keys, f"{self.entity_type}|nie", body[1:],
                                                    one_alphabet(DIGITS), decrypt=decrypt)
        letter = offset_check(body, upper, new_body, DNI_LETTERS, lambda b: _dni_number(b) % 23)
        letter = letter if compact[-1].isupper() else letter.lower()
        return put_chars(value, pos, new_body + letter)


# ------------------------------------------------------------------------------------------ NIR
def _nir_number(body: str) -> int:
    return int(body.upper().replace("2A", "19").replace("2B", "18"))


def nir_valid(value: str) -> bool:
    compact = value.replace(" ", "").upper()
    if not re.fullmatch(r"[12]\d{4}(?:\d{2}|2A|2B)\d{8}", compact):
        return False
    return 97 - _nir_number(compact[:13]) % 97 == int(compact[13:])


class NirCodec(TwoWayCodec):
    """French NIR: the sex digit and the department (2 chars, 2A/2B kept) are kept; the birth
    year and month, commune and order number (10 digits) are encrypted; the key is recomputed so
    that (N + key) mod 97 keeps its value (0 for a valid NIR)."""

    entity_type = "FR_NIR"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        pos = [i for i, ch in enumerate(value) if ch.isalnum()]
        compact = "".join(value[i] for i in pos).upper()
        if not re.fullmatch(r"[12]\d{4}(?:\d{2}|2A|2B)\d{8}", compact):
            raise DomainError("not a NIR")
        key = int(compact[13:])
        if not 1 <= key <= 97:
            raise DomainError("NIR key out of range")
        residue = (_nir_number(compact[:13]) + key) % 97
        hidden = compact[1:5] + compact[7:13]
        out_hidden = transform_alphabet(keys, self.entity_type, hidden, one_alphabet(DIGITS), decrypt=decrypt)
        body = compact[0] + out_hidden[:4] + compact[5:7] + out_hidden[4:]
        new_key = (residue - _nir_number(body) - 1) % 97 + 1
        new = body + f"{new_key:02d}"
        out = list(value)
        for i, ch in zip(pos, new):
            out[i] = ch if value[i].isupper() or not ch.isalpha() else ch.lower()
        return "".join(out)


# ---------------------------------------------------------------------------- codice fiscale
_CF_ODD = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                   [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20,
                    11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]))
_CF_MONTHS = "ABCDEHLMPRST"
_CF_OMOCODE = "LMNPQRSTUV"
_CF_DIGIT_POS = (6, 7, 9, 10, 12, 13, 14)
_CF_SHAPE = re.compile(r"[A-Z]{6}[\dLMNP-V]{2}[ABCDEHLMPRST][\dLMNP-V]{2}[A-Z][\dLMNP-V]{3}[A-Z]")


def cf_check(body: str) -> int:
    total = 0
    for i, ch in enumerate(body):
        total += _CF_ODD[ch] if i % 2 == 0 else (int(ch) if ch.isdigit() else ord(ch) - 65)
    return total % 26


def cf_valid(value: str) -> bool:
    v = value.upper()
    return bool(_CF_SHAPE.fullmatch(v)) and UPPER[cf_check(v[:15])] == v[15]


def _cf_day_ok(body: str) -> bool:
    day = body[9:11]
    if not day.isdigit():
        return True
    n = int(day)
    return 1 <= n <= 31 or 41 <= n <= 71


class CodiceFiscaleCodec(TwoWayCodec):
    """Codice fiscale: name letters, birth year, month letter, day (kept a valid day, +40 for
    women), municipality code encrypted in their own alphabets; the check letter recomputed."""

    entity_type = "IT_FISCAL_CODE"

    def _alphabet(self, i: int, ch: str) -> str | None:
        if i in _CF_DIGIT_POS:
            return DIGITS if ch in DIGITS else _CF_OMOCODE
        if i == 8:
            return _CF_MONTHS
        return UPPER if i < 15 else None

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        if not _CF_SHAPE.fullmatch(value):
            raise DomainError("not a codice fiscale")
        body = transform_alphabet(keys, self.entity_type, value[:15], self._alphabet, decrypt=decrypt,
                                  accept=_cf_day_ok)
        return body + offset_check(value[:15], value[15], body, UPPER, cf_check)


# ------------------------------------------------------------------------------- German tax id
def de_tax_check(body: str) -> int:
    product = 10
    for ch in body:
        total = (int(ch) + product) % 10 or 10
        product = total * 2 % 11
    return (11 - product) % 10


def de_tax_structure(body: str) -> bool:
    """First digit not 0; exactly one digit occurs 2 or 3 times in the first 10, the rest once."""
    if body[0] == "0":
        return False
    counts = sorted(Counter(body).values(), reverse=True)
    return counts[0] in (2, 3) and all(c == 1 for c in counts[1:])


def de_tax_valid(value: str) -> bool:
    d = digits(value)
    return len(d) == 11 and de_tax_structure(d[:10]) and de_tax_check(d[:10]) == int(d[10])


class DeTaxIdCodec(TwoWayCodec):
    entity_type = "DE_TAX_ID"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        pos = [i for i, ch in enumerate(value) if ch in DIGITS]
        if len(pos) != 11:
            raise DomainError("a Steuer-IdNr has 11 digits")
        d = "".join(value[i] for i in pos)
        structured = de_tax_structure(d[:10])
        body = transform_alphabet(keys, self.entity_type, d[:10], one_alphabet(DIGITS), decrypt=decrypt,
                                  accept=lambda b: de_tax_structure(b) == structured)
        new = body + offset_check(d[:10], d[10], body, DIGITS, de_tax_check)
        return put_chars(value, pos, new)


# ------------------------------------------------------------------------------------ finders
def _cued(words: str) -> str:
    return cued(words, 4)


_ID_PATTERNS: dict[str, list[tuple[re.Pattern[str], float, object]]] = {
    "UK_NHS": [
        (re.compile(_cued(r"nhs") + r"(?P<v>\d{3}[ -]?\d{3}[ -]?\d{4})(?![\w-])", re.I), 0.85, None),
        (re.compile(r"(?<![\w+-])(?P<v>\d{3} \d{3} \d{4})(?![\w-])"), 0.3, nhs_valid),
    ],
    "UK_NINO": [
        (re.compile(r"(?<![\w+-])(?P<v>[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D])(?![\w-])"),
         0.75, nino_valid),
        (re.compile("(?i:" + _cued(r"nino|ni|national\s+insurance") + r")(?P<v>[A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D])(?![\w-])"),
         0.85, None),
    ],
    "IN_AADHAAR": [
        # (twelve digits alone: never three groups of a longer number, "4532 7153 2412 9981")
        (re.compile(r"(?<![\w+-])(?<!\d[ -])(?P<v>[2-9]\d{3}([ -]?)\d{4}\2\d{4})(?![\w-]|[ -]\d)"), 0.5, aadhaar_valid),
        (re.compile(_cued(r"aadhaar|aadhar|uidai|uid") + r"(?P<v>\d{4}([ -]?)\d{4}\2\d{4})(?![\w-])", re.I), 0.9, None),
    ],
    "IN_PAN": [
        (re.compile(rf"(?<![\w+-])(?P<v>{_PAN.pattern})(?![\w-])"), 0.7, None),
    ],
    "ES_NIF": [
        (re.compile(r"(?<![\w+-])(?P<v>(?:\d{8}|[XYZ]-?\d{7})-?[A-Z])(?![\w-])"), 0.75, dni_valid),
        (re.compile(_cued(r"dni|nif|nie|d\.n\.i\.|documento(?:\s+nacional)?(?:\s+de\s+identidad)?") +
                    r"(?P<v>(?:\d{8}|[XYZ]-?\d{7})-?[A-Za-z])(?![\w-])", re.I), 0.9, None),
    ],
    "FR_NIR": [
        (re.compile(r"(?<![\w+-])(?P<v>[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2})(?![\w-])"),
         0.8, nir_valid),
        (re.compile(_cued(r"nir|insee|s[ée]curit[ée]\s+sociale|s[ée]cu|num[ée]ro\s+de\s+s[ée]cu") +
                    r"(?P<v>[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2})(?![\w-])", re.I), 0.9, None),
    ],
    "IT_FISCAL_CODE": [
        (re.compile(r"(?<![\w+-])(?P<v>[A-Z]{6}[\dLMNP-V]{2}[ABCDEHLMPRST][\dLMNP-V]{2}[A-Z][\dLMNP-V]{3}[A-Z])"
                    r"(?![\w-])"), 0.85, cf_valid),
    ],
    "DE_TAX_ID": [
        (re.compile(r"(?<![\w+-])(?P<v>\d{2} ?\d{3} ?\d{3} ?\d{3})(?![\w-])"), 0.5, de_tax_valid),
        (re.compile(_cued(r"steuer-?id|steuer-?identifikationsnummer|idnr|tax\s+id|steuerliche\s+id") +
                    r"(?P<v>\d{2} ?\d{3} ?\d{3} ?\d{3})(?![\w-])", re.I), 0.85, None),
    ],
}


def _id_finder(entity_type: str):  # noqa: ANN202
    patterns = _ID_PATTERNS[entity_type]

    def find(text: str, lang: str) -> list[Found]:
        out = []
        for pattern, score, valid in patterns:
            for m in pattern.finditer(text):
                if valid is None or valid(m.group("v")):  # type: ignore[operator]
                    out.append(Found(entity_type, m.start("v"), m.end("v"), score))
        return out
    return lambda config: find


def _record(name: str, codec: object, validator: object, description: str, example: str) -> EntityType:
    return EntityType(name, EntityPolicy(category="fpe", threshold=0.4), tier=0, finders=(_id_finder(name),),
                      codec=lambda config: codec, validator=validator,  # type: ignore[arg-type]
                      stateless=_ID_PATTERNS[name][0][0], family="national ids",
                      description=description, examples=(example,))


TYPES = (
    _record("UK_NHS", NhsCodec(), nhs_valid, "UK NHS number (mod 11 check digit kept)", "NHS 943 476 5919"),
    _record("UK_NINO", DigitsOnlyCodec("UK_NINO"), nino_valid, "UK National Insurance number",
            "QQ 12 34 56 C"),
    _record("ES_NIF", DniCodec(), dni_valid, "Spanish DNI / NIE (mod 23 letter kept)", "12345678Z"),
    _record("FR_NIR", NirCodec(), nir_valid, "French social security number (key kept)",
            "1 85 05 78 006 084 36"),
    _record("IT_FISCAL_CODE", CodiceFiscaleCodec(), cf_valid, "Italian codice fiscale (check letter kept)",
            "RSSMRA85T10A562S"),
    _record("DE_TAX_ID", DeTaxIdCodec(), de_tax_valid, "German tax id (check digit kept)", "65 929 970 489"),
    _record("IN_AADHAAR", AadhaarCodec(), aadhaar_valid, "India's Aadhaar number (Verhoeff check digit kept)",
            "Aadhaar 2345 6789 0124"),
    _record("IN_PAN", PanCodec(), pan_valid, "India's permanent account number (the holder's kind kept)", "ABCPD1234E"),
)

__all__ = ["TYPES", "classed"]
