"""Presidio recognizers for Prmpt's value types that Presidio lacks: AGE, MONEY, QUANTITY, NUMBER.

Each is a small regex recognizer that reports the span to sanitize (for AGE only the number; for
MONEY the currency with the number, so "$85,000" is one value). Scores: explicit patterns
("45 years old", "$85,000") 0.85, patterns that rely on a cue word ("I am 45", "earns 500,000")
0.6. Presidio is imported by the caller (the annotator), never at import time of this package.
"""

from __future__ import annotations

import re
from typing import Any

import regex

from presidio_analyzer import LocalRecognizer, Pattern, PatternRecognizer, RecognizerResult

_NUM = r"\d{1,3}(?:[,.' \u00a0]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?"
_MAG = r"(?:\s?(?:thousand|million|billion|trillion|mm|bn|[kKmMbB])(?![A-Za-z]))?"
_CUR_BEFORE = r"(?:US\$|CA\$|A\$|[$€£¥₹₩₽]|\b(?:USD|EUR|GBP|CAD|AUD|JPY|CHF|INR|CNY|SEK|NOK|DKK)\b)"
_CUR_AFTER = (r"(?:USD|EUR|GBP|CAD|AUD|JPY|CHF|INR|CNY|SEK|NOK|DKK|dollars?|euros?|bucks|"
              r"pounds sterling|yen|rupees?|francs?)\b")
_MONEY_CUES = (r"salary|income|earn(?:s|ed|ing)?|paid|pay(?:s|ing)?|owe[sd]?|balance|costs?|price|"
               r"budget|rent|debt|loan|mortgage|revenue|worth|savings|deposit(?:ed)?|spent|bonus|"
               r"wage|wages|fee|fees|refund|invoice|amount|tax(?:es)?|premium")
_UNITS = (r"kg|kilograms?|grams?|g|lbs?|pounds|oz|ounces?|cm|centimet(?:er|re)s?|mm|met(?:er|re)s?|m|km|"
          r"kilomet(?:er|re)s?|miles?|mi|ft|feet|foot|inch(?:es)?|in|mg|mcg|µg|ml|mL|liters?|litres?|l|L|"
          r"gal(?:lons?)?|mmHg|bpm|kcal|calories|sq\.? ?ft|square feet|acres?|%|percent|stones?|st")


_NOT_AGE_UNITS = (r"feet|foot|ft|inch(?:es)?|in|cm|kg|kilos?|lbs?|pounds|minutes?|mins?|hours?|hrs?|days?|"
                  r"weeks?|months?|times|x|th|st|nd|rd|percent|degrees?|miles?|km|am|pm|o'clock")


class RegexGroupRecognizer(LocalRecognizer):
    """Regexes whose group ``v`` (or the whole match) is the entity; one score per pattern."""

    def __init__(self, entity: str, patterns: list[tuple[str, float]], name: str,
                 validate: Any = None) -> None:
        self._compiled = [(re.compile(p, re.IGNORECASE), s) for p, s in patterns]
        self._validate = validate
        super().__init__(supported_entities=[entity], supported_language="en", name=name)

    def load(self) -> None:  # patterns are compiled once in __init__
        pass

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        entity = self.supported_entities[0]
        if entities and entity not in entities:
            return []
        out: list[RecognizerResult] = []
        for pattern, score in self._compiled:
            for m in pattern.finditer(text):
                group = "v" if "v" in pattern.groupindex else 0
                start, end = m.span(group)
                if start < 0 or (self._validate and not self._validate(text[start:end])):
                    continue
                out.append(RecognizerResult(entity, start, end, score,
                                            recognition_metadata={"recognizer_name": self.name}))
        return out


def _plausible_age(value: str) -> bool:
    return value.isdigit() and int(value) <= 130


def age_recognizer() -> RegexGroupRecognizer:
    v = r"(?P<v>\d{1,3})"
    return RegexGroupRecognizer("AGE", [
        (rf"\b{v}[\s-]*(?:years?|yrs?)[\s-]*old\b", 0.85),
        (rf"\b{v}\s*(?:y/o|y\.o\.|yo)\b", 0.8),
        (rf"\b(?:aged|age)\b[\"']?\s*(?:[:=]|is|was|of)?\s*[\"']?{v}\b", 0.85),
        (rf"\b(?:i am|i'm|he is|she is|he's|she's|turned|turning)\s+{v}\b(?!\s*(?:%|percent|[.,:/]\d|"
         rf"{_NOT_AGE_UNITS})\b)", 0.6),
    ], "PrmptAgeRecognizer", validate=_plausible_age)


