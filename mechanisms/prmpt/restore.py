"""Putting originals back into an answer: ``restore`` for a whole text, ``StreamingRestorer`` for SSE.

The mapping (stand-in -> original) of one request is compiled into one case-insensitive regex.
Tolerances, because LLMs rewrite what they echo:

* case: "XAVIER JONES" and "xavier jones" match "Xavier Jones" (the original comes back in the
  same case style when the echo is all-caps or all-lowercase); a capitalized one-word stand-in
  (a name part such as "Jones") must be echoed capitalized, so that "may" or "will" in an answer
  is never taken for the stand-in "May" or "Will";
* possessives and punctuation: a stand-in only needs non-alphanumeric neighbours ("Jones's");
* whitespace: any run of spaces/newlines where the stand-in has one;
* re-grouped digits: for stand-ins with 6 or more digits, separators (space . - / parentheses)
  between characters may be added, dropped or changed ("4111-1111-1111-1111" vs "4111111111111111").

Matches are keyed by their letters and digits only (lowercased), so every tolerated variant finds
its original. The streaming restorer holds back only the shortest tail that could still become a
stand-in and emits everything else at once; its output equals ``restore`` on the whole text.
"""

from __future__ import annotations

import re
from typing import cast

import regex

_SEP = r"[\s.\-/()]{0,2}"
# A stand-in starts after a non-alphanumeric character, or right after a JSON escape such as the
# "\n" of "Dear X,\nSmith" inside tool-call arguments (the proxy restores those JSON-escaped).
# Letters of the alphabets that separate words with spaces count as word characters (the stand-in "V" of a name
# never matches inside "véhicule"); scripts written without spaces (Chinese, Japanese) may glue a stand-in to
# the next word.
_WORDLY = "0-9A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff\u0370-\u03ff\u1f00-\u1fff\u0400-\u052f"  # re and regex
_EDGE_L = rf"(?:(?<![{_WORDLY}])|(?<=\\[nrtbf]))"
_EDGE_R = rf"(?![{_WORDLY}])"
_WORD_CHARACTER = re.compile(f"[{_WORDLY}]")


def joins_words(ch: str) -> bool:
    """``ch`` makes one word with a stand-in beside it: a letter or digit of the scripts that separate words with
    spaces (a stand-in glued to "叫" or "입" is found again; one glued to "x" or "д" is not)."""
    return _WORD_CHARACTER.match(ch) is not None


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _variant_pattern(stand_in: str) -> str:
    digits = sum(ch.isdigit() for ch in stand_in)
    if digits >= 6:
        alnum = [i for i, ch in enumerate(stand_in) if ch.isalnum()]
        parts = [regex.escape(stand_in[alnum[0]])]
        for a, b in zip(alnum, alnum[1:]):
            gap = stand_in[a + 1:b]  # the stand-in's own separator always matches (":" of IPv6, "@")
            parts.append(f"(?:{regex.escape(gap)}|{_SEP})" if gap else _SEP)
            parts.append(regex.escape(stand_in[b]))
        core = "".join(parts)
        lead, trail = stand_in[: alnum[0]], stand_in[alnum[-1] + 1:]
        # "(385) 618-3086": the echo may or may not keep the leading "(" or "+"
        return (f"(?:{regex.escape(lead)})?" if lead else "") + core + (
            f"(?:{regex.escape(trail)})?" if trail else "")
    if len(stand_in) > 1 and stand_in.isalpha() and stand_in[0].isupper():
        # a name part: the first letter's case matters, the rest is tolerant ("JONES", "Jones")
        return f"(?-i:{regex.escape(stand_in[0])})" + regex.escape(stand_in[1:])
    out = []
    for part in regex.split(r"(\s+)", stand_in):
        out.append(r"\s+" if part.isspace() else regex.escape(part))
    return "".join(out)


def _cased_like(echo: str, original: str, stand_in: str) -> str:
    if echo == stand_in:
        return original
    letters = [ch for ch in echo if ch.isalpha()]
    if letters and all(ch.isupper() for ch in letters) and not stand_in.isupper():
        return original.upper()
    if letters and all(ch.islower() for ch in letters) and not stand_in.islower():
        return original.lower()
    if echo[:1].isupper() and not stand_in[:1].isupper() and original[:1].islower():
        return original[:1].upper() + original[1:]  # "Alfa" echoes the stand-in of "alfa" at a sentence start
    return original


