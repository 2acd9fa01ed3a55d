"""Cape's math on small synthetic utility vectors: buckets, the exponential mechanism, accounting."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.cape.sampler import (
    BucketTable,
    bucket_probabilities,
    bucket_range,
    bucketize,
    distance_utility,
    eps_prime,
    hybrid_utility,
    logit_utility,
    sample_buckets,
    token_probabilities,
    worst_case_epsilon,
)


def _chi2_critical(df: int, z: float = 3.719) -> float:
    """Wilson-Hilferty upper quantile of chi-square (z = 3.719: p = 1e-4)."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3


def _reference_buckets(u: list[float], n_buckets: int) -> list[int]:
    """Algorithm 1 written out per item, independently of the tensor code."""
    lo, hi = min(u), max(u)
    width = (hi - lo) / n_buckets
    return [0 if width == 0 else min(int((x - lo) / width), n_buckets - 1) for x in u]


def _reference_token_probs(u: list[float], n_buckets: int, eps: float) -> np.ndarray:
    """Eq. 11 written out: P[t_r] = exp(eps mean(b)/2) / sum_b' exp(eps mean(b')/2) / |b|."""
    idx = _reference_buckets(u, n_buckets)
    members: dict[int, list[float]] = {}
    for k, x in zip(idx, u):
        members.setdefault(k, []).append(x)
    weight = {k: math.exp(eps * (sum(v) / len(v)) / 2.0) for k, v in members.items()}
    total = sum(weight.values())
    return np.array([weight[k] / total / len(members[k]) for k in idx])


def test_bucket_assignment_edges_and_means() -> None:
    u = torch.tensor([[0.0, 0.1, 0.25, 0.5, 0.74, 0.76, 1.0]])
    table = bucketize(u, 4)
    assert table.index.tolist() == [[0, 0, 1, 2, 2, 3, 3]]
    assert table.index.tolist()[0] == _reference_buckets(u[0].tolist(), 4)
    assert table.counts.tolist() == [[2.0, 1.0, 2.0, 2.0]]
    assert table.means[0].tolist() == pytest.approx([0.05, 0.25, 0.62, 0.88])


def test_empty_buckets_are_skipped_and_eps_prime() -> None:
    u = torch.tensor([[0.0, 0.01, 1.0]])
    table = bucketize(u, 10)
    assert table.counts[0].tolist() == [2.0] + [0.0] * 8 + [1.0]
    probs = bucket_probabilities(table, 3.0)
    assert probs[0, 1:9].sum().item() == 0.0
    assert eps_prime(table.counts).item() == pytest.approx(math.log(2.0))
    draws = sample_buckets(
        bucketize(u.repeat(2000, 1), 10),
        3.0,
        torch.rand(2000, 2, generator=torch.Generator().manual_seed(3), dtype=torch.float64),
    )
    assert set(draws.tolist()) <= {0, 1, 2}


def test_constant_row_is_one_bucket() -> None:
    table = bucketize(torch.full((1, 5), 0.3), 50)
    assert table.counts[0, 0].item() == 5 and table.counts[0, 1:].sum().item() == 0
    assert eps_prime(table.counts).item() == 0.0


def test_token_probabilities_match_formula() -> None:
    gen = torch.Generator().manual_seed(11)
    u = torch.rand(1, 60, generator=gen).pow(2)
    for eps in (1.0, 6.0, 20.0):
        got = token_probabilities(bucketize(u, 7), eps)[0].numpy()
        want = _reference_token_probs(u[0].tolist(), 7, eps)
        assert got == pytest.approx(want, rel=1e-6)  # float32 bucket sums
        assert got.sum() == pytest.approx(1.0)


