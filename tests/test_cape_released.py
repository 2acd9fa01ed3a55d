"""Cape's released context over the packaged SmolLM2 (CPU, float32): exact privacy accounting for
neighbouring prompts, incremental decoding against one pass, and batching against single requests."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
import torch

from mechanisms.cape import CapeConfig, CapePerturber, summarize
from mechanisms.cape.sampler import worst_case_epsilon

pytestmark = pytest.mark.model

# Neighbours: the same public skeleton (kept tokens, token count), one perturbed token different.
DOCTOR = "I work as a doctor in Portland and my wife is sick."
TEACHER = "I work as a teacher in Portland and my wife is sick."
TEXTS = [
    "My name is Laura Becker and I work as a pharmacist in Portland.",
    DOCTOR,
    "Please send the signed contract to Omar Haddad before Friday, he said.",
    "Tense.",
]


@pytest.fixture(scope="module", autouse=True)
def one_thread() -> Iterator[None]:
    """Incremental decoding is many small kernels; on a busy shared CPU two threads mostly wait on
    each other, so this module runs on one (the results do not depend on it)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def released() -> CapePerturber:
    perturber = CapePerturber(CapeConfig(context="released", compute_dtype="float32"), device="cpu")
    perturber.load()
    return perturber


@pytest.fixture(scope="module")
def original(released: CapePerturber) -> CapePerturber:
    """The same loaded model, original context (the paper's)."""
    perturber = CapePerturber(released.cfg.model_copy(update={"context": "original"}), device="cpu")
    perturber._adapter, perturber._bound = released.adapter, released.logit_bound
    return perturber


def _neighbour_ids(perturber: CapePerturber) -> tuple[list[int], list[int], list[int], int]:
    x, x2 = perturber.encode([DOCTOR, TEACHER])
    assert x.eligible == x2.eligible and len(x.ids) == len(x2.ids)
    differ = [i for i, (a, b) in enumerate(zip(x.ids, x2.ids)) if a != b]
    assert len(differ) == 1 and differ[0] in x.eligible
    return x.ids, x2.ids, x.eligible, x.eligible.index(differ[0])


@pytest.mark.parametrize("sensitivity", ["unit", "bucket_range"])
@pytest.mark.parametrize("epsilon", [1.0, 6.0, 20.0])
def test_released_ratios_are_zero_except_at_the_changed_token(
    released: CapePerturber, epsilon: float, sensitivity: str
) -> None:
    """Exact per-position likelihood ratios (computed from the bucketized distributions, not sampled):
    under the released context only the changed position's mechanism sees the token, so every other
    position's ratio is exactly 0 and the changed one stays within the reported per-position bound."""
    released.cfg.sensitivity = sensitivity  # type: ignore[assignment]
    try:
        x, x2, positions, j = _neighbour_ids(released)
        for seed in range(2):
            out = released.perturb_batch([DOCTOR], epsilon, seeds=[seed])[0]
            assert out.positions == positions and len(out.ids) == len(x)
            lp = released.position_log_probs(x, out.ids, positions, epsilon)
            lp2 = released.position_log_probs(x2, out.ids, positions, epsilon)
            ratios = [a - b for a, b in zip(lp, lp2)]
            assert all(r == 0.0 for k, r in enumerate(ratios) if k != j), ratios
            assert 0 < abs(ratios[j]) <= out.epsilon_bound
            assert abs(sum(ratios)) <= out.epsilon_token == out.epsilon_bound
            assert all(math.isfinite(v) and v < 0 for v in lp)
    finally:
        released.cfg.sensitivity = "unit"


def test_original_context_moves_other_positions_and_is_accounted(original: CapePerturber) -> None:
    """Under the original context one changed token shifts the distributions of the later positions
    too (the issue's " wife" / " Portland"); the reported one-token bound is then the text's total."""
    x, x2, positions, j = _neighbour_ids(original)
    out = original.perturb_batch([DOCTOR], 1.0, seeds=[0])[0]
    lp = original.position_log_probs(x, out.ids, positions, 1.0)
    lp2 = original.position_log_probs(x2, out.ids, positions, 1.0)
    ratios = [abs(a - b) for a, b in zip(lp, lp2)]
    assert all(r == 0.0 for r in ratios[:j])  # causal: the positions before the change see only x_<j
    assert sum(r > 0.05 for r in ratios[j + 1 :]) >= 2
    assert max(ratios) <= out.epsilon_bound
    assert sum(ratios) <= out.epsilon_token == out.epsilon_total == len(positions) * out.epsilon_bound


