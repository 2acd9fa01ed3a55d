"""Local "device" models that give Cape its contextual logits (paper section 4.1.1).

* :class:`CausalLMAdapter` (GPT-style, the default SmolLM2): the logits for token i are the model's
  next-token logits at position i-1, i.e. the prefix context only. One forward pass yields every
  position; a batch of prompts is padded into one pass (attention mask, right padding). A fixed
  context token (``<|endoftext|>``, else BOS/EOS) stands before each text so that its first token
  has a prefix too.
* :class:`MaskedLMAdapter` (BERT-style, any HF masked LM by name or path): the logits for token i
  come from a copy of the text with token i masked (context on both sides); all copies of all
  prompts are batched.

Both precompute what depends on the vocabulary only, once, at load: the candidate ids, their
embeddings as float32 and the squared row norms used by the distance matmul.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import torch

from .projection import ProjectionChoice, make_projection
from .released import (
    CausalReleasedSession,
    MaskedReleasedSession,
    ReleasedSession,
    Track,
    causal_windows,
    pad_batch,
)
from .vocabulary import CandidateSet, build_candidate_set, subword_prefix

# Upper bound on the (tokens x vocabulary) logits a masked-LM pass may allocate (float32 bytes).
_MASKED_LOGITS_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True)
class Encoded:
    """One text in the model's tokenizer: ids, character offsets, special-token flags."""

    ids: list[int]
    offsets: list[tuple[int, int]]
    is_special: list[bool]


@dataclass
class _Job:
    seq: list[int]
    where: list[int]  # positions in seq whose logits we need
    rows: list[int]  # output row of each of them


def _token_batches(jobs: list[_Job], max_tokens: int) -> Iterator[list[_Job]]:
    """Group jobs of similar length so that a padded batch stays under ``max_tokens``."""
    group: list[_Job] = []
    longest = 0
    for job in sorted(jobs, key=lambda j: len(j.seq), reverse=True):
        longest_if = max(longest, len(job.seq))
        if group and longest_if * (len(group) + 1) > max_tokens:
            yield group
            group, longest_if = [], len(job.seq)
        group.append(job)
        longest = longest_if
    if group:
        yield group


