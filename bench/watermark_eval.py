"""Watermark evaluation with the packaged local model (SmolLM2-135M-Instruct).

Measures, in one run:
* detectability: TPR at FPR = 1% for 50 / 100 / 200 new tokens at temperatures 0.7 and 1.0, for
  Veil's watermark (exact p-value test at alpha = 0.01, and the weighted mean score with a threshold
  calibrated on unwatermarked text, the paper's method) and for transformers' SynthID processor
  (its weighted mean g-value, threshold calibrated the same way: its own detector needs training);
* the false positive rate of Veil's p-value test at alpha = 0.01 on unwatermarked model text;
* the loss from a decode / encode round trip (what a detector that receives text sees);
* generation time per token with no watermark, with Veil's, and with transformers' SynthID.

Texts are generated at a fixed length (EOS suppressed) and truncated to shorter lengths, as in the
paper. Unwatermarked texts are scored under many independent keys: each (text, key) pair is an
unwatermarked sample. Every figure states its sample count.

Run: HF_HUB_OFFLINE=1 .venv/bin/python bench/watermark_eval.py [--samples 8] [--neg-keys 50]
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import math
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mechanisms.keys import MasterKey  # noqa: E402
from mechanisms.models import load_causal_lm  # noqa: E402
from mechanisms.synthid import TournamentWatermark, WatermarkConfig, WatermarkDetector  # noqa: E402
from mechanisms.synthid.detector import layer_weights  # noqa: E402

PROMPTS = [
    "Explain how a bicycle stays upright while moving.",
    "Why do onions make people cry when they are cut?",
    "How does a refrigerator keep food cold?",
    "Why is the ocean salty but rivers are not?",
    "How do vaccines train the immune system?",
    "Why do we have leap years?",
    "How does a credit score work?",
    "Why do cats purr?",
    "How do airplanes stay in the air?",
    "What causes the seasons on Earth?",
    "How does compound interest work?",
    "Why does bread go stale?",
    "How do noise-cancelling headphones work?",
    "Why do leaves change colour in autumn?",
    "How does a microwave oven heat food?",
    "Why is the sky dark at night if there are so many stars?",
]
HF_NGRAM = 5  # context of 4 tokens + the scored token, the same H as Veil


def left_padded_batch(tokenizer: Any, prompts: list[str]) -> tuple[torch.Tensor, torch.Tensor]:
    rows = []
    for text in prompts:
        enc = tokenizer.apply_chat_template(
            [{"role": "user", "content": text}], add_generation_prompt=True, return_tensors="pt"
        )
        rows.append((enc["input_ids"] if not isinstance(enc, torch.Tensor) else enc)[0])
    width = max(len(r) for r in rows)
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    ids = torch.full((len(rows), width), pad, dtype=torch.long)
    mask = torch.zeros((len(rows), width), dtype=torch.long)
    for i, r in enumerate(rows):
        ids[i, width - len(r) :] = r
        mask[i, width - len(r) :] = 1
    return ids, mask


def generate(
    model: Any,
    batch: tuple[torch.Tensor, torch.Tensor],
    temperature: float,
    new_tokens: int,
    seed: int,
    watermarking_config: Any = None,
) -> tuple[list[list[int]], float]:
    ids, mask = batch
    torch.manual_seed(seed)
    start = time.perf_counter()
    with torch.no_grad():
        out = model.generate(
            ids,
            attention_mask=mask,
            do_sample=True,
            temperature=temperature,
            top_k=100,
            max_new_tokens=new_tokens,
            min_new_tokens=new_tokens,
            watermarking_config=watermarking_config,
        )
    return out[:, ids.shape[1] :].tolist(), time.perf_counter() - start


def hf_config(keys: list[int]) -> Any:
    from transformers import SynthIDTextWatermarkingConfig

    return SynthIDTextWatermarkingConfig(ngram_len=HF_NGRAM, keys=keys)


def hf_scores(keys: list[int], texts: list[list[int]], length: int) -> tuple[np.ndarray, np.ndarray]:
    """Mean and weighted mean g-value of each text under transformers' SynthID hash, with its masks."""
    proc = hf_config(keys).construct_processor(0, torch.device("cpu"))
    ids = torch.tensor([t[:length] for t in texts], dtype=torch.long)
    g = proc.compute_g_values(ids).double().numpy()  # (B, L - 4, depth)
    mask = proc.compute_context_repetition_mask(ids).double().numpy()  # (B, L - 4)
    n = mask.sum(axis=1) * g.shape[2]
    mean = (g.sum(axis=2) * mask).sum(axis=1) / n
    weighted = ((g @ layer_weights(g.shape[2])) * mask).sum(axis=1) / n
    return mean, weighted


