"""The sanitizer's fast paths find exactly what the slow ones do (issue "Scale", item 2).

* find_secrets skips its key=value and prose patterns on texts without any of their key words: the
  result must equal the ungated finder's on texts with and without secrets;
* table cells are cut with str.find: the same cells as a character-by-character cut;
* the NER model's layers multiply through numpy (OpenBLAS, one thread), not BLIS's reference kernel.
"""

from __future__ import annotations

import re

import pytest

from mechanisms.prmpt.entities import credentials, tables

SECRET_TEXTS = [
    "api_key = 'b1946ac92492d2347c6235b4d2611184a'",
    "export CLIENT_SECRET=f8ae9513b49b3c1fb2e6d4a3c9b8e7f6a5d4c3b2",
    "password: Hunter2!Hunter2",
    '{"db_password": "S3cr3t-P4ssw0rd!"}',
    "mot de passe : Sunshine2030!",
    "contraseña: Sunshine2005!",
    "la clave es X9f8e7d6c5b4a3",
    "The webhook secret is whsec_9f8e7d6c5b4a3f2e1d0c9b8a7",
    "Our signing secret is 0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d",
    "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijk",
    "Mon token: 9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c",
    "I am Ana Ruiz, email ana@example.com, card 4111111111111111, SSN 123-45-6789. Thanks!",
    "Please write a friendly note: keep it short = better.",
    "ſecret=0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d",  # a long s: IGNORECASE folds it to s in both paths
    "The bearer of this note, Mr Smith: 0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d",
]


@pytest.mark.parametrize("text", SECRET_TEXTS)
def test_gated_secret_finder_equals_ungated(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = credentials.find_secrets(text, "en")
    everything = re.compile("")  # matches every text: the slow patterns always run
    monkeypatch.setattr(credentials, "_KEY_VALUE_WORDS", everything)
    monkeypatch.setattr(credentials, "_PROSE_WORDS", everything)
    assert fast == credentials.find_secrets(text, "en")


def test_gates_skip_prose_without_key_words() -> None:
    assert credentials._KEY_VALUE_WORDS.search("Please update my contact details, thanks: Ana") is None
    assert credentials._PROSE_WORDS.search("the password is long") is None
    assert credentials._KEY_VALUE_WORDS.search("the PASSWORD: x") is not None


def _cells_by_char(line: str, sep: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for i, ch in enumerate(line + sep):
        if ch == sep:
            out.append((start, i))
            start = i + 1
    return out


@pytest.mark.parametrize("line", ["", ",", "a,b", "name,email,phone", ",,x,", "| a | b |", "no separator",
                                  "a\tb\t", ";;"])
def test_cells_match_character_cut(line: str) -> None:
    for sep in (",", "\t", ";", "|"):
        assert tables._cells(line, sep) == _cells_by_char(line, sep)


def test_ner_layers_use_numpy_gemm() -> None:
    from thinc.api import NumpyOps

    from mechanisms.prmpt.config import PrmptConfig
    from mechanisms.prmpt.ner import load_spacy as _load_spacy

    nlp = _load_spacy(PrmptConfig().model_for("en"))
    nodes = list(nlp.get_pipe("ner").model.walk())
    assert nodes and all(isinstance(n.ops, NumpyOps) and not n.ops.use_blis for n in nodes)
    doc = nlp("Send the contract to John Smith in London by Friday.")
    assert ("John Smith", "PERSON") in [(e.text, e.label_) for e in doc.ents]


def test_blas_runs_one_thread_once_ner_is_loaded() -> None:
    """Extra OpenBLAS threads spin between the NER's small products: CPU burnt for nothing."""
    from threadpoolctl import threadpool_info

    from mechanisms.prmpt.config import PrmptConfig
    from mechanisms.prmpt.ner import load_spacy as _load_spacy

    _load_spacy(PrmptConfig().model_for("en"))
    blas = [lib for lib in threadpool_info() if lib["user_api"] == "blas"]
    assert blas and all(lib["num_threads"] == 1 for lib in blas)


def test_whole_answer_restore_compiles_one_pattern() -> None:
    """The streaming prefix pattern is compiled on a stream's first use only (regex compiles cost
    ~2 ms each for a request with 5 values); streams still restore the same text."""
    from mechanisms.prmpt.restore import RestorePlan, StreamingRestorer, restore

    mapping = {"Wendell Merriman": "Ana Ruiz", "(627) 132-3068": "(415) 555-0100", "888-16-2621": "123-45-6789"}
    answer = "Dear Wendell Merriman, we call (627) 132-3068 about 888162621."
    plan = RestorePlan(mapping)
    whole = restore(answer, plan)
    assert whole == "Dear Ana Ruiz, we call (415) 555-0100 about 123-45-6789." and plan._prefix is None
    stream = StreamingRestorer(plan)
    assert "".join(stream.feed(answer[i:i + 3]) for i in range(0, len(answer), 3)) + stream.flush() == whole
    assert plan._prefix is not None
