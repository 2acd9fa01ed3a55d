"""Privacy policies: what happens to one request on its way out and to its answer on the way back.

One policy object per request; it may hold that request's stand-in -> value mapping, which is dropped
with it (Prmpt section 4.3: stateless). ``off`` forwards bytes untouched. ``prmpt`` sanitizes every
string of the body that its surface's field map does not allow-list (default deny). ``cape`` perturbs
the text of the configured roles; ``prmpt+cape`` does both (stand-ins are never perturbed).
"""

from __future__ import annotations

import base64
import copy
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from typing import Any

from mechanisms.cape import CapeConfig, summarize
from mechanisms.keys import UserKeys
from mechanisms.prmpt.records import SanitizedText
from proxy.errors import BadRequest
from proxy.metrics import Metrics
from proxy.pipeline.engine import PrivacyEngine
from proxy.pipeline.fieldmap import IDENT_SHAPE, Node, Slot, Walk, is_provider_id, walk_request
from proxy.pipeline.report import PrivacyReport
from proxy.pipeline.restore import AnswerRestorer
from proxy.pipeline.splits import join_split_values, junctions, probe_text
from proxy.settings import SanitizeScope

MESSAGE_ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function"})
_IDENT_SEP = re.compile(r"[_-]+")


class Policy:
    """The ``off`` policy; subclasses override ``sanitize``."""

    passthrough = True  # bytes may be forwarded untouched

    def __init__(self, mode: str = "off") -> None:
        self.report = PrivacyReport(mode)
        self.mapping: dict[str, str] = {}
        self._restorer: AnswerRestorer | None = None

    @property
    def extracts(self) -> bool:
        """Cape's extraction step rewrites the answer locally."""
        return False

    async def sanitize(self, schema: Node, body: dict[str, Any]) -> dict[str, Any]:
        return body

    async def extract(self, answer: str) -> str:
        return answer

    def add_mapping(self, mapping: dict[str, str]) -> None:
        """Extra stand-ins to restore in this answer (earlier turns of a stored conversation)."""
        for stand_in, original in mapping.items():
            self.mapping.setdefault(stand_in, original)
        self._restorer = None

    @property
    def restorer(self) -> AnswerRestorer:
        if self._restorer is None:
            self._restorer = AnswerRestorer(self.mapping)
        return self._restorer


