"""The keyed PRFs of the watermark (paper, 'Random seed generator' and Definition 4).

Both are keyed BLAKE2b, each with its own personalization string (domain separation):

* the step seed r_t = BLAKE2b_k(x_{t-H}, ..., x_{t-1}) under the watermark key k, 32 bytes;
* the g-values of token x: BLAKE2b_{r_t}(x) gives ceil(m / 8) bytes, and bit l is g_l(x, r_t).
  Each bit is a uniform, independent PRF bit, i.e. F_g^{-1}(h / 2^n) for Bernoulli(0.5) with n = 1.

g-values are computed for candidate tokens only (the top-k of a step, or the one token a detector
scores), never the whole vocabulary. The keyed BLAKE2b state is built once per seed and copied per
candidate, which saves the key block for every token after the first.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

SEED_BYTES = 32
_SEED_PERSON = b"veil/wm-seed/v1"
_G_PERSON = b"veil/wm-g/v1"
_MAX_TOKEN_ID = 2**32 - 1


def _pack_ids(ids: Sequence[int]) -> bytes:
    # Fixed 4-byte big-endian fields: the byte string names the token tuple unambiguously.
    out = bytearray()
    for t in ids:
        if not 0 <= t <= _MAX_TOKEN_ID:
            raise ValueError("token ids must be in [0, 2**32)")
        out += int(t).to_bytes(4, "big")
    return bytes(out)


def context_seed(key: bytes, context: Sequence[int]) -> bytes:
    """r_t = h(x_{t-H}, ..., x_{t-1}, k): 32 pseudorandom bytes for one context window."""
    return hashlib.blake2b(_pack_ids(context), key=key, digest_size=SEED_BYTES, person=_SEED_PERSON).digest()


def g_value_bytes(layers: int) -> int:
    if not 1 <= layers <= 512:
        raise ValueError("layers must be in [1, 512]")
    return (layers + 7) // 8


def g_values(seed: bytes, tokens: Sequence[int], layers: int) -> np.ndarray:
    """g_l(x, r_t) for each token x in ``tokens`` and l = 1..m: a (len(tokens), m) uint8 array of 0/1."""
    width = g_value_bytes(layers)
    if len(tokens) == 0:
        return np.zeros((0, layers), dtype=np.uint8)
    base = hashlib.blake2b(key=seed, digest_size=width, person=_G_PERSON)
    digests = bytearray()
    for t in tokens:
        h = base.copy()
        h.update(_pack_ids((t,)))
        digests += h.digest()
    raw = np.frombuffer(bytes(digests), dtype=np.uint8).reshape(len(tokens), width)
    return np.unpackbits(raw, axis=1)[:, :layers]


def g_values_of_positions(
    key: bytes, contexts: Sequence[Sequence[int]], tokens: Sequence[int], layers: int
) -> np.ndarray:
    """The g-values of the token at each scored position, each under its own context's seed: (n, m)."""
    if len(contexts) != len(tokens):
        raise ValueError("one context per token")
    out = np.zeros((len(tokens), layers), dtype=np.uint8)
    for i, (ctx, tok) in enumerate(zip(contexts, tokens)):
        out[i] = g_values(context_seed(key, ctx), (tok,), layers)[0]
    return out
