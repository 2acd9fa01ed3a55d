"""Finding Category I values in encrypted formats, for desanitization with the key alone (Alg. 3).

The annotator (the same one that sanitized) finds most of them. Each type's record may add a
format finder (``EntityType.stateless``, filtered by its ``validator``) for stand-ins the annotator
may miss: phone numbers that are well formed but not assigned, SSNs, cards, IBANs, IPs, emails,
MACs, VINs, wallets and national ids in their plain shapes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mechanisms.prmpt.annotator import Span, resolve_overlaps
from mechanisms.prmpt.codecs import iban_residue, luhn_residue
from mechanisms.prmpt.config import PrmptConfig

if TYPE_CHECKING:
    from mechanisms.prmpt.annotator import TypeAnnotator

_EXTRA: dict[str, tuple[re.Pattern[str], object]] = {
    "CREDIT_CARD": (re.compile(r"(?<![\w-])\d{4}(?:[ -]?\d{3,4}){2,3}(?:[ -]?\d{1,4})?(?![\w-])"),
                    lambda v: 12 <= sum(c.isdigit() for c in v) <= 19 and
                    luhn_residue("".join(c for c in v if c.isdigit())) == 0),
    "IBAN_CODE": (re.compile(r"(?<!\w)[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?!\w)"),
                  lambda v: iban_residue(v.replace(" ", "")) == 1),
}


def _ip_ok(value: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def _finders() -> list[tuple[str, re.Pattern[str], object]]:
    from mechanisms.prmpt.entities import registry

    out: list[tuple[str, re.Pattern[str], object]] = []
    for name, rec in registry().items():
        if rec.stateless is not None:
            validate = _ip_ok if name == "IP_ADDRESS" else rec.validator
            out.append((name, rec.stateless, validate))
    out += [(name, pattern, validate) for name, (pattern, validate) in _EXTRA.items()]
    return out


def find_ciphertexts(text: str, annotator: TypeAnnotator, config: PrmptConfig) -> list[Span]:
    """Spans of enabled FPE types in ``text``: the annotator's plus the format finders'."""
    spans = [s for s in annotator.annotate(text) if config.policy(s.entity_type).category == "fpe"]
    for entity_type, finder, validate in _finders():
        if config.policy(entity_type).category != "fpe":
            continue
        for m in finder.finditer(text):
            if validate is None or validate(m.group(0)):  # type: ignore[operator]
                # below the annotator's own results in overlap resolution (score 0)
                spans.append(Span(entity_type, m.start(), m.end(), 0.0))
    return resolve_overlaps(spans)
