"""Cape's configuration: one pydantic model, every key documented with its default."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class CapeConfig(BaseModel):
    """Settings of the Cape mechanism (paper defaults) and of its local model.

    Mechanism (cape.txt section 4, ALGORITHMS.md section 2):
      epsilon       privacy budget per perturbed token (the paper's eps), default 6.0.
      lambda_l      importance of the contextual logits L in u = L^lambda_l * D^lambda_d (0.5).
      lambda_d      importance of the embedding distance D (1.0).
      buckets       N_b, equal-width utility buckets of the exponential mechanism (50).
      keep_stopwords  leave the 179 NLTK stopwords untouched (paper section 4.2; True).
      logit_bound   B for clipping logits; None = the calibrated value stored for the model
                    (mechanisms/cape/bounds.json, or the user cache after a one-time calibration).
      calibrate_if_missing  when no stored B exists for a user-supplied model, calibrate it once on
                    the packaged public text and store it in the user cache (True); False = refuse.
      context       whose prefix gives position i its logits. "released": the already perturbed
                    tokens y_<i (incremental decoding, one model step per perturbed position), so each
                    position sees only released output plus its own token and the per-position bounds
                    compose: a text differing in k perturbed tokens moves the output's likelihood by at
                    most k * epsilon_bound. "original": the original neighbours (the paper; one pass),
                    so one changed token moves the distributions of the other positions too and only
                    the sum over the text's perturbed positions bounds it. See docs/cape.md.
      sensitivity   Delta of the exponential mechanism. "unit": 1, the width of u's range [0, 1].
                    "bucket_range": the paper's Delta = max gap between the bucket scores of the
                    token's row (section 4.1.2); it equals Delta = 1 on scores rescaled to [0, 1] per
                    row, so the same data-independent bound holds. Higher utility at a given eps.

    Model:
      adapter       "causal" (prefix context, one forward pass) or "masked" (BERT-style, one masked
                    copy per position). Default "causal".
      model         Hugging Face name or local path; None = the packaged SmolLM2-135M-Instruct
                    (causal only: a masked adapter needs a model named here).
      compute_dtype "auto" | "float32" | "bfloat16" | "float16": precision of the model's forward pass.
                    auto = float16 on CUDA, bfloat16 on CPUs with native bf16 (AVX512-BF16/AMX, about
                    2x faster there), else float32.
      projection    "auto" | "float32" | "int8": the candidate table that the logits (tied head) and the
                    embedding distances are computed against. int8: one scale per candidate row, the
                    rows rounded on a fixed grid; a quarter of the memory traffic, so a released step's
                    projection is ~3x faster on a CPU; the mechanism's output distribution moves by a
                    total variation of ~0.06 per token on average against float32 (measured,
                    docs/cape.md) and the privacy bound is unchanged (it holds for any utilities in
                    [0, 1]). auto = int8 on an AVX2 (or better) CPU with torch's fbgemm engine, float32
                    elsewhere (GPU, other CPUs).
      max_context_tokens  longest token window given to the model; longer texts are cut into
                    windows, each with its own context (1024).
      max_batch_tokens    padded tokens per forward pass (and per released decoding group); bigger
                    batches are split. None = 16384 on CPU, 131072 on CUDA (a released group of
                    2,048 30-token prompts decodes in one pass of steps instead of five).
      max_rows_per_step   perturbed tokens whose (rows x vocabulary) utilities are held at once;
                    None = 256 on CPU, 2048 on CUDA (fewer, larger kernels for big batches).
      cpu_threads   torch intra-op threads while Cape runs on a CPU (1): its work is many small
                    kernels (one model step per perturbed token in the released context), and on a
                    shared CPU two threads mostly wait on each other (5-12x slower under load in
                    our runs). Set around each call and restored after. None = leave torch's setting.

    Proxy (read by the proxy, not by the mechanism):
      roles         chat roles whose text is perturbed (["user"]).
      extract       run the paper's extraction step on the answer with the local model (False).
      extract_temperature / extract_max_tokens  sampling of that step (0.5, as in the paper; 512).
    """

    model_config = ConfigDict(extra="forbid")

    epsilon: float = Field(default=6.0, gt=0, allow_inf_nan=False)
    lambda_l: float = Field(default=0.5, ge=0, allow_inf_nan=False)
    lambda_d: float = Field(default=1.0, ge=0, allow_inf_nan=False)
    buckets: int = Field(default=50, ge=1, le=32767)
    keep_stopwords: bool = True
    logit_bound: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    calibrate_if_missing: bool = True
    context: Literal["released", "original"] = Field(
        default="released",
        description="Cape: logits from the already perturbed prefix (released; bounds compose) or from "
        "the original text (original, the paper's).",
    )
    sensitivity: Literal["unit", "bucket_range"] = Field(
        default="unit",
        description="Cape: Delta = 1 (unit) or the paper's max gap between bucket scores (bucket_range).",
    )

    adapter: Literal["causal", "masked"] = "causal"
    model: str | None = None
    compute_dtype: Literal["auto", "float32", "bfloat16", "float16"] = "auto"
    projection: Literal["auto", "float32", "int8"] = Field(
        default="auto",
        description="Cape: precision of the candidate table for logits and distances (auto = int8 on a "
        "CPU, float32 on a GPU).",
    )
    max_context_tokens: int = Field(default=1024, ge=8)
    max_batch_tokens: int | None = Field(default=None, ge=64)
    max_rows_per_step: int | None = Field(default=None, ge=1)
    cpu_threads: int | None = Field(default=1, ge=1)

    roles: list[str] = Field(default_factory=lambda: ["user"])
    extract: bool = False
    extract_temperature: float = Field(default=0.5, ge=0)
    extract_max_tokens: int = Field(default=512, ge=1)

    @model_validator(mode="after")
    def _masked_needs_a_model(self) -> CapeConfig:
        if self.adapter == "masked" and not self.model:
            raise ValueError("adapter 'masked' needs `model`: a masked LM's Hugging Face name or local path")
        return self

    def model_key(self) -> str:
        """The key of this model's calibrated bound: adapter kind and model name or path."""
        from mechanisms.models import DEFAULT_MODEL_NAME

        return f"{self.adapter}:{self.model or DEFAULT_MODEL_NAME}"
