"""Cape's math as pure tensor functions: hybrid utility and the bucketized exponential mechanism.

Everything works on a matrix with one row per perturbed token and one column per candidate token of
the vocabulary, so a whole batch of prompts is a handful of tensor operations on any device. The
randomness comes in as uniforms (two per row) drawn by the caller from a ``torch.Generator``, so the
tests can pin it and the proxy can key it.

Paper references are to cape.txt (section 4.1) and ALGORITHMS.md section 2.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import torch

# u = L^lambda_L * D^lambda_D lies in [0, 1], so the sensitivity of the exponential mechanism is 1
# (ALGORITHMS.md 2.4). Using the width of that bound keeps the guarantee whatever the lambdas are.
UTILITY_SENSITIVITY = 1.0

# A sensitivity is either a number (the same Delta for every row) or one Delta per row, shape (rows, 1):
# the paper's Delta = max gap between the bucket scores of that row (``bucket_range``).
Sensitivity = float | torch.Tensor


def logit_utility(raw_logits: torch.Tensor, bound: float, inplace: bool = False) -> torch.Tensor:
    """L = clip(L_raw, -B, B) mapped to [0, 1] (paper eq. 7). ``bound`` is the calibrated B > 0.

    ``inplace`` reuses a float32 ``raw_logits`` the caller owns (one pass less, no allocation).
    """
    if not bound > 0:
        raise ValueError("the logit bound B must be positive")
    x = raw_logits if inplace and raw_logits.dtype == torch.float32 else raw_logits.float().clone()
    return x.clamp_(-bound, bound).mul_(0.5 / bound).add_(0.5)


def distance_utility(
    token_emb: torch.Tensor,
    cand_emb: torch.Tensor,
    cand_sq_norm: torch.Tensor,
    dots: torch.Tensor | None = None,
) -> torch.Tensor:
    """D = exp(-D_norm) in [e^-1, 1] per row (paper eqs. 4-6).

    D_raw is the Euclidean distance of each row's token embedding to every candidate embedding,
    computed with one matmul as |a|^2 + |b|^2 - 2ab (clamped at 0: rounding can make it negative);
    D_norm is its min-max normalization over the candidates of that row. ``dots`` (= a @ b^T) may be
    passed in when the caller got it from a matmul it shares with the logits. Overwrites ``dots``.
    """
    a = token_emb.float()
    if dots is None:
        d = torch.addmm(cand_sq_norm.unsqueeze(0), a, cand_emb.t(), alpha=-2.0)
    else:
        d = torch.add(cand_sq_norm.unsqueeze(0), dots, alpha=-2.0, out=dots)
    _sqrt_(d.add_(a.pow(2).sum(1, keepdim=True)).clamp_(min=0.0))
    # amin and amax apart: on CPU torch.aminmax is ~20x slower than the two reductions.
    d_min, d_max = d.amin(1, keepdim=True), d.amax(1, keepdim=True)
    span = (d_max - d_min).clamp_(min=torch.finfo(d.dtype).tiny)
    return d.sub_(d_min).mul_(-1.0 / span).exp_()


def _sqrt_(x: torch.Tensor) -> torch.Tensor:
    """In-place square root. On a CPU through numpy, about 2x faster than torch's for one row here;
    IEEE square roots are correctly rounded, so the values are the same."""
    if x.device.type == "cpu" and x.dtype == torch.float32 and x.is_contiguous():
        view = x.numpy()
        with np.errstate(invalid="ignore"):  # a NaN stays NaN, as with torch
            np.sqrt(view, out=view)
        return x
    return x.sqrt_()


def _power_(x: torch.Tensor, exponent: float) -> torch.Tensor:
    # In place, with fast paths for the paper's defaults (0.5 and 1.0).
    if exponent == 1.0:
        return x
    if exponent == 0.5:
        return _sqrt_(x)
    if exponent == 0.0:
        return x.fill_(1.0)
    return x.pow_(exponent)


def hybrid_utility(
    logit_u: torch.Tensor, dist_u: torch.Tensor, lambda_l: float, lambda_d: float
) -> torch.Tensor:
    """u = L^lambda_L * D^lambda_D (paper eq. 3). Consumes (overwrites) both inputs."""
    if lambda_l < 0 or lambda_d < 0:
        raise ValueError("importance factors must be non-negative")
    return _power_(logit_u, lambda_l).mul_(_power_(dist_u, lambda_d))


@dataclass
class BucketTable:
    """Equal-width buckets of each row's utilities (paper Algorithm 1).

    ``index``: (rows, candidates) bucket of every candidate (uint8 or int16, to keep it small);
    ``counts``: (rows, buckets) members per bucket (0 = empty, skipped);
    ``means``: (rows, buckets) mean utility of the members (0 where empty).
    """

    index: torch.Tensor
    counts: torch.Tensor
    means: torch.Tensor

    @property
    def rows(self) -> int:
        return int(self.counts.shape[0])

    def select(self, start: int, stop: int) -> BucketTable:
        return BucketTable(self.index[start:stop], self.counts[start:stop], self.means[start:stop])

    @staticmethod
    def concat(tables: list[BucketTable]) -> BucketTable:
        return BucketTable(
            torch.cat([t.index for t in tables]),
            torch.cat([t.counts for t in tables]),
            torch.cat([t.means for t in tables]),
        )


def bucketize(utility: torch.Tensor, n_buckets: int) -> BucketTable:
    """Split [min u, max u] of each row into ``n_buckets`` equal-width buckets (Algorithm 1).

    Bucket k holds u in [u_min + k w, u_min + (k+1) w), the last one also holds u_max; a row whose
    utilities are all equal has a single bucket.
    """
    if n_buckets < 1:
        raise ValueError("n_buckets must be at least 1")
    u = utility.float()
    u_min, u_max = u.amin(1, keepdim=True), u.amax(1, keepdim=True)
    width = (u_max - u_min) / n_buckets
    scale = torch.where(width > 0, 1.0 / width, torch.zeros_like(width))
    small = torch.uint8 if n_buckets <= 255 else torch.int16
    index = (u - u_min).mul_(scale).floor_().clamp_(0, n_buckets - 1).to(small)
    idx = index.long()  # from the small integers: cheaper than from the floats
    rows = u.shape[0]
    # float32 sums are exact for counts (< 2^24 members) and ample for means of values in [0, 1].
    counts = torch.zeros(rows, n_buckets, dtype=torch.float32, device=u.device)
    counts.scatter_add_(1, idx, torch.ones((1, 1), device=u.device).expand_as(u))
    sums = torch.zeros_like(counts).scatter_add_(1, idx, u)
    counts64 = counts.double()
    # An empty bucket's sum is 0, so its mean comes out 0 without a mask.
    means = sums.double().div_(counts64.clamp(min=1.0))
    return BucketTable(index, counts64, means)


def eps_prime(counts: torch.Tensor) -> torch.Tensor:
    """eps' = ln(max |b_i| / min |b_j|) over the non-empty buckets of each row (Theorem 4.1)."""
    c = counts.double()
    largest = c.amax(1)
    smallest = torch.where(c > 0, c, torch.full_like(c, math.inf)).amin(1)
    return torch.log(largest / smallest)


