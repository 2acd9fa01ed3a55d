"""Generation with the local model, where the model lives: a worker thread of a Veil process, or a
replica of the Ray generation deployment (proxy/workers/ray_deployments.py). Jobs are plain data
(``GenerationJob``); text deltas go to ``on_text`` as they are made; ``cancel`` stops early.
Stop strings are handled in text space, so the stop text itself is never returned (as OpenAI does).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from proxy.workers.jobs import WatermarkSpec


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
    """One generation: plain data (it crosses to Ray replicas; see proxy/workers/jobs.py)."""

    prompt_ids: list[int]
    params: SamplingParams
    watermark: WatermarkSpec | None = None


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

    def __init__(self, tokenizer: Any, stops: Sequence[str], on_text: Callable[[str], object] | None) -> None:
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


class Generator:
    """A loaded causal LM and its tokenizer; ``generate`` and ``embed`` run in the caller's thread."""

    def __init__(self, model: Any, tokenizer: Any) -> None:
        self.model = model
        self.tokenizer = tokenizer
        self._marks: dict[str, Any] = {}  # key id -> TournamentWatermark (immutable, shared)
        self._lock = threading.Lock()

    def _watermarking_config(self, spec: WatermarkSpec) -> Any:
        with self._lock:
            mark = self._marks.get(spec.key_id)
            if mark is None:
                mark = self._marks[spec.key_id] = spec.build()
        return mark.watermarking_config()

    def generate(self, job: GenerationJob, on_text: Callable[[str], object] | None = None,
                 cancel: threading.Event | None = None) -> GenerationResult:
        import torch
        from transformers import StoppingCriteria, StoppingCriteriaList
        from transformers.generation.streamers import BaseStreamer

        tracker = _TextTracker(self.tokenizer, job.params.stop, on_text)
        stop_now = cancel or threading.Event()

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
                done = tracker.stopped or stop_now.is_set()
                return torch.full((input_ids.shape[0],), done, dtype=torch.bool, device=input_ids.device)

        p = job.params
        if p.seed is not None:
            torch.manual_seed(p.seed)
        kwargs: dict[str, Any] = {"do_sample": not p.greedy, "max_new_tokens": p.max_tokens}
        if not p.greedy:
            kwargs.update(temperature=p.temperature, top_p=p.top_p, top_k=p.top_k or None)
        if job.watermark is not None and not p.greedy:
            # A watermarking config runs after temperature/top-k/top-p inside generate() (synthid/hf.py).
            kwargs["watermarking_config"] = self._watermarking_config(job.watermark)
        input_ids = torch.tensor([job.prompt_ids], device=self.model.device)
        with torch.inference_mode():
            out = self.model.generate(
                input_ids, attention_mask=torch.ones_like(input_ids), streamer=_Streamer(),
                stopping_criteria=StoppingCriteriaList([_Stop()]),
                pad_token_id=self.tokenizer.eos_token_id, **kwargs,
            )
        new_ids = out[0, input_ids.shape[1]:].tolist()
        tracker.finish()
        eos = self.tokenizer.eos_token_id
        if tracker.stopped or (new_ids and new_ids[-1] == eos):
            finish = "stop"
        elif len(new_ids) >= p.max_tokens:
            finish = "length"
        else:
            finish = "stop"
        return GenerationResult(tracker.text, finish, len(job.prompt_ids), len(new_ids), new_ids, tracker.matched)

    def embed(self, inputs: Sequence[str | list[int]]) -> list[list[float]]:
        """Mean-pooled, normalized last hidden states (one vector per input)."""
        import torch

        vectors = []
        for item in inputs:
            ids = item if isinstance(item, list) else list(self.tokenizer(item, add_special_tokens=False)["input_ids"])
            ids = ids or [self.tokenizer.eos_token_id]
            tensor = torch.tensor([ids], device=self.model.device)
            with torch.inference_mode():
                hidden = self.model(tensor, output_hidden_states=True).hidden_states[-1][0]
            vec = torch.nn.functional.normalize(hidden.float().mean(dim=0), dim=0)
            vectors.append(vec.cpu().tolist())
        return vectors