class PrmptPolicy(Policy):
    passthrough = False

    def __init__(self, mode: str, engine: PrivacyEngine, scope: SanitizeScope, keys: UserKeys,
                 metrics: Metrics, dependencies: Sequence[Any] = ()) -> None:
        super().__init__(mode)
        self.engine = engine
        self.scope = scope
        self.keys = keys
        self.metrics = metrics
        self.dependencies = list(dependencies)
        self.use_prmpt = True
        self.results: list[tuple[Slot, Any]] = []  # (slot, SanitizedText) for the privacy preview

    async def sanitize(self, schema: Node, body: dict[str, Any]) -> dict[str, Any]:
        out = copy.deepcopy(body)
        walk = walk_request(schema, out)
        self._check_uninspected(walk)
        if self.use_prmpt:
            self._client_ids([s for s in walk.slots if s.kind == "id"])  # in every role: they pair up
            await self._sanitize_slots([s for s in walk.slots
                                        if s.kind != "id" and self._in_scope(s) and s.text.strip()])
        await self._after_prmpt(walk)
        walk.finalize()
        return out

    async def _after_prmpt(self, walk: Walk) -> None:
        """Hook for Cape."""

    def _in_scope(self, slot: Slot) -> bool:
        # The roles setting narrows message text only; every other field is always sanitized.
        return slot.role not in MESSAGE_ROLES or slot.role in self.scope.roles

    def _check_uninspected(self, walk: Walk) -> None:
        if not walk.uninspected:
            return
        if self.scope.non_text_content == "reject":
            kinds = ", ".join(sorted(walk.uninspected))
            raise BadRequest(f"the request carries content Veil cannot inspect ({kinds}); it was not sent. "
                             "Set sanitize.non_text_content: forward to send such content uninspected",
                             param="sanitize.non_text_content", code="uninspectable_content")
        self.report.uninspected = dict(walk.uninspected)

    def _client_ids(self, slots: list[Slot]) -> None:
        """Ids the client invented leave as keyed stand-ins of the provider's shape: deterministic under
        the user's key, so a tool call and its result keep matching in every request of a conversation."""
        for slot in slots:
            stand_in = client_id_stand_in(self.keys, slot.prefix, slot.text)
            self.mapping[stand_in] = slot.text
            slot.write(stand_in)

    async def _sanitize_slots(self, slots: list[Slot]) -> None:
        if not slots:
            return
        texts = [_ident_to_text(s.text) if _as_ident(s) else s.text for s in slots]
        probes = junctions(slots)  # values split across two fields: their joins are one more text
        extra = [probe_text(probes)] if probes else []
        unique = list(dict.fromkeys(texts))  # repeated keys and values are sanitized once (same result)
        done = await self.engine.sanitize(unique + extra, self.keys, self.dependencies)
        by_text = dict(zip(unique, done))
        results, probe_results = [by_text[t] for t in texts], done[len(unique):]
        _refuse_encoded_values(slots, results)
        await self._fit_numbers(slots, results)
        counts: Counter[str] = Counter()
        if probe_results:
            joined, joined_types = join_split_values(probes, probe_results[0], results, self.keys)
            self.mapping.update(joined)
            counts.update(joined_types)
        for slot, result in zip(slots, results):
            if slot.kind == "encoded":  # a probe only: never written
                continue
            new = result.text
            if _as_ident(slot):
                new = _text_to_ident(slot.text, new) or "id_" + self.keys.prf("ident", slot.text).hex()[:12]
                if new != slot.text:
                    self.mapping[new] = slot.text
            self.results.append((slot, result))
            slot.write(new)
            self.mapping.update(result.mapping)
            counts.update(result.entity_counts())
            self.report.epsilon += result.epsilon
        self.report.entities = dict(counts)
        for entity_type, n in counts.items():
            self.metrics.entities.labels(entity_type).inc(n)

    async def _fit_numbers(self, slots: list[Slot], results: list[Any], rounds: int = 8) -> None:
        """A JSON number's stand-in must write back as a number of its type with all its digits: one
        with a leading zero (or a float that is not exact) is encrypted again (cycle walking: still
        deterministic, and the mapping goes straight back to the original) until it fits."""
        stuck: set[int] = set()  # not found again: written as a string (the setter's fallback)
        for _ in range(rounds):
            bad = [i for i, s in enumerate(slots) if s.kind == "number" and i not in stuck
                   and results[i].text != s.text and not s.number_fits(results[i].text)]
            if not bad:
                return
            again = await self.engine.sanitize([results[i].text for i in bad], self.keys, self.dependencies)
            for i, result in zip(bad, again):
                if result.text == results[i].text:
                    stuck.add(i)
                results[i] = _chained(results[i], result)


class CapePolicy(PrmptPolicy):
    """``cape`` and ``prmpt+cape``: Prmpt first (typed values -> stand-ins) when asked, then Cape's DP
    token perturbation on the text of the configured roles, never touching the stand-ins."""

    def __init__(self, mode: str, engine: PrivacyEngine, scope: SanitizeScope, keys: UserKeys,
                 metrics: Metrics, cape: CapeConfig, local: Any = None, extract_timeout: float = 600.0,
                 dependencies: Sequence[Any] = ()) -> None:
        super().__init__(mode, engine, scope, keys, metrics, dependencies)
        self.use_prmpt = mode == "prmpt+cape"
        self.cape = cape
        self.local = local
        self.extract_timeout = extract_timeout
        self.prompt_pair: tuple[str, str] | None = None  # (original, perturbed) for the extraction step

    async def _after_prmpt(self, walk: Walk) -> None:
        cfg = self.cape
        slots = [s for s in walk.slots if s.kind == "text" and s.role in cfg.roles and s.text.strip()]
        self.report.cape_epsilon = cfg.epsilon
        self.report.cape_context = cfg.context
        if not slots:
            self.report.cape_worst_epsilon = self.report.cape_epsilon_total = 0.0
            return
        originals = [s.text for s in slots]
        spans = [self._stand_in_spans(t) for t in originals]
        # Keyed seeds: the same text gets the same draw, so re-sending it reveals nothing new.
        seeds = [self.keys.prf_seed("cape", t, repr(cfg.epsilon)) for t in originals]
        results = await self.engine.perturb(originals, spans, cfg.epsilon, seeds)
        for slot, result in zip(slots, results):
            slot.write(result.text)
        summary = summarize(results)
        self.report.cape_worst_epsilon = summary["epsilon_worst"]  # the paper's eps + eps': not a bound
        self.report.cape_epsilon_bound = summary["epsilon_bound"]
        self.report.cape_epsilon_total = summary["epsilon_total"]
        users = [i for i, s in enumerate(slots) if s.role == "user"]
        if users:
            self.prompt_pair = (originals[users[-1]], results[users[-1]].text)

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
        return self.cape.extract and self.prompt_pair is not None and self.local is not None

    async def extract(self, answer: str) -> str:
        """The paper's extraction step (appendix D): the local model rewrites the upstream's answer to
        the perturbed prompt with the original prompt in view. Runs on this machine only."""
        from mechanisms.cape import extraction_messages
        from proxy.local.backend import GenerationJob, SamplingParams

        assert self.prompt_pair is not None
        original, perturbed = self.prompt_pair
        ids = self.local.chat_prompt_ids(extraction_messages(original, perturbed, answer))
        params = SamplingParams(max_tokens=self.cape.extract_max_tokens, temperature=self.cape.extract_temperature)
        result = await self.local.generate(GenerationJob(ids, params), self.extract_timeout)
        self.report.extracted = True
        return str(result.text)


