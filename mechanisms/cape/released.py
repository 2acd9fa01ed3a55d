"""Released context: position i's logits come from the already *perturbed* prefix y_<i.

With ``cape.context: released`` the mechanism at position i sees only what has been released
(y_0 .. y_{i-1}, and the public tokens Cape keeps) plus its own original token x_i, which enters
through the embedding distance alone. The per-position bounds then compose sequentially
(docs/cape.md, "Privacy accounting"). The price is sequential work: a position's logits need the
draws before it, so the model runs once per perturbed position instead of once per text.

* :class:`CausalReleasedSession`: incremental decoding with a KV cache, a batch of texts (windows)
  stepping together. Each step feeds, per text, the token just drawn and the kept tokens up to the
  next perturbed position (chunks of different lengths, right-padded; padded slots stay masked out
  of every later query), and returns the hidden state predicting that next position.
* :class:`MaskedReleasedSession`: a masked LM cannot reuse a cache (its context is bidirectional),
  so each step runs ``[CLS] y_<i [MASK] [SEP]`` afresh: left context only, the future is never shown.

Both report the rows (global perturbed-token indices) they are at, give their features, and take the
sampled token ids back; texts with fewer perturbed positions leave the batch when they are done.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch


def pad_batch(seqs: list[list[int]], pad_id: int, device: torch.device) -> tuple[torch.Tensor, torch.Tensor]:
    """Right-padded ids and their attention mask, on ``device``.

    Built in numpy: a row costs ~1 us there against ~20 us of torch calls, and a released step on a
    GPU holds hundreds of texts."""
    lengths = np.array([len(s) for s in seqs], dtype=np.int64)
    ids = np.full((len(seqs), int(lengths.max())), pad_id, dtype=np.int64)
    for i, s in enumerate(seqs):
        ids[i, : len(s)] = s
    mask = (np.arange(ids.shape[1])[None, :] < lengths[:, None]).astype(np.int64)
    return torch.from_numpy(ids).to(device), torch.from_numpy(mask).to(device)


@dataclass
class Track:
    """One window of one text: its token ids and the perturbed positions in it, in order."""

    ids: list[int]  # the window's original token ids (kept tokens are public, perturbed ones are replaced)
    where: list[int]  # perturbed positions in window coordinates, ascending
    rows: list[int]  # global row (perturbed-token index) of each
    step: int = 0  # index into ``where`` of the position being drawn
    released: list[int] = field(default_factory=list)  # ids with the draws so far written in

    @property
    def done(self) -> bool:
        return self.step >= len(self.where)


def causal_windows(
    ids_list: Sequence[Sequence[int]], positions: Sequence[Sequence[int]], window: int
) -> Iterator[tuple[list[int], list[int], list[int]]]:
    """Each window of ``window`` tokens that holds a perturbed position: its ids up to the last perturbed
    one, the perturbed positions in window coordinates, and their global rows (perturbed-token index)."""
    row = 0
    for ids, pos in zip(ids_list, positions):
        for start in range(0, max(len(ids), 1), window):
            local = [p - start for p in pos if start <= p < start + window]
            if not local:
                continue
            # Causal: tokens after the last perturbed one change no logit before it and never enter a
            # released context, so they are cut.
            yield list(ids[start : start + max(local) + 1]), local, list(range(row, row + len(local)))
            row += len(local)


def windows(
    ids_list: Sequence[Sequence[int]], positions: Sequence[Sequence[int]], window: int
) -> list[Track]:
    """Cut texts into windows of ``window`` tokens (as the one-pass adapters do) with their positions."""
    return [Track(chunk, local, rows, released=list(chunk))
            for chunk, local, rows in causal_windows(ids_list, positions, window)]


def track_groups(tracks: list[Track], max_tokens: int) -> Iterator[list[Track]]:
    """Tracks of similar length together, so that a padded batch stays under ``max_tokens``."""
    group: list[Track] = []
    longest = 0
    for track in sorted(tracks, key=lambda t: len(t.ids), reverse=True):
        longest_if = max(longest, len(track.ids) + 2)
        if group and longest_if * (len(group) + 1) > max_tokens:
            yield group
            group, longest_if = [], len(track.ids) + 2
        group.append(track)
        longest = longest_if
    if group:
        yield group


class _TrackSession:
    """What both released sessions share: the active tracks (batch row -> track) and their step."""

    tracks: list[Track]
    active: list[int]

    @property
    def finished(self) -> bool:
        return not self.active

    def rows(self) -> list[int]:
        return [self.tracks[k].rows[self.tracks[k].step] for k in self.active]

    def originals(self) -> list[int]:
        return [self.tracks[k].ids[self.tracks[k].where[self.tracks[k].step]] for k in self.active]


class CausalReleasedSession(_TrackSession):
    """Batched incremental decoding over the released prefix of each track (one KV cache)."""

    def __init__(self, adapter: Any, tracks: list[Track]):
        from transformers import DynamicCache

        self.adapter = adapter
        self.device = adapter.device
        self.tracks = tracks
        self.active = list(range(len(tracks)))  # batch row -> track index
        self.cache = DynamicCache()
        self.slots = torch.zeros((len(tracks), 0), dtype=torch.long, device=self.device)  # 1 = real token
        self.next_pos = [0] * len(tracks)  # rotary position of each track's next token
        ctx = adapter.context_token_id
        # First chunk: the context token and the kept tokens before the first perturbed position.
        self.pending = [[ctx, *t.ids[: t.where[0]]] for t in tracks]

    @torch.inference_mode()
    def features(self) -> torch.Tensor:
        """Run the pending chunks; the hidden state (or candidate logits) predicting each next position."""
        adapter = self.adapter
        chunks = [self.pending[k] for k in self.active]
        ids, new = pad_batch(chunks, adapter.context_token_id, self.device)
        # Padded slots get the next positions too (never attended to; keeps the rotary table in range).
        starts = np.array([self.next_pos[k] for k in self.active], dtype=np.int64)
        pos = starts[:, None] + np.arange(ids.shape[1], dtype=np.int64)[None, :]
        for k, chunk in zip(self.active, chunks):
            self.next_pos[k] += len(chunk)
        self.slots = torch.cat([self.slots, new], dim=1)
        kwargs = {
            "input_ids": ids,
            "attention_mask": self.slots,
            "position_ids": torch.from_numpy(pos).to(self.device),
            "past_key_values": self.cache,
            "use_cache": True,
        }
        last = torch.tensor([len(c) - 1 for c in chunks], device=self.device)
        batch = torch.arange(len(chunks), device=self.device)
        if adapter.plain_head:
            hidden = adapter.model.base_model(**kwargs).last_hidden_state
            return hidden[batch, last].float()
        logits = adapter.model(**kwargs).logits
        return logits[batch, last].float().index_select(1, adapter.cand_ids)

    def advance(self, sampled: Sequence[int]) -> None:
        """Write the draws in; queue each track's next chunk; drop the tracks that are done."""
        keep: list[int] = []
        for b, (k, token) in enumerate(zip(self.active, sampled)):
            track = self.tracks[k]
            at = track.where[track.step]
            track.released[at] = int(token)
            track.step += 1
            if track.done:
                continue
            nxt = track.where[track.step]
            self.pending[k] = [int(token), *track.ids[at + 1 : nxt]]
            keep.append(b)
        if len(keep) < len(self.active):
            self.active = [self.active[b] for b in keep]
            if keep:
                index = torch.tensor(keep, device=self.device)
                self.cache.batch_select_indices(index)
                self.slots = self.slots.index_select(0, index)


