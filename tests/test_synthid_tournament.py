"""Tournament sampling: the closed form against Algorithm 2, non-distortion, and the PRF."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.synthid import literal_tournament, tournament_distribution, warp_scores
from mechanisms.synthid.prf import context_seed, g_values


def _max_z(empirical_counts: np.ndarray, expected: np.ndarray, trials: int) -> float:
    """Largest |z| of the per-token frequency deviations (binomial standard errors)."""
    freq = empirical_counts / trials
    se = np.sqrt(np.maximum(expected * (1 - expected), 1e-12) / trials)
    return float(np.max(np.abs(freq - expected) / se))


@pytest.mark.parametrize("layers", [1, 3, 5])
def test_closed_form_matches_literal_tournament(layers: int) -> None:
    rng = np.random.default_rng(1234 + layers)
    vocab = 6
    probs = rng.dirichlet(np.ones(vocab))
    g = rng.integers(0, 2, size=(vocab, layers))
    g[:, 0] = [1, 1, 0, 0, 1, 0]  # layer 1 has ties within both g-groups
    trials = 120_000
    winners = literal_tournament(probs, g, trials, rng)
    counts = np.bincount(winners, minlength=vocab)
    closed = tournament_distribution(torch.tensor(probs), torch.tensor(g)).numpy()
    assert _max_z(counts, closed, trials) < 4.5
    # The same check has power: the unwatermarked distribution is rejected (the watermark biases).
    assert _max_z(counts, probs, trials) > 6.0


def test_closed_form_is_non_distortionary_over_keys() -> None:
    """Averaged over all g-value assignments (i.e. over random keys), the output equals p exactly."""
    probs = torch.tensor([0.5, 0.3, 0.2], dtype=torch.float64)
    vocab, layers = 3, 2
    total = torch.zeros(vocab, dtype=torch.float64)
    configs = list(itertools.product([0, 1], repeat=vocab * layers))
    for bits in configs:
        g = torch.tensor(bits, dtype=torch.float64).reshape(vocab, layers)
        total += tournament_distribution(probs, g)
    assert torch.allclose(total / len(configs), probs, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.floats(0.0, 1.0), min_size=2, max_size=12).filter(lambda xs: sum(xs) > 1e-3),
    st.integers(1, 30),
    st.integers(0, 2**31 - 1),
)
def test_closed_form_is_a_distribution_and_keeps_support(
    weights: list[float], layers: int, seed: int
) -> None:
    probs = torch.tensor(weights, dtype=torch.float64)
    probs = probs / probs.sum()
    g = torch.randint(0, 2, (len(weights), layers), generator=torch.Generator().manual_seed(seed))
    out = tournament_distribution(probs, g)
    assert torch.all(out >= 0)
    assert abs(float(out.sum()) - 1.0) < 1e-9
    assert torch.all(out[probs == 0] == 0)
    # Each layer at most doubles a probability (the winner of a 2-way match), so m layers: 2^m.
    assert torch.all(out <= probs * 2.0**layers + 1e-12)


def test_closed_form_batches_rows_independently() -> None:
    gen = torch.Generator().manual_seed(7)
    probs = torch.softmax(torch.randn(4, 10, generator=gen), dim=-1)
    g = torch.randint(0, 2, (4, 10, 30), generator=gen)
    batched = tournament_distribution(probs, g)
    for row in range(4):
        assert torch.allclose(batched[row], tournament_distribution(probs[row], g[row]))


def test_prf_is_keyed_deterministic_and_candidate_independent() -> None:
    key_a, key_b = bytes(32), bytes([1]) + bytes(31)
    ctx = [11, 22, 33, 44]
    seed_a = context_seed(key_a, ctx)
    assert seed_a == context_seed(key_a, ctx)
    assert seed_a != context_seed(key_b, ctx)
    assert seed_a != context_seed(key_a, [11, 22, 33, 45])
    many = g_values(seed_a, [5, 6, 7], 30)
    assert many.shape == (3, 30)
    # A token's g-values must not depend on which other candidates were scored with it.
    assert np.array_equal(many[1], g_values(seed_a, [6], 30)[0])
    assert not np.array_equal(g_values(seed_a, range(50), 30), g_values(seed_a, range(50, 100), 30))


def test_prf_bits_are_balanced() -> None:
    bits = np.concatenate(
        [g_values(context_seed(bytes(32), [c, c + 1, c + 2, c + 3]), range(200), 30) for c in range(20)]
    )
    n = bits.size  # 120,000 bits
    assert abs(bits.mean() - 0.5) < 4.5 * np.sqrt(0.25 / n)
    # Layers are not correlated with each other (each column is its own fair coin).
    corr = np.corrcoef(bits.T.astype(np.float64))
    off_diag = corr[~np.eye(30, dtype=bool)]
    assert np.max(np.abs(off_diag)) < 5.0 / np.sqrt(bits.shape[0])


def test_warp_scores_matches_transformers_warpers() -> None:
    from transformers import TemperatureLogitsWarper, TopKLogitsWarper, TopPLogitsWarper

    logits = torch.randn(3, 500, generator=torch.Generator().manual_seed(3)) * 3
    ids = torch.zeros(3, 1, dtype=torch.long)
    expected = TopPLogitsWarper(0.9)(
        ids, TopKLogitsWarper(40)(ids, TemperatureLogitsWarper(0.7)(ids, logits))
    )
    ours = warp_scores(logits, temperature=0.7, top_k=40, top_p=0.9)
    assert torch.equal(torch.isfinite(ours), torch.isfinite(expected))
    finite = torch.isfinite(ours)
    assert torch.allclose(ours[finite], expected[finite])
