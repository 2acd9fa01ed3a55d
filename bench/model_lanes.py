"""Model lanes on the device at hand: Cape prompts/s (30-token prompts, batched as concurrent requests
are) and local generation tokens/s with and without the watermark.

Issue 16's GPU targets (Cape >= 500 prompts/s of 30 tokens on one H100-class GPU; generation tokens/s
with and without the watermark) are judged only on a CUDA device; on a CPU the figures are printed for
sizing, and the GPU rows say they were not measured.
"""

from __future__ import annotations

import time

import torch

from bench.common import table, verdict

WORDS = ("the patient reported a persistent cough and mild fever after returning from a business trip "
         "to the coast where the weather had been cold and wet for most of the week ").split()


def _prompt(tokenizer, n_tokens: int, salt: int) -> str:  # type: ignore[no-untyped-def]
    words = [WORDS[(salt + i) % len(WORDS)] for i in range(n_tokens)]
    while len(tokenizer(" ".join(words))["input_ids"]) > n_tokens:
        words.pop()
    return " ".join(words)


def _cape_rate(batch: int, rounds: int) -> tuple[float, str]:
    from mechanisms.cape import CapeConfig, CapePerturber
    from mechanisms.models import load_tokenizer

    p = CapePerturber(CapeConfig())
    p.load()
    tok = load_tokenizer()
    texts = [_prompt(tok, 30, i) for i in range(batch)]
    seeds = list(range(batch))
    p.perturb_batch(texts, 6.0, seeds=seeds)  # warm-up
    t0 = time.perf_counter()
    for _ in range(rounds):
        p.perturb_batch(texts, 6.0, seeds=seeds)
    return batch * rounds / (time.perf_counter() - t0), str(p.device)


def _generation_rate(watermark: bool, tokens: int, reps: int) -> float:
    from mechanisms.keys import MasterKey
    from mechanisms.models import ModelSpec, load_causal_lm
    from mechanisms.synthid import WatermarkConfig
    from proxy.local.generator import GenerationJob, Generator, SamplingParams
    from proxy.workers.jobs import WatermarkSpec

    model, tok = load_causal_lm(ModelSpec())
    gen = Generator(model, tok)
    ids = tok.apply_chat_template([{"role": "user", "content": "Write a long story about a lighthouse."}],
                                  add_generation_prompt=True, tokenize=True)
    if isinstance(ids, dict) or hasattr(ids, "input_ids"):
        ids = ids["input_ids"]
    spec = WatermarkSpec.of(MasterKey.from_bytes(bytes(32)).watermark_key(), WatermarkConfig()) if watermark else None
    made, elapsed = 0, 0.0
    for i in range(reps + 1):
        job = GenerationJob(list(ids), SamplingParams(max_tokens=tokens, temperature=1.0, top_k=100, seed=i), spec)
        t0 = time.perf_counter()
        result = gen.generate(job)
        if i:  # the first is a warm-up
            elapsed += time.perf_counter() - t0
            made += result.completion_tokens
    return made / elapsed


def run(quick: bool = False) -> tuple[str, bool]:
    cuda = torch.cuda.is_available()
    rows = []
    ok = True
    # Batches of 256 only where they can pay off (a GPU); on a CPU one batch of 64 already takes ~20 s.
    for batch in ((64, 256) if cuda and not quick else (64,)):
        rate, device = _cape_rate(batch, 2 if quick or not cuda else 5)
        target = ""
        if batch == 64:
            if cuda:
                met = rate >= 500
                ok = ok and met
                target = f">= 500 prompts/s on one H100-class GPU: {verdict(met)}"
            else:
                target = ">= 500 prompts/s on one H100-class GPU: not measured (no GPU available to this work)"
        rows.append([f"Cape, 30-token prompts in batches of {batch}", device, f"{rate:.0f} prompts/s", target])
    default_threads = torch.get_num_threads()
    # On a CPU, also with one torch thread: OpenMP threads spin-wait on each other, so on cores shared
    # with Veil's event loop (or other processes) more threads can be much slower.
    for threads in ((default_threads,) if cuda or default_threads == 1 else (default_threads, 1)):
        torch.set_num_threads(threads)
        for watermark in (False, True):
            rate = _generation_rate(watermark, 32 if quick else 64, 2 if quick else 3)
            what = "with" if watermark else "without"
            target = "" if cuda else "GPU figure: not measured (no GPU available to this work)"
            rows.append([f"local generation, one request, {what} the watermark, {threads} torch thread(s)",
                         "cuda" if cuda else "cpu", f"{rate:.1f} tokens/s", target])
    torch.set_num_threads(default_threads)
    md = table(["measure", "device", "result", "target"], rows)
    return (f"### Model lanes (SmolLM2-135M; Cape with {default_threads} torch threads): Cape and local "
            f"generation throughput\n\n{md}\n"), ok


if __name__ == "__main__":
    print(run()[0])
