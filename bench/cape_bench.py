"""Cape: latency per prompt (30 / 128 / 512 tokens) and prompts per second with batching, on the
device at hand (cpu here; cuda when present)."""

from __future__ import annotations

import time

import torch

from bench.common import median, table, verdict

WORDS = ("the patient reported a persistent cough and mild fever after returning from a business trip "
         "to the coast where the weather had been cold and wet for most of the week ").split()


def _prompt(tokenizer, n_tokens: int) -> str:  # type: ignore[no-untyped-def]
    words: list[str] = []
    while len(tokenizer(" ".join(words))["input_ids"]) < n_tokens:
        words.append(WORDS[len(words) % len(WORDS)])
    return " ".join(words)


def run(reps: int = 10) -> tuple[str, bool]:
    from mechanisms.cape import CapeConfig, CapePerturber

    p = CapePerturber(CapeConfig())
    p.load()
    tok = p.adapter.tokenizer if hasattr(p.adapter, "tokenizer") else None
    if tok is None:
        from mechanisms.models import load_tokenizer

        tok = load_tokenizer()
    gen = torch.Generator().manual_seed(0)
    rows, ok = [], True
    for n in (30, 128, 512):
        text = _prompt(tok, n)
        p.perturb_batch([text], 6.0, generator=gen)
        times = []
        for _ in range(reps if n < 512 else max(3, reps // 3)):
            t0 = time.perf_counter()
            p.perturb_batch([text], 6.0, generator=gen)
            times.append(time.perf_counter() - t0)
        target = ""
        if n == 30:
            met = median(times) * 1000 <= 50
            ok = ok and met
            target = "<= 50 ms (CPU): " + verdict(met)
        rows.append([f"one {n}-token prompt", f"{median(times) * 1000:.1f} ms p50", target])
    for batch in (16, 64):
        texts = [_prompt(tok, 30) + f" {i}" for i in range(batch)]
        p.perturb_batch(texts, 6.0, generator=gen)
        t0 = time.perf_counter()
        rounds = 3
        for _ in range(rounds):
            p.perturb_batch(texts, 6.0, generator=gen)
        rate = batch * rounds / (time.perf_counter() - t0)
        rows.append([f"30-token prompts, batches of {batch}", f"{rate:.1f} prompts/s",
                     ">= 500/s on one H100: not measurable here (no GPU lent)" if batch == 64 else ""])
    device = str(p.device)
    md = table(["measure", f"result ({device})", "target"], rows)
    return f"### Cape (default model SmolLM2-135M, eps = 6)\n\n{md}\n", ok
