"""The built-in local model (SmolLM2-135M-Instruct by default), served as an upstream by
proxy/local/upstream.py.

Generation runs in the worker pool's ``generate`` lane: a thread of this process, or a Ray Serve
deployment with ``workers.backend: ray`` (then this process loads the tokenizer only, unless it answers
embeddings). Tokens stream back to the event loop as they are made (proxy/local/generator.py).
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from mechanisms.models import ModelSpec, load_causal_lm, load_tokenizer
from proxy.errors import BadRequest
from proxy.local.generator import GenerationJob, GenerationResult, Generator, SamplingParams
from proxy.pool import Streamed, WorkerPool
from proxy.settings import LimitsSettings, LocalModelSettings

__all__ = ["GenerationJob", "GenerationResult", "LocalBackend", "SamplingParams"]


def message_text(content: Any) -> str:
    """The text of a chat message's content (a string, or its text parts)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, dict) and part.get("type") in ("text", "input_text", "output_text"):
                parts.append(str(part.get("text", "")))
        return "\n".join(parts)
    raise BadRequest("message content must be a string or a list of content parts", param="messages")


class LocalBackend:
    """A local transformers model: its loading, sampling options, prompts as token ids, generation and
    embeddings (proxy/local/upstream.py serves it as an upstream)."""

    def __init__(self, settings: LocalModelSettings, limits: LimitsSettings, pool: WorkerPool) -> None:
        self.settings = settings
        self.limits = limits
        self.pool = pool
        self.model_id = settings.id
        self._generator: Generator | None = None
        self._tokenizer: Any = None
        self._load_lock = threading.Lock()
        self.load_error: str | None = None
        pool.register("generate", self._generate_batch, max_batch_size=1, max_queue=64, streams=True)
        pool.register("embed", self._embed_batch, max_batch_size=1, max_queue=64)

    # ---- model loading -------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        remote = self.pool.remote_part("generate")
        if remote is not None:
            return self._tokenizer is not None and remote.ready
        return self._generator is not None

    def load(self) -> None:
        """What generation needs here: the model, or with a remote ``generate`` lane the tokenizer
        (prompts are tokenized here) and the remote deployment."""
        remote = self.pool.remote_part("generate")
        if remote is None:
            self._load_model()
            return
        with self._load_lock:
            if self._tokenizer is None:
                try:
                    self._tokenizer = load_tokenizer(self._spec())
                except Exception as exc:  # readiness reports it; requests get 503
                    self.load_error = type(exc).__name__
                    raise
        remote.load()

    def _spec(self) -> ModelSpec:
        return ModelSpec(name=self.settings.id, path=self.settings.path)

    def _load_model(self) -> Generator:
        with self._load_lock:
            if self._generator is None:
                try:
                    model, tokenizer = load_causal_lm(self._spec(), device=self.pool.device)
                    self._generator, self._tokenizer = Generator(model, tokenizer), tokenizer
                    self.load_error = None
                except Exception as exc:  # readiness reports it; requests get 503
                    self.load_error = type(exc).__name__
                    raise
            return self._generator

    @property
    def tokenizer(self) -> Any:
        self.load()
        return self._tokenizer

    # ---- request parsing -----------------------------------------------------------------------
    def sampling_params(self, body: Mapping[str, Any], default_top_k: int = 50) -> SamplingParams:
        max_tokens = body.get("max_completion_tokens") or body.get("max_tokens") or self.settings.default_max_tokens
        if not isinstance(max_tokens, int) or max_tokens < 1:
            raise BadRequest("max_tokens must be a positive integer", param="max_tokens")
        temperature = body.get("temperature", 1.0)
        top_p = body.get("top_p", 1.0)
        if temperature is None:
            temperature = 1.0
        if top_p is None:
            top_p = 1.0
        if not isinstance(temperature, (int, float)) or not 0 <= temperature <= 2:
            raise BadRequest("temperature must be between 0 and 2", param="temperature")
        if not isinstance(top_p, (int, float)) or not 0 < top_p <= 1:
            raise BadRequest("top_p must be in (0, 1]", param="top_p")
        stop = body.get("stop") or []
        if isinstance(stop, str):
            stop = [stop]
        if not isinstance(stop, list) or not all(isinstance(s, str) for s in stop) or len(stop) > 4:
            raise BadRequest("stop must be a string or a list of at most 4 strings", param="stop")
        seed = body.get("seed")
        if seed is not None and not isinstance(seed, int):
            raise BadRequest("seed must be an integer", param="seed")
        top_k = body.get("top_k", default_top_k)
        return SamplingParams(
            max_tokens=min(max_tokens, self.limits.max_tokens_local),
            temperature=float(temperature), top_p=float(top_p), top_k=int(top_k or 0),
            stop=stop, seed=seed,
        )

    def chat_prompt_ids(self, messages: list[dict[str, Any]]) -> list[int]:
        turns = []
        for msg in messages:
            role = msg.get("role")
            role = "system" if role == "developer" else role
            turns.append({"role": role, "content": message_text(msg.get("content"))})
        ids = self.tokenizer.apply_chat_template(turns, add_generation_prompt=True, tokenize=True)
        if isinstance(ids, dict) or hasattr(ids, "input_ids"):
            ids = ids["input_ids"]
        return list(ids)

    def text_prompt_ids(self, prompt: str) -> list[int]:
        return list(self.tokenizer(prompt, add_special_tokens=False)["input_ids"])

    # ---- generation (worker thread) ------------------------------------------------------------
    def _generate_batch(self, jobs: Sequence[Streamed]) -> list[GenerationResult]:
        generator = self._load_model()
        return [generator.generate(job.payload, job.emit, job.cancel) for job in jobs]

    # ---- async API -----------------------------------------------------------------------------
    async def generate(self, job: GenerationJob, timeout: float | None = None) -> GenerationResult:
        return await self.pool.run("generate", job, timeout)

    async def generate_stream(self, job: GenerationJob) -> AsyncIterator[str | GenerationResult]:
        """Text deltas as they are made, then the GenerationResult. Closing it cancels generation."""
        async for item in self.pool.stream("generate", job):
            yield item

    # ---- embeddings ----------------------------------------------------------------------------
    def _embed_batch(self, batches: Sequence[list[str | list[int]]]) -> list[list[list[float]]]:
        generator = self._load_model()  # embeddings always run in this process
        return [generator.embed(inputs) for inputs in batches]

    async def embed(self, inputs: list[str | list[int]], timeout: float) -> tuple[list[list[float]], int]:
        """The vectors of ``inputs`` (texts or token arrays), and the tokens they took."""
        vectors = await self.pool.run("embed", inputs, timeout)
        tokens = sum(len(x) if isinstance(x, list) else len(self.text_prompt_ids(x)) for x in inputs)
        return vectors, tokens

    def model_card(self) -> dict[str, Any]:
        return {"id": self.model_id, "object": "model", "created": 0, "owned_by": "veil-local"}