def money_recognizer() -> RegexGroupRecognizer:
    return RegexGroupRecognizer("MONEY", [
        (rf"(?P<v>-?{_CUR_BEFORE}\s?-?(?:{_NUM}){_MAG})", 0.85),
        (rf"(?P<v>\b(?:{_NUM}){_MAG}\s?{_CUR_AFTER})", 0.85),
        (rf"\b(?:{_MONEY_CUES})\b[^\d\n]{{0,25}}?(?P<v>(?<![\w.,])(?:{_NUM}){_MAG})(?![\w%])", 0.6),
    ], "PrmptMoneyRecognizer")


def quantity_recognizer() -> RegexGroupRecognizer:
    return RegexGroupRecognizer("QUANTITY", [
        (rf"(?P<v>(?<![\w.,])(?:{_NUM})\s?(?:{_UNITS}))(?![A-Za-z])", 0.7),
    ], "PrmptQuantityRecognizer")


def number_recognizer() -> RegexGroupRecognizer:
    return RegexGroupRecognizer("NUMBER", [
        (r"(?P<v>(?<![\w.,:/-])\d+(?:[.,]\d+)?)(?![\w.,:/-]?\d)", 0.5),
    ], "PrmptNumberRecognizer")


_PHONE = re.compile(
    r"(?<![\w+-])(?:(?:\+|00)\d{1,3}[\s.\-/]?)?\(?\d{1,5}\)?(?:[\s.\-/]?\(?\d{1,5}\)?){1,6}"
    r"(?:\s?(?:x|ext\.?|extension)\s?\d{1,6})?(?![\w-])",
    re.IGNORECASE,
)
PHONE_REGIONS = ("US", "GB", "DE", "FR", "IT", "ES", "NL", "IN", "CA", "AU", "BR")
_DATE_LIKE = re.compile(r"^\s*(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})(?:\D|$)")
_SSN_LIKE = re.compile(r"^\d{3}([- ])\d{2}\1\d{4}$")
_IPV4_LIKE = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_PHONE_CUES = re.compile(r"phone|call|tel|mobile|cell|fax|contact|reach|text|whatsapp|number",
                         re.IGNORECASE)


class PhoneRecognizer(LocalRecognizer):
    """Phone numbers in one pass: a shape regex, then libphonenumber on each candidate only.

    Presidio's recognizer runs libphonenumber's matcher once per region over the whole text (most
    of the annotation time); this one also keeps well-formed numbers that are possible but not
    assigned (fake-looking numbers are still someone's number to protect).
    """

    def __init__(self) -> None:
        super().__init__(supported_entities=["PHONE_NUMBER"], supported_language="en",
                         name="PrmptPhoneRecognizer")

    def load(self) -> None:
        pass

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        out: list[RecognizerResult] = []
        for m in _PHONE.finditer(text):
            candidate = m.group(0)
            core = re.split(r"\s?(?:x|ext\.?|extension)\s?\d", candidate, flags=re.IGNORECASE)[0]
            digits = sum(ch.isdigit() for ch in core)
            if not 7 <= digits <= 15:
                continue
            if _DATE_LIKE.match(core) or _IPV4_LIKE.match(core) or _SSN_LIKE.match(core):
                continue
            grouped = any(ch in core for ch in " .-()+")
            cue = _PHONE_CUES.search(text, max(0, m.start() - 40), m.start()) is not None
            valid, possible = _phone_validity(core)
            if valid:
                score = 0.75 if grouped else 0.5
            elif possible:
                # ungrouped and unassigned: weak alone, but such a digit string is sensitive anyway
                score = 0.5 if grouped else 0.35
            else:
                continue
            if cue:
                score = min(1.0, score + 0.2)
            out.append(RecognizerResult("PHONE_NUMBER", m.start(), m.end(), score,
                                        recognition_metadata={"recognizer_name": self.name}))
        return out


def _luhn_ok(text: str) -> bool:
    digits = [int(ch) for ch in text if ch.isdigit()]
    if not 12 <= len(digits) <= 19 or len(set(digits)) == 1:
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        total += (d * 2 - 9 if d > 4 else d * 2) if i % 2 else d
    return total % 10 == 0


def card_recognizer() -> RegexGroupRecognizer:
    """Payment cards of 12-19 digits (all networks), grouped or not, Luhn-checked."""
    return RegexGroupRecognizer("CREDIT_CARD", [
        (r"(?<![\w-])(?P<v>\d{4}(?:([ -])\d{4}){2}\2\d{1,7}|\d{4}([ -])\d{6}\3\d{4,5}|\d{12,19})(?![\w-])",
         0.6),
        (r"\b(?:card|visa|mastercard|amex|cc|credit|debit)\b\D{0,20}?(?P<v>(?<![\w-])\d[\d -]{10,22}\d)(?![\w-])",
         0.85),
    ], "PrmptCardRecognizer", validate=_luhn_ok)


