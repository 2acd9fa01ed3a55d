"""Format-preserving encryption over per-position alphabets, and check characters kept valid.

``transform_alphabet`` generalizes the character classes of ``charclass``: each position of a
value has an alphabet (base32 for an AWS key id, the 33 VIN symbols, hex with its case, ...) or
is kept. The alphabet positions form a mixed-radix integer that a keyed permutation maps to
another, so a stand-in uses the same alphabet at every position and has the same length.

Check characters: ``offset_check`` keeps the *offset* between a value's check character and the
one its body calls for. A valid value (offset 0) gets a valid stand-in; an invalid one (a made-up
example in a prompt) stays exactly as invalid, and decryption recomputes the original exactly.
"""

from __future__ import annotations

import hashlib
import string
from collections.abc import Callable

from mechanisms.keys import UserKeys
from mechanisms.prmpt.permutation import DomainError, permutation, walk_decrypt, walk_encrypt

MAX_CHUNK = 10**48
DIGITS = string.digits
UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
BASE62 = DIGITS + UPPER + LOWER
BASE64 = UPPER + LOWER + DIGITS + "+/"
BASE64URL = UPPER + LOWER + DIGITS + "-_"
BASE32 = UPPER + "234567"
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

AlphabetOf = Callable[[int, str], "str | None"]


def classed(ch_pos: int, ch: str) -> str | None:
    """Digits stay digits, upper-case letters stay upper, lower stay lower (ASCII only)."""
    if ch in DIGITS:
        return DIGITS
    if ch in UPPER:
        return UPPER
    if ch in LOWER:
        return LOWER
    return None


# the letters of the cased scripts beyond Latin and of Arabic and Hebrew, each kept in its own class (the final
# sigma, the Arabic hamza forms and taa marbuta, and the Hebrew final forms stay where they are: a word keeps its shape)
_SCRIPT_ALPHABETS = ("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ", "αβγδεζηθικλμνξοπρστυφχψω", "ΆΈΉΊΌΎΏ", "άέήίόύώ",
                     "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯ", "абвгдежзийклмнопрстуфхцчшщэюя",
                     "ابتثجحخدذرزسشصضطظعغفقكلمنهوي", "אבגדהוזחטיכלמנסעפצקרשת")
_SCRIPT_OF = {ch: alphabet for alphabet in _SCRIPT_ALPHABETS for ch in alphabet}


def script_classed(ch_pos: int, ch: str) -> str | None:
    """``classed``, and the letters of Greek, Cyrillic, Arabic and Hebrew within their own script and case."""
    return classed(ch_pos, ch) or _SCRIPT_OF.get(ch)


def one_alphabet(alphabet: str) -> AlphabetOf:
    members = frozenset(alphabet)
    return lambda pos, ch: alphabet if ch in members else None


def transform_alphabet(keys: UserKeys, label: str, text: str, alphabet_of: AlphabetOf, *, decrypt: bool,
                       accept: Callable[[str], bool] | None = None) -> str:
    """Encrypt (or decrypt) every position that has an alphabet; other characters are kept.

    ``accept`` restricts the result to a subset (cycle-walking); it must hold for the input and
    needs the value to fit one chunk (about 48 decimal digits of entropy).
    """
    slots = [(i, a) for i, ch in enumerate(text) if (a := alphabet_of(i, ch)) is not None]
    if not slots:
        return text
    chunks, size, start = [], 1, 0
    for k, (_, alphabet) in enumerate(slots):
        if size * len(alphabet) > MAX_CHUNK:
            chunks.append((start, k))
            start, size = k, 1
        size *= len(alphabet)
    chunks.append((start, len(slots)))
    if accept is not None and len(chunks) > 1:
        raise DomainError("constrained value too long")
    chars = list(text)
    for lo, hi in chunks:
        value, n = 0, 1
        for i, alphabet in slots[lo:hi]:
            value = value * len(alphabet) + alphabet.index(chars[i])
            n *= len(alphabet)
        signature = hashlib.blake2s("|".join(a for _, a in slots[lo:hi]).encode(), digest_size=8).hexdigest()
        perm = permutation(keys, f"{label}|{signature}", n)

        def write(v: int, lo: int = lo, hi: int = hi) -> list[str]:
            out = list(chars)
            for i, alphabet in reversed(slots[lo:hi]):
                v, d = divmod(v, len(alphabet))
                out[i] = alphabet[d]
            return out

        if accept is None:
            y = perm.decrypt(value) if decrypt else perm.encrypt(value)
        else:
            def ok(candidate: int) -> bool:
                return accept("".join(write(candidate)))

            y = walk_decrypt(perm, value, ok) if decrypt else walk_encrypt(perm, value, ok)
        chars = write(y)
    return "".join(chars)


def offset_check(body_in: str, check_in: str, body_out: str, alphabet: str,
                 expected: Callable[[str], int | None]) -> str:
    """The check character of ``body_out`` that keeps ``check_in``'s offset from ``body_in``'s
    expected check (index into ``alphabet``). ``expected`` None means "no valid check exists"."""
    want_in, want_out = expected(body_in), expected(body_out)
    if want_in is None or want_out is None or check_in not in alphabet:
        raise DomainError("check character cannot be kept")
    offset = (alphabet.index(check_in) - want_in) % len(alphabet)
    return alphabet[(want_out + offset) % len(alphabet)]
