"""Category II: metric local DP for numbers (Prmpt section 4.1.2, Algorithm 1; ALGORITHMS.md 1).

Mechanism: on a discretized domain (integer grid indices lo..hi), output index y with probability
P(y | x) proportional to exp(-eps * |x - y| / 2): the exponential mechanism for d = |x - y|, which
is eps-mLDP (Theorem 1; the factor 2 pays for the normaliser, which depends on x once the domain is
truncated). On the integers this is a two-sided geometric law truncated to [lo, hi]; it is sampled
exactly by its closed-form masses and inverse CDFs, in O(1) whatever the domain size.

Grids: ``linear`` maps a value v to round(v / unit); ``log`` maps v > 0 to round(ln v / ln(1+unit)),
so one unit is a relative step (1 % for unit = 0.01). The rounding to the grid is a deterministic
pre-processing: the guarantee is eps * |k(x) - k(x')| for grid indices k, i.e. at most
eps * (|x - x'| / unit + 1) on a linear grid.

Randomness is passed in as two uniforms; the sanitizer derives them from a keyed PRF of
(user, type, value), so the same value always gets the same noise and repeated requests reveal
nothing new (averaging is impossible).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal


def uniforms_from_bytes(raw: bytes) -> tuple[float, float]:
    """Two independent uniforms in the open interval (0, 1) from >= 16 PRF bytes (53 bits each)."""
    a = int.from_bytes(raw[:8], "big") >> 11
    b = int.from_bytes(raw[8:16], "big") >> 11
    return (a + 0.5) / 2**53, (b + 0.5) / 2**53


def _geometric_tail_mass(alpha: float, k: int) -> float:
    """sum_{j=1..k} alpha**j, computed stably."""
    if k <= 0:
        return 0.0
    return alpha * (-math.expm1(k * math.log(alpha))) / (1.0 - alpha)


def _truncated_geometric(alpha: float, k: int, u: float) -> int:
    """j in 1..k with P(j) proportional to alpha**j, by the inverse CDF."""
    # CDF(j) = (1 - alpha**j) / (1 - alpha**k); solve for the smallest j with CDF(j) >= u.
    total = -math.expm1(k * math.log(alpha))
    j = math.ceil(math.log1p(-u * total) / math.log(alpha))
    return min(max(j, 1), k)


def sample_geometric_mechanism(x: int, lo: int, hi: int, eps: float, u_side: float, u_mag: float) -> int:
    """Exact sample of P(y) proportional to exp(-eps * |x - y| / 2) for y in [lo, hi] (x clamped).

    ``u_side`` picks left / centre / right by their exact masses; ``u_mag`` the distance within the
    chosen side by inverse CDF. Both are uniforms in (0, 1) supplied by the caller.
    """
    if lo > hi or eps <= 0:
        raise ValueError("invalid mechanism parameters")
    x = min(max(x, lo), hi)
    alpha = math.exp(-eps / 2.0)
    left = _geometric_tail_mass(alpha, x - lo)
    right = _geometric_tail_mass(alpha, hi - x)
    total = left + 1.0 + right
    t = u_side * total
    if t < left:
        return x - _truncated_geometric(alpha, x - lo, u_mag)
    if t < left + 1.0:
        return x
    return x + _truncated_geometric(alpha, hi - x, u_mag)


def mechanism_probability(x: int, y: int, lo: int, hi: int, eps: float) -> float:
    """The exact P(y | x) of :func:`sample_geometric_mechanism` (for tests and documentation)."""
    x = min(max(x, lo), hi)
    alpha = math.exp(-eps / 2.0)
    norm = _geometric_tail_mass(alpha, x - lo) + 1.0 + _geometric_tail_mass(alpha, hi - x)
    return alpha ** abs(x - y) / norm if lo <= y <= hi else 0.0


@dataclass(frozen=True)
class Grid:
    """The discretization of one numeric type: a value <-> an integer index."""

    scale: Literal["linear", "log"]
    unit: float
    min_value: float
    max_value: float

    def index(self, value: float) -> int:
        if self.scale == "linear":
            return round(value / self.unit)
        return round(math.log(value) / math.log1p(self.unit))

    def value(self, index: int) -> float:
        if self.scale == "linear":
            return index * self.unit
        return math.exp(index * math.log1p(self.unit))

    def bounds(self) -> tuple[int, int]:
        lo_value = self.min_value if self.scale == "linear" else max(self.min_value, 1e-300)
        return self.index(lo_value), self.index(self.max_value)


def perturb(value: float, grid: Grid, eps: float, u_side: float, u_mag: float) -> float:
    """eps-mLDP noise for one magnitude on ``grid`` (value > 0 on a log grid)."""
    lo, hi = grid.bounds()
    y = sample_geometric_mechanism(grid.index(value), lo, hi, eps, u_side, u_mag)
    return grid.value(y)
