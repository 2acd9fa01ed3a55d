"""The normalised view that detection reads, with offsets mapped back to what the user wrote.

Values are written with the digits, spaces and dashes a Unicode text really contains: fullwidth
("１２３-４５-６７８９") and Arabic-Indic or Devanagari digits, no-break and thin spaces, en dashes and
the minus sign, and invisible characters inside a value (zero-width space, joiners, soft hyphen).
The finders are written for ASCII digits, spaces and hyphens, so they read a view of the text in
which each character is replaced by:

* any decimal digit -> its ASCII digit; any space separator (Zs) -> " "; line and paragraph
  separators -> "\\n"; every dash and the minus sign -> "-";
* zero-width and format characters that may sit inside a value (Cf: ZWSP, ZWJ, ZWNJ, word joiner,
  BOM, soft hyphen, bidi marks) -> nothing, except a zero-width space between a letter and a capital,
  where a word ends ("John\u200bSmith") -> " ";
* where a letter of a script written without spaces (Chinese, Japanese, Thai), or of Korean, Arabic, Hebrew or an
  Indic script, meets a number of six digits or more, a zero-width space (``GLUE``) is set between them
  ("电话是13812345678" -> "电话是\u200b13812345678"): a value glued to such a word is read as a value (an address's
  short numbers stay glued to their words: "3丁目8番1号");
* fullwidth letters and signs ("Ａ", "＠") and Latin ligatures ("ﬁ") -> their NFKC (ASCII) form, and so is
  any other character whose NFKC form is one ASCII letter (the styled letters of the mathematical alphabets,
  "𝐉𝐨𝐡𝐧", circled and parenthesised letters, "ⓙ", superscript letters); every other character stays itself
  (the ordinal "º" of "2º B" is not an "o"; a superscript digit is read as one only in a run, below);
* a Cyrillic or Greek letter drawn as a Latin one, in a token of ASCII letters and digits ("\u0410KIA...",
  "gm\u0430il.com") -> that Latin letter (a Russian or Greek word stays itself).

Each character is mapped on its own (never composed with its neighbours), but for a character and the
combining marks after it (a decomposed, NFD, text: "Jose\u0301"), which the view writes as one composed
letter ("José") standing for all of them; so a span of the view maps back to the characters the user
wrote: the stand-in replaces exactly those, and restoring puts them back byte for byte. The sanitizer encrypts the normalised value ("123-45-6789"), so a codec
never sees a digit it cannot read.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import regex

_DASHES = frozenset("\u2010\u2011\u2012\u2013\u2014\u2015\u2043\u2212\u2796\ufe58\ufe63\uff0d")


@lru_cache(maxsize=4096)
def _char(ch: str) -> str:
    if ch in _DASHES:
        return "-"
    category = unicodedata.category(ch)
    if category == "Nd":
        return str(unicodedata.decimal(ch))
    if category == "Zs":
        return " "
    if category in ("Zl", "Zp"):
        return "\n"
    if category == "Cf" or _invisible(ch):
        return ""
    if "\uff01" <= ch <= "\uff5e" or "\ufb00" <= ch <= "\ufb06":  # fullwidth forms, Latin ligatures
        return unicodedata.normalize("NFKC", ch)
    folded = unicodedata.normalize("NFKC", ch).strip("()")  # ("⒥" is "(j)")
    if ch not in _ORDINALS and len(folded) == 1 and folded.isascii() and folded.isalpha():
        return folded  # a Latin letter in a styled form: bold, italic, script, double-struck, circled or
        # parenthesised ("𝐉𝐨𝐡𝐧", "ⓙⓞⓗⓝ", as "fancy text" generators and some bios write them), a superscript letter
    return ch


_ORDINALS = frozenset("\u00aa\u00ba")  # "2ª planta", "2º B": the ordinal signs stay themselves


# the default-ignorable characters that are no format character (Cf): the combining grapheme joiner, the variation
# selectors, the Hangul fillers, the Mongolian variation selectors and the Khmer inherent vowels; a renderer draws
# nothing for them, so inside a value they hide nothing ("123-45\u034f-6789", "123\u3164-45-6789")
_INVISIBLE = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x3164, 0x3164),
              (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0x1D173, 0x1D17A), (0xE0100, 0xE01EF))


def _invisible(ch: str) -> bool:
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _INVISIBLE)


# the marks a value's digits are written with beside the ordinary ones: superscript and subscript digits in a run of
# three or more ("SSN ¹²³-⁴⁵-⁶⁷⁸⁹"; an exponent, "10²", "x³", stays as written), and the Japanese prolonged sound
# mark a Japanese keyboard types for a dash between digits ("１２３ー４５ー６７８９"; "コーヒー" keeps it)
_SCRIPT_DIGIT = "\u00b2\u00b3\u00b9\u2070\u2074-\u2079\u2080-\u2089"
_SCRIPT_DIGITS = regex.compile(rf"[{_SCRIPT_DIGIT}](?:[{_SCRIPT_DIGIT}]|[- \u2212\u207b\u208b](?=[{_SCRIPT_DIGIT}]))*")
_LONG_MARK = regex.compile(r"(?<=\p{Nd})[\u30fc\uff70](?=\p{Nd})")
# (the characters those two read: a text holding none, as a French or Spanish one with its accents, skips both)
_CONTEXTUAL_CHARS = frozenset("\u00b2\u00b3\u00b9\u2070\u30fc\uff70") | frozenset(map(chr, range(0x2074, 0x208a)))


def _contextual(text: str) -> dict[int, str]:
    """The characters of ``text`` that the view reads as a digit or a dash only where they stand (see above)."""
    out: dict[int, str] = {}
    if _CONTEXTUAL_CHARS.isdisjoint(text):
        return out
    for m in _SCRIPT_DIGITS.finditer(text):
        if sum(unicodedata.digit(ch, None) is not None for ch in m.group()) < 3:
            continue
        for i in range(m.start(), m.end()):
            d = unicodedata.digit(text[i], None)
            out[i] = (" " if text[i] == " " else "-") if d is None else str(d)
    for m in _LONG_MARK.finditer(text):
        out[m.start()] = "-"
    return out


# Cyrillic and Greek letters drawn as a Latin letter is (Unicode's confusables): a token of Latin letters and digits with
# such a letter in it reads as the Latin token it looks like ("\u0410KIAIOSFODNN7EXAMPLE", "D\u041589 3704 ...",
# "\u0421\u041012345678", "gm\u0430il.com" went out as written: no finder's pattern held the Cyrillic letter)
_CONFUSABLE = dict(zip("АВЕКМНОРСТХУІЈЅаеорсухіјѕԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοι",
                       "ABEKMHOPCTXYIJSaeopcyxijsdqwABEZHIKMNOPTYXoi"))
_TOKEN = regex.compile(r"[\p{L}\p{Nd}]+")


def _confusables(text: str) -> dict[int, str]:
    """The Cyrillic and Greek letters of ``text`` that stand for Latin ones: in a token whose every other character is
    an ASCII letter or digit and that holds at least one (a Russian or Greek word is left as it is, and so is a word
    with one Latin letter typed into it: "Иванoв")."""
    out: dict[int, str] = {}
    if _CONFUSABLE.keys().isdisjoint(text):
        return out
    for m in _TOKEN.finditer(text):
        word = m.group()
        if any(ch.isascii() for ch in word) and all(ch.isascii() or ch in _CONFUSABLE for ch in word) \
                and not word.isascii():
            out.update((m.start() + k, _CONFUSABLE[ch]) for k, ch in enumerate(word) if ch in _CONFUSABLE)
    return out


def lower_same_length(text: str) -> str:
    """Lower case one character for one (offsets stay valid: "İ".lower() is two characters)."""
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def without_marks(text: str) -> str:
    """``text`` with its accents and other combining marks taken off ("Barceló" -> "Barcelo", "Müller" -> "Muller")."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))


