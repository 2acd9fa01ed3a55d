"""Category II numbers (AGE, MONEY, QUANTITY, NUMBER) and payment cards, found by regexes.

Each finder reports the span to sanitize (for AGE only the number; for MONEY the currency with
the number, so "$85,000" is one value). Scores: explicit patterns ("45 years old", "$85,000")
0.85, patterns that rely on a cue word ("I am 45", "earns 500,000") 0.6. French and Spanish
phrasings ("45 ans", "tiene 45 años", "1 250 €") are part of the same patterns.
"""

from __future__ import annotations

import re

from mechanisms.prmpt.codecs import luhn_residue
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.base import EntityType, Found, RegexFinder, regex_finder
from mechanisms.prmpt.entities.dates import YEAR_MONTH_DAY

NUM = r"\d{1,3}(?:[,.' \u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?"
_MAG = r"(?:\s?(?:thousand|million|billion|trillion|mm|bn|[kKmMbB])(?![A-Za-z]))?"
_CUR_BEFORE = r"(?:US\$|CA\$|A\$|[$€£¥₹₩₽]|\b(?:USD|EUR|GBP|CAD|AUD|JPY|CHF|INR|CNY|SEK|NOK|DKK|MXN)\b)"
_CUR_AFTER = (r"(?:USD|EUR|GBP|CAD|AUD|JPY|CHF|INR|CNY|SEK|NOK|DKK|MXN|dollars?|euros?|bucks|"
              r"pounds sterling|yen|rupees?|francs?|d[oó]lares|pesos|livres)\b")
_MONEY_CUES = (r"salary|income|earn(?:s|ed|ing)?|paid|pay(?:s|ing)?|owe[sd]?|balance|costs?|price|"
               r"budget|rent|debt|loan|mortgage|revenue|worth|savings|deposit(?:ed)?|spent|bonus|"
               r"wage|wages|fee|fees|refund|invoice|amount|tax(?:es)?|premium|"
               r"salaire|revenus?|gagne|pay[ée]e?|loyer|dette|pr[êe]t|prix|co[ûu]t|montant|solde|"
               r"salario|sueldo|gana|pag[oó]|alquiler|deuda|pr[ée]stamo|precio|coste|importe|saldo")
_UNITS = (r"kg|kilograms?|grams?|g|lbs?|pounds|oz|ounces?|cm|centimet(?:er|re)s?|mm|met(?:er|re)s?|m|km|"
          r"kilomet(?:er|re)s?|miles?|mi|ft|feet|foot|inch(?:es)?|in|mg|mcg|µg|ml|mL|liters?|litres?|l|L|"
          r"gal(?:lons?)?|mmHg|bpm|kcal|calories|sq\.? ?ft|square feet|acres?|%|percent|stones?|st|"
          r"kilos?|m[eè]tres?|metros?|litros?|gramos?|grammes?")
_NOT_AGE_UNITS = (r"feet|foot|ft|inch(?:es)?|in|cm|kg|kilos?|lbs?|pounds|minutes?|mins?|hours?|hrs?|days?|"
                  r"weeks?|months?|times|x|th|st|nd|rd|percent|degrees?|miles?|km|am|pm|o'clock")


def _plausible_age(value: str) -> bool:
    return value.isdigit() and int(value) <= 130


def _luhn_ok(text: str) -> bool:
    digits = [ch for ch in text if ch.isdigit()]
    return 12 <= len(digits) <= 19 and len(set(digits)) > 1 and luhn_residue("".join(digits)) == 0


def card_finder() -> RegexFinder:
    """Payment cards of 12-19 digits (all networks), grouped or not, Luhn-checked."""
    return RegexFinder("CREDIT_CARD", [
        (r"(?<![\w-])(?P<v>\d{4}(?:([ -])\d{4}){2}\2\d{1,7}|\d{4}([ -])\d{6}\3\d{4,5}|\d{12,19})(?![\w-])", 0.6),
        (r"\b(?:card|visa|mastercard|amex|cc|credit|debit|carte|tarjeta|cb)\b\D{0,20}?"
         r"(?P<v>(?<![\w-])\d[\d -]{10,22}\d)(?![\w-])", 0.85),
    ], validate=_luhn_ok)


def _card_digits(text: str) -> bool:
    digits = [ch for ch in text if ch.isdigit()]
    return 13 <= len(digits) <= 19 and len(set(digits)) > 1


def cued_card_finder() -> RegexFinder:
    """A card's number written as cards are, in groups of four (or American Express's 4-6-5), right after a card's
    name in English, French, Spanish, Italian, German, Dutch or Portuguese ("la sua carta 4532 7153 2412 9981",
    "Kreditkarte: 4532-7153-2412-9981"): hidden though its check digit fails (a typo, a test card: the codec keeps
    the check's residue, so nothing is made valid)."""
    return RegexFinder("CREDIT_CARD", [
        (r"(?i:\b(?:card|cards|visa|mastercard|amex|carte|tarjeta|carta|karte|kreditkarte|bankkarte|kaart|creditcard|"
         r"cart[ãa]o)\b)(?:[ \t]+(?i:number|no\.?|num[ée]ro|n[uú]mero|nummer|n[º°]|#))?[ \t]*[:#]?[ \t]*"
         r"(?P<v>(?<![\w-])\d{4}(?:([ -])\d{4}){2}\2\d{1,7}|\d{4}([ -])\d{6}\3\d{5})(?![\w-])", 0.85),
    ], validate=_card_digits, flags=0)


