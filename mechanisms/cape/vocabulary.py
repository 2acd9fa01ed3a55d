"""Which tokens Cape perturbs, and which tokens it may sample.

Two fixed, public sets (ALGORITHMS.md section 2):

* Tokens of the prompt left as they are: special tokens, whitespace, the 32 ASCII punctuation marks
  and the 179 NLTK stopwords (paper section 4.2), plus anything the caller protects (Prmpt's
  stand-ins in mode ``prmpt+cape``). Stopwords are judged on whole words of the text ("it's",
  "the"), not on sub-word pieces, so "theater" split as "the"+"ater" is still perturbed.
* Candidates that may be sampled: every vocabulary token except special tokens, tokens that contain a
  line break (so a file of sentences keeps one sentence per line), tokens that are not whole UTF-8
  characters on their own (byte fragments would print as U+FFFD) and empty or ``[unusedN]`` tokens.
  The restriction is fixed per model, so it costs no privacy: the mechanism's output space is
  simply smaller.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from .stopwords import ASCII_PUNCTUATION, NLTK_ENGLISH_STOPWORDS

# Whole words of letters in any script, with inner apostrophes ("it's"), so "naïve" never yields "ve".
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
_UNUSED = re.compile(r"^\[unused\d+\]$")


def _is_stopword(word: str) -> bool:
    return word.lower().replace("\u2019", "'") in NLTK_ENGLISH_STOPWORDS


def non_sensitive_chars(text: str, keep_stopwords: bool = True) -> list[bool]:
    """Per character: True where the paper's non-sensitive set covers it.

    Whitespace and ASCII punctuation always; letters of stopwords when ``keep_stopwords``. A
    contraction that is not itself a stopword keeps the stopword parts after its apostrophe
    ("John's": the "s" is the stopword "s", "John" is perturbed).
    """
    safe = [c.isspace() or c in ASCII_PUNCTUATION for c in text]
    if not keep_stopwords:
        return safe
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group()
        if _is_stopword(word):
            safe[start : match.end()] = [True] * len(word)
            continue
        pos = 0
        for part in re.split(r"(['\u2019])", word):
            if pos > 0 and part and part not in ("'", "\u2019") and _is_stopword(part):
                safe[start + pos : start + pos + len(part)] = [True] * len(part)
            pos += len(part)
    return safe


def protected_chars(length: int, spans: Sequence[tuple[int, int]] | None) -> list[bool]:
    """Per character: True inside any caller-protected span (clipped to the text)."""
    out = [False] * length
    for start, end in spans or ():
        a, b = max(0, int(start)), min(length, int(end))
        if a < b:
            out[a:b] = [True] * (b - a)
    return out


def eligible_positions(
    text: str,
    offsets: Sequence[tuple[int, int]],
    is_special: Sequence[bool],
    keep_stopwords: bool = True,
    protected_spans: Sequence[tuple[int, int]] | None = None,
) -> list[int]:
    """Token positions Cape perturbs: not special, not protected, not wholly non-sensitive."""
    safe = non_sensitive_chars(text, keep_stopwords)
    guard = protected_chars(len(text), protected_spans)
    unsafe_before = [0, *accumulate(0 if s else 1 for s in safe)]
    guarded_before = [0, *accumulate(1 if g else 0 for g in guard)]
    out: list[int] = []
    for pos, ((start, end), special) in enumerate(zip(offsets, is_special)):
        if special or guarded_before[end] - guarded_before[start] > 0:
            continue
        if start < end and unsafe_before[end] - unsafe_before[start] > 0:
            out.append(pos)
    return out


@dataclass(frozen=True)
class CandidateSet:
    """The vocabulary ids Cape may sample (sorted), with the text each prints as."""

    ids: list[int]
    texts: list[str]
    vocab_size: int


def subword_prefix(tokenizer: Any) -> str | None:
    """WordPiece's continuation marker ("##"), or None for byte-level BPE and others."""
    backend = getattr(tokenizer, "backend_tokenizer", None)
    model = getattr(backend, "model", None)
    if type(model).__name__ != "WordPiece":
        return None
    return getattr(model, "continuing_subword_prefix", None) or None


def build_candidate_set(tokenizer: Any, vocab_size: int) -> CandidateSet:
    """Apply the fixed candidate rules above to every id of the model's vocabulary (once, at load)."""
    special = set(int(i) for i in tokenizer.all_special_ids)
    prefix = subword_prefix(tokenizer)
    pieces = tokenizer.convert_ids_to_tokens(list(range(vocab_size))) if prefix else None
    decoded = tokenizer.batch_decode([[i] for i in range(vocab_size)], clean_up_tokenization_spaces=False)
    ids: list[int] = []
    texts: list[str] = []
    for token_id, text in enumerate(decoded):
        if token_id in special or not text or _UNUSED.match(text):
            continue
        if "\n" in text or "\r" in text or "\ufffd" in text:
            continue
        if prefix and pieces is not None:
            piece = pieces[token_id] or ""
            # A WordPiece continuation prints without its marker when spliced into a word.
            text = piece[len(prefix) :] if piece.startswith(prefix) and len(piece) > len(prefix) else text
        ids.append(token_id)
        texts.append(text)
    return CandidateSet(ids=ids, texts=texts, vocab_size=vocab_size)