def worst_case_epsilon(
    epsilon: float, n_buckets: int, n_candidates: int, sensitivity: float = UTILITY_SENSITIVITY
) -> float:
    """A data-independent bound on ln(P[R(t)=y] / P[R(t')=y]) over all inputs t, t' and outputs y.

    The paper's eps + eps' (Theorem 4.1) depends on the draw and, as its proof compares bucket sizes
    of two different inputs, is not a worst case (tests/test_cape_sampler.py has a counterexample).
    With every bucket score in [0, Delta] (mean utilities in [0, 1] with Delta = 1, or the scores of
    ``bucket_range`` rescaled per row): P[R(t)=y] <= e^(eps/2) / (e^(eps/2) + 1) once there are two
    buckets, and P[R(t')=y] >= 1 / ((1 + (K-1) e^(eps/2)) (|V| - K + 1)) with K non-empty buckets.
    It uses nothing else about t and t', so it bounds one position of the mechanism whatever its
    context is; how positions compose is the caller's business (``CapePerturber``, docs/cape.md).
    """
    if n_candidates < 2:
        return 0.0
    half = epsilon * UTILITY_SENSITIVITY / (2.0 * sensitivity)
    top = half - math.log1p(math.exp(half))
    low = max(
        math.log1p((k - 1) * math.exp(half)) + math.log(n_candidates - k + 1)
        for k in range(1, min(n_buckets, n_candidates) + 1)
    )
    return top + low


def bucket_range(table: BucketTable) -> torch.Tensor:
    """The paper's sensitivity per row (section 4.1.2, after eq. 11): Delta = max |b - b'| over the
    scores (mean utilities) of the row's non-empty buckets, shape (rows, 1).

    It depends on the data, but the exponential mechanism with it equals the one with Delta = 1 on the
    scores rescaled to [0, 1] per row, (mean - min) / (max - min) (the softmax ignores the shift), so
    every score stays in [0, 1] and ``worst_case_epsilon`` holds for it unchanged. A row with a single
    non-empty bucket gets Delta = 1 (its one bucket is drawn with probability 1 either way).
    """
    means = table.means.double()
    filled = table.counts > 0
    top = torch.where(filled, means, torch.full_like(means, -math.inf)).amax(1, keepdim=True)
    low = torch.where(filled, means, torch.full_like(means, math.inf)).amin(1, keepdim=True)
    span = top - low
    return torch.where(span > 0, span, torch.ones_like(span))