def tpr_at_fpr(pos: np.ndarray, neg: np.ndarray, fpr: float = 0.01) -> float:
    """The paper's metric: threshold at the top-fpr share of unwatermarked scores."""
    threshold = np.quantile(neg, 1.0 - fpr, method="higher")
    return float(np.mean(pos > threshold))


def time_per_token(
    model: Any,
    tokenizer: Any,
    wm: TournamentWatermark,
    hf_keys: list[int],
    batch_size: int,
    rounds: int,
    new_tokens: int,
    stat: str = "median",
) -> dict[str, float]:
    """ms per generated token over ``rounds``; the three setups are interleaved round by round so load
    drift hits all alike. ``stat`` "min" suits a shared CPU, where other jobs only ever add time."""
    batch = left_padded_batch(tokenizer, PROMPTS[:batch_size])
    times: dict[str, list[float]] = {"none": [], "veil": [], "hf": []}
    generate(model, batch, 1.0, 4, seed=0)  # warm-up
    for r in range(rounds):
        for name, cfg in (("none", None), ("veil", wm.watermarking_config()), ("hf", hf_config(hf_keys))):
            _, secs = generate(model, batch, 1.0, new_tokens, seed=100 + r, watermarking_config=cfg)
            times[name].append(1000.0 * secs / (new_tokens * batch_size))
    pick = min if stat == "min" else statistics.median
    return {name: pick(v) for name, v in times.items()}


def processor_step_ms(
    wm: TournamentWatermark, hf_keys: list[int], vocab: int, batch: int
) -> dict[str, float]:
    """Time of one processor call alone (top-k = 100 scores, after the warpers), median of 50 calls."""
    gen = torch.Generator().manual_seed(0)
    logits = torch.randn(batch, vocab, generator=gen) * 3
    kth = logits.topk(100, dim=-1).values[:, -1:]
    scores = logits.masked_fill(logits < kth, float("-inf"))
    ids = torch.randint(0, vocab, (batch, 64), generator=gen)
    hf_proc = hf_config(hf_keys).construct_processor(vocab, torch.device("cpu"))
    state = wm.new_state()
    calls = {
        "veil": lambda i: wm.apply(scores, ids[:, : 8 + i], state),
        "hf": lambda i: hf_proc(ids[:, : 8 + i], scores),
    }
    result = {}
    for name, call in calls.items():
        call(0)  # Veil: records the prompt; the next steps until H tokens exist are not watermarked
        times = []
        for i in range(wm.cfg.context_width, wm.cfg.context_width + 50):
            start = time.perf_counter()
            call(i)
            times.append(1000.0 * (time.perf_counter() - start))
        result[name] = statistics.median(times)
    return result


def roundtrip_record(det: WatermarkDetector, tokenizer: Any, ids: list[int]) -> dict[str, Any]:
    """What a text-only detector loses: token ids after decode / encode, and the scores before / after."""
    back = tokenizer(tokenizer.decode(ids, skip_special_tokens=True), add_special_tokens=False)["input_ids"]
    same = sum(b.size for b in difflib.SequenceMatcher(a=ids, b=back, autojunk=False).get_matching_blocks())
    before, after = det.score_ids(ids), det.score_ids(back)
    return {
        "identical": back == ids,
        "changed": 1.0 - same / len(ids),
        "score": (before.score, after.score),
        "log10p": (math.log10(max(before.p_value, 1e-300)), math.log10(max(after.p_value, 1e-300))),
        "verdict": (before.verdict, after.verdict),
    }


