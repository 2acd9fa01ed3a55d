"""Reading and writing the numbers inside money, age and quantity spans, in their own style.

"$1,250,000.00", "EUR 1.234,56", "85k", "1.2 million", "45": the number is located in the span,
parsed to a float with its style (thousands separator, decimal separator, decimals, magnitude
word), and a new value is written back in the same style so the text still reads naturally.

The style is the *format* (public: two values are neighbours only in the same format); nothing
else of the original's digits is used to write the noised value. In particular the precision of
the output is a fixed number of significant figures per type, never the original's trailing zeros
(otherwise "$85,000" and "$85,001", the same point of the mechanism, would be written differently).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal

_MAGNITUDES = {
    "k": 1e3, "thousand": 1e3, "m": 1e6, "mm": 1e6, "mn": 1e6, "million": 1e6,
    "b": 1e9, "bn": 1e9, "billion": 1e9, "t": 1e12, "tn": 1e12, "trillion": 1e12,
}
NUMBER_RE = re.compile(
    r"(?<![\w.,])(?P<num>\d{1,3}(?:(?P<sep>[,.' \u00a0\u202f])\d{3})(?:(?P=sep)\d{3})*(?:[.,]\d+)?"
    r"|\d+(?:[.,]\d+)?)"
    r"(?:(?P<gap>\s?)(?P<mag>thousand|million|billion|trillion|mm|mn|bn|tn|[kKmMbBtT])(?![A-Za-z]))?"
)


@dataclass(frozen=True)
class NumberStyle:
    thousands: str  # "" when the number had no grouping
    decimal: str
    decimals: int
    magnitude: str
    gap: str


@dataclass(frozen=True)
class ParsedNumber:
    start: int  # offsets of the number (with its magnitude word) inside the span
    end: int
    value: float
    style: NumberStyle


def _split_separators(num: str, sep: str | None) -> tuple[str, str, str, str]:
    """(integer digits, fraction digits, decimal separator, thousands separator) of a number."""
    if sep:
        groups = num.split(sep)
        if sep == "." and len(groups) == 2 and "," not in groups[1]:
            return groups[0], groups[1], ".", ""  # "1.234": a decimal number in English text
        last, frac, dec = groups[-1], "", ("," if sep == "." else ".")
        for candidate in (".", ","):
            if candidate != sep and candidate in last:
                last, frac = last.split(candidate, 1)
                dec = candidate
        return "".join(groups[:-1]) + last, frac, dec, sep
    for dec in (".", ","):
        if dec in num:
            whole, frac = num.split(dec, 1)
            return whole, frac, dec, ""
    return num, "", ".", ""


def parse_number(span: str) -> ParsedNumber | None:
    """The first number in ``span`` (None if there is none)."""
    m = NUMBER_RE.search(span)
    if m is None:
        return None
    num, sep = m.group("num"), m.group("sep")
    whole, frac, dec, thousands = _split_separators(num, sep)
    mag_word = m.group("mag") or ""
    multiplier = _MAGNITUDES.get(mag_word.lower(), 1.0) if mag_word else 1.0
    value = float(f"{whole}.{frac}" if frac else whole) * multiplier
    style = NumberStyle(thousands=thousands, decimal=dec, decimals=len(frac), magnitude=mag_word,
                        gap=m.group("gap") or "")
    return ParsedNumber(m.start(), m.end(), value, style)


def _group(digits: str, sep: str) -> str:
    if not sep or len(digits) <= 3:
        return digits
    head = len(digits) % 3 or 3
    return digits[:head] + "".join(sep + digits[i:i + 3] for i in range(head, len(digits), 3))


def _multiplier(style: NumberStyle) -> float:
    return _MAGNITUDES.get(style.magnitude.lower(), 1.0) if style.magnitude else 1.0


def quantize(value: float, style: NumberStyle, significant: int | None = None) -> Decimal:
    """|value| as it will be written: ``significant`` figures (if given), then the style's decimals.

    A non-decreasing function of |value| and of public settings only; the scaled number (85k ->
    85) is what is rounded, so "85k" stays a number of thousands.
    """
    scaled = Decimal(repr(abs(value) / _multiplier(style)))
    if significant is not None and scaled != 0:
        exponent = scaled.adjusted() - significant + 1
        scaled = scaled.quantize(Decimal(1).scaleb(exponent), rounding=ROUND_HALF_EVEN)
    return scaled.quantize(Decimal(1).scaleb(-style.decimals), rounding=ROUND_HALF_EVEN)


def upper_edge(value: float, style: NumberStyle, significant: int | None = None) -> float:
    """The magnitude at which :func:`quantize` of ``|value|`` moves to its next step: the pieces
    [edge(v_prev), edge(v)) on which the written string is constant (exact output distributions)."""
    multiplier = _multiplier(style)
    scaled = Decimal(repr(abs(value) / multiplier))
    if significant is not None and scaled != 0:
        exponent = scaled.adjusted() - significant + 1
        step = Decimal(1).scaleb(exponent)
        q = scaled.quantize(step, rounding=ROUND_HALF_EVEN)
        if q.adjusted() > scaled.adjusted():  # 9.996 -> 10.0: the step grew with the exponent
            step = step * 10
    else:
        step = Decimal(1).scaleb(-style.decimals)
        q = scaled.quantize(step, rounding=ROUND_HALF_EVEN)
    return float(q + step / 2) * multiplier


def format_number(value: float, style: NumberStyle, significant: int | None = None) -> str:
    """Write ``value`` in ``style`` (see :func:`quantize` for the precision)."""
    text = format(quantize(value, style, significant), "f")
    whole, _, frac = text.partition(".")
    out = _group(whole, style.thousands)
    if frac:
        out += style.decimal + frac
    if style.magnitude:
        out += style.gap + style.magnitude
    return out


def written_value(value: float, style: NumberStyle, significant: int | None = None) -> float:
    """The value a reader gets back from :func:`format_number` (sign kept)."""
    out = float(quantize(value, style, significant)) * _multiplier(style)
    return -out if value < 0 else out


def replace_number(span: str, parsed: ParsedNumber, value: float, significant: int | None = None) -> str:
    return span[: parsed.start] + format_number(value, parsed.style, significant) + span[parsed.end:]