_WORDS = re.compile(r"[^\W\d_]+")


_ISO_DATE_AT = re.compile(rf"(?<!\d){YEAR_MONTH_DAY}(?!\d)")


def _in_iso_date(text: str, start: int, end: int) -> bool:
    """The number at ``start:end`` is part of a date written year-month-day ("1996-08-30")."""
    for m in _ISO_DATE_AT.finditer(text, max(0, start - 8), min(len(text), end + 8)):
        if m.start() <= start and end <= m.end():
            return True
    return False


class MoneyFinder:
    """Amounts with a currency (0.85), or a bare amount after a money word within 25 characters (0.6).
    The bare amounts are found number first, then the cue word is looked for before each (fast)."""

    def __init__(self) -> None:
        self._explicit = RegexFinder("MONEY", [
            (rf"(?P<v>-?{_CUR_BEFORE}\s?-?(?:{NUM}){_MAG})", 0.85),
            (rf"(?P<v>\b(?:{NUM}){_MAG}\s?{_CUR_AFTER})", 0.85),
            (rf"(?P<v>(?<![\w.,])(?:{NUM}){_MAG}\s?[€£$])", 0.85),
        ])
        self._bare = re.compile(rf"(?<![\w.,])(?:{NUM}){_MAG}(?![\w%])", re.IGNORECASE)
        self._cue = re.compile(rf"(?:{_MONEY_CUES})", re.IGNORECASE)

    def _cued(self, text: str, start: int) -> bool:
        """A money word ends at most 25 characters before ``start``, with no digit or newline between."""
        window_start = max(0, start - 25)
        gap = text[window_start:start]
        cut = max(gap.rfind("\n"), max((gap.rfind(d) for d in "0123456789"), default=-1))
        lo = window_start + cut + 1 if cut >= 0 else max(0, start - 45)
        for word in _WORDS.finditer(text, lo, start):
            if start - word.end() <= 25 and self._cue.fullmatch(word.group(0)):
                return True
        return False

    def __call__(self, text: str, lang: str) -> list[Found]:
        out = self._explicit(text, lang)
        for m in self._bare.finditer(text):
            if "-" in text[max(0, m.start() - 1):m.end() + 1] and _in_iso_date(text, m.start(), m.end()):
                continue  # "BERLIN 1996-08-30" after "GRAND PRIX": a dateline's date, no amount
            if self._cued(text, m.start()):
                out.append(Found("MONEY", m.start(), m.end(), 0.6))
        return out


def money_finder() -> MoneyFinder:
    return MoneyFinder()


_V = r"(?P<v>\d{1,3})"
TYPES = (
    EntityType(
        "AGE", EntityPolicy(category="mldp", threshold=0.5, eps=0.5, scale="linear", unit=1.0,
                            min_value=0, max_value=120), tier=1,
        finders=(regex_finder("AGE", [
            (rf"\b{_V}[\s-]*(?:years?|yrs?)[\s-]*old\b", 0.85),
            (rf"\b{_V}\s*(?:y/o|y\.o\.|yo)\b", 0.8),
            (rf"\b(?:aged|age|âge|âgée?|edad)\b[\"']?\s*(?:[:=]|is|was|of|de)?\s*[\"']?{_V}\b", 0.85),
            (rf"\b(?:i am|i'm|he is|she is|he's|she's|turned|turning)\s+{_V}\b(?!\s*(?:%|percent|[.,:/]\d|"
             rf"{_NOT_AGE_UNITS})\b)", 0.6),
            (rf"\b{_V}\s*ans\b", 0.8),
            (rf"\b{_V}\s*años\b", 0.8),
        ], validate=_plausible_age),),
        family="numbers", description="an age (Category II, noised in years)", examples=("45 years old",),
    ),
    EntityType(
        "MONEY", EntityPolicy(category="mldp", threshold=0.5, eps=0.25, scale="log", unit=0.01,
                              min_value=0.01, max_value=1e15, significant_figures=3), tier=1,
        spacy_labels=("MONEY",),
        finders=(lambda config: money_finder(),),
        family="numbers", description="an amount of money (Category II, noised on a log scale)",
        examples=("$85,000",),
    ),
    EntityType(
        "QUANTITY", EntityPolicy(category="mldp", threshold=0.5, eps=0.25, scale="log", unit=0.01,
                                 min_value=1e-6, max_value=1e15, significant_figures=3), tier=3,
        finders=(regex_finder("QUANTITY", [
            (rf"(?P<v>(?<![\w.,])(?:{NUM})\s?(?:{_UNITS}))(?![A-Za-z])", 0.7),
        ]),),
        family="numbers", description="a measured quantity with its unit", examples=("72 kg",),
    ),
    EntityType(
        "NUMBER", EntityPolicy(category="off", threshold=0.5, eps=0.1, scale="log", unit=0.01,
                               min_value=1e-6, max_value=1e15, significant_figures=3), tier=4,
        finders=(regex_finder("NUMBER", [
            (r"(?P<v>(?<![\w.,:/-])\d+(?:[.,]\d+)?)(?![\w.,:/-]?\d)", 0.5),
        ]),),
        family="numbers", description="any other number (off by default)",
    ),
)

__all__ = ["NUM", "TYPES", "card_finder", "cued_card_finder", "re"]
