"""Cape over the packaged SmolLM2 (CPU): stopwords kept, output decodes, monotone in eps, batching."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
import torch
from rouge_score import rouge_scorer

from mechanisms.cape import CapeConfig, CapePerturber, summarize
from mechanisms.cape.calibration import PACKAGED_BOUNDS
from mechanisms.cape.stopwords import NLTK_ENGLISH_STOPWORDS

pytestmark = pytest.mark.model

SENTENCES = [
    "A warm and witty comedy that never talks down to its audience.",
    "The director wastes a talented cast on a lazy story.",
    "My name is Laura Becker and I work as a pharmacist in Portland.",
    "Please send the signed contract to Omar Haddad before Friday.",
    "I am 47 years old and was just diagnosed with diabetes.",
    "The cinematography is stunning from start to finish.",
    "Our meeting with Keller Logistics about the hiring project is on Tuesday.",
    "A tense thriller that keeps you guessing until the final minute.",
]


@pytest.fixture(scope="module", autouse=True)
def one_thread() -> Iterator[None]:
    """Many small kernels (the released context steps once per perturbed token): on a busy shared CPU
    two threads mostly wait on each other, so this module runs on one (results do not depend on it)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def cape() -> CapePerturber:
    """The default configuration (bfloat16 forward on CPUs with native bf16, else float32)."""
    perturber = CapePerturber(CapeConfig(), device="cpu")
    perturber.load()
    return perturber


@pytest.fixture(scope="module")
def cape32() -> CapePerturber:
    """Float32 forward pass, for the checks that compare logits to a tight tolerance."""
    perturber = CapePerturber(CapeConfig(compute_dtype="float32"), device="cpu")
    perturber.load()
    return perturber


def _pieces(perturber: CapePerturber, ids: list[int]) -> list[str]:
    return [perturber.adapter.decode([i]) for i in ids]