def normalize_value(value: str) -> str:
    """The normalised form of a value (what a codec or a validator reads)."""
    return value if value.isascii() else view(value).text


@dataclass(frozen=True)
class View:
    """The normalised text and, for each of its characters, the index of the original character."""

    text: str
    origin: tuple[int, ...] | None  # None: the view is the text itself
    length: int  # of the original text
    # where each of its characters ends in the original, where one stands for more than one (a letter composed with
    # the combining marks after it); None: each ends one after its origin
    ends: tuple[int, ...] | None = None

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Original offsets of the view's characters [start, end)."""
        if self.origin is None:
            return start, end
        if start >= len(self.origin):
            return self.length, self.length
        if end <= start:
            at = self.origin[start]
            return at, at
        return self.origin[start], (self.ends[end - 1] if self.ends is not None else self.origin[end - 1] + 1)


# scripts whose words a value is glued to: those written without spaces, and those whose digits a text may set
# beside its words in Latin ones ("电话是13812345678", "010-1234-5678입니다", "رقم0501234567")
_GLUING_SCRIPTS = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "THAI", "LAO", "KHMER", "MYANMAR", "TIBETAN", "ARABIC",
                   "HEBREW", "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "TAMIL", "TELUGU", "KANNADA", "MALAYALAM",
                   "ETHIOPIC")


# the mark the view sets where a value meets a word of such a script: no letter, no digit, no space (the finders'
# boundaries read it as a word's end; the finders of those scripts' names read it as glue: "请发邮件到" before an
# address is no name)
GLUE = "\u200b"


