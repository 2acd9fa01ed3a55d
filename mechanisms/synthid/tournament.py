"""Tournament sampling (paper, Algorithms 1-2) in closed form, and the literal algorithm as a reference.

For N = 2 and Bernoulli(0.5) g-values, the winner of one layer's matches has the distribution
p(x) * (1 + g_l(x) - sum_y p(y) g_l(y)) (ALGORITHMS.md section 3): a match is lost only to a token
with a higher g-value. Applying that update for l = 1..m gives the winner of the m-layer tournament
without drawing 2^m samples.
"""

from __future__ import annotations

import numpy as np
import torch


def tournament_distribution(probs: torch.Tensor, g: torch.Tensor) -> torch.Tensor:
    """Distribution of the tournament winner.

    ``probs``: (..., k) candidate probabilities (after temperature / top-k / top-p), summing to 1.
    ``g``: (..., k, m) g-values in {0, 1}; layer l = 0 is the first round of the tournament.
    Returns (..., k) in float64. Zero-probability candidates stay at zero.
    """
    if g.shape[:-1] != probs.shape:
        raise ValueError("g must have shape probs.shape + (layers,)")
    p = probs.to(torch.float64)
    gg = g.to(torch.float64)
    for layer in range(gg.shape[-1]):
        g_l = gg[..., layer]
        mass = (p * g_l).sum(dim=-1, keepdim=True)  # P[a random draw has g_l = 1]
        p = p * (1.0 + g_l - mass)
    # Rounding can push a g = 0 token a hair below zero when mass is ~1; the exact value is >= 0.
    p = p.clamp_min(0.0)
    return p / p.sum(dim=-1, keepdim=True)


def literal_tournament(
    probs: np.ndarray,
    g: np.ndarray,
    trials: int,
    rng: np.random.Generator,
    samples_per_match: int = 2,
) -> np.ndarray:
    """Algorithm 2 as written: draw N^m tokens, knock them out layer by layer; return ``trials`` winners.

    ``probs``: (V,) a distribution over a toy vocabulary; ``g``: (V, m) g-values. Ties are broken
    uniformly at random (Algorithm 1, step 3). For tests: cost grows as N^m.
    """
    vocab, layers = g.shape
    n = samples_per_match
    pool = rng.choice(vocab, size=(trials, n**layers), p=probs)
    for layer in range(layers):
        groups = pool.reshape(trials, -1, n)
        # g + U[0, 1) is maximal exactly at a uniformly chosen member of the highest-g group.
        noisy = g[groups, layer] + rng.random(groups.shape)
        pool = np.take_along_axis(groups, noisy.argmax(axis=-1)[..., None], axis=-1)[..., 0]
    return pool[:, 0]