def _score_scale(epsilon: float, sensitivity: Sensitivity, device: torch.device) -> float | torch.Tensor:
    """eps / (2 Delta): one number, or one per row (float64, on ``device``) for the paper's Delta."""
    if not (epsilon > 0 and math.isfinite(epsilon)):
        raise ValueError("epsilon must be a positive finite number")
    if isinstance(sensitivity, torch.Tensor):
        return (epsilon / 2.0) / sensitivity.to(device=device, dtype=torch.float64)
    return epsilon / (2.0 * sensitivity)


def bucket_probabilities(
    table: BucketTable, epsilon: float, sensitivity: Sensitivity = UTILITY_SENSITIVITY
) -> torch.Tensor:
    """P[bucket i] proportional to exp(eps * mean(b_i) / (2 Delta)) over non-empty buckets (eq. 11)."""
    score = table.means.double() * _score_scale(epsilon, sensitivity, table.means.device)
    score = score.masked_fill(table.counts <= 0, -math.inf)
    return torch.softmax(score, dim=1)


def token_probabilities(
    table: BucketTable, epsilon: float, sensitivity: Sensitivity = UTILITY_SENSITIVITY
) -> torch.Tensor:
    """P[R(t) = t_r] = P[bucket of t_r] / |bucket of t_r| for every candidate (eq. 11). For tests."""
    per_member = bucket_probabilities(table, epsilon, sensitivity) / table.counts.clamp(min=1.0)
    return per_member.gather(1, table.index.long())


def sample_buckets(
    table: BucketTable,
    epsilon: float,
    uniforms: torch.Tensor,
    sensitivity: Sensitivity = UTILITY_SENSITIVITY,
) -> torch.Tensor:
    """Draw one candidate column per row: a bucket by the exponential mechanism, then uniformly in it.

    ``uniforms`` is (rows, 2) in [0, 1): column 0 picks the bucket by inverse CDF, column 1 the
    member. The member search is one cumulative sum over the row, no Python loop over the vocabulary.
    """
    if table.index.device.type == "cpu":
        return _sample_rows_cpu(table, epsilon, uniforms, sensitivity)
    return _sample_rows_torch(table, epsilon, uniforms, sensitivity)


def _sample_rows_torch(
    table: BucketTable, epsilon: float, uniforms: torch.Tensor, sensitivity: Sensitivity
) -> torch.Tensor:
    """The draw as whole-batch tensor operations (on a GPU)."""
    probs = bucket_probabilities(table, epsilon, sensitivity)
    u = uniforms.to(device=probs.device, dtype=torch.float64)
    cdf = probs.cumsum(1)
    target = (u[:, :1] * cdf[:, -1:]).contiguous()
    # right=True lands on the first bucket whose cdf exceeds the target, which is never an empty one.
    chosen = torch.searchsorted(cdf, target, right=True).squeeze(1)
    last_nonempty = (table.counts > 0).cumsum(1).argmax(1)
    chosen = torch.minimum(chosen, last_nonempty)
    size = table.counts.gather(1, chosen.unsqueeze(1)).squeeze(1)
    k = torch.minimum((u[:, 1] * size).floor(), size - 1).to(torch.int32)
    members = table.index == chosen.to(table.index.dtype).unsqueeze(1)
    rank = members.cumsum(1, dtype=torch.int32)
    return torch.searchsorted(rank, (k + 1).unsqueeze(1)).squeeze(1)


def _sample_rows_cpu(
    table: BucketTable, epsilon: float, uniforms: torch.Tensor, sensitivity: Sensitivity
) -> torch.Tensor:
    """The draw above, row by row through numpy: on a CPU each torch call on these small arrays costs
    more than its work, and a released step draws one row at a time. Same inverse CDF over the same
    float64 bucket weights (up to the last bit of the normalisation), same member search."""
    scale = _score_scale(epsilon, sensitivity, table.means.device)
    means, counts = table.means.double().numpy(), table.counts.double().numpy()
    index = table.index.numpy()
    u = uniforms.to(dtype=torch.float64).cpu().numpy()
    if isinstance(scale, torch.Tensor):
        scales = scale.cpu().numpy().reshape(-1)
    else:
        scales = np.full(means.shape[0], scale)
    out = np.empty(means.shape[0], dtype=np.int64)
    for r in range(means.shape[0]):
        filled = counts[r] > 0
        score = np.where(filled, means[r] * scales[r], -np.inf)
        weight = np.exp(score - score.max())
        cdf = np.cumsum(weight / weight.sum())
        chosen = int(np.searchsorted(cdf, u[r, 0] * cdf[-1], side="right"))
        chosen = min(chosen, int(np.flatnonzero(filled)[-1]))
        size = counts[r, chosen]
        k = int(min(math.floor(u[r, 1] * size), size - 1))
        out[r] = np.flatnonzero(index[r] == chosen)[k]
    return torch.from_numpy(out)
