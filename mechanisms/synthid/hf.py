"""transformers adapters: a LogitsProcessor and a watermarking config for ``model.generate()``.

Order matters. In transformers 5.23, ``generate()`` builds its processor list as: built-in
processors, then the caller's ``logits_processor=`` entries, then temperature / top-k / top-p, then
the ``watermarking_config`` processor (GenerationMixin._get_logits_processor). The watermark must
see the final sampling distribution, so the supported route is
``generate(..., watermarking_config=wm.watermarking_config())``; tests/test_synthid_hf.py checks it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import torch
from transformers import LogitsProcessor
from transformers.generation.configuration_utils import BaseWatermarkingConfig

if TYPE_CHECKING:
    from mechanisms.synthid.watermark import TournamentWatermark, WatermarkState


class TournamentLogitsProcessor(LogitsProcessor):
    """Tournament-sampling watermark as a LogitsProcessor; its state covers one ``generate()`` call."""

    def __init__(self, watermark: TournamentWatermark) -> None:
        self.watermark = watermark
        self.state: WatermarkState = watermark.new_state()

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        return self.watermark.apply(scores, input_ids, self.state)  # type: ignore[return-value]


class VeilWatermarkingConfig(BaseWatermarkingConfig):
    """Hands a TournamentWatermark to ``generate()``; each call gets a fresh processor (fresh state).

    Serializes to public fields only (key id and parameters): transformers may print or hash it.
    """

    def __init__(self, watermark: TournamentWatermark) -> None:
        self.watermark = watermark
        self.last_processor: TournamentLogitsProcessor | None = None

    def validate(self) -> None:
        return None

    def construct_processor(self, vocab_size: int, device: Any = None) -> TournamentLogitsProcessor:
        processor = TournamentLogitsProcessor(self.watermark)
        # Lets a single-request caller read how many steps were watermarked (for a response header).
        self.last_processor = processor
        return processor

    def to_dict(self) -> dict[str, Any]:
        cfg = self.watermark.cfg
        return {
            "scheme": "veil-tournament",
            "key_id": self.watermark.key_id,
            "context_width": cfg.context_width,
            "layers": cfg.layers,
            "top_k": cfg.top_k,
        }

    def to_json_string(self) -> str:
        import json

        return json.dumps(self.to_dict(), indent=2) + "\n"

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        yield from self.to_dict().items()

    def __deepcopy__(self, memo: dict[int, Any]) -> VeilWatermarkingConfig:
        # generate() may deep-copy its generation config: keep this very object, so the watermark
        # (immutable) is not copied and ``last_processor`` stays readable by the caller.
        return self
