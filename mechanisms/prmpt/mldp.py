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

Output: the mechanism picks a cell y; the released value is drawn uniformly inside that cell (in
the grid's coordinate t, v = value(t), t in [y - 1/2, y + 1/2)) and then written by a rendering
that depends only on that value and public settings (``numbers.format_number``: the format and a
fixed number of significant figures per type). So P(string | x) = sum_y P(y | x) * P(string | y)
with P(string | y) independent of x, and every ratio P(s | x) / P(s | x') is at most
max_y P(y | x) / P(y | x') <= exp(eps * |k(x) - k(x')|): the bound holds for the written string
(proof in docs/prmpt.md; :func:`output_distribution` computes P(s | x) exactly for the tests).
Drawing inside the cell also keeps outputs off the grid (no tell-tale round(1.01^k) values).

Randomness is passed in as two uniforms; the sanitizer derives them from a keyed PRF of
(user, type, value), so the same value always gets the same noise and repeated requests reveal
nothing new (averaging is impossible).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal


def uniforms_from_bytes(raw: bytes, count: int = 2) -> tuple[float, ...]:
    """``count`` independent uniforms in the open interval (0, 1) from 8 PRF bytes each (53 bits)."""
    if len(raw) < 8 * count:
        raise ValueError("not enough PRF bytes")
    return tuple(((int.from_bytes(raw[8 * i:8 * i + 8], "big") >> 11) + 0.5) / 2**53 for i in range(count))


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

    def value(self, index: float) -> float:
        """The value at grid coordinate ``index`` (an integer is a cell's centre)."""
        if self.scale == "linear":
            return index * self.unit
        return math.exp(index * math.log1p(self.unit))

    def coordinate(self, value: float) -> float:
        """The inverse of :meth:`value` (grid coordinate of a magnitude)."""
        if self.scale == "linear":
            return value / self.unit
        return math.log(value) / math.log1p(self.unit) if value > 0 else -math.inf

    def bounds(self) -> tuple[int, int]:
        lo_value = self.min_value if self.scale == "linear" else max(self.min_value, 1e-300)
        return self.index(lo_value), self.index(self.max_value)


def perturb(value: float, grid: Grid, eps: float, u_side: float, u_mag: float,
            u_cell: float = 0.5) -> float:
    """eps-mLDP noise for one magnitude on ``grid`` (value > 0 on a log grid): a cell by the
    mechanism, then a value uniform in the cell (``u_cell``; 0.5 gives the cell's centre)."""
    lo, hi = grid.bounds()
    y = sample_geometric_mechanism(grid.index(value), lo, hi, eps, u_side, u_mag)
    return grid.value(y - 0.5 + u_cell)


def cell_rendering(grid: Grid, y: int, render: Callable[[float], str],
                   edge: Callable[[float], float]) -> dict[str, float]:
    """P(string | cell y) for a value uniform in the cell (in the grid coordinate).

    ``render`` is non-decreasing and constant on pieces whose upper ends ``edge`` gives
    (``numbers.upper_edge``); each string's probability is the length of its pieces in the cell.
    """
    out: dict[str, float] = {}
    t, end = y - 0.5, y + 0.5
    while t < end:
        value = grid.value(t)
        text = render(value)
        nxt = min(end, grid.coordinate(edge(value)))
        if nxt <= t:  # float rounding right at an edge: step over it
            nxt = math.nextafter(t, math.inf)
        out[text] = out.get(text, 0.0) + (nxt - t)
        t = nxt
    return out


def output_distribution(x: float, grid: Grid, eps: float, render: Callable[[float], str],
                        edge: Callable[[float], float], cells: range) -> dict[str, float]:
    """Exact P(string | x) restricted to ``cells`` (the mixture over cells; see module doc)."""
    lo, hi = grid.bounds()
    k = grid.index(x)
    out: dict[str, float] = {}
    for y in cells:
        p_cell = mechanism_probability(k, y, lo, hi, eps)
        if p_cell == 0.0:
            continue
        for text, p in cell_rendering(grid, y, render, edge).items():
            out[text] = out.get(text, 0.0) + p_cell * p
    return out