@lru_cache(maxsize=4096)
def _other_script_letter(ch: str) -> bool:
    """A letter of one of those scripts ("电", "입", "ر"; not "º", "µ" or "é")."""
    return ch.isalpha() and not ch.isascii() and unicodedata.name(ch, "").startswith(_GLUING_SCRIPTS)


# a number long enough to be a value (a phone, a card, an id: six digits or more, with their separators)
_LONG_NUMBER = regex.compile(r"\+?\p{Nd}(?:[\p{Nd}\p{Pd}\u2212 .()/]*\p{Nd})?")
_DIGIT_GROUP = regex.compile(r"\p{Nd}+")


def _glue_points(text: str) -> set[int]:
    """Where a long number meets a letter of those scripts: the indices of the characters the mark goes before."""
    points = set()
    for m in _LONG_NUMBER.finditer(text):
        if sum(ch.isdigit() for ch in m.group()) < 6:
            continue  # "3丁目8番1号", "가락819거리": an address's numbers are written glued to their words
        groups = _DIGIT_GROUP.findall(m.group())
        # (a short group at the glued end is an address's number after a postcode: "36311 1丁目8番9号")
        if m.start() > 0 and _other_script_letter(text[m.start() - 1]) and len(groups[0]) >= 3:
            points.add(m.start())
        if m.end() < len(text) and _other_script_letter(text[m.end()]) and len(groups[-1]) >= 3:
            points.add(m.end())
    return points


_CODE_RUN = regex.compile(r"[\w\u200b-]+")


def _in_a_code(text: str, at: int) -> bool:
    """The zero-width space at ``at`` sits inside a run of letters, digits, underscores and hyphens that holds a digit:
    a code, a key or an id, not two names written together."""
    lo, hi = max(0, at - 64), min(len(text), at + 64)
    for m in _CODE_RUN.finditer(text, lo, hi):
        if m.start() <= at < m.end():
            return any(ch.isdigit() for ch in m.group())
    return False


@lru_cache(maxsize=1024)
def _alphabetic_letter(ch: str) -> bool:
    """An ASCII character or a letter of the Latin, Greek or Cyrillic alphabets (whose combining marks are accents or
    decoration, not spelling)."""
    return ch.isascii() or unicodedata.name(ch, "").startswith(("LATIN", "GREEK", "CYRILLIC"))


def view(text: str) -> View:
    """The normalised view of ``text`` (the text itself when nothing changes: the common case)."""
    if text.isascii():
        return View(text, None, len(text))
    pieces: list[str] = []
    origin: list[int] = []
    composed: dict[int, int] = {}  # view index -> end in the original, of a letter composed with its marks
    changed = False
    glue = _glue_points(text) if any(map(_other_script_letter, text)) else set()
    contextual = _contextual(text)
    contextual.update(_confusables(text))
    for i, ch in enumerate(text):
        if not ch.isascii() and unicodedata.combining(ch) and pieces and len(pieces[-1]) == 1 \
                and (pieces[-1].isalpha() or pieces[-1].isascii()):
            joined = unicodedata.normalize("NFC", pieces[-1] + ch)
            if len(joined) == 1 or _alphabetic_letter(pieces[-1]):
                # a letter and the combining marks after it, as a decomposed (NFD) text writes them ("Jose\u0301
                # Marti\u0301nez", as macOS and some PDFs give them): one letter of the view ("José Martínez"), so a
                # name is read whole and its stand-in replaces the marks with it; a mark no letter of the Latin,
                # Greek or Cyrillic alphabets, no digit or ASCII sign is composed with (underlined or struck-through
                # text: "J\u0332o\u0332h\u0332n\u0332", "1\u03322\u0332"; a Russian stress mark: "Ива\u0301н")
                # is read as nothing, the character before it standing for both
                pieces[-1] = joined if len(joined) == 1 else pieces[-1]
                composed[len(origin) - 1] = i + 1
                changed = True
                continue
        new = ch if ch.isascii() else contextual.get(i) or _char(ch)
        if ch == "\u200b" and 0 < i < len(text) - 1 and text[i - 1].isalpha() and text[i + 1].isupper() \
                and not _in_a_code(text, i):
            new = " "  # "John\u200bSmith": a zero-width space where a word ends is a space between names (inside a
            # code it is dropped like any other: "AKIA\u200bIOSFODNN7EXAMPLE", "DEUT\u200bDEFF500")
        if i in glue:
            new = GLUE + new  # "电话是13812345678", "5678입니다": scripts written without spaces glue a value to
            # a word; the view marks a word's end there (the mark is no character of a value: it maps to the next)
        changed = changed or new != ch
        pieces.append(new)
        origin.extend([i] * len(new))
    if not changed:
        return View(text, None, len(text))
    ends = tuple(composed.get(k, at + 1) for k, at in enumerate(origin)) if composed else None
    return View("".join(pieces), tuple(origin), len(text), ends)
