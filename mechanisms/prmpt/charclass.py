"""Per-position character classes: the "format" that format-preserving encryption keeps.

A value such as ``AB-12c`` is read as positions with a class (upper letter, lower letter, digit)
and fixed characters (``-``). The classed positions form a mixed-radix integer in [0, N) that a
keyed permutation maps to another integer, written back in the same classes. Non-ASCII letters
and punctuation are kept as they are (documented limitation: they are not encrypted).
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass

from mechanisms.keys import UserKeys
from mechanisms.prmpt.permutation import DomainError, permutation, walk_decrypt, walk_encrypt

ALPHABETS = {"d": string.digits, "l": string.ascii_lowercase, "u": string.ascii_uppercase}
_CLASS_OF = {c: k for k, alphabet in ALPHABETS.items() for c in alphabet}
_INDEX = {c: i for alphabet in ALPHABETS.values() for i, c in enumerate(alphabet)}
MAX_CHUNK = 10**48  # keep each FF3-1 domain well under 10**56


@dataclass(frozen=True)
class ClassedValue:
    """A string split into classed positions (encrypted) and fixed characters (kept)."""

    text: str
    positions: tuple[int, ...]
    classes: str  # one of "d", "l", "u" per classed position

    @classmethod
    def parse(cls, text: str, classes: str = "dlu") -> ClassedValue:
        pos, kinds = [], []
        for i, ch in enumerate(text):
            kind = _CLASS_OF.get(ch)
            if kind is not None and kind in classes:
                pos.append(i)
                kinds.append(kind)
        return cls(text, tuple(pos), "".join(kinds))

    def chunks(self) -> list[tuple[int, int]]:
        """Split the positions into runs whose domains stay below MAX_CHUNK (long IDs)."""
        out, start, size = [], 0, 1
        for i, kind in enumerate(self.classes):
            radix = len(ALPHABETS[kind])
            if size * radix > MAX_CHUNK:
                out.append((start, i))
                start, size = i, 1
            size *= radix
        out.append((start, len(self.classes)))
        return out

    def to_int(self, lo: int, hi: int) -> tuple[int, int]:
        """(value, domain size) of classed positions lo..hi-1 as a mixed-radix integer."""
        value, size = 0, 1
        for k in range(lo, hi):
            radix = len(ALPHABETS[self.classes[k]])
            value = value * radix + _INDEX[self.text[self.positions[k]]]
            size *= radix
        return value, size

    def with_int(self, lo: int, hi: int, value: int) -> ClassedValue:
        chars = list(self.text)
        for k in range(hi - 1, lo - 1, -1):
            alphabet = ALPHABETS[self.classes[k]]
            value, digit = divmod(value, len(alphabet))
            chars[self.positions[k]] = alphabet[digit]
        return ClassedValue("".join(chars), self.positions, self.classes)


def transform_classed(
    keys: UserKeys,
    label: str,
    text: str,
    *,
    decrypt: bool,
    classes: str = "dlu",
    accept: Callable[[str], bool] | None = None,
) -> str:
    """Encrypt (or decrypt) every classed character of ``text`` in place.

    ``accept`` restricts the result to a subset of formatted strings (cycle-walking); it must hold
    for the input. Only one chunk is allowed with ``accept``.
    """
    value = ClassedValue.parse(text, classes)
    if not value.positions:
        return text
    chunks = value.chunks()
    if accept is not None and len(chunks) > 1:
        raise DomainError("constrained value too long")
    for lo, hi in chunks:
        x, n = value.to_int(lo, hi)
        perm = permutation(keys, f"{label}|{value.classes[lo:hi]}", n)
        if accept is None:
            y = perm.decrypt(x) if decrypt else perm.encrypt(x)
        else:
            base = value

            def ok(candidate: int, base: ClassedValue = base, lo: int = lo, hi: int = hi) -> bool:
                return accept(base.with_int(lo, hi, candidate).text)

            y = walk_decrypt(perm, x, ok) if decrypt else walk_encrypt(perm, x, ok)
        value = value.with_int(lo, hi, y)
    return value.text

