"""Cape on a GPU: prompts per second of 30-token prompts with batching, both contexts (issue 19's
">= 500 prompts/s" target), and one prompt's mechanism beside the model's forward pass.

    python bench/cape_gpu.py                          # the packaged model, on cuda
    python bench/cape_gpu.py --random-init DIR        # DIR: a config.json and tokenizer files

It also times local generation of one request with and without the watermark on the same model
(``--generation N`` new tokens; 0 skips it).

``--random-init`` builds the model from DIR's config with random weights (seed 0) instead of loading
trained ones: for a machine the 500 MB checkpoint cannot be copied to. The work is the same (same
shapes, same tokenizer, so the same perturbed positions and the same matmuls over the same 48,704
candidates); the perturbed texts are not meaningful, only the timings. B is then the packaged
calibrated value.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

import torch

from bench.cape_bench import CONTEXTS, _prompt, prompts_per_second, side_by_side

PACKAGED_B = 38.82  # mechanisms/cape/bounds.json, causal SmolLM2-135M-Instruct


def random_model_dir(source: Path) -> str:
    """A checkpoint directory with ``source``'s config and tokenizer and random weights (seed 0)."""
    from transformers import AutoConfig, AutoModelForCausalLM

    torch.manual_seed(0)
    config = AutoConfig.from_pretrained(source)
    model = AutoModelForCausalLM.from_config(config)
    target = Path(tempfile.mkdtemp(prefix="cape-random-"))
    model.save_pretrained(target)
    for item in source.iterdir():
        if item.name != "config.json" and item.is_file() and not item.name.endswith(".safetensors"):
            shutil.copy(item, target / item.name)
    return str(target)


def throughput(p, tok, context: str, sizes: list[int], repeats: int) -> dict[int, float]:  # type: ignore[no-untyped-def]
    """Median prompts/s (wall clock, GPU synchronised) over ``repeats`` batches of each size."""
    p.cfg.context = context
    base = _prompt(tok, 30)
    return {size: prompts_per_second(p, [f"{base} {i}" for i in range(size)], repeats, warmup=64)
            for size in sizes}


def generation_rates(model, tok, tokens: int, reps: int) -> dict[bool, tuple[float, int]]:  # type: ignore[no-untyped-def]
    """Local generation of one request (tokens/s, wall clock), without and with the SynthID watermark,
    interleaved; the path the proxy's local backend runs (proxy/local/generator.py)."""
    from mechanisms.keys import MasterKey
    from mechanisms.synthid import WatermarkConfig
    from proxy.local.generator import GenerationJob, Generator, SamplingParams
    from proxy.workers.jobs import WatermarkSpec

    gen = Generator(model, tok)
    ids = tok("Write a long story about a lighthouse keeper and the storm.")["input_ids"]
    spec = WatermarkSpec.of(MasterKey.from_bytes(bytes(32)).watermark_key(), WatermarkConfig())
    made = {False: 0, True: 0}
    spent = {False: 0.0, True: 0.0}
    for i in range(reps + 1):
        for marked in (False, True):
            job = GenerationJob(list(ids), SamplingParams(max_tokens=tokens, temperature=1.0, top_k=100, seed=i),
                                spec if marked else None)
            torch.cuda.synchronize()
            start = time.perf_counter()
            result = gen.generate(job)
            torch.cuda.synchronize()
            if i:  # the first round warms up
                spent[marked] += time.perf_counter() - start
                made[marked] += result.completion_tokens
    return {m: (made[m] / spent[m], made[m]) for m in (False, True)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--random-init", type=Path, default=None, help="config + tokenizer directory")
    ap.add_argument("--sizes", default="1,64,256,512,1024,2048")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--generation", type=int, default=128, help="new tokens per generation request (0: skip)")
    args = ap.parse_args(argv)
    if not torch.cuda.is_available():
        print("no GPU: nothing measured")
        return 1
    from mechanisms.cape import CapeConfig, CapePerturber

    if args.random_init is not None:
        cfg = CapeConfig(model=random_model_dir(args.random_init), logit_bound=PACKAGED_B, calibrate_if_missing=False)
        weights = "random weights (seed 0) in the packaged model's shapes"
    else:
        cfg = CapeConfig()
        weights = "the packaged weights"
    p = CapePerturber(cfg, device="cuda")
    p.load()
    tok = p.adapter.tokenizer
    dtype = str(next(p.adapter.model.parameters()).dtype).replace("torch.", "")
    lines = [
        "# Cape on a GPU",
        "",
        f"Device: {torch.cuda.get_device_name(0)}; torch {torch.__version__}; model SmolLM2-135M-Instruct "
        f"architecture, {weights}, {dtype} forward pass, {p.adapter.projection.precision} candidate table "
        f"({len(p.adapter.candidates.ids)} candidates); eps = 6; 30-token prompts. Command: "
        f"`python bench/cape_gpu.py{' --random-init DIR' if args.random_init else ''}`.",
        "",
        "One prompt, medians of 10, GPU synchronised at each stage boundary (wall ms):",
        "",
        "| context | forward pass alone | Cape total | model | mechanism | mechanism / forward pass |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    variants = [(c, p.adapter.projection.precision) for c in CONTEXTS]
    for (context, _), c in side_by_side(p, [_prompt(tok, 30)] * 11, variants, warmup=1).items():
        lines.append(f"| {context} | {c['forward']:.1f} | {c['cape']:.1f} | {c['model']:.1f} | "
                     f"{c['mechanism']:.1f} | {100 * c['mechanism'] / c['forward']:.0f} % |")
    sizes = [int(s) for s in args.sizes.split(",")]
    lines += ["", f"Prompts per second (wall clock, median of {args.repeats} batches; target >= 500):", "",
              "| context | " + " | ".join(f"batch {s}" for s in sizes) + " |", "|---|" + "---:|" * len(sizes)]
    for context in CONTEXTS:
        rates = throughput(p, tok, context, sizes, args.repeats)
        lines.append(f"| {context} | " + " | ".join(f"{rates[s]:.0f}" for s in sizes) + " |")
        print(lines[-1], flush=True)
    if args.generation:
        from mechanisms.models import ModelSpec, load_causal_lm

        model, gtok = load_causal_lm(ModelSpec(name=cfg.model, path=cfg.model) if cfg.model else ModelSpec(),
                                     device="cuda")
        rates = generation_rates(model, gtok, args.generation, 5)
        lines += ["", f"Local generation, one request, up to {args.generation} new tokens, temperature 1, top-k 100, "
                  f"{str(next(model.parameters()).dtype).replace('torch.', '')} (5 requests each, interleaved):", "",
                  "| | tokens/s | tokens generated |", "|---|---:|---:|",
                  f"| without the watermark | {rates[False][0]:.1f} | {rates[False][1]} |",
                  f"| with the watermark (SynthID, m = 30, top-k 100) | {rates[True][0]:.1f} | {rates[True][1]} |"]
    lines += ["", f"Peak GPU memory: {torch.cuda.max_memory_allocated() / 2**30:.2f} GiB."]
    text = "\n".join(lines) + "\n"
    print(text)
    out = args.out or (Path(os.environ["OUT"]) / "cape_gpu.md" if os.environ.get("OUT") else None)
    if out:
        out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