def evaluate_temperature(
    ctx: dict[str, Any], temp: float, seed: int, lengths: tuple[int, ...]
) -> tuple[list[dict[str, Any]], dict[int, list[bool]], list[dict[str, Any]]]:
    """Generate plain, Veil-watermarked and SynthID-watermarked texts at one temperature; score them."""
    model, batch, det, cfg = ctx["model"], ctx["batch"], ctx["det"], ctx["cfg"]
    longest = max(lengths)
    plain, _ = generate(model, batch, temp, longest, seed)
    marked, _ = generate(model, batch, temp, longest, seed + 1, ctx["wm"].watermarking_config())
    hf_marked, _ = generate(model, batch, temp, longest, seed + 2, hf_config(ctx["hf_keys"]))
    rows, hits = [], {}
    for L in lengths:
        pos = [det.score_ids(t[:L]) for t in marked]
        neg = [d.score_ids(t[:L]) for d in ctx["neg_dets"] for t in plain]
        hits[L] = [r.p_value <= cfg.alpha for r in neg]
        hf_pos = hf_scores(ctx["hf_keys"], hf_marked, L)
        hf_neg = np.concatenate([hf_scores(k, plain, L)[1] for k in ctx["hf_neg_keys"]])
        rows.append(
            {
                "temp": temp,
                "len": L,
                "veil_p": float(np.mean([r.p_value <= cfg.alpha for r in pos])),
                "veil_median_p": float(np.median([r.p_value for r in pos])),
                "veil_w": tpr_at_fpr(
                    np.array([r.weighted_score for r in pos]), np.array([r.weighted_score for r in neg])
                ),
                "hf_w": tpr_at_fpr(hf_pos[1], hf_neg),
                "means": (float(np.mean([r.score for r in pos])), float(np.mean(hf_pos[0]))),
                "fpr": float(np.mean(hits[L])),
                "n_neg": len(neg),
            }
        )
    trips = [roundtrip_record(det, ctx["tokenizer"], t) for t in marked]
    return rows, hits, trips


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--samples", type=int, default=10, help="texts per (setup, temperature), max 16; 0: timing only"
    )
    ap.add_argument("--lengths", default="50,100,200", help="new-token lengths (truncated from the max)")
    ap.add_argument("--neg-keys", type=int, default=50, help="keys each unwatermarked text is scored under")
    ap.add_argument("--temperatures", default="0.7,1.0")
    ap.add_argument("--timing-rounds", type=int, default=3)
    ap.add_argument("--timing-tokens", type=int, default=32)
    ap.add_argument("--timing-stat", choices=("median", "min"), default="median")
    ap.add_argument("--timing-batch", type=int, default=4)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "watermark.md"))
    args = ap.parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else argv
    n = min(args.samples, len(PROMPTS))
    lengths = tuple(int(x) for x in args.lengths.split(","))
    t_start = time.perf_counter()

    model, tokenizer = load_causal_lm(device="cpu")
    master = MasterKey.from_bytes(hashlib.sha256(b"veil/bench/watermark").digest())
    cfg = WatermarkConfig(enabled=True)
    rng = np.random.default_rng(args.seed)
    ctx = {
        "model": model,
        "tokenizer": tokenizer,
        "cfg": cfg,
        "batch": left_padded_batch(tokenizer, PROMPTS[: max(n, 1)]),
        "wm": TournamentWatermark(master.watermark_key("deployment", 1), cfg),
        "det": WatermarkDetector(master.watermark_key("deployment", 1), cfg),
        "neg_dets": [
            WatermarkDetector(master.watermark_key("negatives", v), cfg) for v in range(1, args.neg_keys + 1)
        ],
        "hf_keys": [int(k) for k in rng.integers(1, 1000, size=cfg.layers)],
        "hf_neg_keys": [
            [int(k) for k in rng.integers(1, 1000, size=cfg.layers)] for _ in range(args.neg_keys)
        ],
    }
    rows, hits, trips = [], {L: [] for L in lengths}, []
    temps = [float(t) for t in args.temperatures.split(",")] if n > 0 else []
    for ti, temp in enumerate(temps):
        t0 = time.perf_counter()
        r, h, tr = evaluate_temperature(ctx, temp, args.seed + 10 * ti, lengths)
        rows += r
        trips += tr
        for L in lengths:
            hits[L] += h[L]
        print(f"T={temp}: {time.perf_counter() - t0:.0f}s", flush=True)
    timing = {
        b: time_per_token(
            model,
            tokenizer,
            ctx["wm"],
            ctx["hf_keys"],
            b,
            args.timing_rounds,
            args.timing_tokens,
            args.timing_stat,
        )
        for b in sorted({1, args.timing_batch})
    }
    steps = {b: processor_step_ms(ctx["wm"], ctx["hf_keys"], len(tokenizer), b) for b in (1, 8)}
    lines = render_header(args, n, lengths, rows, time.perf_counter() - t_start)
    if rows:
        lines += render_detection(n, rows, hits, lengths) + render_roundtrip(trips, max(lengths))
    report = "\n".join(lines + render_timing(args, timing, steps))
    print(report)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(report)
    return 0


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def render_header(
    args: Any, n: int, lengths: tuple[int, ...], rows: list[dict[str, Any]], secs: float
) -> list[str]:
    command = " ".join(["HF_HUB_OFFLINE=1 .venv/bin/python bench/watermark_eval.py", *args.argv])
    out = [
        "## Watermark evaluation (bench/watermark_eval.py)",
        "",
        f"SmolLM2-135M-Instruct, top-k = 100 sampling, H = 4, m = 30; {platform.machine()} "
        f"{os.cpu_count()}-core CPU, no GPU; `{command}` ({secs / 60:.1f} min).",
    ]
    if rows:
        out.append(
            f"Positives: {n} watermarked texts per cell (one per prompt), truncated from {max(lengths)} new "
            f"tokens. Negatives: {n} unwatermarked texts per temperature x {args.neg_keys} keys = "
            f"{rows[0]['n_neg']} per cell."
        )
    return out + [""]


