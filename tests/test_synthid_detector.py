"""Detector and watermark state on a toy language model (no real model needed), plus config and keys."""

from __future__ import annotations

import json
import math
import threading

import numpy as np
import pytest
import torch

from mechanisms.keys import MasterKey
from mechanisms.synthid import (
    TournamentWatermark,
    WatermarkConfig,
    WatermarkDetector,
    binomial_sf,
    sampling_supports_watermark,
    watermark_key_for,
)

VOCAB = 300
MASTER = MasterKey.from_bytes(bytes(range(32)))
KEY = MASTER.watermark_key("deployment", 1)


def _toy_logits(input_ids: torch.Tensor) -> torch.Tensor:
    """A bigram 'model': fixed random logits per previous token (moderate entropy, like real text)."""
    table = torch.randn(VOCAB, VOCAB, generator=torch.Generator().manual_seed(99)) * 2.5
    return table[input_ids[:, -1]]


def _generate(
    wm: TournamentWatermark | None, rows: int, new_tokens: int, seed: int, prompt_len: int = 6
) -> tuple[torch.Tensor, object]:
    gen = torch.Generator().manual_seed(seed)
    ids = torch.randint(0, VOCAB, (rows, prompt_len), generator=gen)
    state = wm.new_state() if wm else None
    for _ in range(new_tokens):
        logits = _toy_logits(ids)
        if wm is None:
            nxt = torch.multinomial(torch.softmax(logits, -1), 1, generator=gen)[:, 0]
        else:
            nxt = wm.sample_next_token(logits, ids, state, temperature=1.0, top_k=100, generator=gen)
        ids = torch.cat([ids, nxt[:, None]], dim=1)
    return ids[:, prompt_len:], state


def _ks_uniform(p_values: np.ndarray) -> float:
    """Kolmogorov-Smirnov distance between the empirical CDF of p-values and U(0, 1)."""
    x = np.sort(p_values)
    n = len(x)
    upper = np.arange(1, n + 1) / n - x
    lower = x - np.arange(0, n) / n
    return float(max(upper.max(), lower.max()))


def test_binomial_sf_exact_against_brute_force() -> None:
    for n in (1, 7, 30, 101):
        for k in range(-1, n + 2):
            brute = sum(math.comb(n, i) for i in range(max(k, 0), n + 1)) / 2**n
            assert binomial_sf(k, n) == pytest.approx(brute, rel=1e-12, abs=0)


def test_binomial_sf_large_n_log_space_matches_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    # 30,000 coins goes through the log-space sum; compare with the exact integer path (which the
    # brute-force test above pins on small n), switched on for this n.
    import mechanisms.synthid.detector as detector

    n, ks = 30_000, (15_000, 15_300, 15_600, 16_500)
    in_log_space = [binomial_sf(k, n) for k in ks]
    monkeypatch.setattr(detector, "_EXACT_LIMIT", 10**9)
    exact = [binomial_sf(k, n) for k in ks]
    assert in_log_space == pytest.approx(exact, rel=1e-8)
    assert exact[-1] < 1e-60  # deep in the tail, where a normal approximation would be far off


def test_toy_watermarked_text_is_detected_and_unwatermarked_is_not() -> None:
    wm, det = TournamentWatermark(KEY), WatermarkDetector(KEY)
    marked, _ = _generate(wm, rows=3, new_tokens=120, seed=1)
    plain, _ = _generate(None, rows=3, new_tokens=120, seed=1)
    for row in marked.tolist():
        res = det.score_ids(row)
        assert res.verdict and res.p_value < 1e-6 and res.score > 0.55
    for row in plain.tolist():
        assert det.score_ids(row).p_value > 1e-4
    other = WatermarkDetector(MASTER.watermark_key("deployment", 2))
    assert all(not other.score_ids(row).verdict for row in marked.tolist())


def test_unwatermarked_p_values_are_uniform() -> None:
    det = WatermarkDetector(KEY)
    plain, _ = _generate(None, rows=400, new_tokens=60, seed=5)
    p = np.array([det.score_ids(row).p_value for row in plain.tolist()])
    assert _ks_uniform(p) < 1.95 / np.sqrt(len(p))  # KS critical value at level 0.001
    fpr = float(np.mean(p <= 0.01))
    assert fpr <= 0.01 + 3 * np.sqrt(0.01 * 0.99 / len(p))


def test_repeated_context_gives_no_extra_evidence() -> None:
    det = WatermarkDetector(KEY)
    cycle = [17, 42, 99, 5, 250]
    short, long = det.score_ids(cycle * 2), det.score_ids(cycle * 40)
    assert short.tokens_scored == long.tokens_scored == len(cycle)
    assert short.p_value == long.p_value and short.score == long.score
    # Without masking the same text piles up evidence: the mask is what keeps it out.
    unmasked = WatermarkDetector(KEY, WatermarkConfig(mask_repeated_contexts=False))
    assert unmasked.score_ids(cycle * 40).tokens_scored == len(cycle) * 40 - 4


def test_generation_masks_repeated_contexts_and_leaves_those_steps_alone() -> None:
    wm = TournamentWatermark(KEY)
    state = wm.new_state()
    ids = torch.tensor([[1, 2, 3, 4, 5, 6]])
    scores = torch.randn(1, VOCAB, generator=torch.Generator().manual_seed(0))
    assert wm.apply(scores, ids, state) is scores  # records where the prompt ends
    for tok in [7, 8, 9, 10, 11, 7, 8, 9, 10]:
        ids = torch.cat([ids, torch.tensor([[tok]])], dim=1)
        out = wm.apply(scores, ids, state)
    # Context (7, 8, 9, 10) was watermarked once already, so the last step is returned untouched.
    assert out is scores and state.masked == [1]
    # Steps whose context reaches into the prompt are never watermarked (a detector cannot score them).
    assert state.watermarked == [5]