def test_draws_follow_the_bucketized_distribution_chi_square() -> None:
    # Skewed utilities: buckets of very different sizes and means, so both factors of eq. 11 matter.
    gen = torch.Generator().manual_seed(5)
    u = torch.rand(1, 40, generator=gen).pow(3)
    eps, n = 4.0, 200_000
    table = bucketize(u.expand(n, -1), 6)
    uniforms = torch.rand(n, 2, generator=torch.Generator().manual_seed(7), dtype=torch.float64)
    draws = sample_buckets(table, eps, uniforms)
    observed = np.bincount(draws.numpy(), minlength=40)
    expected = _reference_token_probs(u[0].tolist(), 6, eps) * n
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    assert chi2 < _chi2_critical(39)
    # The statistic is able to fail: the plain exponential mechanism over tokens is rejected.
    plain = np.exp(eps * u[0].numpy() / 2.0)
    plain = plain / plain.sum() * n
    assert float(((observed - plain) ** 2 / plain).sum()) > _chi2_critical(39)


def test_uniform_within_a_bucket_whatever_the_utilities() -> None:
    # One bucket holds 20 members with spread utilities; inside it every member is equally likely.
    inside = torch.linspace(0.82, 0.99, 20)
    u = torch.cat([torch.tensor([0.0, 0.05]), inside, torch.tensor([1.0])]).unsqueeze(0)
    n = 60_000
    table = bucketize(u.expand(n, -1), 5)
    assert set(table.index[0, 2:23].tolist()) == {4}  # the 20 spread members and u = 1.0
    draws = sample_buckets(
        table, 8.0, torch.rand(n, 2, generator=torch.Generator().manual_seed(9), dtype=torch.float64)
    )
    same_bucket = table.index[0].long() == table.index[0, 2].long()
    cols = torch.nonzero(same_bucket).squeeze(1).tolist()
    counts = np.array([(draws == c).sum().item() for c in cols], dtype=float)
    expected = counts.sum() / len(cols)
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert counts.sum() > 10_000
    assert chi2 < _chi2_critical(len(cols) - 1)


def test_same_uniforms_same_draws() -> None:
    u = torch.rand(8, 300, generator=torch.Generator().manual_seed(1))
    table = bucketize(u, 50)
    unif = torch.rand(8, 2, generator=torch.Generator().manual_seed(2), dtype=torch.float64)
    assert torch.equal(sample_buckets(table, 6.0, unif), sample_buckets(table, 6.0, unif))


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(1, 4),
    vocab=st.integers(2, 120),
    buckets=st.integers(1, 60),
    eps=st.floats(0.1, 30.0),
    seed=st.integers(0, 2**31 - 1),
)
def test_bucket_table_invariants(rows: int, vocab: int, buckets: int, eps: float, seed: int) -> None:
    gen = torch.Generator().manual_seed(seed)
    u = torch.rand(rows, vocab, generator=gen).pow(float(torch.rand(1, generator=gen) * 4 + 0.2))
    table = bucketize(u, buckets)
    assert table.counts.sum(1).tolist() == [float(vocab)] * rows
    assert int(table.index.max()) < buckets
    for r in range(rows):
        want = _reference_buckets(u[r].tolist(), buckets)
        got = table.index[r].tolist()
        # Float rounding may move a value sitting exactly on an edge; nothing else may differ.
        assert sum(a != b for a, b in zip(got, want)) <= 1
    draws = sample_buckets(table, eps, torch.rand(rows, 2, generator=gen, dtype=torch.float64))
    assert ((draws >= 0) & (draws < vocab)).all()
    chosen_counts = table.counts.gather(1, table.index.long().gather(1, draws.unsqueeze(1)))
    assert (chosen_counts > 0).all()
    ep = eps_prime(table.counts)
    nonempty = [[c for c in row if c > 0] for row in table.counts.tolist()]
    assert ep.tolist() == pytest.approx([math.log(max(c) / min(c)) for c in nonempty])


def test_logit_utility_clips_and_maps_to_unit_interval() -> None:
    raw = torch.tensor([[-100.0, -10.0, 0.0, 5.0, 10.0, 100.0]])
    got = logit_utility(raw, 10.0)
    assert got.tolist()[0] == pytest.approx([0.0, 0.0, 0.5, 0.75, 1.0, 1.0])
    with pytest.raises(ValueError):
        logit_utility(raw, 0.0)


