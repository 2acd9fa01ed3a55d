"""US taxpayer numbers (SSN, ITIN), passports and driving licences.

SSN / ITIN: the dashed shape alone is a strong signal only for a valid SSN or an ITIN; next to a
cue word (SSN, social security, ITIN, taxpayer id, in the three languages' usual spellings) any
9 digits with or without separators count, over the whole 001-999 area range, since a prompt's
"SSN" may be a made-up or a pre-2011 value. The codec keeps the value's class (SSN, ITIN, other).
Passports and licences have no common shape: they need their cue word.
"""

from __future__ import annotations

import re

from mechanisms.prmpt.codecs import AlnumCodec, SsnCodec, is_itin, is_valid_ssn, taxpayer_class
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.base import EntityType, Found, cued, digits

_SSN_CUE = (r"ssn|ss#|ssns|social[\s-]+security(?:[\s-]+(?:number|num|no|#))?|soc\.?\s*sec\.?|"
            r"n[uú]mero\s+de\s+seguro\s+social|num[ée]ro\s+de\s+s[ée]curit[ée]\s+sociale\s+am[ée]ricain")
_ITIN_CUE = r"itin|individual\s+taxpayer(?:\s+identification)?(?:\s+number)?|taxpayer\s+id(?:entification)?(?:\s+number)?|tin"
_NINE = r"(?<![\w-])(?P<v>\d{3}([- .]?)\d{2}\2\d{4})(?![\w-])"
_DASHED = re.compile(r"(?<![\w-])(?P<v>\d{3}-\d{2}-\d{4})(?![\w-])")
_SPACED = re.compile(r"(?<![\w-])(?P<v>\d{3} \d{2} \d{4})(?![\w-])")
_CUED = [(re.compile(rf"(?<![A-Za-z])(?:{words})(?![A-Za-z])[^\d\n]{{0,24}}?{_NINE}", re.IGNORECASE), kind)
         for words, kind in ((_SSN_CUE, "US_SSN"), (_ITIN_CUE, "US_ITIN"))]


def find_taxpayer_numbers(text: str, lang: str) -> list[Found]:
    out: list[Found] = []
    for pattern, score in ((_DASHED, 0.6), (_SPACED, 0.4)):
        for m in pattern.finditer(text):
            d = digits(m.group("v"))
            if is_valid_ssn(d):
                out.append(Found("US_SSN", m.start("v"), m.end("v"), score))
            elif is_itin(d):
                out.append(Found("US_ITIN", m.start("v"), m.end("v"), score))
    for pattern, kind in _CUED:
        for m in pattern.finditer(text):
            out.append(Found(kind, m.start("v"), m.end("v"), 0.85))
    return out


def _ssn_shaped(value: str) -> bool:
    return len(digits(value)) == 9


_PASSPORT_CUE = r"passport|passeport|pasaporte|pass\s?port"
_PASSPORT = re.compile(rf"{cued(_PASSPORT_CUE, 6)}(?P<v>(?=[A-Z0-9]*\d)[A-Z0-9]{{6,9}})(?![\w-])",
                       re.IGNORECASE)
_LICENCE_CUE = (r"driver'?s?[\s-]+licen[cs]e|driving[\s-]+licen[cs]e|licen[cs]e[\s-]+(?:number|no|#)|DL|"
                r"permis\s+de\s+conduire|carn[eé]t?\s+de\s+conducir|permiso\s+de\s+conducir|"
                r"licencia\s+de\s+conducir")
_LICENCE = re.compile(rf"{cued(_LICENCE_CUE, 6)}(?P<v>(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{{4,17}}[A-Z0-9])(?![\w-])", re.IGNORECASE)


def _regex_finder(entity_type: str, pattern: re.Pattern[str], score: float):  # noqa: ANN202
    def find(text: str, lang: str) -> list[Found]:
        return [Found(entity_type, m.start("v"), m.end("v"), score) for m in pattern.finditer(text)]
    return find


_TAXPAYER = (lambda config: find_taxpayer_numbers,)  # one finder for both types (run once)


def _stateless_ssn(value: str) -> bool:
    return _ssn_shaped(value) and taxpayer_class(digits(value)) in ("ssn", "itin")


TYPES = (
    EntityType(
        "US_SSN", EntityPolicy(category="fpe", threshold=0.3), tier=0,
        finders=_TAXPAYER,
        codec=lambda config: SsnCodec("US_SSN"), validator=_stateless_ssn,
        stateless=re.compile(r"(?<![\w-])\d{3}([- ]?)\d{2}\1\d{4}(?![\w-])"),
        family="government", description="US social security number (any area next to a cue)",
        examples=("123-45-6789", "SSN 912345678"),
    ),
    EntityType(
        "US_ITIN", EntityPolicy(category="fpe", threshold=0.3), tier=0, finders=_TAXPAYER,
        codec=lambda config: SsnCodec("US_ITIN"), validator=_stateless_ssn,
        family="government", description="US individual taxpayer identification number",
        examples=("912-70-1234",),
    ),
    EntityType(
        "PASSPORT", EntityPolicy(category="fpe", threshold=0.5), tier=1,
        finders=(lambda config: _regex_finder("PASSPORT", _PASSPORT, 0.8),),
        codec=lambda config: AlnumCodec("PASSPORT"), family="government",
        description="passport number after its cue word", examples=("passport no. 533380006",),
    ),
    EntityType(
        "DRIVER_LICENSE", EntityPolicy(category="fpe", threshold=0.5), tier=1,
        finders=(lambda config: _regex_finder("DRIVER_LICENSE", _LICENCE, 0.8),),
        codec=lambda config: AlnumCodec("DRIVER_LICENSE"), family="government",
        description="driving licence number after its cue word", examples=("driver's license D1234567",),
    ),
)