def render_detection(
    n: int, rows: list[dict[str, Any]], hits: dict[int, list[bool]], lengths: tuple[int, ...]
) -> list[str]:
    neg = rows[0]["n_neg"]
    out = [
        f"| temperature | new tokens | Veil TPR, p <= 0.01 (n={n}) | Veil median p (n={n}) "
        f"| Veil TPR @ FPR 1%, weighted mean (n={n}) | transformers SynthID TPR @ FPR 1%, weighted mean "
        f"(n={n}) | mean g, Veil / transformers (n={n}) | Veil FPR at alpha 0.01 (n={neg}) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['temp']} | {r['len']} | {pct(r['veil_p'])} | {r['veil_median_p']:.1e} | {pct(r['veil_w'])} "
            f"| {pct(r['hf_w'])} | {r['means'][0]:.3f} / {r['means'][1]:.3f} | {100 * r['fpr']:.1f}% |"
        )
    every = [h for L in lengths for h in hits[L]]
    per_len = ", ".join(f"{L} tokens {100 * np.mean(hits[L]):.2f}% (n={len(hits[L])})" for L in lengths)
    return out + [
        "",
        f"False positive rate of the p-value test at alpha = 0.01 on unwatermarked model text: {per_len}; "
        f"all {100 * np.mean(every):.2f}% (n={len(every)}; the lengths are prefixes of the same texts).",
        "",
    ]


def render_roundtrip(trips: list[dict[str, Any]], length: int) -> list[str]:
    k = len(trips)
    before = np.median([t["log10p"][0] for t in trips])
    after = np.median([t["log10p"][1] for t in trips])
    return [
        f"Decode / encode round trip of the {k} watermarked {length}-token texts: "
        f"{sum(t['identical'] for t in trips)}/{k} come back with identical token ids; "
        f"{100 * np.mean([t['changed'] for t in trips]):.1f}% of tokens change on average "
        f"(max {100 * max(t['changed'] for t in trips):.1f}%); mean g {np.mean([t['score'][0] for t in trips]):.3f}"
        f" -> {np.mean([t['score'][1] for t in trips]):.3f}; median log10 p {before:.1f} -> {after:.1f}; "
        f"detected at alpha 0.01: {sum(t['verdict'][0] for t in trips)}/{k} before, "
        f"{sum(t['verdict'][1] for t in trips)}/{k} after.",
        "",
    ]


def render_timing(
    args: Any, timing: dict[int, dict[str, float]], steps: dict[int, dict[str, float]]
) -> list[str]:
    def cell(t: dict[str, float], name: str) -> str:
        return f"{t[name]:.1f} ms ({100 * (t[name] / t['none'] - 1):+.1f}%)"

    out = [
        "| generation time per new token | no watermark | Veil | transformers SynthID |",
        "|---|---|---|---|",
    ]
    for b, t in timing.items():
        out.append(
            f"| batch {b}, {args.timing_tokens} tokens, T = 1.0, {args.timing_stat} of {args.timing_rounds} interleaved "
            f"rounds | {t['none']:.1f} ms | {cell(t, 'veil')} | {cell(t, 'hf')} |"
        )
    out.append(
        f"| one processor call alone, batch 1 / batch 8 (median of 50) | - | {steps[1]['veil']:.2f} / "
        f"{steps[8]['veil']:.2f} ms | {steps[1]['hf']:.2f} / {steps[8]['hf']:.2f} ms |"
    )
    return out + [""]


if __name__ == "__main__":
    raise SystemExit(main())