def test_distance_utility_matches_cdist_and_bounds() -> None:
    gen = torch.Generator().manual_seed(4)
    table = torch.randn(50, 16, generator=gen)
    rows = table[[3, 17, 42]]
    got = distance_utility(rows, table, table.pow(2).sum(1))
    d = torch.cdist(rows, table)
    want = torch.exp(-(d - d.amin(1, keepdim=True)) / (d.amax(1, keepdim=True) - d.amin(1, keepdim=True)))
    assert torch.allclose(got, want, atol=1e-3)
    assert got[0, 3].item() == pytest.approx(1.0, abs=1e-3)  # a token is closest to itself
    assert got.min().item() >= math.exp(-1) - 1e-6 and got.max().item() <= 1.0 + 1e-6
    dots = rows @ table.t()
    assert torch.allclose(distance_utility(rows, table, table.pow(2).sum(1), dots), got, atol=1e-6)


def test_hybrid_utility_exponents() -> None:
    logit_u = torch.tensor([[0.25, 1.0]])
    dist_u = torch.tensor([[0.5, 0.8]])
    got = hybrid_utility(logit_u.clone(), dist_u.clone(), 0.5, 1.0)
    assert got.tolist()[0] == pytest.approx([0.25, 0.8])
    got = hybrid_utility(logit_u.clone(), dist_u.clone(), 1.5, 2.0)
    assert got.tolist()[0] == pytest.approx([0.25**1.5 * 0.25, 0.64])
    assert hybrid_utility(logit_u.clone(), dist_u.clone(), 0.0, 1.0).tolist()[0] == pytest.approx([0.5, 0.8])


def _adversarial_pair(vocab: int, buckets: int) -> torch.Tensor:
    # t: y (column 0) alone at the top; t': y alone in a big bottom bucket, K-1 singleton buckets above.
    a = torch.zeros(vocab)
    a[0] = 1.0
    b = torch.zeros(vocab)
    b[1:buckets] = torch.tensor([1.0 - k / buckets for k in range(buckets - 1)])
    return torch.stack([a, b])


def test_paper_eps_plus_eps_prime_is_not_a_worst_case_but_our_bound_is() -> None:
    vocab, buckets, eps = 40, 5, 1.0
    table = bucketize(_adversarial_pair(vocab, buckets), buckets)
    probs = token_probabilities(table, eps)
    log_ratio = math.log(probs[0, 0].item() / probs[1, 0].item())
    paper = eps + eps_prime(table.counts).max().item()
    assert log_ratio > paper  # Theorem 4.1's eps + eps' is exceeded on this pair
    bound = worst_case_epsilon(eps, buckets, vocab)
    assert log_ratio <= bound
    assert log_ratio > bound - 0.5  # and the bound is nearly tight


@settings(max_examples=40, deadline=None)
@given(
    vocab=st.integers(2, 60), buckets=st.integers(1, 12), eps=st.floats(0.1, 20.0), seed=st.integers(0, 10**6)
)
def test_worst_case_bound_holds_on_random_pairs(vocab: int, buckets: int, eps: float, seed: int) -> None:
    gen = torch.Generator().manual_seed(seed)
    u = torch.rand(2, vocab, generator=gen).pow(torch.rand(2, 1, generator=gen) * 5 + 0.1)
    probs = token_probabilities(bucketize(u, buckets), eps).double()
    log_ratio = (probs[0].log() - probs[1].log()).abs().max().item()
    assert log_ratio <= worst_case_epsilon(eps, buckets, vocab) + 1e-9


def test_bucket_range_is_the_papers_delta() -> None:
    u = torch.tensor([[0.0, 0.1, 0.25, 0.5, 0.74, 0.76, 1.0], [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3]])
    table = bucketize(u, 4)
    delta = bucket_range(table)
    means = [m for m, c in zip(table.means[0].tolist(), table.counts[0].tolist()) if c > 0]
    assert delta.shape == (2, 1)
    assert delta[0, 0].item() == pytest.approx(max(means) - min(means))  # max |b - b'| over the row
    assert delta[1, 0].item() == 1.0  # one bucket: drawn with probability 1 whatever Delta is