def test_incremental_decoding_sees_what_one_pass_over_the_output_sees(
    released: CapePerturber, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The KV-cache session (chunks of different lengths, padded, texts leaving the batch) gives each
    position the features of a plain forward pass over the released prefix."""
    seen: dict[int, torch.Tensor] = {}
    rows_at: list[list[int]] = []
    from mechanisms.cape import released as released_module

    real_rows = released_module.CausalReleasedSession.rows
    real_bucket_rows = released._bucket_rows

    def rows(self: released_module.CausalReleasedSession) -> list[int]:
        rows_at.append(real_rows(self))
        return rows_at[-1]

    def bucket_rows(features: torch.Tensor, token_ids: torch.Tensor):  # type: ignore[no-untyped-def]
        for row, f in zip(rows_at[-1], features):
            seen[row] = f.clone()
        return real_bucket_rows(features, token_ids)

    monkeypatch.setattr(released_module.CausalReleasedSession, "rows", rows)
    monkeypatch.setattr(released, "_bucket_rows", bucket_rows)
    results = released.perturb_batch(TEXTS, 3.0, seeds=[1, 2, 3, 4])
    monkeypatch.undo()
    stepped = torch.stack([seen[r] for r in range(len(seen))])
    one_pass = released.adapter.contextual_features([r.ids for r in results], [r.positions for r in results])
    assert stepped.shape == one_pass.shape and len(seen) == sum(r.tokens_perturbed for r in results)
    assert torch.allclose(stepped, one_pass, atol=1e-3, rtol=1e-4)


def test_batching_gives_the_same_outputs_as_single_requests(released: CapePerturber) -> None:
    seeds = [11, 12, 13, 14]
    batched = released.perturb_batch(TEXTS, 6.0, seeds=seeds)
    singles = [released.perturb_batch([t], 6.0, seeds=[s])[0] for t, s in zip(TEXTS, seeds)]
    assert [r.text for r in batched] == [r.text for r in singles]
    assert [r.ids for r in batched] == [r.ids for r in singles]
    again = released.perturb_batch(list(reversed(TEXTS)), 6.0, seeds=list(reversed(seeds)))
    assert [r.text for r in reversed(again)] == [r.text for r in batched]


def test_windows_step_independently(released: CapePerturber) -> None:
    text = " ".join(TEXTS[:3])
    window = released.adapter.max_context_tokens
    released.adapter.max_context_tokens = 12
    try:
        cut = released.perturb_batch([text], 2.0, seeds=[5])[0]
        alone = released.perturb_batch([text], 2.0, seeds=[5])[0]
    finally:
        released.adapter.max_context_tokens = window
    assert cut.tokens_total > 11 and cut.ids == alone.ids and "\ufffd" not in cut.text
    whole = released.perturb_batch([text], 2.0, seeds=[5])[0]
    assert whole.positions == cut.positions


def test_accounting_of_a_released_request(released: CapePerturber) -> None:
    results = released.perturb_batch(TEXTS + ["the of and ."], 6.0, seeds=[1, 2, 3, 4, 5])
    bound = worst_case_epsilon(6.0, released.cfg.buckets, len(released.adapter.candidates.ids))
    for res in results[:4]:
        assert res.context == "released" and res.tokens_perturbed > 0
        assert res.epsilon_bound == pytest.approx(bound)
        assert res.epsilon_total == pytest.approx(res.tokens_perturbed * bound)
        assert res.epsilon_token == pytest.approx(bound)
        assert {"epsilon_total", "epsilon_token", "context"} <= set(res.to_dict())
        assert "ids" not in res.to_dict() and "original_ids" not in res.to_dict()
    assert results[4].tokens_perturbed == 0 and results[4].epsilon_total == 0.0 == results[4].epsilon_token
    total = summarize(results)
    assert total["epsilon_total"] == pytest.approx(sum(r.tokens_perturbed for r in results) * bound)
    assert total["epsilon_token"] == pytest.approx(bound)


def test_cpu_threads_are_pinned_for_the_call_and_restored(
    released: CapePerturber, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[int] = []
    real = released._bucket_rows

    def spy(features: torch.Tensor, token_ids: torch.Tensor):  # type: ignore[no-untyped-def]
        seen.append(torch.get_num_threads())
        return real(features, token_ids)

    monkeypatch.setattr(released, "_bucket_rows", spy)
    torch.set_num_threads(2)
    try:
        released.perturb_batch(["Tense."], 3.0, seeds=[1])
        assert seen and set(seen) == {1} and torch.get_num_threads() == 2
        steps = len(seen)
        released.cfg.cpu_threads = None
        released.perturb_batch(["Tense."], 3.0, seeds=[1])
        assert len(seen) == 2 * steps and set(seen[steps:]) == {2}
    finally:
        released.cfg.cpu_threads = 1
        torch.set_num_threads(1)