def keyed_name_recognizer() -> RegexGroupRecognizer:
    """Names as values of name-like keys in JSON, code, YAML or forms (NER misses them there)."""
    keys = r"(?:full_?name|first_?name|last_?name|name|customer|user_?name|patient|author|contact|owner|" \
           r"recipient|sender|employee|client)"
    value = r"(?P<v>[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?(?: [A-Z][a-z]*\.?)?(?: [A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?){1,2})"
    return RegexGroupRecognizer("PERSON", [
        (rf"\b{keys}[\"']?\s*[:=]\s*[\"']?{value}[\"']?", 0.7),
    ], "PrmptKeyedNameRecognizer")


_WORD = r"\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)?"
_NAME_PAIR = regex.compile(rf"(?<![\w'’])(?P<first>{_WORD})(?:[ \t]+\p{{Lu}}\.)?[ \t]+(?P<last>{_WORD})(?![\w'’])")
_GREETING = regex.compile(rf"\b(?:Dear|Hi|Hello|Hey|Mr\.?|Mrs\.?|Ms\.?|Dr\.?|Prof\.?)[ \t]+"
                          rf"(?P<v>{_WORD}(?:[ \t]+{_WORD})?)")
_PERSON_CUES = regex.compile(
    r"\b(?:dear|hi|hello|with|by|from|contact|name|named|called|mr|mrs|ms|dr|patient|customer|client|"
    r"father|mother|son|daughter|wife|husband|brother|sister|friend|colleague|manager|it's|i'm|"
    r"i am|this is|signed|regards|sincerely)\b\W{0,3}$", regex.IGNORECASE)


class ListedNameRecognizer(LocalRecognizer):
    """"First Last" where both words are in the public name lists, and names after a greeting or
    a title. Catches names that NER misses in tables, CSV and letters."""

    def __init__(self, version: str = "v1") -> None:
        from mechanisms.prmpt.names import load_name_lists

        self._lists = load_name_lists(version)
        super().__init__(supported_entities=["PERSON"], supported_language="en",
                         name="PrmptListedNameRecognizer")

    def load(self) -> None:
        pass

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        out: list[RecognizerResult] = []
        first, last = self._lists.first_index, self._lists.last_index
        for m in _NAME_PAIR.finditer(text, overlapped=True):
            in_first = any(p.lower() in first for p in regex.split(r"[-'’]", m.group("first")))
            in_last = any(p.lower() in last for p in regex.split(r"[-'’]", m.group("last")))
            score = 0.65 if in_first and in_last else 0.5 if in_first or in_last else 0.3
            if _PERSON_CUES.search(text[max(0, m.start() - 30):m.start()]):
                score += 0.15
            if score >= 0.5:
                out.append(RecognizerResult("PERSON", m.start(), m.end(), score,
                                            recognition_metadata={"recognizer_name": self.name}))
        for m in _GREETING.finditer(text):
            out.append(RecognizerResult("PERSON", m.start("v"), m.end("v"), 0.7,
                                        recognition_metadata={"recognizer_name": self.name}))
        return out


def _phone_validity(core: str) -> tuple[bool, bool]:
    """(valid somewhere, possible somewhere): international form first, else a few regions."""
    import phonenumbers

    text = "+" + core.strip()[2:] if core.strip().startswith("00") else core
    regions: tuple[str | None, ...] = (None,) if text.strip().startswith("+") else PHONE_REGIONS
    possible = False
    for region in regions:
        try:
            number = phonenumbers.parse(text, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return True, True
        possible = possible or phonenumbers.is_possible_number(number)
    return False, possible


def ssn_recognizer() -> RegexGroupRecognizer:
    """US SSNs in the usual shapes; bare 9 digits only next to a cue word."""
    def valid(text: str) -> bool:
        digits = "".join(ch for ch in text if ch.isdigit())
        area, group, serial = int(digits[:3]), int(digits[3:5]), int(digits[5:])
        return 0 < area < 900 and area != 666 and group != 0 and serial != 0

    return RegexGroupRecognizer("US_SSN", [
        (r"(?<![\w-])(?P<v>\d{3}-\d{2}-\d{4})(?![\w-])", 0.6),
        (r"(?<![\w-])(?P<v>\d{3} \d{2} \d{4})(?![\w-])", 0.4),
        (r"\b(?:ssn|social security(?: number| no\.?)?|ss#)\W{0,3}(?:is\s)?(?P<v>\d{3}[- ]?\d{2}[- ]?\d{4})"
         r"(?![\w-])", 0.85),
    ], "PrmptSsnRecognizer", validate=valid)


def custom_recognizer(name: str, regex: str, score: float, context: list[str]) -> PatternRecognizer:
    return PatternRecognizer(supported_entity=name, name=f"Custom{name}",
                             patterns=[Pattern(name, regex, score)], context=context or None)
