"""The watermark inside transformers' generate() with the packaged local model (SmolLM2-135M)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import torch

from mechanisms.keys import MasterKey
from mechanisms.synthid import TournamentWatermark, WatermarkConfig, WatermarkDetector, WatermarkState

pytestmark = pytest.mark.model

MASTER = MasterKey.from_bytes(bytes(range(100, 132)))
KEY = MASTER.watermark_key("deployment", 1)
NEW_TOKENS = 200


@pytest.fixture(scope="module")
def lm() -> tuple[Any, Any, torch.Tensor]:
    from mechanisms.models import load_causal_lm

    model, tokenizer = load_causal_lm(device="cpu")
    messages = [{"role": "user", "content": "Explain how a bicycle stays upright while moving."}]
    enc = tokenizer.apply_chat_template(messages, add_generation_prompt=True, return_tensors="pt")
    ids = enc["input_ids"] if not isinstance(enc, torch.Tensor) else enc
    return model, tokenizer, ids


def _generate(
    lm: tuple[Any, Any, torch.Tensor], rows: int, seed: int, new_tokens: int = NEW_TOKENS, **kwargs: Any
) -> list[list[int]]:
    model, _, ids = lm
    torch.manual_seed(seed)
    out = model.generate(
        ids,
        attention_mask=torch.ones_like(ids),
        do_sample=True,
        temperature=0.7,
        top_k=100,
        max_new_tokens=new_tokens,
        min_new_tokens=new_tokens,  # fixed length, as in the paper's 200-token evaluation
        num_return_sequences=rows,
        **kwargs,
    )
    return out[:, ids.shape[1] :].tolist()


class _SpyWatermark:
    """Records the scores the watermark receives, then watermarks them."""

    def __init__(self, wm: TournamentWatermark) -> None:
        self.wm, self.cfg, self.key_id = wm, wm.cfg, wm.key_id
        self.received: list[torch.Tensor] = []

    def new_state(self) -> WatermarkState:
        return self.wm.new_state()

    def apply(self, scores: torch.Tensor, input_ids: torch.Tensor, state: WatermarkState) -> torch.Tensor:
        self.received.append(scores.detach().clone())
        return self.wm.apply(scores, input_ids, state)


def _expected_warped(model: Any, ids: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    from transformers import TemperatureLogitsWarper, TopKLogitsWarper, TopPLogitsWarper

    with torch.no_grad():
        raw = model(ids).logits[:, -1, :].float()
    warped = TopPLogitsWarper(0.9)(ids, TopKLogitsWarper(20)(ids, TemperatureLogitsWarper(0.6)(ids, raw)))
    return raw, warped


def test_watermarking_config_runs_after_temperature_top_k_top_p(lm: tuple[Any, Any, torch.Tensor]) -> None:
    from mechanisms.synthid.hf import VeilWatermarkingConfig

    model, _, ids = lm
    spy = _SpyWatermark(TournamentWatermark(KEY))
    model.generate(
        ids,
        attention_mask=torch.ones_like(ids),
        do_sample=True,
        temperature=0.6,
        top_k=20,
        top_p=0.9,
        max_new_tokens=1,
        watermarking_config=VeilWatermarkingConfig(spy),  # type: ignore[arg-type]
    )
    _, warped = _expected_warped(model, ids)
    got = spy.received[0].float()
    assert torch.equal(torch.isfinite(got), torch.isfinite(warped))
    assert int(torch.isfinite(got).sum()) <= 20
    assert torch.allclose(got[torch.isfinite(got)], warped[torch.isfinite(warped)], atol=1e-4)


def test_logits_processor_argument_runs_before_the_warpers(lm: tuple[Any, Any, torch.Tensor]) -> None:
    """Canary for transformers 5.23: a ``logits_processor=`` entry sees raw logits, before temperature,
    top-k and top-p; that is why the proxy must pass ``watermarking_config=`` instead."""
    from transformers import LogitsProcessorList

    model, _, ids = lm
    spy = _SpyWatermark(TournamentWatermark(KEY))
    proc = TournamentWatermark(KEY).logits_processor()
    proc.watermark = spy
    model.generate(
        ids,
        attention_mask=torch.ones_like(ids),
        do_sample=True,
        temperature=0.6,
        top_k=20,
        top_p=0.9,
        max_new_tokens=1,
        logits_processor=LogitsProcessorList([proc]),
    )
    raw, _ = _expected_warped(model, ids)
    got = spy.received[0].float()
    assert bool(torch.isfinite(got).all())
    assert torch.allclose(got, raw, atol=1e-3)


@pytest.fixture(scope="module")
def watermarked(lm: tuple[Any, Any, torch.Tensor]) -> tuple[list[list[int]], list[int]]:
    wm = TournamentWatermark(KEY, WatermarkConfig(enabled=True))
    wcfg = wm.watermarking_config()
    texts = _generate(lm, rows=2, seed=11, watermarking_config=wcfg)
    return texts, list(wcfg.last_processor.state.watermarked)


def test_watermarked_200_token_generations_are_detected(
    lm: tuple[Any, Any, torch.Tensor], watermarked: tuple[list[list[int]], list[int]]
) -> None:
    _, tokenizer, _ = lm
    texts, watermarked_steps = watermarked
    det = WatermarkDetector(KEY)
    assert texts[0] != texts[1]
    for row, steps in zip(texts, watermarked_steps):
        res = det.score_ids(row)
        assert res.tokens_total == NEW_TOKENS and res.verdict and res.p_value < 0.01
        # The generator watermarked exactly the steps the detector scores (per-row state, n = 2).
        assert steps == res.tokens_scored
        # After a decode / encode round trip (what `veil detect` sees) the verdict still holds.
        from_text = det.score_text(tokenizer.decode(row, skip_special_tokens=True), tokenizer)
        assert from_text.verdict and from_text.tokens_scored >= 0.8 * res.tokens_scored
    other_key = WatermarkDetector(MASTER.watermark_key("deployment", 2))
    assert not any(other_key.score_ids(row).verdict for row in texts)


def test_unwatermarked_generations_give_uniform_p_values(lm: tuple[Any, Any, torch.Tensor]) -> None:
    # 100 tokens keep the test short; the p-value's null distribution does not depend on length.
    texts = _generate(lm, rows=2, seed=12, new_tokens=100)
    assert not any(WatermarkDetector(KEY).score_ids(row).verdict for row in texts)
    # Under H0 the p-value is uniform over keys: score the real texts under 250 keys each.
    p = np.array(
        [
            WatermarkDetector(MASTER.watermark_key("ks", version)).score_ids(row).p_value
            for version in range(1, 251)
            for row in texts
        ]
    )
    x = np.sort(p)
    n = len(x)
    ks = max((np.arange(1, n + 1) / n - x).max(), (x - np.arange(n) / n).max())
    assert ks < 1.95 / np.sqrt(n)  # KS critical value at level 0.001
    assert np.mean(p <= 0.01) <= 0.01 + 3 * np.sqrt(0.01 * 0.99 / n)
    assert 0.3 < float(np.median(p)) < 0.7
