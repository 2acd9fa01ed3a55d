"""The built-in local model: answers OpenAI calls itself (SmolLM2-135M-Instruct by default).

Generation runs in the worker pool's ``generate`` lane; tokens stream back to the event loop as they are
made. Stop strings are handled in text space, so the stop text itself is never returned (as OpenAI does).
"""

from __future__ import annotations

import asyncio
import base64
import struct
import threading
import time
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mechanisms.models import ModelSpec, load_causal_lm
from proxy.errors import BadRequest
from proxy.pool import WorkerPool
from proxy.settings import LimitsSettings, LocalModelSettings

ProcessorFactory = Callable[[], Any]


@dataclass
class SamplingParams:
    max_tokens: int
    temperature: float = 1.0
    top_p: float = 1.0
    top_k: int = 50
    stop: list[str] = field(default_factory=list)
    seed: int | None = None

    @property
    def greedy(self) -> bool:
        return self.temperature <= 0.0


@dataclass
class GenerationJob:
    prompt_ids: list[int]
    params: SamplingParams
    on_text: Callable[[str], None] | None = None  # called from the worker thread
    processor_factory: ProcessorFactory | None = None  # -> a watermarking config for generate()
    cancel: threading.Event = field(default_factory=threading.Event)


@dataclass
class GenerationResult:
    text: str
    finish_reason: str
    prompt_tokens: int
    completion_tokens: int
    token_ids: list[int]
    stop_sequence: str | None = None  # the stop string that ended generation, if one did


class _TextTracker:
    """Turns token ids into text deltas, cutting at stop strings and holding back partial ones."""

    def __init__(self, tokenizer: Any, stops: Sequence[str], on_text: Callable[[str], None] | None) -> None:
        self.tokenizer = tokenizer
        self.stops = [s for s in stops if s]
        self.hold = max((len(s) for s in self.stops), default=1) - 1
        self.on_text = on_text
        self.ids: list[int] = []
        self.text = ""
        self.emitted = 0
        self.stopped = False
        self.matched: str | None = None

    def add(self, token_ids: Sequence[int]) -> None:
        if self.stopped:
            return
        self.ids.extend(token_ids)
        text = self.tokenizer.decode(self.ids, skip_special_tokens=True)
        for stop in self.stops:
            at = text.find(stop, max(0, self.emitted - len(stop)))
            if at >= 0:
                text, self.stopped, self.matched = text[:at], True, stop
        self.text = text
        safe = len(text) if self.stopped else len(text) - self.hold
        if text.endswith("\ufffd") and not self.stopped:
            safe = min(safe, len(text) - 1)  # an incomplete multi-byte character
        self._emit(safe)

    def finish(self) -> None:
        self._emit(len(self.text.rstrip("\ufffd")) if not self.stopped else len(self.text))

    def _emit(self, upto: int) -> None:
        if upto > self.emitted:
            chunk = self.text[self.emitted:upto]
            self.emitted = upto
            if self.on_text:
                self.on_text(chunk)