def test_watermarked_step_keeps_top_k_and_changes_the_distribution() -> None:
    wm = TournamentWatermark(KEY, WatermarkConfig(top_k=20))
    state = wm.new_state()
    ids = torch.tensor([[1, 2, 3, 4]])
    scores = torch.randn(1, VOCAB, generator=torch.Generator().manual_seed(1))
    wm.apply(scores, ids, state)  # first call records the prompt
    ids = torch.cat([ids, torch.tensor([[5, 6, 7, 8]])], dim=1)
    out = wm.apply(scores, ids, state)
    assert int(torch.isfinite(out).sum()) <= 20
    top = scores.topk(20).indices[0]
    assert torch.all(torch.isfinite(out[0, top]) | (out[0, top] == float("-inf")))
    assert torch.allclose(out.exp().sum(), torch.tensor(1.0), atol=1e-5)
    assert not torch.allclose(out[0, top].exp(), torch.softmax(scores[0, top], -1), atol=1e-3)


def test_rows_and_concurrent_processors_keep_separate_state() -> None:
    wm = TournamentWatermark(KEY)
    # Each row watermarks exactly the steps the detector will score in that row's own text.
    det = WatermarkDetector(KEY)
    texts, state = _generate(wm, rows=3, new_tokens=40, seed=3)
    assert state.watermarked == [len(det.scored_positions(row)) for row in texts.tolist()]
    # Two identical rows: each must watermark its own first occurrence of a context.
    same = torch.tensor([[3, 1, 4, 1, 5, 9, 2, 6]] * 2)
    st2 = wm.new_state()
    wm.apply(torch.zeros(2, VOCAB), same[:, :4], st2)
    wm.apply(torch.zeros(2, VOCAB), same, st2)
    assert st2.watermarked == [1, 1]
    # Interleaved processors (as in concurrent requests) give what each gives alone.
    scores = torch.randn(1, VOCAB, generator=torch.Generator().manual_seed(4))
    seq_a = torch.randint(0, VOCAB, (1, 20), generator=torch.Generator().manual_seed(5))
    seq_b = seq_a.clone()
    alone = wm.logits_processor()
    ref = [alone(seq_a[:, : 6 + i], scores) for i in range(10)]
    pa, pb = wm.logits_processor(), wm.logits_processor()
    results: dict[str, list[torch.Tensor]] = {"a": [], "b": []}

    def run(proc: object, seq: torch.Tensor, name: str) -> None:
        for i in range(10):
            results[name].append(proc(seq[:, : 6 + i], scores))  # type: ignore[operator]

    threads = [
        threading.Thread(target=run, args=(pa, seq_a, "a")),
        threading.Thread(target=run, args=(pb, seq_b, "b")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for name in ("a", "b"):
        assert all(torch.equal(x, y) for x, y in zip(results[name], ref))


def test_detection_result_is_json_and_hides_the_key() -> None:
    det = WatermarkDetector(KEY)
    res = det.score_ids([1, 2, 3, 4, 5, 6, 7, 8])
    data = json.loads(json.dumps(res.to_dict()))
    assert {"score", "weighted_score", "p_value", "tokens_scored", "verdict", "key_id", "alpha"} <= set(data)
    assert data["key_id"] == KEY.key_id and data["tokens_scored"] == 4
    empty = det.score_ids([1, 2])
    assert empty.tokens_scored == 0 and empty.p_value == 1.0 and not empty.verdict and empty.score is None
    raw = KEY.material().hex()
    for text in (repr(det), repr(TournamentWatermark(KEY)), json.dumps(data)):
        assert raw not in text


def test_key_scope_and_rotation() -> None:
    dep = WatermarkConfig()
    assert watermark_key_for(MASTER, dep, "alice").key_id == watermark_key_for(MASTER, dep, "bob").key_id
    per_user = WatermarkConfig(key_scope="user")
    alice = watermark_key_for(MASTER, per_user, "alice")
    assert alice.key_id != watermark_key_for(MASTER, per_user, "bob").key_id
    assert alice.key_id != watermark_key_for(MASTER, dep).key_id
    rotated = watermark_key_for(MASTER, WatermarkConfig(key_scope="user", key_version=2), "alice")
    assert rotated.key_id != alice.key_id
    with pytest.raises(ValueError):
        watermark_key_for(MASTER, per_user)


def test_config_defaults_and_greedy_check() -> None:
    cfg = WatermarkConfig()
    assert (cfg.enabled, cfg.context_width, cfg.layers, cfg.top_k, cfg.alpha) == (False, 4, 30, 100, 0.01)
    assert (cfg.key_scope, cfg.key_version, cfg.allow_per_request) == ("deployment", 1, True)
    with pytest.raises(ValueError):
        WatermarkConfig(layers=0)
    assert sampling_supports_watermark(True, 0.7, 100, 0.95)
    for kwargs in ({"do_sample": False}, {"temperature": 0.0}, {"top_k": 1}, {"top_p": 0.0}):
        check = sampling_supports_watermark(**kwargs)  # type: ignore[arg-type]
        assert not check and "greedy" in check.reason