class MaskedReleasedSession(_TrackSession):
    """Masked LM, released context: ``[CLS] y_<i [MASK] [SEP]`` per step (no cache, left context)."""

    def __init__(self, adapter: Any, tracks: list[Track]):
        self.adapter = adapter
        self.tracks = tracks
        self.active = list(range(len(tracks)))

    @torch.inference_mode()
    def features(self) -> torch.Tensor:
        a = self.adapter
        seqs, at = [], []
        for k in self.active:
            track = self.tracks[k]
            i = track.where[track.step]
            seqs.append([*a.prefix, *track.released[:i], a.mask_id, *a.suffix])
            at.append(len(a.prefix) + i)
        ids, mask = pad_batch(seqs, a.pad_id, a.device)
        logits = a.model(input_ids=ids, attention_mask=mask).logits
        rows = torch.arange(len(seqs), device=a.device)
        return logits[rows, torch.tensor(at, device=a.device)].float().index_select(1, a.cand_ids)

    def advance(self, sampled: Sequence[int]) -> None:
        for k, token in zip(self.active, sampled):
            track = self.tracks[k]
            track.released[track.where[track.step]] = int(token)
            track.step += 1
        self.active = [k for k in self.active if not self.tracks[k].done]


ReleasedSession = CausalReleasedSession | MaskedReleasedSession