class RestorePlan:
    """A compiled mapping; build once per request and share between restorers of that request."""

    def __init__(self, mapping: dict[str, str]) -> None:
        items = [(s, o) for s, o in mapping.items() if s and _key(s)]
        self.by_key: dict[str, tuple[str, str]] = {}
        # the same stand-in in two cases ("Xavier" and "XAVIER") may stand for two originals written in
        # two cases ("initial Credit", "INITIAL CREDIT"): an echo that is exactly one of them gets its own
        self.exact: dict[str, str] = dict(items)
        for stand_in, original in sorted(items, key=lambda kv: -len(kv[0])):
            self.by_key.setdefault(_key(stand_in), (stand_in, original))
        # longest stand-in first (not longest pattern: the part pattern "(?-i:R)udolph" is a longer string than
        # the whole name's "Rudolph\s+C", and took "Rudolph C." apart: "Thomas L." came back as "Thomas C.")
        longest: dict[str, int] = {}
        for s, _ in items:
            pattern = _variant_pattern(s)
            longest[pattern] = max(longest.get(pattern, 0), len(s))
        alternatives = sorted(longest, key=lambda p: (-longest[p], -len(p), p))
        self.empty = not alternatives
        body = "|".join(alternatives) if alternatives else r"(?!)"
        self._source = f"{_EDGE_L}(?:{body}){_EDGE_R}"
        self._body = body
        self._pattern: regex.Pattern[str] | None = None
        self._whole: re.Pattern[str] | None = None
        self._prefix: regex.Pattern[str] | None = None

    @property
    def pattern(self) -> regex.Pattern[str]:
        """The mapping as a ``regex`` pattern, for streams (they need its partial matches)."""
        if self._pattern is None:
            self._pattern = regex.compile(self._source, regex.IGNORECASE)
        return self._pattern

    @property
    def whole(self) -> re.Pattern[str]:
        """The same pattern compiled by ``re``, for whole texts: a plan is compiled once per request,
        and ``re`` compiles it about 3x faster than ``regex`` (1.2 vs 3.6 ms for 7 stand-ins here)."""
        if self._whole is None:
            self._whole = re.compile(self._source, re.IGNORECASE)
        return self._whole

    @property
    def prefix(self) -> regex.Pattern[str]:
        """The alternation alone, to ask "could a longer stand-in still start here?" (streams only:
        compiled on first use, as a whole answer never asks and ``regex`` compiles slowly)."""
        if self._prefix is None:
            self._prefix = regex.compile(f"(?:{self._body})", regex.IGNORECASE)
        return self._prefix

    def replacement(self, echo: str) -> str:
        if echo in self.exact:
            return self.exact[echo]
        hit = self.by_key.get(_key(echo))
        if hit is None:
            return echo
        stand_in, original = hit
        return _cased_like(echo, original, stand_in)

    def scan(self, text: str, start: int, final: bool) -> tuple[str, int]:
        """Restore ``text[start:]``; return (output, index of the first held-back character).

        Characters before ``start`` are context only (for the left boundary of a match).
        """
        out: list[str] = []
        pos = start
        # A whole text uses ``re``; a stream keeps to the ``regex`` pattern it has already compiled.
        whole = final and self._pattern is None
        while True:
            m = self.whole.search(text, pos) if whole else self.pattern.search(text, pos, partial=not final)
            if m is None:
                out.append(text[pos:])
                return "".join(out), len(text)
            s, e = m.span()
            # not final: the search was the ``regex`` pattern's, whose matches can be partial
            if not final and (cast("regex.Match[str]", m).partial or self._could_grow(text, s, e)):
                out.append(text[pos:s])
                return "".join(out), s
            out.append(text[pos:s])
            out.append(self.replacement(text[s:e]))
            pos = e  # stand-ins are non-empty, so e > s and the loop advances

    def _could_grow(self, text: str, s: int, e: int) -> bool:
        if e == len(text):
            return True  # the right boundary is not known yet
        tail = self.prefix.fullmatch(text, s, partial=True)
        return tail is not None and tail.partial


def restore(text: str, mapping: dict[str, str] | RestorePlan) -> str:
    """Replace every stand-in of ``mapping`` in ``text`` by its original (tolerant, see module doc)."""
    plan = mapping if isinstance(mapping, RestorePlan) else RestorePlan(mapping)
    if plan.empty or not text:
        return text
    out, _ = plan.scan(text, 0, final=True)
    return out


class StreamingRestorer:
    """Restores stand-ins in a stream of deltas (one per choice or per tool call).

    ``feed`` returns what can be emitted now and holds back only the longest suffix that could still
    be the start of a stand-in; ``flush`` ends the stream. Concatenated outputs equal
    ``restore(full_text, mapping)``.
    """

    __slots__ = ("_plan", "_held", "_prev")

    def __init__(self, mapping: dict[str, str] | RestorePlan) -> None:
        self._plan = mapping if isinstance(mapping, RestorePlan) else RestorePlan(mapping)
        self._held = ""
        self._prev = ""  # the last two emitted characters: left-boundary context for the next match

    def feed(self, delta: str) -> str:
        if self._plan.empty:
            return delta
        text = self._prev + self._held + delta
        out, cut = self._plan.scan(text, len(self._prev), final=False)
        self._held = text[cut:]
        if cut > 0:
            self._prev = text[max(0, cut - 2):cut]
        return out

    def flush(self) -> str:
        if not self._held:
            return ""
        text = self._prev + self._held
        out, _ = self._plan.scan(text, len(self._prev), final=True)
        self._held = ""
        return out