def _message_text(content: Any) -> str:
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
    """OpenAI chat/completions/embeddings answered by a local transformers model."""

    def __init__(self, settings: LocalModelSettings, limits: LimitsSettings, pool: WorkerPool) -> None:
        self.settings = settings
        self.limits = limits
        self.pool = pool
        self.model_id = settings.id
        self._model: Any = None
        self._tokenizer: Any = None
        self._load_lock = threading.Lock()
        self.load_error: str | None = None
        pool.register("generate", self._generate_batch, max_batch_size=1, max_queue=64)
        pool.register("embed", self._embed_batch, max_batch_size=1, max_queue=64)

    # ---- model loading -------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        return self._model is not None

    def load(self) -> None:
        with self._load_lock:
            if self._model is not None:
                return
            try:
                spec = ModelSpec(name=self.settings.id, path=self.settings.path)
                self._model, self._tokenizer = load_causal_lm(spec, device=self.pool.device)
                self.load_error = None
            except Exception as exc:  # readiness reports it; requests get 503
                self.load_error = type(exc).__name__
                raise

    @property
    def tokenizer(self) -> Any:
        self.load()
        return self._tokenizer

    # ---- request parsing -----------------------------------------------------------------------
    def sampling_params(self, body: dict[str, Any], default_top_k: int = 50) -> SamplingParams:
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
            turns.append({"role": role, "content": _message_text(msg.get("content"))})
        ids = self.tokenizer.apply_chat_template(turns, add_generation_prompt=True, tokenize=True)
        if isinstance(ids, dict) or hasattr(ids, "input_ids"):
            ids = ids["input_ids"]
        return list(ids)

    def text_prompt_ids(self, prompt: str) -> list[int]:
        return list(self.tokenizer(prompt, add_special_tokens=False)["input_ids"])

    # ---- generation (worker thread) ------------------------------------------------------------
    def _generate_batch(self, jobs: Sequence[GenerationJob]) -> list[GenerationResult]:
        return [self._generate(job) for job in jobs]

    def _generate(self, job: GenerationJob) -> GenerationResult:
        import torch
        from transformers import StoppingCriteria, StoppingCriteriaList
        from transformers.generation.streamers import BaseStreamer

        self.load()
        tracker = _TextTracker(self._tokenizer, job.params.stop, job.on_text)

        class _Streamer(BaseStreamer):
            first = True

            def put(self, value: Any) -> None:
                if self.first:  # the prompt
                    self.first = False
                    return
                tracker.add(value.reshape(-1).tolist())

            def end(self) -> None:
                pass

        class _Stop(StoppingCriteria):
            def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> Any:
                done = tracker.stopped or job.cancel.is_set()
                return torch.full((input_ids.shape[0],), done, dtype=torch.bool, device=input_ids.device)

        p = job.params
        if p.seed is not None:
            torch.manual_seed(p.seed)
        kwargs: dict[str, Any] = {"do_sample": not p.greedy, "max_new_tokens": p.max_tokens}
        if not p.greedy:
            kwargs.update(temperature=p.temperature, top_p=p.top_p, top_k=p.top_k or None)
        if job.processor_factory is not None and not p.greedy:
            # A watermarking config runs after temperature/top-k/top-p inside generate() (synthid/hf.py).
            kwargs["watermarking_config"] = job.processor_factory()
        input_ids = torch.tensor([job.prompt_ids], device=self._model.device)
        with torch.inference_mode():
            out = self._model.generate(
                input_ids, attention_mask=torch.ones_like(input_ids), streamer=_Streamer(),
                stopping_criteria=StoppingCriteriaList([_Stop()]),
                pad_token_id=self._tokenizer.eos_token_id, **kwargs,
            )
        new_ids = out[0, input_ids.shape[1]:].tolist()
        tracker.finish()
        eos = self._tokenizer.eos_token_id
        if tracker.stopped or (new_ids and new_ids[-1] == eos):
            finish = "stop"
        elif len(new_ids) >= p.max_tokens:
            finish = "length"
        else:
            finish = "stop"
        return GenerationResult(tracker.text, finish, len(job.prompt_ids), len(new_ids), new_ids, tracker.matched)

    # ---- async API -----------------------------------------------------------------------------
    async def generate(self, job: GenerationJob, timeout: float | None = None) -> GenerationResult:
        try:
            return await self.pool.run("generate", job, timeout)
        finally:
            job.cancel.set()

    async def generate_stream(self, job: GenerationJob) -> AsyncIterator[str | GenerationResult]:
        """Text deltas as they are made, then the GenerationResult. Closing it cancels generation."""
        loop = asyncio.get_running_loop()
        deltas: asyncio.Queue[str] = asyncio.Queue()
        job.on_text = lambda text: loop.call_soon_threadsafe(deltas.put_nowait, text)
        future = self.pool.submit("generate", job)
        try:
            while True:
                getter = asyncio.ensure_future(deltas.get())
                await asyncio.wait({getter, future}, return_when=asyncio.FIRST_COMPLETED)
                if getter.done():
                    yield getter.result()
                    continue
                getter.cancel()
                while not deltas.empty():
                    yield deltas.get_nowait()
                yield future.result()
                return
        finally:
            job.cancel.set()
            if not future.done():
                future.cancel()

    # ---- embeddings ----------------------------------------------------------------------------
    def _embed_batch(self, batches: Sequence[list[str | list[int]]]) -> list[list[list[float]]]:
        return [self._embed(inputs) for inputs in batches]

    def _embed(self, inputs: list[str | list[int]]) -> list[list[float]]:
        import torch

        self.load()
        vectors = []
        for item in inputs:
            ids = item if isinstance(item, list) else self.text_prompt_ids(item)
            ids = ids or [self._tokenizer.eos_token_id]
            tensor = torch.tensor([ids], device=self._model.device)
            with torch.inference_mode():
                hidden = self._model(tensor, output_hidden_states=True).hidden_states[-1][0]
            vec = torch.nn.functional.normalize(hidden.float().mean(dim=0), dim=0)
            vectors.append(vec.cpu().tolist())
        return vectors

    async def embeddings(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        raw = body.get("input")
        inputs: list[str | list[int]]
        if isinstance(raw, str):
            inputs = [raw]
        elif isinstance(raw, list) and raw and all(isinstance(x, int) for x in raw):
            inputs = [raw]
        elif isinstance(raw, list) and raw and all(isinstance(x, (str, list)) for x in raw):
            inputs = raw
        else:
            raise BadRequest("input must be a string, a list of strings or token arrays", param="input")
        vectors = await self.pool.run("embed", inputs, timeout)
        encoding = body.get("encoding_format") or "float"
        if encoding not in ("float", "base64"):
            raise BadRequest("encoding_format must be 'float' or 'base64'", param="encoding_format")
        data = []
        for i, vec in enumerate(vectors):
            value: Any = vec
            if encoding == "base64":
                value = base64.b64encode(struct.pack(f"<{len(vec)}f", *vec)).decode()
            data.append({"object": "embedding", "index": i, "embedding": value})
        tokens = sum(len(x) if isinstance(x, list) else len(self.text_prompt_ids(x)) for x in inputs)
        return {"object": "list", "data": data, "model": self.model_id,
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens}}

    def model_card(self) -> dict[str, Any]:
        return {"id": self.model_id, "object": "model", "created": 0, "owned_by": "veil-local"}


def completion_id(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:24]}"


def now() -> int:
    return int(time.time())
