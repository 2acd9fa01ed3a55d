"""Detection in any case, place and language, same-request propagation, and the credential corpus.

One Sanitizer per session (spaCy pipelines are loaded once per process and shared).
"""

from __future__ import annotations

import re

import pytest

from mechanisms.keys import MasterKey
from mechanisms.prmpt import PrmptConfig, Sanitizer
from tests import prmpt_corpus

KEYS = MasterKey.from_bytes(bytes(range(32))).user_keys("alice")


@pytest.fixture(scope="session")
def sanitizer() -> Sanitizer:
    s = Sanitizer(PrmptConfig())
    s.load()
    return s


def _found(s: Sanitizer, text: str) -> list[tuple[str, str]]:
    return [(sp.entity_type, text[sp.start:sp.end]) for sp in s.annotator.annotate(text)]


@pytest.mark.parametrize("text, name", [
    ("can you email john smith and mary jones about the offsite?", "john smith"),
    ("can you email john smith and mary jones about the offsite?", "mary jones"),
    ("PATIENT: JOHN SMITH, ROOM 4", "JOHN SMITH"),
    ('{"first_name": "maria", "plan": "pro"}', "maria"),
    ("name,email\nJane Doe,jd@example.org\nRobert Brown,rb@example.org", "Robert Brown"),
    ('user = User(full_name="deborah cannon")', "deborah cannon"),
    # names outside the detection lists' locales, in a line in capitals: NER reads a recased copy
    ("MEETING WITH KATARZYNA WOJCIK AT NOON", "KATARZYNA WOJCIK"),
    ("ASSIGNED TO: JANOS MUDE", "JANOS MUDE"),
    ("My colleague Emre Yildirim wrote the draft.", "Emre Yildirim"),
])
def test_names_in_any_case_and_place(sanitizer: Sanitizer, text: str, name: str) -> None:
    assert ("PERSON", name) in _found(sanitizer, text)


@pytest.mark.parametrize("text", [
    "Will this release fix the crash? Mark the ticket as done.",
    "the rose garden opens in may; we will grant access in june",
    "I will mark the rose bush with a stake.",
    "TESTS PASSED IN 3 SECONDS",
    "THE SERVER RETURNED AN ERROR: MISSING FIELD",
    "a witty comedy about grief, with a brave young cast",
])
def test_everyday_words_that_are_names_are_left_alone(sanitizer: Sanitizer, text: str) -> None:
    assert [t for t, _ in _found(sanitizer, text) if t == "PERSON"] == []


def test_french_and_spanish(sanitizer: Sanitizer) -> None:
    fr = "Bonjour, je m'appelle Jean Dupont, né le 14 mars 1985. Appelez-moi au 06 12 34 56 78."
    es = "Hola, me llamo María García López, mi DNI es 12345678Z. Llámame al 612 34 56 78."
    assert sanitizer.annotator.languages.detect(fr) == "fr"
    assert sanitizer.annotator.languages.detect(es) == "es"
    found_fr, found_es = _found(sanitizer, fr), _found(sanitizer, es)
    assert ("PERSON", "Jean Dupont") in found_fr and ("PERSONAL_DATE", "14 mars 1985") in found_fr
    assert ("PHONE_NUMBER", "06 12 34 56 78") in found_fr
    assert ("ES_NIF", "12345678Z") in found_es and ("PHONE_NUMBER", "612 34 56 78") in found_es
    assert any(t == "PERSON" and "García" in v for t, v in found_es)
    assert {"fr", "es"} <= sanitizer.annotator.loaded_languages()


def test_extra_models_load_only_when_configured_and_needed() -> None:
    english_only = Sanitizer(PrmptConfig(languages=["en"]))
    english_only.load()
    english_only.sanitize("Bonjour, je m'appelle Jean Dupont et j'habite à Lyon.", KEYS)
    assert english_only.annotator.loaded_languages() == {"en"}
    lazy = Sanitizer(PrmptConfig())
    lazy.load()
    assert lazy.annotator.loaded_languages() == {"en"}
    lazy.sanitize("Please email John Smith about the invoice for the offsite next week.", KEYS)
    assert lazy.annotator.loaded_languages() == {"en"}