def _refuse_encoded_values(slots: list[Slot], results: list[Any]) -> None:
    """Base64 text (or a data URL of text) that holds values of Category I is refused: Veil does not
    send encoded personal data it would have to re-encode; the client can send it decoded."""
    for slot, result in zip(slots, results):
        if slot.kind == "encoded" and any(e.category == "fpe" for e in result.entities):
            kinds = ", ".join(sorted({e.type for e in result.entities if e.category == "fpe"}))
            raise BadRequest(f"the request carries base64-encoded text holding personal data ({kinds}); it was "
                             "not sent. Send that text decoded so that Veil can sanitize it",
                             code="encoded_personal_data")


def client_id_stand_in(keys: UserKeys, prefix: str, original: str) -> str:
    """``prefix`` + 24 base62 characters from a keyed PRF of the id: the provider's shape (never one with
    a run of 7 digits, which would not count as one)."""
    for attempt in range(64):
        digest = keys.prf("client-id", prefix, original, attempt)
        body = base64.b64encode(digest, altchars=b"Ab").decode().replace("=", "")[:24]
        stand_in = prefix + body
        if is_provider_id(prefix, stand_in):
            return stand_in
    raise ValueError("no id stand-in")  # 64 draws with a 7-digit run: does not happen


def _as_ident(slot: Slot) -> bool:
    """Identifiers, and object keys shaped like one, are sanitized as the words they are made of."""
    return slot.kind == "ident" or (slot.kind == "key" and IDENT_SHAPE.fullmatch(slot.text) is not None)


def _chained(first: SanitizedText, second: SanitizedText) -> SanitizedText:
    """``second`` sanitized ``first``'s text again: its text, with a mapping straight to the originals."""
    mapping = {k: v for k, v in first.mapping.items() if k not in second.mapping.values()}
    for stand_in, middle in second.mapping.items():
        mapping[stand_in] = first.mapping.get(middle, middle)
    return SanitizedText(second.text, first.entities, mapping, first.mldp_mapping)


def _ident_to_text(ident: str) -> str:
    """"John_Smith" -> "John Smith": identifiers are sanitized as the words they are made of."""
    return _IDENT_SEP.sub(" ", ident).strip() or ident


def _text_to_ident(original: str, sanitized: str) -> str:
    """The sanitized words back in the identifier's shape (``^[A-Za-z0-9_-]+$``, at most 64 chars)."""
    if sanitized == _ident_to_text(original):
        return original
    folded = unicodedata.normalize("NFKD", sanitized).encode("ascii", "ignore").decode()
    words = [re.sub(r"[^A-Za-z0-9]", "", w) for w in folded.split()]
    words = [w for w in words if w]
    seps = _IDENT_SEP.findall(original.strip("_-"))
    if len(seps) != len(words) - 1:
        seps = ["_"] * max(0, len(words) - 1)
    out = words[0] if words else ""
    for sep, word in zip(seps, words[1:]):
        out += sep + word
    out = out[:64]
    return out if out and IDENT_SHAPE.match(out) else ""
