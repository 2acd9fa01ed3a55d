"""Cape's fixed non-sensitive set, eligibility on text, config defaults and the extraction prompt."""

from __future__ import annotations

import re
import string

import pytest
from pydantic import ValidationError

from mechanisms.cape import CapeConfig, extraction_messages
from mechanisms.cape.stopwords import ASCII_PUNCTUATION, NLTK_ENGLISH_STOPWORDS
from mechanisms.cape.vocabulary import eligible_positions, non_sensitive_chars


def test_pinned_sets_are_the_papers() -> None:
    assert len(NLTK_ENGLISH_STOPWORDS) == 179  # paper section 4.2
    assert len(ASCII_PUNCTUATION) == 32 and set(string.punctuation) == ASCII_PUNCTUATION
    assert {"the", "it's", "don't", "s", "t", "mustn't", "ourselves"} <= NLTK_ENGLISH_STOPWORDS
    assert "movie" not in NLTK_ENGLISH_STOPWORDS


def _spans(text: str) -> list[tuple[int, int]]:
    # Word-ish tokens like a byte-level BPE: each word with its leading space, punctuation alone.
    return [(m.start(), m.end()) for m in re.finditer(r" ?[\w\u2019']+| ?[^\s\w]|\s+", text)]


def _eligible_words(text: str, **kw: object) -> list[str]:
    spans = _spans(text)
    pos = eligible_positions(text, spans, [False] * len(spans), **kw)  # type: ignore[arg-type]
    return [text[a:b].strip() for a, b in (spans[p] for p in pos)]


def test_stopwords_are_judged_on_whole_words() -> None:
    text = "The theater is near the station, isn't it?"
    assert _eligible_words(text) == ["theater", "near", "station"]
    assert _eligible_words("It\u2019s John's car") == ["John's", "car"]
    safe = non_sensitive_chars("John's")
    assert safe == [False, False, False, False, True, True]  # the "'s" is punctuation + stopword "s"


def test_keep_stopwords_off_perturbs_them_too() -> None:
    assert _eligible_words("the cat is here", keep_stopwords=False) == ["the", "cat", "is", "here"]


def test_protected_spans_and_special_tokens_are_not_eligible() -> None:
    text = "Call Ada Lovelace at 555-0100 now"
    spans = _spans(text)
    start = text.index("Ada")
    pos = eligible_positions(text, spans, [False] * len(spans), protected_spans=[(start, start + 12)])
    words = [text[a:b].strip() for a, b in (spans[p] for p in pos)]
    assert words == ["Call", "555", "0100"]
    special = [i == 0 for i in range(len(spans))]
    assert "Call" not in [
        text[spans[p][0] : spans[p][1]].strip() for p in eligible_positions(text, spans, special)
    ]


def test_digits_and_non_ascii_letters_are_sensitive() -> None:
    assert _eligible_words("age 42 in Zürich") == ["age", "42", "Zürich"]
    assert non_sensitive_chars("naïve")[3:] == [False, False]  # "ve" inside a word is no stopword


def test_config_defaults_and_validation() -> None:
    cfg = CapeConfig()
    assert (cfg.epsilon, cfg.lambda_l, cfg.lambda_d, cfg.buckets) == (6.0, 0.5, 1.0, 50)
    assert cfg.adapter == "causal" and cfg.model is None and cfg.roles == ["user"] and not cfg.extract
    assert cfg.context == "released" and cfg.sensitivity == "unit"
    with pytest.raises(ValidationError):
        CapeConfig(context="masked")  # type: ignore[arg-type]
    assert cfg.model_key() == "causal:smollm2-135m-instruct"
    with pytest.raises(ValidationError):
        CapeConfig(epsilon=0)
    with pytest.raises(ValidationError):
        CapeConfig(unknown_key=1)  # type: ignore[call-arg]


def test_extraction_messages_follow_appendix_d() -> None:
    msgs = extraction_messages("orig prompt", "perturbed prompt", "noisy answer")
    assert [m["role"] for m in msgs] == ["system", "user"]
    assert "primary writing material" in msgs[0]["content"]
    body = msgs[1]["content"]
    assert body.index("orig prompt") < body.index("perturbed prompt") < body.index("noisy answer")
    paper = extraction_messages("orig prompt", "perturbed prompt", "noisy answer", style="paper")
    assert len(paper) == 1 and "Your task is to extend the \u201cPrefix Text\u201d." in paper[0]["content"]
    assert "orig prompt" in paper[0]["content"] and "noisy answer" in paper[0]["content"]
    assert "perturbed prompt" not in paper[0]["content"]
    with pytest.raises(ValueError):
        extraction_messages("a", "b", "c", style="other")  # type: ignore[arg-type]