def test_bucket_range_equals_unit_delta_on_rescaled_scores() -> None:
    gen = torch.Generator().manual_seed(21)
    u = torch.rand(3, 80, generator=gen).pow(2) * 0.6 + 0.2  # scores far from spanning [0, 1]
    table = bucketize(u, 9)
    filled = table.counts > 0
    low = torch.where(filled, table.means, torch.full_like(table.means, 9.0)).amin(1, keepdim=True)
    rescaled = BucketTable(table.index, table.counts, torch.where(filled, (table.means - low), table.means))
    rescaled.means /= bucket_range(table)
    for eps in (1.0, 6.0, 20.0):
        got = token_probabilities(table, eps, bucket_range(table))
        want = token_probabilities(rescaled, eps, 1.0)
        assert torch.allclose(got, want, rtol=1e-9, atol=0)
        # and it is sharper than Delta = 1 on the raw means: the best-scored bucket gains probability
        top = torch.where(filled, table.means, torch.full_like(table.means, -1.0)).argmax(1, keepdim=True)
        sharp = bucket_probabilities(table, eps, bucket_range(table)).gather(1, top)
        assert (sharp > bucket_probabilities(table, eps).gather(1, top)).all()


@settings(max_examples=40, deadline=None)
@given(
    vocab=st.integers(2, 60), buckets=st.integers(1, 12), eps=st.floats(0.1, 20.0), seed=st.integers(0, 10**6)
)
def test_worst_case_bound_holds_with_bucket_range(vocab: int, buckets: int, eps: float, seed: int) -> None:
    gen = torch.Generator().manual_seed(seed)
    u = torch.rand(2, vocab, generator=gen).pow(torch.rand(2, 1, generator=gen) * 5 + 0.1)
    table = bucketize(u, buckets)
    probs = token_probabilities(table, eps, bucket_range(table)).double()
    log_ratio = (probs[0].log() - probs[1].log()).abs().max().item()
    assert log_ratio <= worst_case_epsilon(eps, buckets, vocab) + 1e-9


def test_adversarial_pair_with_bucket_range_stays_within_the_bound() -> None:
    vocab, buckets, eps = 40, 5, 1.0
    table = bucketize(_adversarial_pair(vocab, buckets), buckets)
    probs = token_probabilities(table, eps, bucket_range(table))
    log_ratio = math.log(probs[0, 0].item() / probs[1, 0].item())
    assert worst_case_epsilon(eps, buckets, vocab) - 0.5 < log_ratio <= worst_case_epsilon(eps, buckets, vocab)


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(1, 5),
    vocab=st.integers(2, 3000),
    buckets=st.integers(1, 80),
    eps=st.sampled_from([0.3, 1.0, 6.0, 20.0, 80.0]),
    paper_delta=st.booleans(),
    seed=st.integers(0, 2**31 - 1),
)
def test_cpu_row_by_row_draw_equals_the_batched_tensor_draw(
    rows: int, vocab: int, buckets: int, eps: float, paper_delta: bool, seed: int
) -> None:
    """On a CPU the draw goes row by row through numpy; it picks the same candidate as the batched
    tensor path (the GPU's) for the same uniforms, whatever the row, bucket count or Delta."""
    from mechanisms.cape.sampler import _sample_rows_cpu, _sample_rows_torch

    g = torch.Generator().manual_seed(seed)
    u = torch.rand(rows, vocab, generator=g) ** (0.2 + 5 * torch.rand(1, generator=g).item())
    table = bucketize(u, buckets)
    sens = bucket_range(table) if paper_delta else 1.0
    uniforms = torch.rand(rows, 2, dtype=torch.float64, generator=g)
    fast = _sample_rows_cpu(table, eps, uniforms, sens)
    assert torch.equal(fast, _sample_rows_torch(table, eps, uniforms, sens))
    assert torch.equal(fast, sample_buckets(table, eps, uniforms, sens))
    chosen_bucket = table.index.long().gather(1, fast.unsqueeze(1)).squeeze(1)
    assert bool((table.counts.gather(1, chosen_bucket.unsqueeze(1)) > 0).all())
