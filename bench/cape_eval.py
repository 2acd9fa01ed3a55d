"""Cape evaluation: utility, empirical privacy and speed, beside the paper's figures.

    python bench/cape_eval.py                      # ~200 sentences, 3 draws per eps, CPU (+ GPU if present)
    python bench/cape_eval.py --sentences 60 --draws 1 --out /tmp/cape.md

For eps in 1, 2, 3, 6, 10, 14, 20 it perturbs the shipped English sentence set (bench/data/: 80
hand-written movie-review sentences and 120 Faker sentences with personal details) and measures
Rouge-L F1 between original and perturbed sentence (package rouge-score), the retention ratio (share
of perturbed tokens left unchanged), the KNN top-10 attack on the model's embedding table (privacy =
1 - share of perturbed tokens whose original is among the 10 nearest neighbours of the output), and
eps' of Theorem 4.1. Then per-prompt latency and batched throughput. It prints a markdown report and
writes it to bench/results/cape.md. The utilities are computed once per sentence and reused for
every eps (they do not depend on it); only the draws differ.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import torch

from mechanisms.cape import CapeConfig, CapePerturber, worst_case_epsilon

HERE = Path(__file__).resolve().parent
EPSILONS = (1.0, 2.0, 3.0, 6.0, 10.0, 14.0, 20.0)
# cape.txt Table 3 (Rouge-L F1 on SST-2, Cape BERT / GPT-2) and Table 8 (KNN top-10 privacy, Cape BERT).
PAPER_ROUGE = {1: (38.38, 37.60), 2: (39.20, 38.19), 3: (40.86, 40.08), 6: (46.85, 44.55),
               10: (60.22, 56.46), 14: (76.49, 73.46), 20: (92.03, 90.65)}  # fmt: skip
PAPER_KNN = {1: 94.40, 2: 92.56, 3: 90.34, 6: 80.54, 10: 67.74, 14: 40.80, 20: 9.07}
SPEED_TITLE = (
    "Speed (30-token prompts; the paper: 0.10-0.15 s per input, batch 2, V100; "
    "target: <= 50 ms per prompt on this CPU):"
)
EXAMPLES = ["it's a charming and often affecting journey.", "it's slow -- very, very slow."]


def read_lines(path: Path) -> list[str]:
    return [
        s.strip()
        for s in path.read_text(encoding="utf-8").splitlines()
        if s.strip() and not s.startswith("#")
    ]


def sentence_set(n: int) -> tuple[list[str], list[str]]:
    """Up to n sentences, half reviews and half personal (the reviews compare with SST-2)."""
    reviews = read_lines(HERE / "data" / "cape_reviews.txt")
    personal = read_lines(HERE / "data" / "cape_personal.txt")
    k = min(len(reviews), n // 2)
    return reviews[:k], personal[: max(0, min(len(personal), n - k))]


class KnnAttack:
    """KNN attack (paper section 5): the k vocabulary tokens nearest (Euclidean, input embeddings)
    to each output token; the attack succeeds when the original token is among them."""

    def __init__(self, perturber: CapePerturber, k: int = 10):
        adapter = perturber.adapter
        self.full = adapter.model.get_input_embeddings().weight.detach()[: adapter.vocab_size].float()
        keep = torch.ones(self.full.shape[0], dtype=torch.bool, device=self.full.device)
        keep[list(adapter.special_ids)] = False
        self.ids = torch.nonzero(keep).squeeze(1)
        self.table = self.full[self.ids]
        self.sq = self.table.pow(2).sum(1)
        self.k = k

    def hits(self, outputs: torch.Tensor, originals: torch.Tensor) -> int:
        found = 0
        for start in range(0, outputs.shape[0], 512):
            out = self.full[outputs[start : start + 512]]
            d = self.sq.unsqueeze(0) - 2.0 * out @ self.table.t()  # |a|^2 is constant per row
            near = self.ids[d.topk(self.k, dim=1, largest=False).indices]
            found += int((near == originals[start : start + 512].unsqueeze(1)).any(1).sum())
        return found


def utility_and_privacy(p: CapePerturber, reviews: list[str], personal: list[str], draws: int) -> list[dict]:
    from rouge_score import rouge_scorer

    scorer = rouge_scorer.RougeScorer(["rougeL"])
    texts = reviews + personal
    t0 = time.perf_counter()
    batches = [p.prepare(texts[i : i + 16]) for i in range(0, len(texts), 16)]
    prep_s = time.perf_counter() - t0
    attack = KnnAttack(p)
    eps_prime = torch.cat([b.eps_prime for b in batches]).cpu()
    originals = torch.tensor(
        [t.ids[q] for b in batches for t in b.items for q in t.eligible], device=p.device
    )
    rows = []
    n_cand = len(p.adapter.candidates.ids)
    for eps in EPSILONS:
        rouge_all, rouge_rev, kept, hits, worst = [], [], 0, 0, []
        for draw in range(draws):
            outs, new_ids = [], []
            for bi, batch in enumerate(batches):
                seeds = [(draw * 1009 + bi) * 100_003 + i + int(eps * 1e6) for i in range(len(batch.items))]
                cols = p.sample_columns(batch, eps, seeds=seeds)
                new_ids.append(p.adapter.cand_ids[cols.to(p.device)])
                outs += p.render(batch, cols, eps)
            ids = torch.cat(new_ids)
            kept += int((ids == originals).sum())
            hits += attack.hits(ids, originals)
            worst += [r.epsilon_worst for r in outs if r.tokens_perturbed]
            for i, (src, res) in enumerate(zip(texts, outs)):
                f = scorer.score(src, res.text)["rougeL"].fmeasure * 100
                rouge_all.append(f)
                if i < len(reviews):
                    rouge_rev.append(f)
        n_tok = originals.numel() * draws
        rows.append({
            "eps": eps, "rouge_reviews": statistics.mean(rouge_rev), "rouge_all": statistics.mean(rouge_all),
            "retention": 100 * kept / n_tok, "knn_privacy": 100 * (1 - hits / n_tok),
            "eps_prime_mean": float(eps_prime.mean()), "eps_prime_max": float(eps_prime.max()),
            "worst": max(worst), "bound": worst_case_epsilon(eps, p.cfg.buckets, n_cand),
        })  # fmt: skip
    rows[0]["_meta"] = {"tokens": int(originals.numel()), "sentences": len(texts), "prepare_s": prep_s}
    return rows


def thirty_token_prompts(p: CapePerturber, pool: list[str], count: int) -> list[str]:
    """Prompts of about 30 tokens, built by joining sentences of the set."""
    out, cur = [], ""
    for s in pool * 4:
        cur = f"{cur} {s}".strip()
        if len(p.adapter.encode(cur).ids) >= 30:
            ids = p.adapter.encode(cur).ids[:30]
            out.append(p.adapter.decode(ids))
            cur = ""
        if len(out) == count:
            break
    return out


def _sync(p: CapePerturber) -> None:
    if p.device.type == "cuda":
        torch.cuda.synchronize()


def speed(p: CapePerturber, prompts: list[str], batch_sizes: tuple[int, ...]) -> dict:
    load_before = os.getloadavg()[0]
    for q in prompts[:3]:
        p.perturb_batch([q], seeds=[0])
    lat, fwd = [], []
    for i, q in enumerate(prompts):
        _sync(p)
        t = time.perf_counter()
        p.perturb_batch([q], seeds=[i])
        _sync(p)
        lat.append(time.perf_counter() - t)
        enc = p.adapter.encode(q)
        t = time.perf_counter()
        p.adapter.contextual_features([enc.ids], [list(range(len(enc.ids)))])
        _sync(p)
        fwd.append(time.perf_counter() - t)
    thr = {}
    for bs in batch_sizes:
        reps = max(1, 256 // bs) if p.device.type == "cuda" else max(1, 64 // bs)
        work = (prompts * (bs // len(prompts) + 2))[:bs]
        p.perturb_batch(work, seeds=list(range(bs)))
        _sync(p)
        t = time.perf_counter()
        for r in range(reps):
            p.perturb_batch(work, seeds=list(range(r * bs, (r + 1) * bs)))
        _sync(p)
        thr[bs] = bs * reps / (time.perf_counter() - t)
    lat.sort()
    fwd.sort()
    cpu_ms = single_thread_cpu_ms(p, prompts) if p.device.type == "cpu" else float("nan")
    return {
        "median_ms": 1000 * statistics.median(lat), "p90_ms": 1000 * lat[int(0.9 * (len(lat) - 1))],
        "min_ms": 1000 * lat[0], "forward_median_ms": 1000 * statistics.median(fwd),
        "forward_min_ms": 1000 * fwd[0], "throughput": thr, "cpu_ms": cpu_ms,
        "load": (load_before, os.getloadavg()[0]), "dtype": str(next(p.adapter.model.parameters()).dtype),
    }  # fmt: skip


def single_thread_cpu_ms(p: CapePerturber, prompts: list[str]) -> float:
    """Median CPU time of one prompt on one thread: what the work costs, whatever else runs."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        costs = []
        for i, q in enumerate(prompts):
            t = time.thread_time()
            p.perturb_batch([q], seeds=[i])
            costs.append(time.thread_time() - t)
    finally:
        torch.set_num_threads(threads)
    return 1000 * statistics.median(costs)


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    gpu = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no GPU"
    return (f"{os.cpu_count()}-core CPU ({cpu}), {gpu}; torch {torch.__version__}, "
            f"{torch.get_num_threads()} threads; Python {platform.python_version()}")  # fmt: skip


