"""Cape evaluation: utility, empirical privacy, reported bounds and speed, beside the paper's figures.

    python bench/cape_eval.py                         # small sample: 60 sentences, 1 draw (~15 min here)
    python bench/cape_eval.py --full                  # 200 sentences, 3 draws per eps (~1.5 h here)
    python bench/cape_eval.py --sentences 100 --draws 2 --skip-speed --out /tmp/cape.md
    python bench/cape_eval.py --speed-only            # re-measure the speed section into --out

For eps in 1, 2, 3, 6, 10, 14, 20, each context (``original``, the paper's; ``released``) and each
sensitivity (``unit``: Delta = 1; ``bucket_range``: the paper's Delta) it perturbs the shipped English
sentence set (bench/data/: 80 hand-written movie-review sentences, the SST-2 analogue, and 120 Faker
sentences with personal details) and measures Rouge-L F1 between original and perturbed sentence
(rouge-score), the retention ratio, the KNN top-10 attack on the model's embedding table (privacy =
1 - share of perturbed tokens whose original is among the 10 nearest neighbours of the output) and the
bounds each result reports. It also prints the exact per-position log-likelihood ratios of one output
between two neighbouring prompts under both contexts, and the speed of each context beside the plain
forward pass of the model for the same prompt. Writes bench/results/cape_eval.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import torch

from bench.cape_bench import projection_tables, prompts_per_second, side_by_side, use_projection
from mechanisms.cape import CapeConfig, CapePerturber, PerturbResult, worst_case_epsilon
from mechanisms.cape.sampler import token_probabilities

HERE = Path(__file__).resolve().parent
EPSILONS = (1.0, 2.0, 3.0, 6.0, 10.0, 14.0, 20.0)
VARIANTS = (("original", "unit"), ("original", "bucket_range"), ("released", "unit"), ("released", "bucket_range"))
# cape.txt Table 3 (Rouge-L F1 on SST-2, Cape BERT / GPT-2) and Table 8 (KNN top-10 privacy, Cape BERT:
# the only KNN figures the paper tabulates; its GPT-2 privacy is in a figure only).
PAPER_ROUGE = {1: (38.38, 37.60), 2: (39.20, 38.19), 3: (40.86, 40.08), 6: (46.85, 44.55),
               10: (60.22, 56.46), 14: (76.49, 73.46), 20: (92.03, 90.65)}  # fmt: skip
PAPER_KNN = {1: 94.40, 2: 92.56, 3: 90.34, 6: 80.54, 10: 67.74, 14: 40.80, 20: 9.07}
EXAMPLES = ["it's a charming and often affecting journey.", "it's slow -- very, very slow."]
NEIGHBOURS = ("I work as a doctor in Portland and my wife is sick.",
              "I work as a teacher in Portland and my wife is sick.")  # fmt: skip
BATCH = 16


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

    def hits(self, outputs: torch.Tensor, originals: torch.Tensor) -> torch.Tensor:
        """Per token: True where the original is among the k nearest neighbours of the output."""
        found = []
        for start in range(0, outputs.shape[0], 512):
            out = self.full[outputs[start : start + 512]]
            d = self.sq.unsqueeze(0) - 2.0 * out @ self.table.t()  # |a|^2 is constant per row
            near = self.ids[d.topk(self.k, dim=1, largest=False).indices]
            found.append((near == originals[start : start + 512].unsqueeze(1)).any(1))
        return torch.cat(found) if found else torch.zeros(0, dtype=torch.bool)


@dataclass
class Row:
    """One (variant, eps) cell, averaged over sentences and draws."""

    context: str
    sensitivity: str
    eps: float
    rouge_reviews: float
    rouge_all: float
    retention: float
    knn_reviews: float
    knn_all: float
    bound: float  # per position (epsilon_bound)
    token_bound: float  # one changed token (epsilon_token), mean over sentences
    total_bound: float  # whole sentence (epsilon_total), mean over sentences
    paper_worst: float  # the paper's eps + eps', worst sentence


class Scorer:
    """Rouge-L and the KNN attack over a list of results (reviews first)."""

    def __init__(self, perturber: CapePerturber, texts: list[str], n_reviews: int):
        from rouge_score import rouge_scorer

        self.rouge = rouge_scorer.RougeScorer(["rougeL"])
        self.attack = KnnAttack(perturber)
        self.texts, self.n_reviews = texts, n_reviews
        self.device = perturber.device

    def score(self, draws: Sequence[list[PerturbResult]]) -> dict[str, float]:
        rouge_all, rouge_rev, kept, hit_all, hit_rev, n_all, n_rev = [], [], 0, 0, 0, 0, 0
        for results in draws:
            for i, (src, res) in enumerate(zip(self.texts, results)):
                f = self.rouge.score(src, res.text)["rougeL"].fmeasure * 100
                rouge_all.append(f)
                out = torch.tensor([res.ids[p] for p in res.positions], dtype=torch.long, device=self.device)
                orig = torch.tensor([res.original_ids[p] for p in res.positions], dtype=torch.long,
                                    device=self.device)  # fmt: skip
                hits = int(self.attack.hits(out, orig).sum())
                kept += int((out == orig).sum())
                hit_all, n_all = hit_all + hits, n_all + len(res.positions)
                if i < self.n_reviews:
                    rouge_rev.append(f)
                    hit_rev, n_rev = hit_rev + hits, n_rev + len(res.positions)
        return {
            "rouge_reviews": statistics.mean(rouge_rev), "rouge_all": statistics.mean(rouge_all),
            "retention": 100 * kept / n_all, "knn_reviews": 100 * (1 - hit_rev / n_rev),
            "knn_all": 100 * (1 - hit_all / n_all),
        }  # fmt: skip


def _seeds(variant: int, eps: float, draw: int, start: int, n: int) -> list[int]:
    return [((variant * 1009 + draw) * 100_003 + start + i) * 31 + int(eps * 1000) for i in range(n)]


def evaluate(p: CapePerturber, texts: list[str], n_reviews: int, draws: int) -> list[Row]:
    """Every variant at every eps. The original context's utilities do not depend on eps or Delta, so
    they are computed once and only drawn again; the released context decodes each draw afresh."""
    scorer = Scorer(p, texts, n_reviews)
    n_cand = len(p.adapter.candidates.ids)
    prepared = [p.prepare(texts[i : i + BATCH]) for i in range(0, len(texts), BATCH)]
    rows: list[Row] = []
    for v, (context, sensitivity) in enumerate(VARIANTS):
        p.cfg.context, p.cfg.sensitivity = context, sensitivity  # type: ignore[assignment]
        for eps in EPSILONS:
            runs = []
            for draw in range(draws):
                results: list[PerturbResult] = []
                for k, start in enumerate(range(0, len(texts), BATCH)):
                    chunk = texts[start : start + BATCH]
                    seeds = _seeds(v, eps, draw, start, len(chunk))
                    if context == "original":
                        batch = prepared[k]
                        results += p.render(batch, p.sample_columns(batch, eps, seeds=seeds), eps)
                    else:
                        results += p.perturb_batch(chunk, eps, seeds=seeds)
                runs.append(results)
            m = scorer.score(runs)
            flat = [r for run in runs for r in run if r.tokens_perturbed]
            rows.append(Row(context, sensitivity, eps, bound=worst_case_epsilon(eps, p.cfg.buckets, n_cand),
                            token_bound=statistics.mean(r.epsilon_token for r in flat),
                            total_bound=statistics.mean(r.epsilon_total for r in flat),
                            paper_worst=max(r.epsilon_worst for r in flat), **m))  # fmt: skip
            print(f"{context:9s} {sensitivity:12s} eps={eps:g}: Rouge-L {m['rouge_reviews']:.1f}, "
                  f"KNN privacy {m['knn_reviews']:.1f}", file=sys.stderr, flush=True)  # fmt: skip
    return rows


def neighbour_ratios(p: CapePerturber, eps: float = 1.0, draws: int = 20) -> dict[str, list[tuple[str, float]]]:
    """Exact |ln P[y_i | x] - ln P[y_i | x']| per perturbed position, x and x' the NEIGHBOURS, y an
    output of x drawn in each context: of ``draws`` outputs, the one with the largest total."""
    out: dict[str, list[tuple[str, float]]] = {}
    for context in ("original", "released"):
        p.cfg.context, p.cfg.sensitivity = context, "unit"  # type: ignore[assignment]
        x, x2 = p.encode(list(NEIGHBOURS))
        words = [p.adapter.decode([x.ids[i]]) for i in x.eligible]
        for y in p.perturb_batch([NEIGHBOURS[0]] * draws, eps, seeds=list(range(draws))):
            lp = p.position_log_probs(x.ids, y.ids, x.eligible, eps)
            lp2 = p.position_log_probs(x2.ids, y.ids, x.eligible, eps)
            pairs = [(w, abs(a - b)) for w, a, b in zip(words, lp, lp2)]
            if sum(v for _, v in pairs) > sum(v for _, v in out.get(context, [("", -1.0)])):
                out[context] = pairs
    return out


def projection_agreement(p: CapePerturber, texts: list[str]) -> dict[str, dict[float, tuple[float, float]]] | None:
    """How far the int8 candidate table moves the mechanism, computed exactly (no sampling): for every
    perturbed token of ``texts`` (original context, so both tables see the same features), the total
    variation distance between the output distributions over the candidates with the float32 and the
    int8 table, per eps and Delta setting: (mean, max) over the tokens. Also the share of candidates
    that land in the same bucket under both (key "buckets")."""
    tables = projection_tables(p)
    if "int8" not in tables:
        return None
    default, sensitivity = p.adapter.projection, p.cfg.sensitivity
    tv: dict[str, dict[float, list[float]]] = {s: {e: [] for e in EPSILONS} for s in ("unit", "bucket_range")}
    same: list[float] = []
    try:
        with torch.inference_mode():
            for start in range(0, len(texts), BATCH):
                items = p.encode(texts[start : start + BATCH])
                feats = p.adapter.contextual_features([t.ids for t in items], [t.eligible for t in items])
                toks = torch.tensor([t.ids[q] for t in items for q in t.eligible], dtype=torch.long)
                if not len(toks):
                    continue
                by = {}
                for name in ("float32", "int8"):
                    use_projection(p, tables[name])
                    by[name] = p._bucket_rows(feats, toks)
                same += (by["float32"].index == by["int8"].index).float().mean(1).tolist()
                for sens in tv:
                    p.cfg.sensitivity = sens  # type: ignore[assignment]
                    for eps in EPSILONS:
                        a, b = (token_probabilities(by[n], eps, p._sensitivity(by[n])) for n in ("float32", "int8"))
                        tv[sens][eps] += (0.5 * (a - b).abs().sum(1)).tolist()
    finally:
        use_projection(p, default)
        p.cfg.sensitivity = sensitivity
    out: dict[str, dict] = {s: {e: (statistics.mean(v), max(v)) for e, v in d.items()} for s, d in tv.items()}
    out["buckets"] = {0.0: (statistics.mean(same), min(same))}
    return out


def agreement_section(agree: dict | None, tokens: int) -> list[str]:
    if not agree:
        return ["", "int8 table against float32: not measured (no quantized engine in this torch)."]
    mean_same, worst_same = agree["buckets"][0.0]
    lines = ["", f"The int8 candidate table (`cape.projection: int8`, the default on a CPU) against float32, computed "
             f"exactly over the {tokens} perturbed tokens (original context): total variation distance between the "
             f"two output distributions over the candidates (mean / max over tokens); candidates in the same bucket "
             f"under both: {100 * mean_same:.1f} % on average ({100 * worst_same:.1f} % at worst). A TV of t bounds "
             f"how much any statistic of one perturbed token (retention, Rouge match, KNN hit) can move in expectation.",
             "", "| Delta | " + " | ".join(f"eps {e:g}" for e in EPSILONS) + " |", "|---|" + "---:|" * len(EPSILONS)]
    for sens in ("unit", "bucket_range"):
        lines.append(f"| {sens} | " + " | ".join(f"{m:.3f} / {x:.3f}" for m, x in agree[sens].values()) + " |")
    return lines


# -- speed ---------------------------------------------------------------------------------------
def thirty_token_prompts(p: CapePerturber, pool: list[str], count: int) -> list[str]:
    """Prompts of 30 tokens, built by joining sentences of the set."""
    out, cur = [], ""
    for s in pool * 4:
        cur = f"{cur} {s}".strip()
        if len(p.adapter.encode(cur).ids) >= 30:
            out.append(p.adapter.decode(p.adapter.encode(cur).ids[:30]))
            cur = ""
        if len(out) == count:
            break
    return out


def throughput(p: CapePerturber, prompts: list[str], context: str, sizes: Sequence[int]) -> dict[int, float]:
    """Prompts per second (wall clock) with batches of the given sizes."""
    p.cfg.context = context  # type: ignore[assignment]
    return {bs: prompts_per_second(p, (prompts * (bs // len(prompts) + 2))[:bs]) for bs in sizes}


def _cpu_ms(work, repeats: int = 15) -> float:
    """Median CPU time (ms, calling thread) of ``work()`` after one warm-up call."""
    work()
    times = []
    for _ in range(repeats):
        start = time.thread_time()
        work()
        times.append(time.thread_time() - start)
    return 1000 * statistics.median(times)


def head_floor(p: CapePerturber) -> dict[str, float]:
    """What one released step cannot go below: the candidate table (candidates x dim, float32) read
    once from memory (a plain sum over it), the per-step matmul of one row (logits only) and of two
    rows (logits and the original token's distances, as the released step runs it), and the same
    distances for 16 rows at once (a prompt's worth, computed ahead instead of per step); and the int8
    table's 1- and 2-row matmuls (``cape.projection: int8``)."""
    a = p.adapter
    dim = int(a.cand_emb.shape[1])
    g = torch.Generator().manual_seed(0)
    one, two, many = (torch.randn(n, dim, generator=g) for n in (1, 2, 16))
    tables = projection_tables(p)
    f32 = tables["float32"]
    with torch.inference_mode():
        out = {
            "table_mb": a.cand_emb.numel() * a.cand_emb.element_size() / 2**20,
            "read": _cpu_ms(lambda: a.cand_emb.sum()),
            "rows1": _cpu_ms(lambda: f32(one)),
            "rows2": _cpu_ms(lambda: f32(two)),
            "rows16": _cpu_ms(lambda: f32(many), repeats=5),
        }
        if "int8" in tables:
            out["rows1_int8"] = _cpu_ms(lambda: tables["int8"](one))
            out["rows2_int8"] = _cpu_ms(lambda: tables["int8"](two))
        # Half-size tables (not used by Cape; they would change the logits' rounding): what they would save.
        for name, dtype in (("rows1_fp16", torch.float16), ("rows1_bf16", torch.bfloat16)):
            out[name] = _half_table_ms(a.cand_emb.to(dtype), one.to(dtype))
        return out


def _half_table_ms(table: torch.Tensor, row: torch.Tensor) -> float:
    return _cpu_ms(lambda: torch.nn.functional.linear(row, table))


def measure_speed(p: CapePerturber, pool: list[str], count: int) -> dict:
    prompts = thirty_token_prompts(p, pool, count)
    threads = torch.get_num_threads()
    load = [os.getloadavg()[0]]
    torch.set_num_threads(1)
    try:
        variants = [(c, pr) for c in ("original", "released") for pr in ("float32", "int8")]
        cpu = side_by_side(p, [*prompts[:2], *prompts], variants, warmup=2)  # the first two warm up
        floor = head_floor(p)
        load.append(os.getloadavg()[0])
        thr1 = {}
        default = p.adapter.projection
        for name, proj in projection_tables(p).items():
            use_projection(p, proj)
            thr1.update({f"{c}/{name}": throughput(p, prompts, c, (1, 8, 32)) for c in ("original", "released")})
        use_projection(p, default)
    finally:
        torch.set_num_threads(threads)
    p.cfg.cpu_threads = None  # torch's own thread count for this row (the default config pins 1)
    try:
        thr = {c: throughput(p, prompts, c, (8,)) for c in ("original", "released")}
    finally:
        p.cfg.cpu_threads = 1
    load.append(os.getloadavg()[0])
    eligible = statistics.mean(len(t.eligible) for t in p.encode(prompts))
    return {"cpu": cpu, "floor": floor, "thr1": thr1, "thr": thr, "threads": threads, "load": load, "prompts": len(prompts),
            "eligible": eligible}  # fmt: skip


# -- report --------------------------------------------------------------------------------------
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
    return f"{os.cpu_count()}-core CPU ({cpu}), {gpu}; torch {torch.__version__}; Python {platform.python_version()}"


def _tick(ours: float, paper: float) -> str:
    return "yes" if ours >= paper else "no"


def comparison_table(rows: list[Row]) -> list[str]:
    lines = [
        "| context | Delta | eps | Rouge-L reviews | paper GPT-2 / BERT (Table 3) | KNN privacy % reviews "
        "| paper BERT (Table 8) | both >= paper GPT-2 Rouge-L and Table 8 privacy |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        e = int(r.eps)
        bert, gpt = PAPER_ROUGE[e]
        both = _tick(r.rouge_reviews, gpt) == "yes" and _tick(r.knn_reviews, PAPER_KNN[e]) == "yes"
        lines.append(f"| {r.context} | {r.sensitivity} | {e} | {r.rouge_reviews:.1f} | {gpt:.1f} / {bert:.1f} | "
                     f"{r.knn_reviews:.1f} | {PAPER_KNN[e]:.1f} | {'yes' if both else 'no'} |")  # fmt: skip
    return lines


def detail_table(rows: list[Row]) -> list[str]:
    lines = [
        "| context | Delta | eps | Rouge-L all | retention % | KNN privacy % all | bound per position "
        "| bound, one token changed (mean) | bound, whole sentence (mean) | paper's eps + eps' (worst; not a bound) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(f"| {r.context} | {r.sensitivity} | {int(r.eps)} | {r.rouge_all:.1f} | {r.retention:.1f} | "
                     f"{r.knn_all:.1f} | {r.bound:.2f} | {r.token_bound:.1f} | {r.total_bound:.1f} | "
                     f"{r.paper_worst:.2f} |")  # fmt: skip
    return lines


def neighbour_section(ratios: dict[str, list[tuple[str, float]]]) -> list[str]:
    words = [w for w, _ in ratios["original"]]
    lines = ["", f"Exact per-position |log-likelihood ratio| of one output (eps = 1, Delta = 1) between "
             f"`{NEIGHBOURS[0]}` and `{NEIGHBOURS[1]}`: of 20 outputs drawn from the first in each "
             "context, the one with the largest sum:",
             "", "| context | " + " | ".join(f"`{w}`" for w in words) + " | sum |",
             "|---|" + "---:|" * (len(words) + 1)]  # fmt: skip
    for context, pairs in ratios.items():
        lines.append(f"| {context} | " + " | ".join(f"{v:.2f}" for _, v in pairs) + f" | {sum(v for _, v in pairs):.2f} |")
    return lines


def speed_section(s: dict | None) -> list[str]:
    if not s:
        return ["", "Speed: not measured (--skip-speed)."]
    lines = [
        "",
        f"Speed: {s['prompts']} prompts of 30 tokens ({s['eligible']:.1f} perturbed on average), eps = 6; CPU time "
        f"of one thread (torch on 1 thread), medians, each prompt measured side by side with the model's plain "
        f"float32 forward pass (all 30 positions' logits), the variants interleaved. Projection: the candidate "
        f"table the logits and distances are computed against (`cape.projection`; auto = int8 on a CPU). "
        f"1-minute load average during the runs: " + " / ".join(f"{x:.1f}" for x in s["load"]) + ".",
        "",
        "| context | projection | forward pass alone (ms) | Cape total (ms) | of which model (ms) | of which mechanism (ms) "
        "| mechanism / forward pass | Cape total / forward pass |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for (context, precision), c in s["cpu"].items():
        lines.append(f"| {context} | {precision} | {c['forward']:.0f} | {c['cape']:.0f} | {c['model']:.0f} | "
                     f"{c['mechanism']:.0f} | {100 * c['mechanism'] / c['forward']:.0f} % | "
                     f"{c['cape'] / c['forward']:.2f} |")  # fmt: skip
    if "floor" in s:
        f = s["floor"]
        lines += ["", f"Released step floor (1 thread, CPU time, medians): reading the {f['table_mb']:.0f} MiB float32 "
                  f"candidate table once {f['read']:.1f} ms; its matmul with 1 row {f['rows1']:.1f} ms, 2 rows "
                  f"{f['rows2']:.1f} ms (logits + distances, per step), 16 rows {f['rows16']:.1f} ms. The same 1-row "
                  f"matmul over a float16 / bfloat16 copy of the table: {f['rows1_fp16']:.1f} / {f['rows1_bf16']:.1f} ms."]  # fmt: skip
        if "rows2_int8" in f:
            lines[-1] += (f" The int8 table (`cape.projection: int8`, two rounding passes per row): 1 row "
                          f"{f['rows1_int8']:.1f} ms, 2 rows {f['rows2_int8']:.1f} ms.")
    lines += ["", "Throughput (prompts/s, wall clock, 30-token prompts):", "",
              "| context | projection | 1 thread: batch 1 / 8 / 32 |", "|---|---|---|"]
    for name, values in s["thr1"].items():
        context, precision = name.split("/")
        lines.append(f"| {context} | {precision} | " + " / ".join(f"{v:.1f}" for v in values.values()) + " |")
    many = "; ".join(f"{c} {' / '.join(f'{v:.1f}' for v in vals.values())}" for c, vals in s["thr"].items())
    lines += ["", f"With torch's own thread count ({s['threads']} threads, default projection), batch 8: {many} prompts/s."]
    gpu = "measured above" if torch.cuda.is_available() else "not measured (no GPU available)"
    lines += ["", f"GPU (>= 500 prompts/s of 30 tokens with batching): {gpu}."]
    return lines


def report(rows: list[Row], ratios: dict, speed: dict | None, examples: list, args: argparse.Namespace) -> str:
    meta = args.meta
    lines = [
        "# Cape evaluation",
        "",
        f"Machine: {machine()}. Date: {datetime.now(UTC):%Y-%m-%d}.",
        f"Command: `python bench/cape_eval.py {' '.join(sys.argv[1:])}`".rstrip(),
        f"Model: packaged SmolLM2-135M-Instruct (causal adapter, {meta['dtype']} forward pass, "
        f"{meta['projection']} candidate table), B = "
        f"{meta['bound']:.2f}, lambda_L = 0.5, lambda_D = 1.0, N_b = 50, {meta['candidates']} candidates. "
        f"Sentences: {meta['sentences']} ({meta['reviews']} reviews; {meta['tokens']} perturbed tokens), "
        f"{args.draws} draw(s) per eps and variant.",
        "",
        "Against the paper (reviews, the SST-2 analogue):",
        "",
        *comparison_table(rows),
        "",
        "All sentences, and the bounds each result reports (data-independent; docs/cape.md):",
        "",
        *detail_table(rows),
        *neighbour_section(ratios),
        *agreement_section(args.agreement, meta["tokens"]),
        *speed_section(speed),
        "",
        "Examples (the paper's Table 10 inputs, released context, Delta = 1, independent draws):",
        "",
        "| eps | perturbed |",
        "|---:|---|",
    ]
    for eps, outs in examples:
        cells = " / ".join("`" + o.replace("|", "\\|").replace("`", "'") + "`" for o in outs)
        lines.append(f"| {eps:g} | {cells} |")
    return "\n".join(lines) + "\n"


def splice_speed(text: str, speed: dict) -> str:
    """Replace the speed section of an existing report (``--speed-only``)."""
    head, _, rest = text.partition("\nSpeed: ")
    _, _, tail = rest.partition("\nExamples")
    note = f"(speed re-measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC: `{' '.join(sys.argv)}`)"
    return head.rstrip("\n") + "\n\n" + "\n".join(speed_section(speed)[1:]) + "\n" + note + "\n\nExamples" + tail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sentences", type=int, default=60, help="sentences to perturb (half reviews)")
    ap.add_argument("--draws", type=int, default=1, help="independent perturbations per sentence and eps")
    ap.add_argument("--full", action="store_true", help="200 sentences, 3 draws")
    ap.add_argument("--latency-prompts", type=int, default=20)
    ap.add_argument("--threads", type=int, default=1, help="torch threads for the utility runs")
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--speed-only", action="store_true", help="re-measure speed into an existing --out")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "cape_eval.md")
    ap.add_argument("--projection", choices=("auto", "float32", "int8"), default="auto",
                    help="candidate table for the utility runs (cape.projection; auto = int8 on a CPU)")
    args = ap.parse_args(argv)
    if args.full:
        args.sentences, args.draws = 200, 3
    p = CapePerturber(CapeConfig(projection=args.projection), device="cpu")
    p.load()
    reviews, personal = sentence_set(args.sentences)
    if args.speed_only:
        text = splice_speed(args.out.read_text(encoding="utf-8"),
                            measure_speed(p, reviews + personal, args.latency_prompts))  # fmt: skip
    else:
        threads = torch.get_num_threads()
        torch.set_num_threads(args.threads)
        try:
            texts = reviews + personal
            rows = evaluate(p, texts, len(reviews), args.draws)
            ratios = neighbour_ratios(p)
            args.agreement = projection_agreement(p, texts)
            p.cfg.context, p.cfg.sensitivity = "released", "unit"  # type: ignore[assignment]
            examples = [(eps, [r.text for r in p.perturb_batch(EXAMPLES, eps, seeds=[2 * k, 2 * k + 1])])
                        for k, eps in enumerate(EPSILONS)]  # fmt: skip
        finally:
            torch.set_num_threads(threads)
        args.meta = {
            "dtype": str(next(p.adapter.model.parameters()).dtype).replace("torch.", ""),
            "projection": p.adapter.projection.precision,
            "bound": p.logit_bound, "candidates": len(p.adapter.candidates.ids), "sentences": len(texts),
            "reviews": len(reviews), "tokens": sum(len(t.eligible) for t in p.encode(texts)),
        }  # fmt: skip
        speed = None if args.skip_speed else measure_speed(p, texts, args.latency_prompts)
        text = report(rows, ratios, speed, examples, args)
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
