"""Annotator recall and precision per type on the generated labelled sets (bench/prmpt_eval.py).

The floors are the levels reached when this was written, minus a small margin, so that a change
that loses detections fails here instead of silently leaking values. The main corpus covers every
type in English, French and Spanish (tests/prmpt_corpus.py); the legacy English set is kept too.
"""

from __future__ import annotations

import pytest

from bench import prmpt_eval as bench
from mechanisms.prmpt import PrmptConfig, Sanitizer
from mechanisms.prmpt.annotator import Span, resolve_overlaps
from tests import prmpt_corpus

# type -> (recall floor, precision floor); measured >= 0.993 / >= 0.994 on the tuned set (n=250)
TUNED_FLOORS = {t: (0.98, 0.97) for t in ("PERSON", "EMAIL_ADDRESS", "PHONE_NUMBER", "US_SSN",
                                         "CREDIT_CARD", "IBAN_CODE", "IP_ADDRESS", "AGE", "MONEY")}
# held-out shapes (European names, non-US phones, money words); measured values in comments
HELD_OUT_FLOORS = {
    "PERSON": (0.92, 0.97),        # 0.943 / 1.00: names outside the lists that NER misses
    "PHONE_NUMBER": (0.95, 0.97),  # 1.00 / 1.00
    "EMAIL_ADDRESS": (0.98, 0.97), "US_SSN": (0.98, 0.97), "CREDIT_CARD": (0.98, 0.97),
    "IBAN_CODE": (0.98, 0.97), "IP_ADDRESS": (0.98, 0.97), "AGE": (0.98, 0.97), "MONEY": (0.98, 0.97),
}

# Issue targets on the held-out column: recall >= 0.95 and precision >= 0.95 for every type, pooled
# over the three languages (docs/prmpt.md has the per-language cells, n=1500).
MATRIX_FLOOR = 0.95


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    s = Sanitizer(PrmptConfig())
    s.load()
    return s


@pytest.mark.parametrize("held_out, floors", [(False, TUNED_FLOORS), (True, HELD_OUT_FLOORS)])
def test_recall_and_precision_per_type(sanitizer: Sanitizer, held_out: bool,
                                       floors: dict[str, tuple[float, float]]) -> None:
    examples = bench.generate_labelled(250, seed=2024, held_out=held_out)
    report = bench.evaluate(sanitizer, examples)
    for entity_type, (recall, precision) in floors.items():
        m = report[entity_type]
        assert m["gold"] >= 20, entity_type  # the set really exercises the type
        assert m["recall"] >= recall, (entity_type, m)
        assert m["precision"] >= precision, (entity_type, m)


def test_generated_sets_are_reproducible_and_labelled_correctly() -> None:
    a, b = bench.generate_labelled(30, seed=7), bench.generate_labelled(30, seed=7)
    assert [e.text for e in a] == [e.text for e in b]
    assert [e.text for e in a] != [e.text for e in bench.generate_labelled(30, seed=8)]
    for example in a + bench.generate_labelled(30, seed=7, held_out=True):
        for entity_type, start, end in example.spans:
            value = example.text[start:end]
            assert value.strip() == value and value, (entity_type, value)


def test_overlaps_prefer_validated_types_then_longer_spans() -> None:
    spans = [Span("PERSON", 0, 10, 0.85), Span("EMAIL_ADDRESS", 0, 24, 0.5),
             Span("NUMBER", 30, 32, 0.9), Span("AGE", 30, 32, 0.6), Span("MONEY", 40, 47, 0.6),
             Span("MONEY", 41, 47, 0.85)]
    kept = resolve_overlaps(spans)
    assert [(s.entity_type, s.start, s.end) for s in kept] == [
        ("EMAIL_ADDRESS", 0, 24), ("AGE", 30, 32), ("MONEY", 40, 47)]


def test_ner_noise_around_names_is_trimmed(sanitizer: Sanitizer) -> None:
    text = 'user = User(name="Deborah Cannon", email="d@c.org")\n| Name | Email |'
    spans = sanitizer.annotator.annotate(text)
    people = [text[s.start:s.end] for s in spans if s.entity_type == "PERSON"]
    assert people == ["Deborah Cannon"]


def test_non_pii_numbers_are_not_flagged(sanitizer: Sanitizer) -> None:
    text = ("Order #48213 shipped on 2024-03-15 at 10:30; Python 3.11 and version 2.4 passed "
            "12 of 14 checks in room 204.")
    assert sanitizer.annotator.annotate(text) == []


def _pooled(report: dict[str, dict[str, dict[str, float]]]) -> dict[str, tuple[int, float, float]]:
    out = {}
    for entity_type, by_lang in report.items():
        gold = sum(m["gold"] for m in by_lang.values())
        predicted = sum(m["predicted"] for m in by_lang.values())
        recalled = sum(m["recall"] * m["gold"] for m in by_lang.values())
        correct = sum(m["precision"] * m["predicted"] for m in by_lang.values())
        out[entity_type] = (gold, recalled / gold if gold else 1.0, correct / predicted if predicted else 1.0)
    return out


@pytest.mark.parametrize("held_out", [False, True])
def test_every_type_and_language_meets_the_floors(sanitizer: Sanitizer, held_out: bool) -> None:
    corpus = prmpt_corpus
    examples = corpus.generate(500, seed=2025, held_out=held_out)
    report = bench.evaluate_matrix(sanitizer, examples, corpus.negatives())
    pooled = _pooled(report)
    expected = {t for lang in corpus.LANGS for t in corpus.types_for(lang, held_out)}
    assert expected <= set(pooled)
    for entity_type in expected:
        gold, recall, precision = pooled[entity_type]
        assert gold >= 5, entity_type
        assert recall >= MATRIX_FLOOR and precision >= MATRIX_FLOOR, (entity_type, gold, recall, precision)
    for lang in corpus.LANGS:  # every language is exercised, with names in each
        assert report["PERSON"][lang]["gold"] >= 5 and report["PERSON"][lang]["recall"] >= 0.9
    if held_out:  # names in capitals, lower case and from other locales (issue 15's 0.95 for English)
        assert report["PERSON"]["en"]["recall"] >= 0.95, report["PERSON"]["en"]
