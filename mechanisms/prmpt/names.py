"""PERSON codec: every name part gets a realistic stand-in from fixed, public, versioned name lists.

Lists (``data/names_*_v1.txt``): 5,162 first names (titles such as "Miss" removed) and the 20,000
most frequent last names of the US Census 1990 files (as shipped in PyPI ``names==0.3.0``), plus
``names_wordlike_v1.txt``, the listed names that are also common English words ("May", "Will").
A list's line order is the index the encryption uses, so a list is never edited: a new version
gets new files.

Names are encrypted **by parts** (Prmpt appendix D.2.1 encrypts the (first, last) pair jointly;
then "Smith" alone encrypts to something else than the "Smith" of "John Smith", and an answer that
says "Dear Mr. <stand-in of Smith>" cannot be restored). A span is split on whitespace; titles (Mr, Dr, ...),
suffixes (Jr, III) and punctuation are kept; hyphenated parts are encrypted part by part.

* **Listed part** (in the first-name or the last-name list): a keyed permutation of its class that
  moves every name (:class:`~mechanisms.prmpt.permutation.Derangement`: no listed name is its own stand-in),
  the set of listed names with the same membership (first only, last only, both) and the same
  "plainness" (a plain name is not word-like and has 3+ letters). The class is a property of the
  stand-in too, so decryption needs no state and no context: "Smith" is always "Houck" (for one key), alone,
  in "John Smith", in "Mr. Smith's" or in "Smith, John"; family members share the stand-in surname.
  Where that stand-in is itself a name part of the request ("Daniel" -> "Ignacio" beside a real
  "Ignacio"), or another part's stand-in, it walks on along the keyed cycle: then only the request's
  mapping restores it.
* **Unlisted part** ("Oluwaseun"): a plain listed name drawn by a keyed PRF of (user, role, part),
  the role being first name (first/middle position, or alone) or last name (last position, after
  a title, or first before a comma), decided once per request. The draw skips names already used
  in the request (other parts' stand-ins, listed originals), so two names never collide; without
  a collision it is the same in every turn. It is not invertible with the key alone: the request's
  mapping restores it (``docs/prmpt.md``: what stateless restore can and cannot do).
* **Initial** ("J."): a keyed permutation of the 26 letters that moves every letter (case and dot kept).

Casing: an all-caps part gives an all-caps name, an all-lowercase part a lowercase one, other
parts the list's spelling (Title case).
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Literal

from mechanisms.keys import UserKeys
from mechanisms.prmpt.charclass import transform_classed
from mechanisms.prmpt.permutation import derangement

Role = Literal["first", "last"]
ClassKey = tuple[bool, bool, bool]  # (in first list, in last list, plain)

TITLES = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "madam", "mr.", "mrs.",
                    "ms.", "mx.", "dr.", "prof."})
SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv", "phd", "md", "esq"})
TITLE_BEFORE = re.compile(r"\b(?:mr|mrs|ms|miss|mx|dr|prof|sir|madam)\.?\s+$", re.IGNORECASE)
_WORD = re.compile(r"^(?P<lead>\W*)(?P<core>.*?)(?P<trail>(?:['’]s?)?\W*)$", re.DOTALL)
_SPLIT = re.compile(r"(\s+)")
_UPPER = string.ascii_uppercase
_DOTTED_INITIALS = re.compile(r"[^\W\d_](?:\.-?[^\W\d_])+")  # initials run together, without the last point
_CAPITAL = re.compile(r"[^\W\d_]")


def _base_letter(letter: str) -> str:
    """A letter without its accent ("İ" -> "I", "Ö" -> "O")."""
    return unicodedata.normalize("NFD", letter)[0]


def _wordlike(low: str) -> bool:
    """Letters, and the vowel signs and other marks that scripts such as Devanagari write inside words."""
    return any(ch.isalpha() for ch in low) and all(ch.isalpha() or unicodedata.category(ch)[0] == "M" for ch in low)


def norm(part: str) -> str:
    """The lookup form of a name part: lower case, apostrophes dropped ("O'Brien" -> "obrien")."""
    return part.lower().replace("'", "").replace("’", "")


@dataclass(frozen=True)
class NameLists:
    version: str
    first: tuple[str, ...]
    last: tuple[str, ...]
    first_index: dict[str, int]
    last_index: dict[str, int]
    wordlike: frozenset[str]
    classes: dict[ClassKey, tuple[str, ...]]
    class_index: dict[ClassKey, dict[str, int]]
    pools: dict[str, tuple[str, ...]]  # role -> plain names drawn for unlisted parts

    def membership(self, token: str) -> tuple[bool, bool]:
        low = norm(token)
        return low in self.first_index, low in self.last_index

    def is_listed(self, token: str) -> bool:
        return any(self.membership(token))

    def class_of(self, token: str) -> ClassKey | None:
        in_first, in_last = self.membership(token)
        if not (in_first or in_last):
            return None
        low = norm(token)
        return in_first, in_last, low not in self.wordlike and len(low) >= 3


def _read_list(name: str) -> tuple[str, ...]:
    text = resources.files("mechanisms.prmpt").joinpath("data").joinpath(name).read_text("utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


@lru_cache(maxsize=4)
def load_name_lists(version: str = "v1") -> NameLists:
    """Read the packaged lists once (on first use, never at import)."""
    first = _read_list(f"names_first_{version}.txt")
    last = _read_list(f"names_last_{version}.txt")
    wordlike = frozenset(w.lower() for w in _read_list(f"names_wordlike_{version}.txt"))
    fi = {n.lower(): i for i, n in enumerate(first)}
    li = {n.lower(): i for i, n in enumerate(last)}
    classes: dict[ClassKey, list[str]] = {}
    seen: set[str] = set()
    for name in first + last:  # list order (first names, then last names) fixes the class order
        low = name.lower()
        if low in seen:
            continue
        seen.add(low)
        key = (low in fi, low in li, low not in wordlike and len(low) >= 3)
        classes.setdefault(key, []).append(name)
    frozen = {k: tuple(v) for k, v in classes.items()}
    class_index = {k: {n.lower(): i for i, n in enumerate(v)} for k, v in frozen.items()}
    pools = {"first": tuple(n for n in first if n.lower() not in wordlike and len(n) >= 3),
             "last": tuple(n for n in last if n.lower() not in wordlike and len(n) >= 3)}
    return NameLists(version, first, last, fi, li, wordlike, frozen, class_index, pools)


def cased(template: str, name: str) -> str:
    """``name`` in the case style of ``template`` (ALL CAPS, lowercase, else the list's spelling)."""
    letters = [ch for ch in template if ch.isalpha()]
    if len(letters) > 1 and all(ch.isupper() for ch in letters):
        return name.upper()
    if letters and all(ch.islower() for ch in letters):
        return name.lower()
    return name


# a conjunction inside a name or between two, in lower case (Spanish "y", Portuguese "e", Catalan "i")
_CONJUNCTIONS = frozenset({"y", "e", "i"})


@dataclass
class _Token:
    """One whitespace-separated token of a name span."""

    lead: str
    core: str
    trail: str
    kind: Literal["title", "suffix", "initial", "name", "other"]
    role: Role | None = None

    @classmethod
    def parse(cls, text: str) -> "_Token":
        m = _WORD.match(text)
        lead, core, trail = (m.group("lead"), m.group("core"), m.group("trail")) if m else ("", text, "")
        while trail and unicodedata.category(trail[0])[0] == "M":  # a final vowel sign belongs to the word
            core, trail = core + trail[0], trail[1:]
        low = core.lower()
        if low in TITLES or low.rstrip(".") in TITLES:
            kind = "title"
        elif low.rstrip(".") in SUFFIXES and len(core) > 1:
            kind = "suffix"
        elif core in _CONJUNCTIONS:
            kind = "other"  # "Ortega y Gasset", "Jones y Savage": the conjunction stays as written, no initial
        elif len(core) == 1 and core.isascii() and core.isalpha():
            kind = "initial"
        elif any(ch.isalpha() for ch in core):
            kind = "name"
        else:
            kind = "other"
        return cls(lead, core, trail, kind)

    def parts(self) -> list[str]:
        return [p for p in self.core.split("-") if p] if self.kind == "name" else []


def parse_name(value: str, title_before: bool = False) -> list[str | _Token]:
    """Whitespace runs (kept as strings) and tokens with their role (see the module docstring)."""
    pieces: list[str | _Token] = [p if p.isspace() or not p else _Token.parse(p) for p in _SPLIT.split(value)]
    tokens = [p for p in pieces if isinstance(p, _Token)]
    positional = [t for t in tokens if t.kind in ("name", "initial")]
    names = [t for t in positional if t.kind == "name"]
    titled = title_before or any(t.kind == "title" for t in tokens[:1])
    if len(positional) >= 2:
        reordered = "," in positional[0].trail  # "Smith, John"
        for k, t in enumerate(positional):
            is_last = (k == 0) if reordered else (k == len(positional) - 1)
            t.role = "last" if is_last else "first"
    elif names:
        names[0].role = "last" if titled else None
    return pieces


class RequestNames:
    """The stand-ins of every name part of one request (all its texts), so that parts never collide.

    Build it once per request from all PERSON values (``occurrences``: (value, title before it)),
    then ``person(value)`` gives each value's stand-in and its part-level mapping entries, and
    ``draw`` gives realistic stand-ins to email words. Holds originals: never log it.
    """

    def __init__(self, keys: UserKeys, version: str = "v1",
                 occurrences: Iterable[tuple[str, bool]] = (), avoid: Iterable[str] = (),
                 avoid_initials: Iterable[str] = ()) -> None:
        self.keys = keys
        # words of the request's own texts (lowercase): a drawn stand-in that is also a word there
        # ("Una" in a Spanish text) would be restored in the wrong place
        self.avoid = frozenset(avoid)
        # capitals the request's texts write as initials ("B." in "police inspector B."): an initial's
        # stand-in that is one of them would put a real initial of the request on the wire
        self.avoid_initials = frozenset(c.upper() for c in avoid_initials)
        self.initials: dict[str, str] = {}  # capital of an initial -> its stand-in capital in this request
        self.lists = load_name_lists(version)
        self.version = version
        self.taken: set[str] = set()
        self.drawn: dict[tuple[Role, str], str] = {}
        self.roles: dict[str, Role] = {}
        self.full_names: list[tuple[str, str]] = []  # (first part, last part) lookup forms
        self._registered: set[tuple[str, bool]] = set()
        self.seen_parts: set[str] = set()  # lookup forms of every name part of the request
        self.listed: dict[str, str] = {}  # lookup form of a listed part -> its stand-in in this request
        self.emails: dict[str, str] = {}  # email stand-in -> original (no two emails share one)
        self._add(occurrences)

    def _add(self, occurrences: Iterable[tuple[str, bool]]) -> None:
        unlisted: list[str] = []
        parsed = [(value, title_before, [p for p in parse_name(value, title_before) if isinstance(p, _Token)])
                  for value, title_before in occurrences]
        for _value, _title, tokens in parsed:  # every part first: a listed stand-in must avoid them all
            self.seen_parts.update(norm(part) for token in tokens for part in token.parts())
        for value, title_before, tokens in parsed:
            self._registered.add((value, title_before))
            positional = [t for t in tokens if t.kind in ("name", "initial")]
            if len(positional) >= 2 and positional[-1].kind == "name":
                first_tok = positional[-1] if positional[0].role == "last" else positional[0]
                last_tok = positional[0] if positional[0].role == "last" else positional[-1]
                if first_tok.kind == "name" and first_tok.parts() and last_tok.parts():
                    self.full_names.append((norm(first_tok.parts()[0]), norm(last_tok.parts()[-1])))
            for token in tokens:
                for part in token.parts():
                    low = norm(part)
                    self.seen_parts.add(low)
                    if self.lists.class_of(part) is not None:
                        self.taken.update({low, self._listed(part).lower()})
                    elif _wordlike(low):
                        if low not in self.roles:
                            unlisted.append(low)
                        if token.role == "last" or low not in self.roles:
                            self.roles[low] = token.role or self.roles.get(low, "first")
        for low in unlisted:
            self.draw(low, self.roles.get(low, "first"))

    # ---- one part ---------------------------------------------------------------------------
    def _listed(self, part: str) -> str:
        """The stand-in of a listed part: the keyed permutation of its class, walked on while it lands on
        a name part the request itself holds ("Daniel" -> "Ignacio" beside a real "Ignacio" would put a
        real name of the request on the wire), on a word of its texts, or on another part's walked stand-in, so that no two parts
        share one. Fixed for the request once chosen. Without a collision it
        is what the key alone decrypts; after a walk only the request's mapping restores it."""
        low = norm(part)
        hit = self.listed.get(low)
        if hit is not None:
            return hit
        key = self.lists.class_of(part)
        assert key is not None
        used = set(self.listed.values())
        first = out = listed_crypt(self.keys, self.lists, key, part, False)
        for _ in range(len(self.lists.classes[key])):
            if norm(out) not in self.seen_parts and norm(out) not in self.avoid and out not in used or norm(out) == low:
                break  # (nor a word of the request's texts: "THOMAS VIA" -> "RUDOLPH PERSON" beside "CONTACT PERSON"
                # would restore "CONTACT VIA")
            out = listed_crypt(self.keys, self.lists, key, out, False)  # the next name on the keyed cycle
        if norm(out) == low:  # the walk came round: every other name of the class is taken in the request
            out = first
        self.listed[low] = out
        return out

    def draw(self, low: str, role: Role) -> str:
        """The stand-in of an unlisted part: the first PRF candidate not used in this request."""
        hit = self.drawn.get((role, low))
        if hit is not None:
            return hit
        pool = self.lists.pools[role]
        pick = None
        for k in range(32):
            raw = self.keys.prf("prmpt-name-stand-in", self.version, role, low, k)
            candidate = pool[int.from_bytes(raw[:8], "big") % len(pool)]
            if candidate.lower() not in self.taken and candidate.lower() not in self.avoid:
                pick = candidate
                break
        if pick is None:  # 32 collisions in a row: take the next free name in list order
            start = int.from_bytes(self.keys.prf("prmpt-name-stand-in", self.version, role, low)[:8], "big")
            pick = next(pool[(start + j) % len(pool)] for j in range(len(pool))
                        if pool[(start + j) % len(pool)].lower() not in self.taken)
        self.taken.add(pick.lower())
        self.drawn[(role, low)] = pick
        return pick

    def part(self, part: str, role: Role | None) -> str:
        """The stand-in of one name part (no hyphens), in the part's case style."""
        if self.lists.class_of(part) is not None:
            return cased(part, self._listed(part))
        low = norm(part)
        if _wordlike(low):
            chosen = self.roles.get(low) or role or "first"
            return cased(part, self.draw(low, chosen))
        # digits or symbols inside a "name" (NER noise): keep its shape, encrypt per character class
        return transform_classed(self.keys, f"PERSON|{self.version}|shape", part, decrypt=False)

    def initial(self, letter: str, decrypt: bool = False) -> str:
        """An initial through the keyed derangement of the 26 capitals: what the key alone inverts."""
        perm = derangement(self.keys, f"PERSON|{self.version}|initial", 26)
        i = _UPPER.index(letter.upper())
        out = _UPPER[perm.decrypt(i) if decrypt else perm.encrypt(i)]
        return out if letter.isupper() else out.lower()

    def request_initial(self, letter: str) -> str:
        """The stand-in of an initial in this request: the keyed one, unless that is an initial the
        request writes itself ("R. Ryssdal" -> "B. Canaday" beside a real "inspector B.") or another
        initial's stand-in; then the next capital in alphabet order that is neither. Fixed for the
        request once chosen. Without a collision it is what the key alone decrypts; after a step
        only the request's mapping restores it (as for a listed part's walk)."""
        up = letter.upper()
        hit = self.initials.get(up)
        if hit is None:
            start = _UPPER.index(self.initial(up))
            used = set(self.initials.values())
            order = [_UPPER[(start + j) % 26] for j in range(26)]
            free = [c for c in order if c != up and c not in used]
            hit = next((c for c in free if c not in self.avoid_initials), free[0] if free else order[0])
            self.initials[up] = hit
        return hit if letter.isupper() else hit.lower()

    # ---- one value --------------------------------------------------------------------------
    def person(self, value: str, title_before: bool = False) -> tuple[str, dict[str, str]]:
        """(stand-in of ``value``, part-level mapping entries stand-in part -> original part)."""
        if (value, title_before) not in self._registered:  # a value the request did not announce
            self._add([(value, title_before)])
        out: list[str] = []
        parts: dict[str, str] = {}
        for piece in parse_name(value, title_before):
            if isinstance(piece, str):
                out.append(piece)
                continue
            out.append(piece.lead + self._token(piece, parts) + piece.trail)
        return "".join(out), parts

    def _token(self, token: _Token, parts: dict[str, str]) -> str:
        if token.kind == "initial":
            return self.request_initial(token.core)
        if token.kind != "name":
            return token.core
        if token.core.isupper() and (_DOTTED_INITIALS.fullmatch(token.core)
                                     or len(token.core) == 1 and token.trail.startswith(".")) \
                and all(_base_letter(c) in _UPPER for c in _CAPITAL.findall(token.core)):
            # "S.K", "J.-P", "İ.K", "Ö.": each initial as one alone, an accented one by its letter ("S." -> "M."); other
            # scripts' initials ("Ж.К") go through the part's cipher below
            return _CAPITAL.sub(lambda m: self.request_initial(_base_letter(m.group(0))), token.core)
        pieces = []
        for part in token.core.split("-"):
            if not part:
                pieces.append(part)
                continue
            stand_in = self.part(part, token.role)
            if stand_in != part and len(stand_in) > 1:
                parts[stand_in] = part
            pieces.append(stand_in)
        return "-".join(pieces)


def listed_crypt(keys: UserKeys, lists: NameLists, key: ClassKey, part: str, decrypt: bool) -> str:
    """A listed name through the keyed permutation of its class (the list's spelling)."""
    pool = lists.classes[key]
    perm = derangement(keys, f"PERSON|{lists.version}|part|{int(key[0])}{int(key[1])}{int(key[2])}",
                       len(pool))
    x = lists.class_index[key][norm(part)]
    return pool[perm.decrypt(x) if decrypt else perm.encrypt(x)]


def person_occurrences(text: str, spans: Sequence[tuple[int, int]]) -> list[tuple[str, bool]]:
    """(value, preceded by a title) for PERSON spans given as (start, end) offsets in ``text``."""
    return [(text[s:e], bool(TITLE_BEFORE.search(text[max(0, s - 8):s]))) for s, e in spans]


@dataclass
class NameCodec:
    """The PERSON codec; ``encrypt`` alone (no request) is the value's stand-in in a request of one."""

    version: str = "v1"
    entity_type: str = field(default="PERSON", init=False)

    def request(self, keys: UserKeys, occurrences: Iterable[tuple[str, bool]] = ()) -> RequestNames:
        return RequestNames(keys, self.version, occurrences)

    def encrypt(self, value: str, keys: UserKeys) -> str:
        return self.request(keys, [(value, False)]).person(value)[0]

    def decrypt(self, value: str, keys: UserKeys) -> str:
        """Key-alone inverse: listed parts and initials are decrypted, other words kept.

        A stand-in drawn for an unlisted part is a listed name too, so it decrypts to some other
        listed name: only the request's mapping restores unlisted parts (documented).
        """
        lists = load_name_lists(self.version)
        names = RequestNames(keys, self.version)
        out: list[str] = []
        for piece in parse_name(value):
            if isinstance(piece, str):
                out.append(piece)
            elif piece.kind == "initial":
                out.append(piece.lead + names.initial(piece.core, decrypt=True) + piece.trail)
            elif piece.kind == "name":
                parts = []
                for part in piece.core.split("-"):
                    key = lists.class_of(part) if part else None
                    parts.append(cased(part, listed_crypt(keys, lists, key, part, True)) if key else part)
                out.append(piece.lead + "-".join(parts) + piece.trail)
            else:
                out.append(piece.lead + piece.core + piece.trail)
        return "".join(out)