def test_propagation_across_the_texts_of_one_request(sanitizer: Sanitizer) -> None:
    texts = ["Please draft a reply to John Smith (jsmith@acme-corp.com) about his refund.",
             "John Smith",                      # a stop sequence: NER alone would not find it
             "jsmith@acme-corp.com",
             "Smith said the Smithsonian trip is off; SMITH agreed."]
    results = sanitizer.sanitize_many(texts, KEYS)
    assert "John Smith" not in results[1].text and results[1].entities
    assert "jsmith@acme-corp.com" not in results[2].text
    third = results[3].text
    assert "Smith said" not in third and "SMITH agreed" not in third
    assert "Smithsonian" in third  # never inside another word
    stand_in = results[0].text
    assert results[1].text in stand_in  # the same stand-in everywhere
    mapping: dict[str, str] = {}
    for r in results:
        mapping.update(r.mapping)
    assert sanitizer.desanitize(" ".join(r.text for r in results), mapping) == " ".join(texts)


def test_propagation_within_one_text_and_common_word_parts(sanitizer: Sanitizer) -> None:
    text = "Will Smith called. Smith will call again; will you tell Will?"
    spans = [(t, text[s.start:s.end]) for t in ["PERSON"] for s in sanitizer.annotator.annotate(text)
             if s.entity_type == t]
    assert ("PERSON", "Smith") in spans
    assert all(v not in ("will",) for _, v in spans)  # the lowercase everyday word stays


def test_propagation_after_a_letter_whose_lower_case_is_longer(sanitizer: Sanitizer) -> None:
    """A "ß" or an "İ" before a recurrence made the text's lower-case copy longer than the text, so a value found again
    there lay at the wrong offsets and was dropped: "K." went out as written; with enough of them before a value near
    the end, the offsets fell past the text and sanitizing failed (IndexError), so the text could never be sent. It is
    now looked for as written."""
    for text in ("In Weißenburg the applicant, K., was arrested. Later K. was released.",
                 "The applicant, K., met Mr İnce in Ankara. Later K. was released.",
                 "Weiß " * 40 + "the applicant, K., and K. were there."):
        out = sanitizer.sanitize(text, KEYS)
        assert not re.search(r"(?<!\w)K\.", out.text), out.text
        assert sanitizer.desanitize(out.text, out.mapping) == text


def test_negative_corpus_has_few_detections(sanitizer: Sanitizer) -> None:
    negatives = prmpt_corpus.negatives()
    assert len(negatives) >= 100
    flagged = 0
    for example in negatives:
        spans = [s for s in sanitizer.annotator.annotate(example.text) if s.entity_type != "QUANTITY"]
        flagged += bool(spans)
    assert flagged / len(negatives) <= 0.05, flagged


def test_credential_corpus_no_leak_and_exact_restoration(sanitizer: Sanitizer) -> None:
    """Every credential type, in prose, .env, JSON, YAML and code (the corpus' tuned and held-out
    templates): no value reaches the sanitized text verbatim, and the answer is restored exactly."""
    secret_types = set(prmpt_corpus.SECRET_TYPES) | {"PRIVATE_KEY", "PASSWORD", "JWT"}
    examples = [e for held_out in (False, True) for e in prmpt_corpus.generate(260, 99, held_out, "en")
                if any(t in secret_types for t, _, _ in e.spans)]
    assert {t for e in examples for t, _, _ in e.spans} >= secret_types
    leaks = exact = 0
    for example in examples:
        result = sanitizer.sanitize(example.text, KEYS)
        for entity_type, start, end in example.spans:
            if entity_type in secret_types:
                leaks += example.text[start:end] in result.text
        exact += sanitizer.desanitize(result.text, result.restore_mapping()) == example.text
    assert leaks == 0
    assert exact == len(examples)
