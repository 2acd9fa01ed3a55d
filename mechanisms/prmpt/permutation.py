"""Keyed permutations of integer domains [0, N): FF3-1 where it is allowed, a keyed shuffle below.

FF3-1 (NIST SP 800-38G Rev.1, through the ``ff3`` package) needs radix**length >= 1,000,000 and
length <= 2 * floor(log_radix(2**96)). Every codec in this package first encodes its value as an
integer in [0, N) and then calls :class:`IntegerPermutation`, which picks one construction:

* N >= 2**16: FF3-1 over the smallest admissible domain radix**L >= max(N, 10**6) (radix 10 or 2),
  with cycle-walking (Black & Rogaway 2002): re-encrypt until the result falls in [0, N). The
  expected number of walks is radix**L / N <= 16.
* N < 2**16: a table permutation: the keyed shuffle that sorts 0..N-1 by 64-bit AES-CTR outputs
  under a PRF-derived key. That is a pseudorandom permutation as good as AES itself, whereas Feistel
  schemes are weak on such small domains (the reason for FF3-1's lower bound).

All bounds are checked with integers, never with floating logarithms. Cipher objects and tables
are cached per (key, tweak, N) so that a request pays only for the encryptions.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache

import numpy as np
from Crypto.Cipher import AES
from ff3 import FF3Cipher

from mechanisms.keys import UserKeys

FF3_DOMAIN_MIN = 1_000_000
TABLE_MAX = 1 << 16
MAX_WALK = 100_000


class DomainError(ValueError):
    """A value does not fit the domain of a codec (never carries the value itself)."""


def ff3_max_length(radix: int) -> int:
    """2 * floor(log_radix(2**96)) computed exactly: the largest k with radix**k <= 2**96, doubled."""
    k = 0
    while radix ** (k + 1) <= 2**96:
        k += 1
    return 2 * k


def ff3_min_length(radix: int) -> int:
    """The smallest L with radix**L >= 10**6 (the FF3-1 domain bound), in integers."""
    length = 1
    while radix**length < FF3_DOMAIN_MIN:
        length += 1
    return max(length, 2)


def _choose_ff3_domain(n: int) -> tuple[int, int]:
    """(radix, length) of the cheapest FF3-1 domain that holds [0, n): walks x digits, minimised."""
    best: tuple[int, int, int] | None = None
    for radix in (10, 2):
        length = ff3_min_length(radix)
        while radix**length < n:
            length += 1
        if length > ff3_max_length(radix):
            continue
        # cost ~ expected walks * digits; compare cross-multiplied to stay in integers
        cost_num = radix**length * length
        if best is None or cost_num * 1 < best[2]:
            best = (radix, length, cost_num)
    if best is None:
        raise DomainError("domain too large for FF3-1; split the value first")
    return best[0], best[1]


@lru_cache(maxsize=512)
def _ff3_cipher(key_hex: str, tweak_hex: str, radix: int) -> FF3Cipher:
    return FF3Cipher(key_hex, tweak_hex, radix)


def _to_digits(x: int, radix: int, length: int) -> str:
    if radix == 10:
        return str(x).zfill(length)
    return format(x, "b").zfill(length)


class _TableCache:
    """A small thread-safe LRU of (encrypt, decrypt) tables, bounded in entries (<= 512 KiB each)."""

    def __init__(self, max_entries: int = 256) -> None:
        self._data: OrderedDict[tuple[bytes, int], tuple[np.ndarray, np.ndarray]] = OrderedDict()
        self._lock = threading.Lock()
        self._max = max_entries

    def get(self, seed: bytes, n: int) -> tuple[np.ndarray, np.ndarray]:
        key = (seed, n)
        with self._lock:
            hit = self._data.get(key)
            if hit is not None:
                self._data.move_to_end(key)
                return hit
        tables = _build_table(seed, n)
        with self._lock:
            self._data[key] = tables
            while len(self._data) > self._max:
                self._data.popitem(last=False)
        return tables


def _build_table(seed: bytes, n: int) -> tuple[np.ndarray, np.ndarray]:
    # Sorting by AES-CTR outputs gives a uniformly random permutation up to a 64-bit collision
    # (probability < n**2 / 2**65); the stable sort breaks such ties deterministically.
    stream = AES.new(seed, AES.MODE_CTR, nonce=bytes(8)).encrypt(bytes(8 * n))
    order = np.argsort(np.frombuffer(stream, dtype=">u8"), kind="stable").astype(np.int32)
    inverse = np.empty_like(order)
    inverse[order] = np.arange(n, dtype=np.int32)
    return order, inverse


_TABLES = _TableCache()


class IntegerPermutation:
    """A keyed permutation of [0, n) for one (user, label); see the module docstring."""

    __slots__ = ("n", "_enc", "_dec")

    def __init__(self, keys: UserKeys, label: str, n: int) -> None:
        if n < 1:
            raise DomainError("empty domain")
        self.n = n
        if n < TABLE_MAX:
            order, inverse = _TABLES.get(keys.prf("fpe-table", label, n), n)
            self._enc: Callable[[int], int] = lambda x: int(order[x])
            self._dec: Callable[[int], int] = lambda y: int(inverse[y])
            return
        radix, length = _choose_ff3_domain(n)
        cipher = _ff3_cipher(_fpe_key_hex(keys), _tweak_hex(keys, f"{label}|{n}"), radix)
        if not cipher.minLen <= length <= cipher.maxLen:  # the package's own float bounds
            raise DomainError("FF3-1 length bounds disagree with the integer check")

        def walk(x: int, step: Callable[[str], str]) -> int:
            # Cycle-walking: x's cycle under the FF3 permutation returns to [0, n), so this ends.
            for _ in range(MAX_WALK):
                x = int(step(_to_digits(x, radix, length)), radix)
                if x < n:
                    return x
            raise DomainError("cycle-walk did not terminate")

        self._enc = lambda x: walk(x, cipher.encrypt)
        self._dec = lambda y: walk(y, cipher.decrypt)

    def encrypt(self, x: int) -> int:
        if not 0 <= x < self.n:
            raise DomainError("value outside the domain")
        return self._enc(x)

    def decrypt(self, y: int) -> int:
        if not 0 <= y < self.n:
            raise DomainError("value outside the domain")
        return self._dec(y)


@lru_cache(maxsize=256)
def _fpe_key_hex(keys: UserKeys) -> str:
    return keys.fpe_key_hex()


@lru_cache(maxsize=8192)
def _tweak_hex(keys: UserKeys, label: str) -> str:
    return keys.fpe_tweak_hex(label)


@lru_cache(maxsize=8192)
def _keyed(keys: UserKeys, label: str, n: int) -> IntegerPermutation:
    return IntegerPermutation(keys, label, n)


def permutation(keys: UserKeys, label: str, n: int) -> IntegerPermutation | Derangement:
    """The cached permutation of [0, n) for ``label`` (an entity type plus a sub-domain name). Small
    domains (a table permutation: one- to four-digit numbers, short letter codes, list words, initials)
    get one without a fixed point (:class:`Derangement`): a random permutation of 10 house numbers left
    one of them as it was ("No. 2" went out as "No. 2"), one of 26 initials, one word of each list. On
    FF3-1 domains (10**6 values and more) a fixed point is a one-in-a-million event and stays."""
    perm = _keyed(keys, label, n)
    return _deranged(keys, label, n) if 2 <= n < TABLE_MAX else perm


class Derangement:
    """A keyed permutation of [0, n) that moves every value: x -> P^-1((P(x) + 1) mod n) for the keyed
    permutation P of ``label``. For list domains (names, initials, street words) a stand-in must never be
    the value it hides: a plain random permutation leaves one value of each domain in place on average
    (for one user's key, one given name of a class always went out as written). Conjugating the shift
    by P keeps it a keyed bijection (a keyed n-cycle) with no fixed point when n >= 2; n == 1 has none
    to move and stays the identity."""

    __slots__ = ("n", "_perm")

    def __init__(self, perm: IntegerPermutation) -> None:
        self.n = perm.n
        self._perm = perm

    def encrypt(self, x: int) -> int:
        return self._perm.decrypt((self._perm.encrypt(x) + 1) % self.n)

    def decrypt(self, y: int) -> int:
        return self._perm.decrypt((self._perm.encrypt(y) - 1) % self.n)


@lru_cache(maxsize=8192)
def _deranged(keys: UserKeys, label: str, n: int) -> Derangement:
    return Derangement(_keyed(keys, label, n))


def derangement(keys: UserKeys, label: str, n: int) -> Derangement:
    """The cached fixed-point-free permutation of [0, n) for ``label`` (see :class:`Derangement`),
    whatever the size of the domain."""
    return _deranged(keys, label, n)


def walk_encrypt(perm: IntegerPermutation | Derangement, x: int, accept: Callable[[int], bool]) -> int:
    """Encrypt within the subset ``accept`` of the domain (cycle-walking); x must be in it."""
    y = perm.encrypt(x)
    for _ in range(MAX_WALK):
        if accept(y):
            return y
        y = perm.encrypt(y)
    raise DomainError("cycle-walk did not terminate")


def walk_decrypt(perm: IntegerPermutation | Derangement, y: int, accept: Callable[[int], bool]) -> int:
    """Inverse of :func:`walk_encrypt` for the same ``accept``."""
    x = perm.decrypt(y)
    for _ in range(MAX_WALK):
        if accept(x):
            return x
        x = perm.decrypt(x)
    raise DomainError("cycle-walk did not terminate")