def test_bound_comes_from_the_stored_calibration(
    cape: CapePerturber, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = json.loads(PACKAGED_BOUNDS.read_text())["models"]["causal:smollm2-135m-instruct"]["bound"]
    assert cape.logit_bound == pytest.approx(stored)

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("B must never be computed per prompt")

    monkeypatch.setattr("mechanisms.cape.perturber.calibrate", refuse)
    monkeypatch.setattr("mechanisms.cape.calibration.calibrate", refuse)
    fresh = CapePerturber(CapeConfig(), device="cpu")
    fresh.load()
    fresh.perturb_batch(["The quick brown fox jumps."], epsilon=3.0, seeds=[1])
    assert fresh.logit_bound == pytest.approx(stored)


def test_stopwords_punctuation_and_line_breaks_survive(cape32: CapePerturber) -> None:
    # float32: the draw below is pinned by its seed, and a bfloat16 forward (CPUs with native bf16) draws
    # other candidates, one of which may glue onto a stop word ("very" + "ajor")
    cape = cape32
    text = (
        "It's the end of the film, and it was not very good!\n"
        "The ending, however, is where it shines.\n\n  Done."
    )
    batch = cape.prepare([text])
    item = batch.items[0]
    columns = cape.sample_columns(batch, 1.0, seeds=[123])
    new_ids = list(item.ids)
    for p, tok in zip(item.eligible, cape.adapter.cand_ids[columns].tolist()):
        new_ids[p] = tok
    result = cape.render(batch, columns, 1.0)[0]
    before, after = _pieces(cape, item.ids), _pieces(cape, new_ids)
    assert "".join(after) == result.text  # the output is exactly the decoded tokens
    kept = [i for i in range(len(item.ids)) if i not in set(item.eligible)]
    for i in kept:
        assert after[i] == before[i]
        word = before[i].strip().lower()
        assert (
            not word or word in NLTK_ENGLISH_STOPWORDS or not re.search(r"[a-z0-9]", word) or word in ("'s",)
        )
    for i in item.eligible:
        assert before[i].strip().lower() not in NLTK_ENGLISH_STOPWORDS
    assert result.text.count("\n") == text.count("\n")
    assert result.tokens_changed > 0.5 * result.tokens_perturbed  # eps = 1 changes most tokens
    words_out = re.findall(r"[A-Za-z']+", result.text.lower())
    for stop in ("the", "of", "and", "it", "was", "not", "very", "where", "is"):
        assert stop in words_out


def test_output_decodes_and_keeps_lines(cape: CapePerturber) -> None:
    text = "\n".join(SENTENCES[:4]) + "\n"
    for eps in (1.0, 6.0):
        out = cape.perturb_batch([text], epsilon=eps, seeds=[7])[0].text
        assert isinstance(out, str) and "\ufffd" not in out
        assert out.count("\n") == text.count("\n") and out.endswith("\n")
        out.encode("utf-8")


def _rouge_l(a: str, b: str) -> float:
    return rouge_scorer.RougeScorer(["rougeL"]).score(a, b)["rougeL"].fmeasure


def test_retention_and_rouge_grow_with_epsilon(cape: CapePerturber) -> None:
    batch = cape.prepare(SENTENCES)
    retention, rouge = [], []
    for eps in (1.0, 10.0, 20.0):
        kept = total = 0
        scores = []
        for draw in range(2):
            cols = cape.sample_columns(batch, eps, seeds=[1000 * draw + i for i in range(len(SENTENCES))])
            for src, res in zip(SENTENCES, cape.render(batch, cols, eps)):
                kept += res.tokens_perturbed - res.tokens_changed
                total += res.tokens_perturbed
                scores.append(_rouge_l(src, res.text))
        retention.append(kept / total)
        rouge.append(sum(scores) / len(scores))
    assert retention[0] < retention[1] < retention[2]
    assert rouge[0] < rouge[1] < rouge[2]
    assert retention[0] < 0.2 and retention[2] > 0.4


def test_protected_spans_are_copied_byte_for_byte(cape: CapePerturber) -> None:
    text = "Please call Zorvath Quillon at 415-555-0199 about the lease in Brookhaven."
    spans = [(text.index("Zorvath Quillon"), text.index("Zorvath Quillon") + 15), (31, 43)]
    assert text[31:43] == "415-555-0199"
    plain = cape.perturb_batch([text], epsilon=1.0, seeds=[5])[0]
    for seed in range(3):
        res = cape.perturb_batch([text], epsilon=1.0, protected_spans=[spans], seeds=[seed])[0]
        assert "Zorvath Quillon" in res.text and "415-555-0199" in res.text
        assert res.tokens_perturbed < plain.tokens_perturbed
    assert "Zorvath Quillon" not in plain.text


def test_accounting_fields(cape: CapePerturber) -> None:
    results = cape.perturb_batch(SENTENCES[:3] + ["the of and ."], epsilon=6.0, seeds=[1, 2, 3, 4])
    for res in results[:3]:
        assert 0 <= res.tokens_changed <= res.tokens_perturbed <= res.tokens_total
        assert res.tokens_perturbed > 0
        assert 0.0 < res.eps_prime_mean <= res.eps_prime_max
        assert res.epsilon_worst == pytest.approx(6.0 + res.eps_prime_max)
        assert res.epsilon_composed == pytest.approx(res.tokens_perturbed * (6.0 + res.eps_prime_mean))
        assert res.epsilon_bound > 6.0
        assert set(res.to_dict()) >= {"text", "epsilon", "eps_prime_max", "epsilon_worst", "tokens_changed"}
    empty = results[3]
    assert empty.tokens_perturbed == 0 and empty.text == "the of and ." and empty.eps_prime_max == 0.0
    total = summarize(results)
    assert total["epsilon_worst"] == pytest.approx(max(r.epsilon_worst for r in results[:3]))
    assert total["tokens_perturbed"] == sum(r.tokens_perturbed for r in results)


def test_seeds_make_draws_reproducible_and_independent_of_the_batch(cape: CapePerturber) -> None:
    a = cape.perturb_batch(SENTENCES[:3], epsilon=3.0, seeds=[11, 12, 13])
    b = cape.perturb_batch(SENTENCES[:3], epsilon=3.0, seeds=[11, 12, 13])
    assert [r.text for r in a] == [r.text for r in b]
    c = cape.perturb_batch(SENTENCES[:3], epsilon=3.0, seeds=[21, 22, 23])
    assert [r.text for r in a] != [r.text for r in c]
    g1 = cape.perturb_batch(SENTENCES[:2], epsilon=3.0, generator=torch.Generator().manual_seed(4))
    g2 = cape.perturb_batch(SENTENCES[:2], epsilon=3.0, generator=torch.Generator().manual_seed(4))
    assert [r.text for r in g1] == [r.text for r in g2]


def test_batched_forward_matches_single_texts(cape32: CapePerturber) -> None:
    adapter = cape32.adapter
    texts = [SENTENCES[0], SENTENCES[2] + " " + SENTENCES[3], SENTENCES[4]]
    enc = [adapter.encode(t) for t in texts]
    pos = [list(range(len(e.ids))) for e in enc]
    batched = adapter.contextual_features([e.ids for e in enc], pos)
    singles = torch.cat([adapter.contextual_features([e.ids], [p]) for e, p in zip(enc, pos)])
    assert torch.allclose(batched, singles, atol=2e-3, rtol=1e-3)


def test_causal_context_is_the_prefix_only(cape32: CapePerturber) -> None:
    adapter = cape32.adapter
    a = adapter.encode("The report about the merger was leaked")
    b = adapter.encode("The report about the lawsuit was hidden")
    i = 4  # " merger" / " lawsuit": logits for it come from "The report about the"
    fa = adapter.contextual_features([a.ids], [[i]])
    fb = adapter.contextual_features([b.ids], [[i]])
    assert a.ids[i] != b.ids[i] and torch.allclose(fa, fb, atol=1e-4)
    fa2 = adapter.contextual_features([a.ids], [[i + 1]])
    fb2 = adapter.contextual_features([b.ids], [[i + 1]])
    assert not torch.allclose(fa2, fb2, atol=1e-2)


def test_reduced_precision_forward_stays_close(cape: CapePerturber, cape32: CapePerturber) -> None:
    enc = cape.adapter.encode(SENTENCES[2])
    pos = [list(range(len(enc.ids)))]
    low = cape.adapter.logits_from_features(cape.adapter.contextual_features([enc.ids], pos))
    full = cape32.adapter.logits_from_features(cape32.adapter.contextual_features([enc.ids], pos))
    # Mapped to L in [0, 1] (divide by 2B), the mean error of a bfloat16 forward stays well under 1%.
    assert (low - full).abs().mean().item() / (2 * cape.logit_bound) < 0.01
    assert (low.argmax(1) == full.argmax(1)).float().mean().item() > 0.8


def test_long_texts_are_cut_into_windows(cape: CapePerturber) -> None:
    text = " ".join(SENTENCES)
    full = cape.perturb_batch([text], epsilon=2.0, seeds=[3])[0]
    window, step = cape.adapter.max_context_tokens, cape.cfg.max_rows_per_step
    cape.adapter.max_context_tokens, cape.cfg.max_rows_per_step = 16, 7
    try:
        batch = cape.prepare([text])
        res = cape.render(batch, cape.sample_columns(batch, 2.0, seeds=[3]), 2.0)[0]
    finally:
        cape.adapter.max_context_tokens, cape.cfg.max_rows_per_step = window, step
    assert res.tokens_total == full.tokens_total > 16 and res.tokens_perturbed == full.tokens_perturbed
    assert res.tokens_changed > 0 and "\ufffd" not in res.text
    # Each 15-token window starts afresh, so the utilities differ from the single-window ones.
    assert not torch.allclose(batch.table.means, cape.prepare([text]).table.means)


def test_rejects_bad_arguments(cape: CapePerturber) -> None:
    with pytest.raises(ValueError):
        cape.perturb_batch(["x"], epsilon=0.0)
    with pytest.raises(ValueError):
        cape.perturb_batch(["a", "b"], protected_spans=[[]])
    with pytest.raises(ValueError):
        cape.perturb_batch(["a", "b"], seeds=[1])
    assert cape.perturb_batch([]) == []


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_gpu_path_matches_cpu(cape: CapePerturber) -> None:
    gpu = CapePerturber(CapeConfig(), device="cuda")
    gpu.load()
    cpu_batch = cape.prepare(SENTENCES)
    gpu_batch = gpu.prepare(SENTENCES)
    assert gpu_batch.table.index.device.type == "cuda"
    # fp16 on the GPU moves a few utilities across bucket edges; the bucket means must agree closely.
    assert torch.allclose(cpu_batch.table.means, gpu_batch.table.means.cpu(), atol=0.02)
    agree = (cpu_batch.table.index == gpu_batch.table.index.cpu()).float().mean().item()
    assert agree > 0.97
    res = gpu.perturb_batch(SENTENCES, epsilon=6.0, generator=torch.Generator(device="cuda").manual_seed(1))
    assert all("\ufffd" not in r.text for r in res)


def test_int8_table_tracks_float32_on_real_prompts(cape: CapePerturber) -> None:
    """The default candidate table on a CPU is int8 (``cape.projection: auto``). Against float32, the
    mechanism's output distribution over the candidates moves little, computed exactly per token
    (bench/cape_eval.py measured a mean total variation of ~0.045 over 200 sentences)."""
    from mechanisms.cape.projection import Int8VocabProjection, VocabProjection
    from mechanisms.cape.sampler import token_probabilities

    adapter = cape.adapter
    if not Int8VocabProjection.available():
        pytest.skip("no quantized CPU engine")
    assert adapter.projection.precision == "int8" and adapter.head is adapter.projection
    items = cape.encode(SENTENCES)
    feats = adapter.contextual_features([t.ids for t in items], [t.eligible for t in items])
    toks = torch.tensor([t.ids[p] for t in items for p in t.eligible], dtype=torch.long)
    quick = cape._bucket_rows(feats, toks)
    int8 = adapter.projection
    adapter.projection = adapter.head = VocabProjection(adapter.cand_emb)
    try:
        exact = cape._bucket_rows(feats, toks)
    finally:
        adapter.projection = adapter.head = int8
    same = (quick.index == exact.index).float().mean(1)
    # Where a row's lowest or highest utility moves, every bucket edge moves with it: the share of
    # candidates in the same bucket is not the measure, the distance between the distributions is.
    assert same.mean().item() > 0.8
    for eps in (1.0, 6.0, 20.0):
        tv = 0.5 * (token_probabilities(quick, eps) - token_probabilities(exact, eps)).abs().sum(1)
        assert tv.mean().item() < 0.08 and tv.max().item() < 0.25, (eps, tv.mean().item(), tv.max().item())
