"""Model-free detection: g-values of the text under the key, and an exact binomial test.

Unwatermarked text is independent of the key, so every g-value is a fair coin (the PRF is keyed), and
g-values at distinct contexts are independent. Scoring only the first occurrence of each context
(repeated context masking, paper Algorithm 3) keeps them distinct, so the number of ones among n
scored (position, layer) pairs is Binomial(n, 1/2) under H0: the one-sided tail is an exact p-value
(ALGORITHMS.md section 3; the paper's frequentist scores, its Supplementary A.3).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from mechanisms.synthid.config import WatermarkConfig
from mechanisms.synthid.prf import context_seed, g_value_bytes, g_values

if TYPE_CHECKING:
    from mechanisms.keys import WatermarkKey

_EXACT_LIMIT = 20_000  # above this many coins the tail is summed in log space (relative error ~1e-12)


def binomial_sf(successes: int, trials: int) -> float:
    """P[X >= successes] for X ~ Binomial(trials, 1/2): exact for trials <= 20,000."""
    if successes <= 0:
        return 1.0
    if successes > trials:
        return 0.0
    if trials <= _EXACT_LIMIT:
        term = math.comb(trials, successes)
        total = term
        for i in range(successes, trials):
            term = term * (trials - i) // (i + 1)
            total += term
        return total / (1 << trials)  # int / int is correctly rounded in Python
    steps = np.arange(successes, trials, dtype=np.float64)
    log_ratio = np.log(trials - steps) - np.log(steps + 1)  # log C(n, i+1) - log C(n, i)
    first = math.lgamma(trials + 1) - math.lgamma(successes + 1) - math.lgamma(trials - successes + 1)
    logs = np.concatenate(([first], first + np.cumsum(log_ratio))) - trials * math.log(2.0)
    top = float(logs.max())
    return float(math.exp(top) * np.exp(logs - top).sum())


def layer_weights(layers: int) -> np.ndarray:
    """Weighted-mean weights: linear from 10 (first layer) down to 1 (last), mean 1 (paper, SI A.2).

    Early layers carry the most evidence: later matches are between earlier winners, whose
    distribution has less entropy left to bias."""
    w = np.linspace(10.0, 1.0, layers) if layers > 1 else np.ones(1)
    return w * (layers / w.sum())


@dataclass(frozen=True)
class DetectionResult:
    """Outcome of scoring one text. ``score`` and ``weighted_score`` are None when nothing was scored."""

    score: float | None
    weighted_score: float | None
    p_value: float
    tokens_scored: int
    tokens_total: int
    g_values_scored: int
    verdict: bool
    key_id: str
    alpha: float
    layers: int
    context_width: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, for ``POST /v1/watermark/detect`` and ``veil detect --json``."""
        return asdict(self)


class WatermarkDetector:
    """Scores token ids or text for the watermark of one key. Needs no model, only the tokenizer."""

    def __init__(self, key: WatermarkKey, cfg: WatermarkConfig | None = None) -> None:
        self.cfg = cfg or WatermarkConfig()
        g_value_bytes(self.cfg.layers)
        self._key = key.material()
        self.key_id: str = key.key_id

    def __repr__(self) -> str:
        return f"WatermarkDetector(key_id={self.key_id}, layers={self.cfg.layers})"

    def scored_positions(self, token_ids: Sequence[int]) -> list[int]:
        """Positions that carry evidence: past the first H tokens, first occurrence of each context."""
        h = self.cfg.context_width
        seen: set[tuple[int, ...]] = set()
        positions = []
        for t in range(h, len(token_ids)):
            ctx = tuple(int(x) for x in token_ids[t - h : t])
            if self.cfg.mask_repeated_contexts and ctx in seen:
                continue
            seen.add(ctx)
            positions.append(t)
        return positions

    def g_matrix(self, token_ids: Sequence[int]) -> np.ndarray:
        """(tokens_scored, layers) g-values of the scored positions, in order."""
        h, m = self.cfg.context_width, self.cfg.layers
        ids = [int(x) for x in token_ids]
        rows = [
            g_values(context_seed(self._key, ids[t - h : t]), (ids[t],), m)[0]
            for t in self.scored_positions(ids)
        ]
        return np.stack(rows) if rows else np.zeros((0, m), dtype=np.uint8)

    def score_ids(self, token_ids: Sequence[int]) -> DetectionResult:
        """Score the completion's token ids (not the prompt's), in the generating model's tokenizer."""
        g = self.g_matrix(token_ids)
        n_pos, m = g.shape
        ones = int(g.sum())
        p_value = binomial_sf(ones, n_pos * m)
        score = weighted = None
        if n_pos:
            score = ones / (n_pos * m)
            weighted = float((g.astype(np.float64) @ layer_weights(m)).sum() / (n_pos * m))
        return DetectionResult(
            score=score,
            weighted_score=weighted,
            p_value=p_value,
            tokens_scored=n_pos,
            tokens_total=len(token_ids),
            g_values_scored=n_pos * m,
            verdict=bool(n_pos > 0 and p_value <= self.cfg.alpha),
            key_id=self.key_id,
            alpha=self.cfg.alpha,
            layers=m,
            context_width=self.cfg.context_width,
        )

    def score_text(self, text: str, tokenizer: Any) -> DetectionResult:
        """Re-tokenize ``text`` (no special tokens) and score it. See docs/watermark.md for the loss."""
        ids = tokenizer(text, add_special_tokens=False)["input_ids"]
        return self.score_ids(ids)
