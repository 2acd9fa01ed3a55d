"""The ``prmpt`` policy: FPE/mLDP on the way out, restoration with the request's mapping on the way back.

Sanitization runs in the worker pool's ``prmpt`` lane (off the event loop). The stand-in -> value
mapping lives in this object for one request and is dropped with it (Prmpt section 4.3: stateless).
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import TYPE_CHECKING, Any

from proxy.fields import json_escape, request_slots, response_slots
from proxy.privacy import Policy, StreamRestorer

if TYPE_CHECKING:
    from mechanisms.keys import UserKeys
    from proxy.services import Services


class PrmptPolicy(Policy):
    passthrough = False
    extracts = False

    def __init__(self, svc: "Services", mode: str, keys: "UserKeys") -> None:
        super().__init__(mode)
        self.svc = svc
        self.keys = keys
        self.mapping: dict[str, str] = {}
        self._plans: dict[bool, Any] = {}

    async def sanitize(self, route: str, body: dict[str, Any]) -> dict[str, Any]:
        scope = self.svc.settings.sanitize
        out = copy.deepcopy(body)
        slots = [s for s in request_slots(route, out, scope.roles, scope.tool_arguments) if s.text.strip()]
        if not slots:
            return out
        results = await self.svc.pool.run("prmpt", ([s.text for s in slots], self.keys),
                                          self.svc.settings.sanitize_timeout)
        if len(results) != len(slots):
            raise RuntimeError("sanitizer returned a different number of texts")
        counts: Counter[str] = Counter()
        for slot, result in zip(slots, results):
            slot.set(result.text)
            self.mapping.update(result.mapping)
            counts.update(result.entity_counts())
            self.report.epsilon += result.epsilon
        self.report.entities = dict(counts)
        for entity_type, n in counts.items():
            self.svc.metrics.entities.labels(entity_type).inc(n)
        return out

    # ---- restoring -----------------------------------------------------------------------------
    def plan(self, in_json: bool = False) -> Any:
        """The compiled restore plan of this request; inside JSON strings (tool arguments) the
        originals are JSON-escaped so the arguments stay valid JSON."""
        if in_json not in self._plans:
            from mechanisms.prmpt import RestorePlan

            mapping = {k: json_escape(v) for k, v in self.mapping.items()} if in_json else self.mapping
            self._plans[in_json] = RestorePlan(mapping)
        return self._plans[in_json]

    def restore_text(self, text: str, in_json: bool = False) -> str:
        if not self.mapping:
            return text
        return self.svc.sanitizer.desanitize(text, self.plan(in_json))

    def restore(self, route: str, data: dict[str, Any]) -> dict[str, Any]:
        for slot, in_json in response_slots(route, data):
            slot.set(self.restore_text(slot.text, in_json))
        return data

    def stream_restorer(self, route: str) -> StreamRestorer:
        if not self.mapping:
            return StreamRestorer()
        return ChunkRestorer(route, self)


class ChunkRestorer(StreamRestorer):
    """One streaming restorer per (choice, field, tool call); flushes a choice when it finishes."""

    def __init__(self, route: str, policy: PrmptPolicy) -> None:
        from mechanisms.prmpt import StreamingRestorer

        self.route = route
        self.policy = policy
        self._make = StreamingRestorer
        self.open: dict[tuple[int, str, int], Any] = {}
        self.last_chunk: dict[str, Any] | None = None

    def _feed(self, key: tuple[int, str, int], text: str) -> str:
        restorer = self.open.get(key)
        if restorer is None:
            restorer = self.open[key] = self._make(self.policy.plan(in_json=key[1] == "tool"))
        return restorer.feed(text)

    def _flush_choice(self, index: int) -> dict[tuple[str, int], str]:
        flushed = {}
        for key in [k for k in self.open if k[0] == index]:
            text = self.open.pop(key).flush()
            if text:
                flushed[(key[1], key[2])] = text
        return flushed

    def transform(self, chunk: dict[str, Any]) -> list[dict[str, Any]]:
        self.last_chunk = chunk
        for choice in chunk.get("choices") or []:
            if not isinstance(choice, dict):
                continue
            index = choice.get("index", 0)
            if self.route == "completions" and isinstance(choice.get("text"), str):
                choice["text"] = self._feed((index, "text", -1), choice["text"])
            delta = choice.get("delta")
            if isinstance(delta, dict):
                self._transform_delta(index, delta)
            if choice.get("finish_reason") is not None:
                self._merge_flushed(choice, self._flush_choice(index))
        return [chunk]

    def _transform_delta(self, index: int, delta: dict[str, Any]) -> None:
        for key in ("content", "refusal"):
            if isinstance(delta.get(key), str):
                delta[key] = self._feed((index, key, -1), delta[key])
        for call in delta.get("tool_calls") or []:
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict) and isinstance(function.get("arguments"), str):
                function["arguments"] = self._feed((index, "tool", call.get("index", 0)), function["arguments"])

    def _merge_flushed(self, choice: dict[str, Any], flushed: dict[tuple[str, int], str]) -> None:
        if not flushed:
            return
        if self.route == "completions":
            choice["text"] = (choice.get("text") or "") + flushed.pop(("text", -1), "")
        delta = choice.setdefault("delta", {}) if self.route == "chat" else {}
        for (field, tool_index), text in flushed.items():
            if field in ("content", "refusal"):
                delta[field] = (delta.get(field) or "") + text
            elif field == "tool":
                calls = delta.setdefault("tool_calls", [])
                for call in calls:
                    if call.get("index", 0) == tool_index:
                        fn = call.setdefault("function", {})
                        fn["arguments"] = (fn.get("arguments") or "") + text
                        break
                else:
                    calls.append({"index": tool_index, "function": {"arguments": text}})

    def finish(self) -> list[dict[str, Any]]:
        """End of stream with text still held (no finish_reason came): one last chunk carries it."""
        indexes = sorted({k[0] for k in self.open})
        if not indexes:
            return []
        base = {k: v for k, v in (self.last_chunk or {}).items() if k not in ("choices", "usage")}
        choices = []
        for index in indexes:
            choice: dict[str, Any] = {"index": index, "finish_reason": None}
            if self.route == "chat":
                choice["delta"] = {}
            self._merge_flushed(choice, self._flush_choice(index))
            choices.append(choice)
        return [{**base, "choices": choices}]



class CapePolicy(PrmptPolicy):
    """``cape`` and ``prmpt+cape``: Prmpt first (typed PII -> stand-ins) when asked, then Cape's DP token
    perturbation on the text of the configured roles, never touching the stand-ins."""

    def __init__(self, svc: "Services", mode: str, keys: "UserKeys") -> None:
        super().__init__(svc, mode, keys)
        self.use_prmpt = mode == "prmpt+cape"
        self.prompt_pairs: list[tuple[str, str]] = []  # (original, perturbed) for the extraction step

    async def sanitize(self, route: str, body: dict[str, Any]) -> dict[str, Any]:
        out = await super().sanitize(route, body) if self.use_prmpt else copy.deepcopy(body)
        cfg = self.svc.settings.cape
        originals = [s.text for s in request_slots(route, body, cfg.roles, False)] if route == "chat" else []
        slots = [s for s in request_slots(route, out, cfg.roles, False) if s.text.strip()]
        if not slots:
            self.report.cape_epsilon, self.report.cape_worst_epsilon = cfg.epsilon, 0.0
            return out
        texts = [s.text for s in slots]
        spans = [self._stand_in_spans(t) for t in texts]
        # Keyed seeds: the same text gets the same draw, so re-sending it reveals nothing new.
        seeds = [self.keys.prf_seed("cape", t, repr(cfg.epsilon)) for t in texts]
        results = await self.svc.pool.run("cape", (texts, spans, cfg.epsilon, seeds),
                                          self.svc.settings.sanitize_timeout)
        for slot, result in zip(slots, results):
            slot.set(result.text)
        self.report.cape_epsilon = cfg.epsilon
        self.report.cape_worst_epsilon = max((r.epsilon_worst for r in results if r.tokens_perturbed),
                                             default=0.0)
        self.report.cape_epsilon_bound = max((r.epsilon_bound for r in results if r.tokens_perturbed),
                                             default=0.0)
        if originals and len(originals) >= 1:
            self.prompt_pairs.append((originals[-1], results[-1].text))
        return out

    def _stand_in_spans(self, text: str) -> list[tuple[int, int]]:
        spans = []
        for stand_in in self.mapping:
            at = text.find(stand_in)
            while at >= 0:
                spans.append((at, at + len(stand_in)))
                at = text.find(stand_in, at + 1)
        return sorted(spans)

    @property
    def extracts(self) -> bool:
        return self.svc.settings.cape.extract and bool(self.prompt_pairs)

    async def extract(self, answer: str) -> str:
        """The paper's extraction step (appendix D): the local model rewrites the upstream's answer to
        the perturbed prompt with the original prompt in view. Runs on this machine only."""
        from mechanisms.cape import extraction_messages
        from proxy.local_backend import GenerationJob, SamplingParams

        cfg = self.svc.settings.cape
        original, perturbed = self.prompt_pairs[-1]
        local = self.svc.local
        ids = local.chat_prompt_ids(extraction_messages(original, perturbed, answer))
        params = SamplingParams(max_tokens=cfg.extract_max_tokens, temperature=cfg.extract_temperature)
        result = await local.generate(GenerationJob(ids, params), self.svc.settings.upstream.read_timeout)
        return result.text
