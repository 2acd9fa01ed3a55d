"""The masked-LM adapter on a tiny random BERT built here (no download): masking, batching, splicing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch
from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers
from transformers import BertConfig, BertForMaskedLM, PreTrainedTokenizerFast

from mechanisms.cape import CapeConfig, CapePerturber
from mechanisms.cape.calibration import user_bounds_path

WORDS = (
    "the a an cat dog bird sat ran slept on in under mat rug bed is was it good bad film story "
    "report merger lawsuit leaked hidden john smith paris london nurse doctor and of to very"
).split()
VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ".", ",", "!", "'", "##s", "##ing", "##ed", *WORDS]


@pytest.fixture(scope="module")
def tiny_bert(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tiny-bert")
    backend = Tokenizer(models.WordPiece({w: i for i, w in enumerate(VOCAB)}, unk_token="[UNK]"))
    backend.normalizer = normalizers.BertNormalizer(lowercase=True)
    backend.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    backend.decoder = decoders.WordPiece(prefix="##")
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=backend,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
    )
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=len(VOCAB),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=64,
    )
    BertForMaskedLM(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("veil-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("VEIL_CACHE_DIR", str(path))
        yield path


@pytest.fixture(scope="module")
def masked(tiny_bert: Path, cache_dir: Path) -> CapePerturber:
    perturber = CapePerturber(CapeConfig(adapter="masked", model=str(tiny_bert)), device="cpu")
    perturber.load()
    return perturber


def test_masked_adapter_needs_a_model_name() -> None:
    with pytest.raises(ValueError):
        CapeConfig(adapter="masked")


def test_missing_bound_is_calibrated_once_and_stored(
    masked: CapePerturber, tiny_bert: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert user_bounds_path().parent == cache_dir
    record = json.loads(user_bounds_path().read_text())["models"][f"masked:{tiny_bert}"]
    assert record["bound"] == pytest.approx(masked.logit_bound) and record["positions"] > 100

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the stored bound must be reused")

    monkeypatch.setattr("mechanisms.cape.perturber.calibrate", refuse)
    again = CapePerturber(CapeConfig(adapter="masked", model=str(tiny_bert)), device="cpu")
    again.load()
    assert again.logit_bound == pytest.approx(masked.logit_bound)
    strict = CapePerturber(
        CapeConfig(adapter="masked", model=str(tiny_bert) + "/", calibrate_if_missing=False), device="cpu"
    )
    with pytest.raises(RuntimeError, match="calibrate"):
        strict.load()


def test_the_token_itself_is_masked(masked: CapePerturber) -> None:
    adapter = masked.adapter
    a = adapter.encode("the cat sat on the mat")
    b = adapter.encode("the dog sat on the mat")
    fa = adapter.contextual_features([a.ids], [[1, 2]])
    fb = adapter.contextual_features([b.ids], [[1, 2]])
    assert torch.allclose(fa[0], fb[0], atol=1e-5)  # position 1 is masked in both copies
    assert not torch.allclose(fa[1], fb[1], atol=1e-4)  # position 2 sees cat vs dog


def test_copies_are_batched_consistently(masked: CapePerturber) -> None:
    adapter = masked.adapter
    texts = ["the cat sat on the mat", "john smith was a nurse in paris", "the film was very good"]
    enc = [adapter.encode(t) for t in texts]
    pos = [list(range(len(e.ids))) for e in enc]
    together = adapter.contextual_features([e.ids for e in enc], pos)
    saved = adapter.masked_batch_tokens
    adapter.masked_batch_tokens = 9  # one copy per pass
    try:
        apart = adapter.contextual_features([e.ids for e in enc], pos)
    finally:
        adapter.masked_batch_tokens = saved
    assert together.shape == (sum(len(p) for p in pos), len(adapter.candidates.ids))
    assert torch.allclose(together, apart, atol=1e-4)


def test_splicing_keeps_spacing_case_and_stopwords(masked: CapePerturber) -> None:
    text = "The  cat sat\non the mat!"
    for seed in range(5):
        res = masked.perturb_batch([text], epsilon=1.0, seeds=[seed])[0]
        assert res.tokens_perturbed == 3  # cat, sat, mat
        assert re.fullmatch(r"The  \S+ \S+\non the \S+!", res.text), res.text
        assert "[" not in res.text  # special tokens are never sampled


def test_released_context_sees_the_released_prefix_only(masked: CapePerturber) -> None:
    """Masked LM, released context: position i is predicted from [CLS] y_<i [MASK] [SEP], so the exact
    likelihood ratio of an output between neighbours is 0 everywhere but at the changed token."""
    assert masked.cfg.context == "released"
    a, b = "the cat sat on the mat", "the dog sat on the mat"
    x, x2 = masked.encode([a, b])
    assert x.eligible == x2.eligible == [1, 2, 5]
    for seed in range(3):
        out = masked.perturb_batch([a], 3.0, seeds=[seed])[0]
        lp = masked.position_log_probs(x.ids, out.ids, x.eligible, 3.0)
        lp2 = masked.position_log_probs(x2.ids, out.ids, x.eligible, 3.0)
        assert lp[1:] == lp2[1:]
        assert 0 < abs(lp[0] - lp2[0]) <= out.epsilon_bound == out.epsilon_token
    batched = masked.perturb_batch([a, b, "john smith was a nurse in paris"], 3.0, seeds=[1, 2, 3])
    single = [masked.perturb_batch([t], 3.0, seeds=[s])[0] for t, s in zip([a, b], [1, 2])]
    assert [r.text for r in batched[:2]] == [r.text for r in single]