class _AdapterBase:
    """Tokenizer, candidate set and vocabulary tensors shared by both kinds of model."""

    kind = "base"

    def __init__(
        self, model: Any, tokenizer: Any, *, max_context_tokens: int, max_batch_tokens: int,
        projection: ProjectionChoice = "float32",
    ):
        self.model = model
        self.tokenizer = tokenizer
        self.device = next(model.parameters()).device
        table = model.get_input_embeddings().weight
        self.vocab_size = min(len(tokenizer), int(table.shape[0]))
        limit = getattr(model.config, "max_position_embeddings", None) or max_context_tokens
        self.max_context_tokens = max(8, min(max_context_tokens, int(limit)))
        self.max_batch_tokens = max_batch_tokens
        self.candidates: CandidateSet = build_candidate_set(tokenizer, self.vocab_size)
        self.cand_ids = torch.tensor(self.candidates.ids, dtype=torch.long, device=self.device)
        self.cand_emb = table.detach().index_select(0, self.cand_ids).float()
        self.cand_sq_norm = self.cand_emb.pow(2).sum(1)
        self.projection_choice = projection
        self.projection = make_projection(self.cand_emb, projection)
        unk = getattr(tokenizer, "unk_token_id", None)
        # [UNK] stands for real characters of the prompt, so it is perturbed, not kept.
        self.special_ids = frozenset(int(i) for i in tokenizer.all_special_ids) - {unk}
        self.splice_prefix = subword_prefix(tokenizer)

    def token_embeddings(self, ids: torch.Tensor) -> torch.Tensor:
        """Input-embedding rows (float32) of the given token ids."""
        table = self.model.get_input_embeddings().weight
        return table.detach().index_select(0, ids.to(self.device)).float()

    def encode(self, text: str) -> Encoded:
        enc = self.tokenizer(
            text, add_special_tokens=False, return_offsets_mapping=True, split_special_tokens=True
        )
        ids = [int(i) for i in enc["input_ids"]]
        offsets = [(int(a), int(b)) for a, b in enc["offset_mapping"]]
        return Encoded(ids, offsets, [i in self.special_ids for i in ids])

    def decode(self, ids: Sequence[int]) -> str:
        return str(self.tokenizer.decode(list(ids), clean_up_tokenization_spaces=False))

    def contextual_features(
        self, ids_list: Sequence[Sequence[int]], positions: Sequence[Sequence[int]]
    ) -> torch.Tensor:
        raise NotImplementedError

    def logits_from_features(self, features: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError

    @property
    def window(self) -> int:
        """Tokens of a text per model window (texts longer than that are cut)."""
        raise NotImplementedError

    def released_session(self, tracks: list[Track]) -> ReleasedSession:
        """A batch of windows decoded over their released prefixes (``cape.context: released``)."""
        raise NotImplementedError

    def released_features(
        self, ids_list: Sequence[Sequence[int]], positions: Sequence[Sequence[int]]
    ) -> torch.Tensor:
        """The features a released session saw, recomputed in one go from the finished outputs."""
        raise NotImplementedError

    def logits_and_dots(
        self, features: torch.Tensor, token_emb: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Candidate logits, and the dot products of each token embedding with every candidate."""
        return self.logits_from_features(features), self.projection(token_emb, refine=0)


class CausalLMAdapter(_AdapterBase):
    """GPT-style model: prefix context, all positions of a batch from one forward pass."""

    kind = "causal"

    def __init__(
        self, model: Any, tokenizer: Any, *, max_context_tokens: int, max_batch_tokens: int,
        projection: ProjectionChoice = "float32",
    ):
        super().__init__(
            model, tokenizer, max_context_tokens=max_context_tokens, max_batch_tokens=max_batch_tokens,
            projection=projection,
        )
        vocab = tokenizer.get_vocab()
        start = vocab.get("<|endoftext|>")
        for fallback in (tokenizer.bos_token_id, tokenizer.eos_token_id, 0):
            start = fallback if start is None else start
        self.context_token_id = int(start)
        head = model.get_output_embeddings()
        cfg = model.config
        exotic = getattr(cfg, "final_logit_softcapping", None) or getattr(cfg, "logit_scale", None)
        # Fast path: apply the (tied or not) linear head to the needed positions and candidates only.
        self.plain_head = isinstance(head, torch.nn.Linear) and not exotic
        if self.plain_head:
            tied = head.weight.data_ptr() == model.get_input_embeddings().weight.data_ptr()
            self.head_tied = tied and head.bias is None
            self.head = (self.projection if tied
                         else make_projection(head.weight.detach()[self.cand_ids], self.projection_choice))
            self.head_bias = None if head.bias is None else head.bias.detach()[self.cand_ids].float()

    @property
    def window(self) -> int:
        return self.max_context_tokens - 1  # one slot for the context token

    def released_session(self, tracks: list[Track]) -> ReleasedSession:
        return CausalReleasedSession(self, tracks)

    def released_features(
        self, ids_list: Sequence[Sequence[int]], positions: Sequence[Sequence[int]]
    ) -> torch.Tensor:
        # The prefix of a causal model is all it sees, so one pass over the output gives them all.
        return self.contextual_features(ids_list, positions)

    def _jobs(
        self, ids_list: Sequence[Sequence[int]], positions: Sequence[Sequence[int]]
    ) -> tuple[list[_Job], int]:
        jobs = [_Job([self.context_token_id, *chunk], local, rows)
                for chunk, local, rows in causal_windows(ids_list, positions, self.window)]
        return jobs, sum(len(job.rows) for job in jobs)

    @torch.inference_mode()
    def contextual_features(
        self, ids_list: Sequence[Sequence[int]], positions: Sequence[Sequence[int]]
    ) -> torch.Tensor:
        """Last hidden states (or candidate logits) predicting each requested position."""
        jobs, rows = self._jobs(ids_list, positions)
        width = int(self.cand_emb.shape[1]) if self.plain_head else len(self.candidates.ids)
        out = torch.empty((rows, width), dtype=torch.float32, device=self.device)
        for group in _token_batches(jobs, self.max_batch_tokens):
            ids, mask = pad_batch([j.seq for j in group], self.context_token_id, self.device)
            b = torch.tensor([i for i, j in enumerate(group) for _ in j.where], device=self.device)
            # Output at position p (after the context token) predicts input token p.
            p = torch.tensor([w for j in group for w in j.where], device=self.device)
            r = torch.tensor([x for j in group for x in j.rows], device=self.device)
            if self.plain_head:
                hidden = self.model.base_model(input_ids=ids, attention_mask=mask, use_cache=False)
                out[r] = hidden.last_hidden_state[b, p].float()
            else:
                logits = self.model(input_ids=ids, attention_mask=mask, use_cache=False).logits
                out[r] = logits[b, p].float().index_select(1, self.cand_ids)
        return out

    def logits_from_features(self, features: torch.Tensor) -> torch.Tensor:
        if not self.plain_head:
            return features
        logits = self.head(features)
        return logits if self.head_bias is None else logits.add_(self.head_bias)

    def logits_and_dots(
        self, features: torch.Tensor, token_emb: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """With a tied head, logits and embedding dot products come from one matmul over the table."""
        if not (self.plain_head and self.head_tied):
            return super().logits_and_dots(features, token_emb)
        n = features.shape[0]
        both = self.projection(torch.cat([features.float(), token_emb.float()]), refine=n)
        return both[:n], both[n:]


class MaskedLMAdapter(_AdapterBase):
    """BERT-style model: one copy of the text per perturbed position, that token masked."""

    kind = "masked"

    def __init__(
        self, model: Any, tokenizer: Any, *, max_context_tokens: int, max_batch_tokens: int,
        projection: ProjectionChoice = "float32",
    ):
        super().__init__(
            model, tokenizer, max_context_tokens=max_context_tokens, max_batch_tokens=max_batch_tokens,
            projection=projection,
        )
        if tokenizer.mask_token_id is None:
            raise ValueError("a masked adapter needs a tokenizer with a mask token")
        self.mask_id = int(tokenizer.mask_token_id)
        self.prefix = [] if tokenizer.cls_token_id is None else [int(tokenizer.cls_token_id)]
        self.suffix = [] if tokenizer.sep_token_id is None else [int(tokenizer.sep_token_id)]
        pad = tokenizer.pad_token_id
        self.pad_id = int(pad if pad is not None else self.mask_id)
        per_token = 4 * int(model.get_input_embeddings().weight.shape[0])
        self.masked_batch_tokens = max(64, min(max_batch_tokens, _MASKED_LOGITS_BYTES // per_token))

    @property
    def window(self) -> int:
        return self.max_context_tokens - len(self.prefix) - len(self.suffix)

    def released_session(self, tracks: list[Track]) -> ReleasedSession:
        return MaskedReleasedSession(self, tracks)

    @torch.inference_mode()
    def released_features(
        self, ids_list: Sequence[Sequence[int]], positions: Sequence[Sequence[int]]
    ) -> torch.Tensor:
        jobs: list[_Job] = []
        row = 0
        for ids, pos in zip(ids_list, positions):
            for p in pos:
                start = (p // self.window) * self.window
                seq = [*self.prefix, *ids[start:p], self.mask_id, *self.suffix]
                jobs.append(_Job(seq, [len(self.prefix) + p - start], [row]))
                row += 1
        return self._masked_logits(jobs, row)

    def _jobs(
        self, ids_list: Sequence[Sequence[int]], positions: Sequence[Sequence[int]]
    ) -> tuple[list[_Job], int]:
        window = self.window
        jobs: list[_Job] = []
        row = 0
        for ids, pos in zip(ids_list, positions):
            for p in pos:
                start = (p // window) * window
                seq = [*self.prefix, *ids[start : start + window], *self.suffix]
                at = len(self.prefix) + p - start
                seq[at] = self.mask_id
                jobs.append(_Job(seq, [at], [row]))
                row += 1
        return jobs, row

    @torch.inference_mode()
    def contextual_features(
        self, ids_list: Sequence[Sequence[int]], positions: Sequence[Sequence[int]]
    ) -> torch.Tensor:
        """Candidate logits at each masked position (the features are the logits themselves)."""
        jobs, rows = self._jobs(ids_list, positions)
        return self._masked_logits(jobs, rows)

    def _masked_logits(self, jobs: list[_Job], rows: int) -> torch.Tensor:
        out = torch.empty((rows, len(self.candidates.ids)), dtype=torch.float32, device=self.device)
        for group in _token_batches(jobs, self.masked_batch_tokens):
            ids, mask = pad_batch([j.seq for j in group], self.pad_id, self.device)
            b = torch.arange(len(group), device=self.device)
            p = torch.tensor([j.where[0] for j in group], device=self.device)
            r = torch.tensor([j.rows[0] for j in group], device=self.device)
            logits = self.model(input_ids=ids, attention_mask=mask).logits
            out[r] = logits[b, p].float().index_select(1, self.cand_ids)
        return out

    def logits_from_features(self, features: torch.Tensor) -> torch.Tensor:
        return features


ContextModel = CausalLMAdapter | MaskedLMAdapter


def resolve_compute_dtype(name: str, device: str) -> torch.dtype:
    """``auto``: float16 on CUDA, bfloat16 on CPUs with native bf16 (AVX512-BF16, AMX), else float32."""
    if name != "auto":
        return {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}[name]
    if device.startswith("cuda"):
        return torch.float16
    native = (
        getattr(torch.cpu, "_is_avx512_bf16_supported", lambda: False)()
        or getattr(torch.cpu, "_is_amx_tile_supported", lambda: False)()
    )
    return torch.bfloat16 if native else torch.float32


_private_lock = threading.Lock()
_private: dict[tuple[str, str, str], tuple[Any, Any]] = {}


def load_causal_lm_as(spec: Any, device: str, dtype: torch.dtype) -> tuple[Any, Any]:
    """The causal LM in ``dtype``: the process-wide shared copy where its dtype matches (float16 on
    CUDA, float32 on CPU), else a private copy for Cape, loaded once per process from the same
    checkpoint (the shared one is not loaded for nothing)."""
    from mechanisms.models import ensure_converted, load_causal_lm

    shared = torch.float16 if device.startswith("cuda") else torch.float32
    if dtype == shared:
        return load_causal_lm(spec, device=device)
    source = spec.path or str(ensure_converted(spec))
    key = (source, device, str(dtype))
    with _private_lock:
        if key not in _private:
            from transformers import AutoModelForCausalLM, AutoTokenizer
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()  # nothing on stderr in `veil perturb` or the server
            tokenizer = AutoTokenizer.from_pretrained(source)
            model = AutoModelForCausalLM.from_pretrained(source, dtype=dtype)
            model.to(device)  # type: ignore[arg-type]  # transformers types to() as its decorator's wrapper
            model.eval()
            _private[key] = (model, tokenizer)
        return _private[key]


def load_masked_lm(name_or_path: str, device: str, dtype: torch.dtype = torch.float32) -> tuple[Any, Any]:
    """A Hugging Face masked LM and its fast tokenizer, in eval mode on ``device``."""
    from transformers import AutoModelForMaskedLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(name_or_path)
    if not getattr(tokenizer, "is_fast", False):
        raise ValueError("Cape needs a fast (Rust) tokenizer for character offsets")
    model = AutoModelForMaskedLM.from_pretrained(name_or_path, dtype=dtype)
    model.to(device)
    model.eval()
    return model, tokenizer
