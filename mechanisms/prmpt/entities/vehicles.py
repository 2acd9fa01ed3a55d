"""Vehicle identifiers: VINs (check digit kept) and licence plates (UK, French, Spanish, German,
US shapes; weak shapes need a cue word such as "plate", "immatriculation" or "matrícula").

VIN codec: the manufacturer code (WMI, 3 characters) and the model-year character are kept; the
vehicle descriptor and serial are encrypted in the VIN alphabet (digits stay digits, letters stay
letters other than I, O, Q); the check digit (ISO 3779, North America) keeps its offset.
"""

from __future__ import annotations

import re

from mechanisms.keys import UserKeys
from mechanisms.prmpt.codecs import AlnumCodec, TwoWayCodec
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.alphabet import DIGITS, offset_check, transform_alphabet
from mechanisms.prmpt.entities.base import EntityType, Found
from mechanisms.prmpt.permutation import DomainError

VIN_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"
_VIN_VALUE = dict(zip(VIN_LETTERS, [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9]))
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)
_VIN_CHECKS = "0123456789X"
_VIN_SHAPE = re.compile(r"[A-HJ-NPR-Z0-9]{17}")


def vin_check(vin: str) -> int:
    return sum((int(ch) if ch.isdigit() else _VIN_VALUE[ch]) * w for ch, w in zip(vin, _VIN_WEIGHTS)) % 11


def vin_valid(value: str) -> bool:
    v = value.upper()
    return bool(_VIN_SHAPE.fullmatch(v)) and _VIN_CHECKS[vin_check(v)] == v[8]


class VinCodec(TwoWayCodec):
    entity_type = "VIN"

    @staticmethod
    def _alphabet(i: int, ch: str) -> str | None:
        if i < 3 or i in (8, 9):
            return None
        return DIGITS if ch in DIGITS else VIN_LETTERS if ch in VIN_LETTERS else None

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        if not _VIN_SHAPE.fullmatch(value):
            raise DomainError("not a VIN")
        out = transform_alphabet(keys, self.entity_type, value, self._alphabet, decrypt=decrypt)
        if value[8] in _VIN_CHECKS:
            # the check digit is computed with position 9 weighted 0, so the body alone decides it
            check = offset_check(value, value[8], out, _VIN_CHECKS, vin_check)
            out = out[:8] + check + out[9:]
        return out


_VIN_CUE = re.compile(r"\b(?:vin|vehicle\s+identification|chassis|bastidor|num[ée]ro\s+de\s+s[ée]rie)\b",
                      re.IGNORECASE)
_VIN = re.compile(r"(?<![\w-])(?P<v>(?=[A-HJ-NPR-Z0-9]*[A-HJ-NPR-Z])(?=(?:[A-HJ-NPR-Z]*\d){3})"
                  r"[A-HJ-NPR-Z0-9]{17})(?![\w-])")


def find_vins(text: str, lang: str) -> list[Found]:
    out = []
    for m in _VIN.finditer(text):
        cued = _VIN_CUE.search(text, max(0, m.start() - 30), m.start()) is not None
        if vin_valid(m.group("v")):
            out.append(Found("VIN", m.start(), m.end(), 0.9 if cued else 0.8))
        elif cued:
            out.append(Found("VIN", m.start(), m.end(), 0.75))
    return out


_PLATE_CUE = re.compile(r"(?:licen[cs]e\s+plate|number\s+plate|plate(?:\s+(?:number|no))?|registration|"
                        r"\breg\b|\btag\b|plaque(?:\s+d'immatriculation)?|immatriculation|immatricul[ée]e?|"
                        r"matr[ií]cula|placa|kennzeichen)[^\w\n]{0,4}(?:(?:is|est|es|:|n[°º])\s*)?$",
                        re.IGNORECASE)
_PLATES = (
    (re.compile(r"(?<![\w-])(?P<v>[A-Z]{2}\d{2} ?[A-Z]{3})(?![\w-])"), 0.6),                    # UK
    (re.compile(r"(?<![\w-])(?P<v>[A-HJ-NP-TV-Z]{2}-\d{3}-[A-HJ-NP-TV-Z]{2})(?![\w-])"), 0.75),  # FR SIV
    (re.compile(r"(?<![\w-])(?P<v>[A-HJ-NP-TV-Z]{2} \d{3} [A-HJ-NP-TV-Z]{2})(?![\w-])"), 0.45),
    (re.compile(r"(?<![\w-])(?P<v>\d{4}[ -]?[BCDFGHJKLMNPRSTVWXYZ]{3})(?![\w-])"), 0.45),         # ES
    (re.compile(r"(?<![\w-])(?P<v>[A-ZÄÖÜ]{1,3}-[A-Z]{1,2} ?\d{1,4}[EH]?)(?![\w-])"), 0.45),       # DE
    (re.compile(r"(?<![\w-])(?P<v>(?=[A-Z0-9 -]*\d)[A-Z0-9]{1,4}[ -]?[A-Z0-9]{1,4})(?![\w-])"), 0.0),  # US
)


_ANY_PLATE_CUE = re.compile(r"plate|registration|\breg\b|\btag\b|plaque|immatricul|matr[ií]cula|placa|"
                            r"kennzeichen", re.IGNORECASE)


def find_plates(text: str, lang: str) -> list[Found]:
    out = []
    cue_somewhere = _ANY_PLATE_CUE.search(text) is not None
    for pattern, shape_score in _PLATES:
        if shape_score == 0.0 and not cue_somewhere:
            continue  # the US shape is anything short with a digit: only next to a cue word
        for m in pattern.finditer(text):
            value = m.group("v")
            if len(value.replace(" ", "").replace("-", "")) < 4:
                continue
            score = shape_score
            if _PLATE_CUE.search(text[max(0, m.start() - 40):m.start()]):
                score = max(score, 0.45) + 0.4
            if score >= 0.45:
                out.append(Found("LICENSE_PLATE", m.start(), m.end(), min(score, 0.95)))
    return out


TYPES = (
    EntityType(
        "VIN", EntityPolicy(category="fpe", threshold=0.5), tier=0, finders=(lambda config: find_vins,),
        codec=lambda config: VinCodec(), validator=vin_valid, stateless=_VIN, family="vehicles",
        description="vehicle identification number (maker, year and check digit kept)",
        examples=("1HGCM82633A004352",),
    ),
    EntityType(
        "LICENSE_PLATE", EntityPolicy(category="fpe", threshold=0.55), tier=1,
        finders=(lambda config: find_plates,), codec=lambda config: AlnumCodec("LICENSE_PLATE"),
        family="vehicles", description="licence plate (letters stay letters, digits digits)",
        examples=("AB-123-CD", "plate 7ABC123"),
    ),
)
