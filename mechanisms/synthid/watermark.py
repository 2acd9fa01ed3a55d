"""Watermarked sampling: TournamentWatermark applies tournament sampling to next-token scores.

One step (paper, Algorithm 3 with K = 1, and Algorithm 2 in closed form):

1. the last H generated tokens form the context; if any of them is still in the prompt, the step is
   left alone (a detector sees the completion only, so it could never score that step);
2. if this response already used that context, the step is left alone (repeated context masking);
3. else r_t = PRF_k(context), the top-k candidates of the (already tempered and truncated) scores get
   their g-values, and the closed-form tournament update rewrites their probabilities.

State (contexts seen, where the prompt ends) lives in a ``WatermarkState`` per ``generate()`` call,
one set per row, so rows of a batch (n > 1) and concurrent requests never share it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import torch

from mechanisms.synthid.config import WatermarkConfig
from mechanisms.synthid.prf import context_seed, g_value_bytes, g_values
from mechanisms.synthid.tournament import tournament_distribution

if TYPE_CHECKING:
    from mechanisms.keys import WatermarkKey


@dataclass
class WatermarkState:
    """Per-response state of one ``generate()`` call: one entry per batch row."""

    prompt_len: int | None = None
    seen: list[set[tuple[int, ...]]] = field(default_factory=list)
    watermarked: list[int] = field(default_factory=list)  # steps biased, per row
    masked: list[int] = field(default_factory=list)  # steps skipped for a repeated context, per row

    def start(self, batch_size: int, prompt_len: int) -> None:
        self.prompt_len = prompt_len
        self.seen = [set() for _ in range(batch_size)]
        self.watermarked = [0] * batch_size
        self.masked = [0] * batch_size


class TournamentWatermark:
    """Applies the watermark to next-token scores. Immutable and thread-safe; state is passed in."""

    def __init__(self, key: WatermarkKey, cfg: WatermarkConfig | None = None) -> None:
        self.cfg = cfg or WatermarkConfig()
        g_value_bytes(self.cfg.layers)  # validates the layer count early
        self._key = key.material()
        self.key_id: str = key.key_id

    def __repr__(self) -> str:
        return f"TournamentWatermark(key_id={self.key_id}, layers={self.cfg.layers})"

    def new_state(self) -> WatermarkState:
        return WatermarkState()

    def _rows_to_watermark(self, input_ids: torch.Tensor, state: WatermarkState) -> list[tuple[int, bytes]]:
        """(row, seed) of the rows whose next token is watermarked; updates the seen contexts."""
        batch, length = input_ids.shape
        if state.prompt_len is None:
            state.start(batch, length)
        elif len(state.seen) != batch:
            raise ValueError("batch size changed during generation; use a fresh state per generate()")
        h = self.cfg.context_width
        assert state.prompt_len is not None
        if length - state.prompt_len < h:
            return []
        tails = input_ids[:, -h:].tolist()
        rows: list[tuple[int, bytes]] = []
        for row, tail in enumerate(tails):
            ctx = tuple(int(t) for t in tail)
            if self.cfg.mask_repeated_contexts and ctx in state.seen[row]:
                state.masked[row] += 1
                continue
            state.seen[row].add(ctx)
            state.watermarked[row] += 1
            rows.append((row, context_seed(self._key, ctx)))
        return rows

    def apply(self, scores: torch.Tensor, input_ids: torch.Tensor, state: WatermarkState) -> torch.Tensor:
        """Watermarked next-token scores (log-probabilities) from processed scores (batch, vocab).

        ``scores`` must already be tempered and truncated (top-k / top-p): the result is what to
        sample from. Rows that are not watermarked this step are returned unchanged; watermarked rows
        keep only their ``cfg.top_k`` best candidates (the paper's top-k sampling).
        """
        rows = self._rows_to_watermark(input_ids, state)
        if not rows:
            return scores
        index = torch.tensor([r for r, _ in rows], device=scores.device)
        sub = scores.index_select(0, index).to(torch.float32)
        k = min(self.cfg.top_k, sub.shape[-1])
        top_scores, top_idx = sub.topk(k, dim=-1)
        probs = torch.softmax(top_scores, dim=-1)
        g = self._candidate_g_values([seed for _, seed in rows], top_idx, probs)
        new_probs = tournament_distribution(probs, torch.from_numpy(g).to(scores.device))
        new_rows = torch.full_like(sub, float("-inf"))
        new_rows.scatter_(-1, top_idx, new_probs.log().to(sub.dtype))
        out = scores.clone()
        out.index_copy_(0, index, new_rows.to(scores.dtype))
        return out

    def _candidate_g_values(
        self, seeds: list[bytes], top_idx: torch.Tensor, probs: torch.Tensor
    ) -> np.ndarray:
        # Only candidates with non-zero probability need g-values: the rest stay at zero either way.
        m = self.cfg.layers
        g = np.zeros((len(seeds), top_idx.shape[-1], m), dtype=np.uint8)
        live = (probs > 0).sum(dim=-1).tolist()
        ids = top_idx.tolist()
        for i, seed in enumerate(seeds):
            g[i, : live[i]] = g_values(seed, ids[i][: live[i]], m)
        return g

    def logits_processor(self) -> Any:
        """A fresh transformers ``LogitsProcessor`` with its own state (one per ``generate()`` call).

        In transformers 5.23 a processor passed as ``logits_processor=`` runs BEFORE temperature,
        top-k and top-p; pass :meth:`watermarking_config` to ``generate()`` to run after them.
        """
        from mechanisms.synthid.hf import TournamentLogitsProcessor

        return TournamentLogitsProcessor(self)

    def watermarking_config(self) -> Any:
        """For ``model.generate(..., watermarking_config=...)``: transformers builds a fresh processor
        per call and runs it after temperature / top-k / top-p (the order the paper assumes)."""
        from mechanisms.synthid.hf import VeilWatermarkingConfig

        return VeilWatermarkingConfig(self)

    def sample_next_token(
        self,
        logits: torch.Tensor,
        input_ids: torch.Tensor,
        state: WatermarkState,
        *,
        temperature: float = 1.0,
        top_k: int | None = None,
        top_p: float | None = None,
        generator: torch.Generator | None = None,
    ) -> torch.Tensor:
        """One watermarked sampling step for a hand-written loop: warp, watermark, draw. (batch,) ids."""
        scores = warp_scores(logits, temperature=temperature, top_k=top_k, top_p=top_p)
        probs = torch.softmax(self.apply(scores, input_ids, state).to(torch.float32), dim=-1)
        return torch.multinomial(probs, 1, generator=generator)[:, 0]


def warp_scores(
    logits: torch.Tensor,
    *,
    temperature: float = 1.0,
    top_k: int | None = None,
    top_p: float | None = None,
) -> torch.Tensor:
    """Temperature, then top-k, then top-p (nucleus), as transformers orders them. Filtered: -inf."""
    if temperature <= 0:
        raise ValueError("temperature must be > 0 for sampling")
    scores = logits.to(torch.float32) / temperature
    if top_k is not None and 0 < top_k < scores.shape[-1]:
        kth = scores.topk(top_k, dim=-1).values[..., -1:]
        scores = scores.masked_fill(scores < kth, float("-inf"))
    if top_p is not None and top_p < 1.0:
        sorted_scores, order = scores.sort(dim=-1, descending=True)
        cum = sorted_scores.softmax(dim=-1).cumsum(dim=-1)
        # Drop a token once the mass before it already reaches top_p; always keep the best one.
        drop_sorted = (cum - sorted_scores.softmax(dim=-1)) >= top_p
        drop_sorted[..., 0] = False
        drop = drop_sorted.scatter(-1, order, drop_sorted)
        scores = scores.masked_fill(drop, float("-inf"))
    return scores
