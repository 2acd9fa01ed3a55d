"""Reference numbers that identify a person's file: case and application numbers, registration and
membership numbers, file, claim, ticket and licence references (English, French, Spanish).

They have no common shape, so they are found after a cue word ("application no. 12345/08",
"case number C-2021-0042", "NºCol: 28 28 20943", "N° de dossier : 2019/AB/117", "expediente
4521-B"), and one shape is found without a cue: a court application number, 3 to 6 digits, a slash
and a two- or four-digit year ("nos. 32541/08 and 1765/09"). A value holds at least two digits;
letters stay letters and digits stay digits in the stand-in.
"""

from __future__ import annotations

from mechanisms.prmpt.codecs import AlnumCodec
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.base import EntityType, regex_finder

# cues that name a reference by themselves ("case C-2021-0042", "expediente 4521-B")
_STRONG = (r"application|applications|case|cases|docket|file|claim|ticket|reference|ref|registration|"
           r"licen[cs]e|certificate|permit|dossier|requ[êe]te|affaire|r[ée]f[ée]rence|matricule|immatriculation|"
           r"expediente|solicitud|colegiado|col|registro|matr[ií]cula")
# cues that do only with a number word or a colon ("member no. 4411", not "record 12 times")
# (order, invoice and booking numbers are not taken: they name a purchase, not a person)
_WEAK = (r"member(?:ship)?|employee|student|customer|client|badge|record|contract|complaint|petition|judgment|"
         r"decision|adh[ée]rent|caso|afiliado|socio|cliente")
# "no." / "nº" / "n°" / "#" / "number" / "núm."
_NUMBER_WORD = r"(?:numbers?|num[ée]ro|n[uú]mero|(?:n(?:os|o|r|um|úm)\b|nº|n°|n\.º)\.?|#|id\b)"
_VALUE = (r"(?P<v>[A-Z0-9](?:[A-Z0-9]|[-/.](?=[A-Z0-9])|[ ](?=\d{2,}\b)){1,24})(?![\w/-])")
_GAP = r"[\s.:#°º]{0,4}(?:(?:is|est|es|de|du|:)\s+)?"
_CUED = (rf"(?<![A-Za-z])(?:(?:{_STRONG})(?![A-Za-z])(?:[\s_-]*{_NUMBER_WORD})?|"
         rf"(?:{_WEAK})(?![A-Za-z])(?:[\s_-]*{_NUMBER_WORD}|\s*:)|"
         rf"{_NUMBER_WORD}[\s_-]*(?:de[\s_-]+)?(?:{_STRONG}|{_WEAK})(?![A-Za-z])){_GAP}{_VALUE}")
_APPLICATION = r"(?<![\w/.-])(?P<v>\d{3,6}/(?:\d{2}|\d{4}))(?![\w/-]|\.\d)"

def _two_digits(value: str) -> bool:
    return sum(ch.isdigit() for ch in value) >= 2


TYPES = (
    EntityType(
        "REFERENCE_ID", EntityPolicy(category="fpe", threshold=0.5), tier=2,
        finders=(regex_finder("REFERENCE_ID", [(_CUED, 0.7), (_APPLICATION, 0.6)], validate=_two_digits),),
        codec=lambda config: AlnumCodec("REFERENCE_ID"), family="references",
        description="a case, application, file, registration or membership number (after its cue word; "
                    "court application numbers such as 12345/08 without one)",
        examples=("application no. 12345/08", "NºCol: 28 28 20943", "case number C-2021-0042"),
    ),
)
