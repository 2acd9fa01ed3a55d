"""PERSON codec: names map to names through fixed, public, versioned lists (Prmpt appendix D.2.1).

Lists (``data/names_*_v1.txt``): 5,162 first names (titles such as "Miss" removed) and the 20,000 most frequent last names of the
US Census 1990 files (as shipped in PyPI ``names==0.3.0``). A list's line order is the index the
encryption uses, so a list is never edited: a new version gets new files.

Rule, applied the same way to plaintext and ciphertext (so decryption needs no state):

* the span is split on whitespace; courtesy titles (Mr, Dr, ...) are kept;
* if there are two or more name tokens, the first is a listed first name and the last a listed
  last name: the pair (i_first, i_last) is one integer in [0, |F| * |L|) and is encrypted jointly
  (the paper's construction), so "John Smith" becomes another listed first + last name;
* every other token is encrypted alone inside its membership class: first-and-last-name lists,
  first only, last only, or neither. The membership of each token is kept, so the pair test above
  gives the same answer on the ciphertext;
* a token in no list (the paper injected it into the list, which needs state) keeps its shape:
  each letter stays a letter of the same case, other characters stay, and the result is
  cycle-walked until it is in no list either. "Zyxelle" becomes some "Qorbeta".

Casing: an all-caps token gives an all-caps name, an all-lowercase token a lowercase one, other
tokens the list's spelling (Title case).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from mechanisms.keys import UserKeys
from mechanisms.prmpt.charclass import transform_classed
from mechanisms.prmpt.permutation import permutation

TITLES = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "madam", "mr.", "mrs.",
                    "ms.", "mx.", "dr.", "prof."})
_SPLIT = re.compile(r"(\s+)")


@dataclass(frozen=True)
class NameLists:
    version: str
    first: tuple[str, ...]
    last: tuple[str, ...]
    first_index: dict[str, int]
    last_index: dict[str, int]
    classes: dict[tuple[bool, bool], tuple[str, ...]]
    class_index: dict[tuple[bool, bool], dict[str, int]]

    def membership(self, token: str) -> tuple[bool, bool]:
        low = token.lower()
        return low in self.first_index, low in self.last_index

    def is_listed(self, token: str) -> bool:
        return any(self.membership(token))


def _read_list(name: str) -> tuple[str, ...]:
    text = resources.files("mechanisms.prmpt").joinpath("data").joinpath(name).read_text("utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


@lru_cache(maxsize=4)
def load_name_lists(version: str = "v1") -> NameLists:
    """Read the packaged lists once (on first use, never at import)."""
    first = _read_list(f"names_first_{version}.txt")
    last = _read_list(f"names_last_{version}.txt")
    fi = {n.lower(): i for i, n in enumerate(first)}
    li = {n.lower(): i for i, n in enumerate(last)}
    classes: dict[tuple[bool, bool], tuple[str, ...]] = {}
    for key in ((True, True), (True, False), (False, True)):
        pool = first if key[0] else last
        classes[key] = tuple(n for n in pool if ((n.lower() in fi), (n.lower() in li)) == key)
    class_index = {k: {n.lower(): i for i, n in enumerate(v)} for k, v in classes.items()}
    return NameLists(version, first, last, fi, li, classes, class_index)


def _cased(template: str, name: str) -> str:
    if len(template) > 1 and template.isupper():
        return name.upper()
    if template.islower():
        return name.lower()
    return name


class NameCodec:
    """Format-preserving encryption of person names; see the module docstring for the rule."""

    entity_type = "PERSON"

    def __init__(self, version: str = "v1") -> None:
        self.version = version

    def _single(self, token: str, keys: UserKeys, decrypt: bool) -> str:
        lists = load_name_lists(self.version)
        key = lists.membership(token)
        if key == (False, False):
            return transform_classed(
                keys, f"PERSON|{self.version}|shape", token, decrypt=decrypt, classes="lu",
                accept=lambda t: not lists.is_listed(t) and t.lower() not in TITLES,
            )
        pool = lists.classes[key]
        perm = permutation(keys, f"PERSON|{self.version}|{int(key[0])}{int(key[1])}", len(pool))
        x = lists.class_index[key][token.lower()]
        return _cased(token, pool[perm.decrypt(x) if decrypt else perm.encrypt(x)])

    def _pair(self, first: str, last: str, keys: UserKeys, decrypt: bool) -> tuple[str, str]:
        lists = load_name_lists(self.version)
        n_last = len(lists.last)
        perm = permutation(keys, f"PERSON|{self.version}|pair", len(lists.first) * n_last)
        x = lists.first_index[first.lower()] * n_last + lists.last_index[last.lower()]
        i, j = divmod(perm.decrypt(x) if decrypt else perm.encrypt(x), n_last)
        return _cased(first, lists.first[i]), _cased(last, lists.last[j])

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        parts = _SPLIT.split(value)
        slots = [k for k, p in enumerate(parts) if p and not p.isspace() and p.lower() not in TITLES]
        if not slots:
            return value
        lists = load_name_lists(self.version)
        out = list(parts)
        first, last = slots[0], slots[-1]
        paired = (len(slots) >= 2 and parts[first].lower() in lists.first_index
                  and parts[last].lower() in lists.last_index)
        if paired:
            out[first], out[last] = self._pair(parts[first], parts[last], keys, decrypt)
        for k in slots:
            if not (paired and k in (first, last)):
                out[k] = self._single(parts[k], keys, decrypt)
        return "".join(out)

    def encrypt(self, value: str, keys: UserKeys) -> str:
        return self._crypt(value, keys, False)

    def decrypt(self, value: str, keys: UserKeys) -> str:
        return self._crypt(value, keys, True)
