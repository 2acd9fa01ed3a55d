"""Finding Category I values in encrypted formats, for desanitization with the key alone (Alg. 3).

The annotator (the same one that sanitized) finds most of them. Format finders add what it may
miss in ciphertexts: phone numbers that are well formed but not assigned (the phone recognizer
validates numbers), and cards, SSNs, IBANs and IPs in their plain shapes.
"""

from __future__ import annotations

import ipaddress
import re
from typing import TYPE_CHECKING

from mechanisms.prmpt.annotator import Span, resolve_overlaps
from mechanisms.prmpt.codecs import is_valid_ssn, luhn_residue
from mechanisms.prmpt.config import PrmptConfig

if TYPE_CHECKING:
    from mechanisms.prmpt.annotator import TypeAnnotator

_FINDERS: dict[str, re.Pattern[str]] = {
    "PHONE_NUMBER": re.compile(
        r"(?<![\w+])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)\s?|\d{2,4}[\s.-])\d{3,4}[\s.-]\d{3,4}(?![\w-])"),
    "US_SSN": re.compile(r"(?<![\w-])\d{3}([- ]?)\d{2}\1\d{4}(?![\w-])"),
    "CREDIT_CARD": re.compile(r"(?<![\w-])\d{4}(?:[ -]?\d{3,4}){2,3}(?:[ -]?\d{1,4})?(?![\w-])"),
    "IBAN_CODE": re.compile(r"(?<!\w)[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?!\w)"),
    "IP_ADDRESS": re.compile(r"(?<![\w.:])(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7})(?![\w.:])"),
    "EMAIL_ADDRESS": re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?<!\.)"),
}


def _valid(entity_type: str, value: str) -> bool:
    digits = "".join(ch for ch in value if ch.isdigit())
    if entity_type == "US_SSN":
        return len(digits) == 9 and is_valid_ssn(digits)
    if entity_type == "CREDIT_CARD":
        return 12 <= len(digits) <= 19 and luhn_residue(digits) == 0
    if entity_type == "IBAN_CODE":
        compact = value.replace(" ", "")
        return int("".join(str(int(c, 36)) for c in compact[4:] + compact[:4])) % 97 == 1
    if entity_type == "IP_ADDRESS":
        try:
            ipaddress.ip_address(value)
        except ValueError:
            return False
    return True


def find_ciphertexts(text: str, annotator: "TypeAnnotator", config: PrmptConfig) -> list[Span]:
    """Spans of enabled FPE types in ``text``: the annotator's plus the format finders'."""
    spans = [s for s in annotator.annotate(text) if config.policy(s.entity_type).category == "fpe"]
    for entity_type, finder in _FINDERS.items():
        if config.policy(entity_type).category != "fpe":
            continue
        for m in finder.finditer(text):
            if _valid(entity_type, m.group(0)):
                # below the annotator's own results in overlap resolution (score 0)
                spans.append(Span(entity_type, m.start(), m.end(), 0.0))
    return resolve_overlaps(spans)
