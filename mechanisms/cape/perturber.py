"""CapePerturber: the batched Cape mechanism (paper Algorithm 2) over a local model.

``perturb_batch`` is what the worker pool calls with texts gathered from concurrent requests:
one tokenization per text, then the contextual logits of every perturbed position, and the utilities
of every perturbed token against the whole candidate vocabulary in (rows x vocabulary) tensors,
bucketized and sampled without Python loops over the vocabulary.

Two contexts (``CapeConfig.context``): ``original`` (the paper) takes all logits from one padded
forward pass over the original texts; ``released`` decodes the batch incrementally, one model step
per perturbed position, each position's logits from the tokens already released (``released.py``).
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

import torch

from .adapters import (
    CausalLMAdapter,
    ContextModel,
    MaskedLMAdapter,
    load_causal_lm_as,
    load_masked_lm,
    resolve_compute_dtype,
)
from .calibration import REGENERATE, calibrate, calibration_texts, store_bound, stored_bound, user_bounds_path
from .config import CapeConfig
from .released import track_groups, windows
from .sampler import (
    BucketTable,
    Sensitivity,
    bucket_range,
    bucketize,
    distance_utility,
    eps_prime,
    hybrid_utility,
    logit_utility,
    sample_buckets,
    token_probabilities,
    worst_case_epsilon,
)
from .timing import StageTimer, maybe_stage
from .vocabulary import eligible_positions

log = logging.getLogger("veil.cape")

Spans = Sequence[tuple[int, int]]


@dataclass
class PerturbResult:
    """One perturbed text and its privacy accounting (never logged: ``text`` is user data).

    Guarantees (data-independent; docs/cape.md "Privacy accounting"). Two texts are neighbours when
    they have the same public skeleton (token count, and the kept tokens and protected spans at the
    same places) and differ in the perturbed tokens only.

    epsilon_bound     per perturbed position: ln P[y_i | context, x_i] / P[y_i | context, x'_i] <=
                      this for any two tokens x_i, x'_i and any context (``sampler.worst_case_epsilon``).
    epsilon_total     the whole text: tokens_perturbed * epsilon_bound bounds the log-likelihood ratio
                      of the output between this text and any neighbour, whichever context is used
                      (released: sequential composition; original: the draws are independent given
                      the text). This is the prompt-level figure (X-Veil-Cape-Epsilon-Total).
    epsilon_token     a neighbour differing in ONE perturbed token: epsilon_bound under ``released``
                      (only that position's mechanism sees the token); under ``original`` the change
                      moves every later position's logits (every position with a masked LM), so only
                      epsilon_total bounds it.
    context           "released" or "original"; sensitivity "unit" or "bucket_range".

    The paper's accounting (Theorem 4.1), reported as it is but NOT a worst-case bound (its eps' is
    measured on this draw's buckets; tests/test_cape_sampler.py has a pair of inputs exceeding it):
    epsilon           the exponential mechanism's eps per perturbed token (the paper's eps).
    eps_prime_max     worst eps' = ln(max|b|/min|b|) over the perturbed tokens; 0 if none.
    eps_prime_mean    mean eps' over the perturbed tokens.
    epsilon_worst     eps + eps_prime_max.
    epsilon_composed  sum over perturbed tokens of (eps + eps'_i).

    tokens_total / tokens_perturbed (eligible) / tokens_changed: counts in the model's tokenizer.
    ``ids`` / ``original_ids`` / ``positions`` (output and input token ids, perturbed positions) are
    for evaluation; they are left out of ``to_dict`` and ``repr``.
    """

    text: str
    epsilon: float
    eps_prime_max: float
    eps_prime_mean: float
    epsilon_composed: float
    epsilon_bound: float
    tokens_total: int
    tokens_perturbed: int
    tokens_changed: int
    context: str = "original"
    sensitivity: str = "unit"
    ids: list[int] = field(default_factory=list, repr=False)
    original_ids: list[int] = field(default_factory=list, repr=False)
    positions: list[int] = field(default_factory=list, repr=False)

    @property
    def epsilon_worst(self) -> float:
        return self.epsilon + self.eps_prime_max

    @property
    def epsilon_total(self) -> float:
        return self.tokens_perturbed * self.epsilon_bound

    @property
    def epsilon_token(self) -> float:
        if not self.tokens_perturbed:
            return 0.0
        return self.epsilon_bound if self.context == "released" else self.epsilon_total

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        for private in ("ids", "original_ids", "positions"):
            out.pop(private)
        out["epsilon_worst"] = self.epsilon_worst
        out["epsilon_total"] = self.epsilon_total
        out["epsilon_token"] = self.epsilon_token
        return out


def summarize(results: Sequence[PerturbResult]) -> dict[str, Any]:
    """Request-level accounting over several texts (e.g. all user messages of one request).

    ``epsilon_total`` (the sum over texts) bounds the whole request; ``epsilon_token`` (the max over
    texts) bounds a change of one perturbed token anywhere in it.
    """
    perturbed = [r for r in results if r.tokens_perturbed]
    return {
        "epsilon": max((r.epsilon for r in results), default=0.0),
        "eps_prime_max": max((r.eps_prime_max for r in perturbed), default=0.0),
        "epsilon_worst": max((r.epsilon_worst for r in perturbed), default=0.0),
        "epsilon_composed": sum(r.epsilon_composed for r in results),
        "epsilon_bound": max((r.epsilon_bound for r in perturbed), default=0.0),
        "epsilon_total": sum(r.epsilon_total for r in results),
        "epsilon_token": max((r.epsilon_token for r in perturbed), default=0.0),
        "tokens_total": sum(r.tokens_total for r in results),
        "tokens_perturbed": sum(r.tokens_perturbed for r in results),
        "tokens_changed": sum(r.tokens_changed for r in results),
    }


@dataclass
class PreparedText:
    """A tokenized text, which positions get perturbed and where their rows start in the table."""

    text: str
    ids: list[int]
    offsets: list[tuple[int, int]]
    eligible: list[int]
    row_start: int
    exact_decode: bool


@dataclass
class PreparedBatch:
    """Original context: everything that does not depend on epsilon, reusable for several budgets
    (the benchmark). The released path fills ``eps_prime`` as it draws and has no ``table``."""

    items: list[PreparedText]
    table: BucketTable | None
    eps_prime: torch.Tensor  # (rows,) eps' of each perturbed token


class CapePerturber:
    """Cape over one local model. ``load()`` once; then ``perturb_batch`` from any thread."""

    def __init__(self, cfg: CapeConfig | None = None, device: str = "auto"):
        self.cfg = cfg or CapeConfig()
        self.requested_device = device
        self._adapter: ContextModel | None = None
        self._bound: float | None = None
        self._lock = threading.RLock()
        # Set to a StageTimer to split the time of each call into model and mechanism (the benchmark).
        self.timer: StageTimer | None = None

    # -- loading ---------------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        return self._adapter is not None

    @property
    def adapter(self) -> ContextModel:
        if self._adapter is None:
            raise RuntimeError("CapePerturber.load() has not been called")
        return self._adapter

    @property
    def logit_bound(self) -> float:
        if self._bound is None:
            raise RuntimeError("CapePerturber.load() has not been called")
        return self._bound

    @property
    def device(self) -> torch.device:
        return self.adapter.device

    def load(self) -> None:
        """Load the model, precompute the vocabulary tensors and read the stored bound B (once)."""
        with self._lock:
            if self._adapter is not None:
                return
            from mechanisms.models import ModelSpec, resolve_device

            device = resolve_device(self.requested_device)
            cfg = self.cfg
            dtype = resolve_compute_dtype(cfg.compute_dtype, device)
            batch_tokens = cfg.max_batch_tokens or (131072 if device.startswith("cuda") else 16384)
            sizes = {"max_context_tokens": cfg.max_context_tokens, "max_batch_tokens": batch_tokens}
            adapter: ContextModel
            if cfg.adapter == "masked":
                model, tokenizer = load_masked_lm(str(cfg.model), device, dtype)
                adapter = MaskedLMAdapter(model, tokenizer, projection=cfg.projection, **sizes)
            else:
                spec = ModelSpec() if cfg.model is None else ModelSpec(name=cfg.model, path=cfg.model)
                model, tokenizer = load_causal_lm_as(spec, device, dtype)
                adapter = CausalLMAdapter(model, tokenizer, projection=cfg.projection, **sizes)
            self._bound = self._resolve_bound(adapter)
            self._adapter = adapter

    def _resolve_bound(self, adapter: ContextModel) -> float:
        if self.cfg.logit_bound is not None:
            return float(self.cfg.logit_bound)
        key = self.cfg.model_key()
        record = stored_bound(key)
        if record is None:
            if not self.cfg.calibrate_if_missing:
                raise RuntimeError(
                    f"no calibrated logit bound for {key!r}; run `{REGENERATE} --adapter "
                    f"{self.cfg.adapter} --model MODEL --cache` or set cape.logit_bound"
                )
            log.info("calibrating the Cape logit bound once for %s on public text", key)
            record = calibrate(adapter, calibration_texts())
            store_bound(key, record, user_bounds_path())
        return float(record["bound"])

    # -- the mechanism ---------------------------------------------------------------------------
    def encode(self, texts: Sequence[str], protected_spans: Sequence[Spans] | None = None) -> list[PreparedText]:
        """Tokenize and pick the perturbed positions (the public skeleton of each text)."""
        adapter = self.adapter
        if protected_spans is not None and len(protected_spans) != len(texts):
            raise ValueError("protected_spans needs one list of spans per text")
        items: list[PreparedText] = []
        rows = 0
        for i, text in enumerate(texts):
            enc = adapter.encode(text)
            spans = protected_spans[i] if protected_spans is not None else None
            eligible = eligible_positions(text, enc.offsets, enc.is_special, self.cfg.keep_stopwords, spans)
            exact = adapter.splice_prefix is None and adapter.decode(enc.ids) == text
            items.append(PreparedText(text, enc.ids, enc.offsets, eligible, rows, exact))
            rows += len(eligible)
        return items

    def prepare(self, texts: Sequence[str], protected_spans: Sequence[Spans] | None = None) -> PreparedBatch:
        """Original context: tokenize, then compute and bucketize every perturbed token's utilities."""
        adapter = self.adapter
        with self._lock, torch.inference_mode():
            items = self.encode(texts, protected_spans)
            rows = sum(len(t.eligible) for t in items)
            with maybe_stage(self.timer, "model", adapter.device):
                features = adapter.contextual_features([t.ids for t in items], [t.eligible for t in items])
            token_ids = torch.tensor(
                [t.ids[p] for t in items for p in t.eligible], dtype=torch.long, device=adapter.device
            )
            tables: list[BucketTable] = []
            step = self._rows_per_step()
            with maybe_stage(self.timer, "mechanism", adapter.device):
                for start in range(0, rows, step):
                    tables.append(
                        self._bucket_rows(features[start : start + step], token_ids[start : start + step])
                    )
                table = BucketTable.concat(tables) if tables else bucketize(torch.zeros((0, 1)), 1)
                return PreparedBatch(items, table, eps_prime(table.counts))

    def _rows_per_step(self) -> int:
        if self.cfg.max_rows_per_step is not None:
            return self.cfg.max_rows_per_step
        return 2048 if self.device.type == "cuda" else 256

    def _bucket_rows(self, features: torch.Tensor, token_ids: torch.Tensor) -> BucketTable:
        """Utilities of each row's token against every candidate (paper eqs. 3-7), bucketized."""
        adapter = self.adapter
        token_emb = adapter.token_embeddings(token_ids)
        logits, dots = adapter.logits_and_dots(features, token_emb)
        logit_u = logit_utility(logits, self.logit_bound, inplace=True)
        dist_u = distance_utility(token_emb, adapter.cand_emb, adapter.cand_sq_norm, dots)
        utility = hybrid_utility(logit_u, dist_u, self.cfg.lambda_l, self.cfg.lambda_d)
        return bucketize(utility, self.cfg.buckets)

    def _sensitivity(self, table: BucketTable) -> Sensitivity:
        return bucket_range(table) if self.cfg.sensitivity == "bucket_range" else 1.0

    def _uniforms(
        self, items: Sequence[PreparedText], generator: torch.Generator | None, seeds: Sequence[int] | None
    ) -> torch.Tensor:
        rows = sum(len(t.eligible) for t in items)
        if seeds is not None:
            if len(seeds) != len(items):
                raise ValueError("seeds needs one seed per text")
            parts = [
                torch.rand(
                    (len(t.eligible), 2), dtype=torch.float64, generator=torch.Generator().manual_seed(int(s))
                )
                for t, s in zip(items, seeds)
            ]
            return torch.cat(parts) if parts else torch.zeros((0, 2), dtype=torch.float64)
        if generator is None:
            # DP noise must not be predictable: a fresh OS-random seed per call.
            generator = torch.Generator().manual_seed(secrets.randbits(63))
        return torch.rand((rows, 2), dtype=torch.float64, generator=generator, device=generator.device)

    def _draw(self, table: BucketTable, epsilon: float, uniforms: torch.Tensor) -> torch.Tensor:
        return sample_buckets(table, epsilon, uniforms, self._sensitivity(table))

    def sample_columns(
        self,
        batch: PreparedBatch,
        epsilon: float,
        generator: torch.Generator | None = None,
        seeds: Sequence[int] | None = None,
    ) -> torch.Tensor:
        """Original context: one candidate column per perturbed token of ``batch``, drawn at ``epsilon``."""
        if batch.table is None:
            raise ValueError("sample_columns needs a batch from prepare() (original context)")
        uniforms = self._uniforms(batch.items, generator, seeds)
        with self._lock, torch.inference_mode(), maybe_stage(self.timer, "mechanism", self.device):
            out = []
            step = self._rows_per_step()
            for start in range(0, batch.table.rows, step):
                part = batch.table.select(start, start + step)
                out.append(self._draw(part, epsilon, uniforms[start : start + step]))
            return torch.cat(out) if out else torch.zeros(0, dtype=torch.long)

    def draw_released(
        self,
        texts: Sequence[str],
        epsilon: float,
        generator: torch.Generator | None = None,
        protected_spans: Sequence[Spans] | None = None,
        seeds: Sequence[int] | None = None,
    ) -> tuple[PreparedBatch, torch.Tensor]:
        """Released context: draw position by position, each from the prefix released so far.

        The texts (cut into windows) step together through one incremental decoding session per group
        of similar length; at each step every active text's next perturbed position gets its logits
        from its released prefix and its distances from its own original token, and is drawn.
        Returns the batch (items, eps' per row) and the drawn candidate column of every row.
        """
        adapter = self.adapter
        with self._lock, torch.inference_mode():
            items = self.encode(texts, protected_spans)
            uniforms = self._uniforms(items, generator, seeds)
            rows = sum(len(t.eligible) for t in items)
            columns = [0] * rows
            counts: list[torch.Tensor] = []  # bucket sizes of each step, for eps' at the end
            order: list[int] = []
            tracks = windows([t.ids for t in items], [t.eligible for t in items], adapter.window)
            candidate_ids = adapter.candidates.ids
            for group in track_groups(tracks, adapter.max_batch_tokens):
                session = adapter.released_session(group)
                while not session.finished:
                    with maybe_stage(self.timer, "model", adapter.device):
                        features = session.features()
                    with maybe_stage(self.timer, "mechanism", adapter.device):
                        at = session.rows()
                        token_ids = torch.tensor(session.originals(), dtype=torch.long, device=adapter.device)
                        table = self._bucket_rows(features, token_ids)
                        drawn = self._draw(table, epsilon, uniforms[at]).tolist()
                        for row, col in zip(at, drawn):
                            columns[row] = col
                        counts.append(table.counts)
                        order += at
                    session.advance([candidate_ids[c] for c in drawn])
            eps_p = torch.zeros(rows, dtype=torch.float64)
            if order:
                eps_p[torch.tensor(order)] = eps_prime(torch.cat(counts)).cpu()
            return PreparedBatch(items, None, eps_p), torch.tensor(columns, dtype=torch.long, device=adapter.device)

    def render(self, batch: PreparedBatch, columns: torch.Tensor, epsilon: float) -> list[PerturbResult]:
        """Turn sampled columns into texts and accounting."""
        adapter = self.adapter
        new_ids = adapter.cand_ids[columns.to(adapter.device)].tolist()
        cols = columns.tolist()
        eps_p = batch.eps_prime.tolist()
        bound = worst_case_epsilon(epsilon, self.cfg.buckets, len(adapter.candidates.ids))
        results = []
        for item in batch.items:
            a, b = item.row_start, item.row_start + len(item.eligible)
            ids = list(item.ids)
            for p, tok in zip(item.eligible, new_ids[a:b]):
                ids[p] = tok
            changed = sum(1 for p in item.eligible if ids[p] != item.ids[p])
            if item.exact_decode:
                text = adapter.decode(ids)
            else:
                text = _splice(item, ids, cols[a:b], adapter.candidates.texts)
            row_eps = eps_p[a:b]
            results.append(
                PerturbResult(
                    text=text,
                    epsilon=float(epsilon),
                    eps_prime_max=max(row_eps, default=0.0),
                    eps_prime_mean=sum(row_eps) / len(row_eps) if row_eps else 0.0,
                    epsilon_composed=sum(epsilon + e for e in row_eps),
                    epsilon_bound=bound,
                    tokens_total=len(item.ids),
                    tokens_perturbed=len(item.eligible),
                    tokens_changed=changed,
                    context=self.cfg.context,
                    sensitivity=self.cfg.sensitivity,
                    ids=ids,
                    original_ids=list(item.ids),
                    positions=list(item.eligible),
                )
            )
        return results

    def perturb_batch(
        self,
        texts: list[str],
        epsilon: float | None = None,
        generator: torch.Generator | None = None,
        protected_spans: list[list[tuple[int, int]]] | None = None,
        seeds: Sequence[int] | None = None,
    ) -> list[PerturbResult]:
        """Perturb every text of a batch at budget ``epsilon`` (default: the config's).

        ``protected_spans``: character spans per text copied byte for byte (Prmpt's stand-ins).
        ``seeds``: one seed per text instead of ``generator``, so a text's noise does not depend on
        which other texts share its batch (the proxy can derive them with a keyed PRF).
        """
        eps = self.cfg.epsilon if epsilon is None else float(epsilon)
        if not (eps > 0 and eps != float("inf")):
            raise ValueError("epsilon must be a positive finite number")
        if not texts:
            return []
        with self._lock, self._cpu_threads():
            if self.cfg.context == "released":
                batch, columns = self.draw_released(texts, eps, generator, protected_spans, seeds)
            else:
                batch = self.prepare(texts, protected_spans)
                columns = self.sample_columns(batch, eps, generator, seeds)
            return self.render(batch, columns, eps)

    @contextmanager
    def _cpu_threads(self) -> Iterator[None]:
        """torch on ``cfg.cpu_threads`` threads for this call (CPU only), restored afterwards."""
        want = self.cfg.cpu_threads
        if want is None or self.device.type != "cpu" or torch.get_num_threads() == want:
            yield
            return
        before = torch.get_num_threads()
        torch.set_num_threads(want)
        try:
            yield
        finally:
            torch.set_num_threads(before)

    def perturb(self, text: str, epsilon: float | None = None, **kwargs: Any) -> PerturbResult:
        return self.perturb_batch([text], epsilon, **kwargs)[0]

    # -- exact accounting (tests, evaluation) ------------------------------------------------------
    def position_log_probs(
        self, original_ids: Sequence[int], output_ids: Sequence[int], positions: Sequence[int], epsilon: float
    ) -> list[float]:
        """ln P[y_i | context, x_i] at each perturbed position i, computed exactly (no sampling).

        ``original_ids`` is the text x, ``output_ids`` a released output y of the same length, and
        ``positions`` the perturbed positions. The context is y_<i under ``released`` (recomputed from
        y in one go: the same logits incremental decoding saw) and the original text under
        ``original``; the distance term always uses x_i.
        """
        if len(original_ids) != len(output_ids):
            raise ValueError("the output must have the text's length (same public skeleton)")
        adapter = self.adapter
        with self._lock, torch.inference_mode():
            if self.cfg.context == "released":
                features = adapter.released_features([list(output_ids)], [list(positions)])
            else:
                features = adapter.contextual_features([list(original_ids)], [list(positions)])
            token_ids = torch.tensor([original_ids[p] for p in positions], dtype=torch.long, device=self.device)
            table = self._bucket_rows(features, token_ids)
            probs = token_probabilities(table, epsilon, self._sensitivity(table))
            column = {int(t): c for c, t in enumerate(adapter.candidates.ids)}
            cols = torch.tensor([column[int(output_ids[p])] for p in positions], device=probs.device)
            return probs.gather(1, cols.unsqueeze(1)).squeeze(1).log().tolist()


def _splice(item: PreparedText, ids: list[int], cols: list[int], texts: list[str]) -> str:
    """Rebuild the text from the original, replacing only the characters of changed tokens.

    Used where the tokenizer cannot reproduce the text from ids (WordPiece lowercases and drops
    spacing). Tokens that share characters (byte fragments of one character) are replaced once.
    """
    out: list[str] = []
    cursor = 0
    for p, col in zip(item.eligible, cols):
        start, end = item.offsets[p]
        if ids[p] == item.ids[p] or start < cursor:
            continue
        out.append(item.text[cursor:start])
        out.append(texts[col])
        cursor = end
    out.append(item.text[cursor:])
    return "".join(out)