def report(
    rows: list[dict],
    speeds: dict[str, dict],
    examples: list[tuple[float, list[str]]],
    args: argparse.Namespace,
) -> str:
    meta = rows[0].pop("_meta")
    lines = [
        "# Cape evaluation",
        "",
        f"Machine: {machine()}. Date: {datetime.now(timezone.utc):%Y-%m-%d}.",
        f"Command: `python bench/cape_eval.py {' '.join(sys.argv[1:])}`".rstrip(),
        f"Model: packaged SmolLM2-135M-Instruct (causal adapter, {args.dtype} forward pass), "
        f"B = {args.bound:.2f}, "
        "lambda_L = 0.5, "
        f"lambda_D = 1.0, N_b = 50. Sentences: {meta['sentences']} ({meta['tokens']} perturbed tokens), "
        f"{args.draws} draws per eps.",
        "",
        "| eps | Rouge-L F1 reviews | Rouge-L F1 all | paper Rouge-L BERT / GPT-2 (Table 3) | retention % "
        "| KNN top-10 privacy % | paper privacy BERT (Table 8) | mean eps' | max eps' | worst eps+eps' "
        "| data-independent bound |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        e = int(r["eps"])
        bert, gpt = PAPER_ROUGE[e]
        lines.append(
            f"| {e} | {r['rouge_reviews']:.1f} | {r['rouge_all']:.1f} | {bert:.1f} / {gpt:.1f} | "
            f"{r['retention']:.1f} | {r['knn_privacy']:.1f} | {PAPER_KNN[e]:.1f} | "
            f"{r['eps_prime_mean']:.2f} | "
            f"{r['eps_prime_max']:.2f} | {r['worst']:.2f} | {r['bound']:.2f} |"
        )
    lines += speed_section(speeds)
    lines += [
        "",
        "Examples (the paper's Table 10 inputs, independent draws):",
        "",
        "| eps | perturbed |",
        "|---:|---|",
    ]
    for eps, outs in examples:
        cells = " / ".join("`" + o.replace("|", "\\|").replace("`", "'") + "`" for o in outs)
        lines.append(f"| {eps:g} | {cells} |")
    return "\n".join(lines) + "\n"


def speed_section(speeds: dict[str, dict]) -> list[str]:
    lines = ["", SPEED_TITLE, "",
              "| device | forward dtype | latency median (ms) | p90 | min | forward pass alone (median / min) "
              "| CPU time per prompt, 1 thread (ms) | throughput (prompts/s) | 1-min load avg before / after |",
              "|---|---|---:|---:|---:|---:|---:|---|---|"]  # fmt: skip
    for dev, s in speeds.items():
        thr = ", ".join(f"batch {bs}: {v:.1f}" for bs, v in s["throughput"].items())
        lines.append(
            f"| {dev} | {s['dtype'].replace('torch.', '')} | {s['median_ms']:.0f} | {s['p90_ms']:.0f} | "
            f"{s['min_ms']:.0f} | {s['forward_median_ms']:.0f} / {s['forward_min_ms']:.0f} | "
            f"{s['cpu_ms']:.0f} | {thr} | "
            f"{s['load'][0]:.1f} / {s['load'][1]:.1f} |"
        )
    if not speeds:
        lines.append("| (not measured: --skip-speed) | | | | | | | | |")
    return lines


def measure_speed(p: CapePerturber, pool: list[str], count: int) -> dict[str, dict]:
    prompts = thirty_token_prompts(p, pool, count)
    speeds = {"cpu": speed(p, prompts, (8, 32))}
    if next(p.adapter.model.parameters()).dtype != torch.float32:
        p32 = CapePerturber(CapeConfig(compute_dtype="float32"), device="cpu")
        p32.load()
        speeds["cpu (compute_dtype=float32)"] = speed(p32, prompts, (8, 32))
    if torch.cuda.is_available():
        g = CapePerturber(CapeConfig(), device="cuda")
        g.load()
        speeds[torch.cuda.get_device_name(0)] = speed(g, prompts, (32, 128, 512))
    return speeds


def splice_speed(report_text: str, speeds: dict[str, dict]) -> str:
    """Replace the speed table of an existing report (``--speed-only``)."""
    head, _, rest = report_text.partition("\n" + SPEED_TITLE)
    _, _, tail = rest.partition("\n\nExamples")
    note = f"\n(speed re-measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC: `{' '.join(sys.argv)}`)"
    return head + "\n".join(speed_section(speeds)) + note + "\n\nExamples" + tail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sentences", type=int, default=200, help="sentences to perturb (half reviews)")
    ap.add_argument("--draws", type=int, default=3, help="independent perturbations per sentence and eps")
    ap.add_argument("--latency-prompts", type=int, default=30)
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--speed-only", action="store_true", help="re-measure speed into an existing --out")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "cape.md")
    args = ap.parse_args(argv)
    p = CapePerturber(CapeConfig(), device="cpu")
    p.load()
    args.bound = p.logit_bound
    args.dtype = str(next(p.adapter.model.parameters()).dtype).replace("torch.", "")
    reviews, personal = sentence_set(args.sentences)
    if args.speed_only:
        text = splice_speed(
            args.out.read_text(encoding="utf-8"), measure_speed(p, reviews + personal, args.latency_prompts)
        )
    else:
        rows = utility_and_privacy(p, reviews, personal, args.draws)
        examples = [
            (eps, [r.text for r in p.perturb_batch(EXAMPLES, epsilon=eps, seeds=[2 * k, 2 * k + 1])])
            for k, eps in enumerate(EPSILONS)
        ]
        speeds = {} if args.skip_speed else measure_speed(p, reviews + personal, args.latency_prompts)
        text = report(rows, speeds, examples, args)
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
