"""Cape: the mechanism's cost beside the model's forward pass for the same prompt, in both contexts,
and prompts per second with batching, on the device at hand (cpu here; cuda when present).

On a CPU it measures the CPU time of one thread (torch on one thread), so that other jobs sharing
the machine do not skew the ratio; each prompt is measured side by side (forward pass, then Cape).
"""

from __future__ import annotations

import statistics
import time

import torch

from bench.common import table, verdict


def projection_tables(p):  # type: ignore[no-untyped-def]
    """Both candidate tables (``cape.projection``) over the perturber's one model, to swap in and out:
    float32 always, int8 where torch has the quantized CPU engine and the model is on a CPU."""
    from mechanisms.cape.projection import Int8VocabProjection, VocabProjection

    out = {"float32": VocabProjection(p.adapter.cand_emb)}
    if p.device.type == "cpu" and Int8VocabProjection.available():
        out["int8"] = Int8VocabProjection(p.adapter.cand_emb)
    return out


def use_projection(p, proj) -> None:  # type: ignore[no-untyped-def]
    a = p.adapter
    a.projection = proj
    if getattr(a, "plain_head", False) and getattr(a, "head_tied", False):
        a.head = proj


WORDS = ("the patient reported a persistent cough and mild fever after returning from a business trip "
         "to the coast where the weather had been cold and wet for most of the week ").split()
CONTEXTS = ("original", "released")


def _prompt(tokenizer, n_tokens: int) -> str:  # type: ignore[no-untyped-def]
    words: list[str] = []
    while len(tokenizer(" ".join(words))["input_ids"]) < n_tokens:
        words.append(WORDS[len(words) % len(WORDS)])
    return " ".join(words)


def _clock(device: torch.device) -> float:
    if device.type == "cuda":
        torch.cuda.synchronize(device)
        return time.perf_counter()
    return time.thread_time()


def _wall(device: torch.device) -> float:
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    return time.perf_counter()


def side_by_side(p, prompts: list[str], variants, warmup: int) -> dict[tuple[str, str], dict[str, float]]:  # type: ignore[no-untyped-def]
    """Median ms per (context, table) variant, interleaved prompt by prompt: the plain forward pass (every
    position's logits), Cape in total, and Cape's model / mechanism parts. The first ``warmup`` prompts
    are not counted; prompt i is perturbed with seed i. On a CPU the CPU time of the calling thread
    (with torch on one thread, all of the work, whatever else runs); on a GPU synchronised wall time."""
    from mechanisms.cape.timing import StageTimer

    tables = projection_tables(p)
    default = p.adapter.projection
    variants = [(c, t) for c, t in variants if t in tables]
    p.timer = StageTimer()
    cost = {v: {"forward": [], "cape": [], "model": [], "mechanism": []} for v in variants}
    try:
        for i, prompt in enumerate(prompts):
            ids = torch.tensor([[p.adapter.context_token_id, *p.adapter.encode(prompt).ids]], device=p.device)
            for context, precision in variants:
                start = _clock(p.device)
                with torch.inference_mode():
                    p.adapter.model(input_ids=ids, use_cache=False)
                forward = _clock(p.device) - start
                p.cfg.context = context
                use_projection(p, tables[precision])
                p.timer.reset()
                start = _clock(p.device)
                p.perturb_batch([prompt], 6.0, seeds=[i])
                if i >= warmup:
                    c = cost[(context, precision)]
                    c["forward"].append(forward)
                    c["cape"].append(_clock(p.device) - start)
                    seconds = p.timer.seconds if p.device.type == "cuda" else p.timer.cpu_seconds
                    c["model"].append(seconds.get("model", 0.0))
                    c["mechanism"].append(seconds.get("mechanism", 0.0))
    finally:
        p.timer = None
        use_projection(p, default)
    return {v: {k: 1000 * statistics.median(x) for k, x in d.items()} for v, d in cost.items()}


def prompts_per_second(p, texts: list[str], repeats: int = 1, warmup: int = 4) -> float:  # type: ignore[no-untyped-def]
    """Median wall-clock prompts/s of ``repeats`` batches of ``texts`` (GPU synchronised), after a
    warm-up batch of the first ``warmup`` texts; repeat r uses seeds r * len(texts) + i."""
    n, w = len(texts), min(len(texts), warmup)
    p.perturb_batch(texts[:w], 6.0, seeds=list(range(w)))
    rates = []
    for r in range(repeats):
        start = _wall(p.device)
        p.perturb_batch(texts, 6.0, seeds=[r * n + i for i in range(n)])
        rates.append(n / (_wall(p.device) - start))
    return statistics.median(rates)


def run(reps: int = 10) -> tuple[str, bool]:
    from mechanisms.cape import CapeConfig, CapePerturber

    p = CapePerturber(CapeConfig())
    p.load()
    tok = p.adapter.tokenizer
    threads = torch.get_num_threads()
    if p.device.type == "cpu":
        torch.set_num_threads(1)
    rows, ok = [], True
    try:
        prompt = _prompt(tok, 30)
        default = p.adapter.projection.precision
        others = [t for t in ("float32", "int8") if t != default]
        variants = [(c, t) for c in CONTEXTS for t in (default, *others)]
        for (context, precision), c in side_by_side(p, [prompt] * (reps + 1), variants, warmup=1).items():
            # The target: the mechanism costs <= 30 % on top of the model's forward pass for the prompt,
            # judged on the default configuration (the other table is shown beside it).
            share = c["mechanism"] / c["forward"]
            judged = precision == default
            ok = ok and (share <= 0.30 or not judged)
            label = f"{context}, {precision} table{' (default)' if judged else ''}: one 30-token prompt"
            target = (f"mechanism / forward pass {100 * share:.0f} %"
                      + (f" (<= 30 %): {verdict(share <= 0.30)}" if judged else "")
                      + f"; Cape / forward pass {c['cape'] / c['forward']:.2f}x")
            rows.append([label, f"forward pass {c['forward']:.0f} ms; Cape {c['cape']:.0f} ms = model "
                                f"{c['model']:.0f} + mechanism {c['mechanism']:.0f}", target])
        sizes = (16, 64) if p.device.type == "cpu" else (64, 512)
        for context in CONTEXTS:
            p.cfg.context = context
            for batch in sizes:
                rate = prompts_per_second(p, [_prompt(tok, 30) + f" {i}" for i in range(batch)])
                target = ""
                if batch == sizes[-1]:
                    target = (f">= 500/s on a GPU: {verdict(rate >= 500)}" if p.device.type == "cuda"
                              else ">= 500/s on a GPU: not measured (no GPU available)")
                rows.append([f"{context}, {default} table: 30-token prompts, batches of {batch}",
                             f"{rate:.1f} prompts/s (wall)",
                             target])
    finally:
        torch.set_num_threads(threads)
    unit = "CPU ms of one thread" if p.device.type == "cpu" else "ms"
    md = table(["measure", f"result ({p.device}, {unit})", "target"], rows)
    return f"### Cape (default model SmolLM2-135M, eps = 6)\n\n{md}\n", ok
