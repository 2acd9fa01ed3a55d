"""Configuration of the watermark, key selection, and whether a sampling setup can carry it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from mechanisms.keys import MasterKey, WatermarkKey


class WatermarkConfig(BaseModel):
    """Settings of the SynthID-style watermark (paper settings by default: H = 4, m = 30, top-k = 100).

    ``key_scope`` picks one key for the whole deployment or one key per user; ``key_version`` rotates
    keys (a new version gives a new key and a new public ``key_id``).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    enabled: bool = False
    context_width: int = Field(4, ge=1, le=64, description="H: tokens of context that seed each step")
    layers: int = Field(30, ge=1, le=512, description="m: tournament layers (g-values per token)")
    top_k: int = Field(100, ge=2, le=100_000, description="candidates that get g-values per step")
    alpha: float = Field(0.01, gt=0.0, lt=1.0, description="significance level of the verdict")
    key_scope: Literal["deployment", "user"] = "deployment"
    key_version: int = Field(1, ge=1)
    allow_per_request: bool = True
    mask_repeated_contexts: bool = Field(True, description="K = 1 repeated context masking")


def watermark_key_for(master: MasterKey, cfg: WatermarkConfig, user_id: str | None = None) -> WatermarkKey:
    """The watermark key that ``cfg`` selects: per deployment, or per user (``user_id`` required)."""
    if cfg.key_scope == "deployment":
        return master.watermark_key("deployment", cfg.key_version)
    if not user_id:
        raise ValueError("key_scope 'user' needs a user id to select the watermark key")
    return master.watermark_key(f"user/{user_id}", cfg.key_version)


@dataclass(frozen=True)
class SamplingCheck:
    """Whether sampling parameters can carry the watermark, and if not, a short public reason."""

    watermarkable: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.watermarkable


def sampling_supports_watermark(
    do_sample: bool = True,
    temperature: float | None = None,
    top_k: int | None = None,
    top_p: float | None = None,
) -> SamplingCheck:
    """Tournament sampling needs randomness: greedy decoding picks the argmax whatever the g-values.

    Greedy here means ``do_sample=False``, ``temperature == 0`` (the OpenAI API's way to ask for it),
    ``top_k == 1`` or ``top_p == 0``: each leaves a single candidate per step, so nothing can be biased.
    """
    if not do_sample:
        return SamplingCheck(False, "greedy decoding (do_sample=false)")
    if temperature is not None and temperature <= 0.0:
        return SamplingCheck(False, "greedy decoding (temperature=0)")
    if top_k is not None and top_k == 1:
        return SamplingCheck(False, "greedy decoding (top_k=1)")
    if top_p is not None and top_p <= 0.0:
        return SamplingCheck(False, "greedy decoding (top_p=0)")
    return SamplingCheck(True)
