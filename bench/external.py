"""Detection measured on text nobody on the project wrote: the labeled development files of
``../shared/data/pii-dev`` (their README gives sources, licences and citations), with the leak rule of
its ``leak_rate.py`` (the held-out evaluation's rule), side by side with an earlier revision.

    python -m bench external                        # every dev file, this tree beside the base revision
    python -m bench.external --base 849d757 --limit 150 --files wikigold-en.jsonl.gz
    python -m bench.external --no-base --show 5     # this tree alone, five leaked examples per label

Per file and label: spans and the share LEAKED (the value, or a 3+ letter word of a name, or a
digit-bearing segment of an address, still in the sanitized text). Per file: the share of unlabeled
words altered (words outside every labeled span that a replacement touched: over-masking), the share
of texts whose sanitize-then-restore gives the text back exactly, and the sanitize time per 1,000
characters. (The noised values of Category II stay noised in the restored text, as by default: a
round trip is exact when every other character comes back as written.) Both trees run as worker processes with this tree's virtualenv, at their default Prmpt
configuration, on the same records, alternately (machine load hits both alike), and beside them
Presidio's analyzer at its defaults on the same spaCy pipelines (each span replaced by ``<TYPE>``). Only dev splits and
the files that have no train split are read; the train splits are what ``make train-ner`` may learn
from, never what is measured here.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import importlib.util
import json
import re
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from bench.common import ROOT

DATA = ROOT.parent / "shared" / "data" / "pii-dev"
FILES = ("wikigold-en.jsonl.gz", "btc-en.dev.jsonl.gz", "wnut17-en.dev.jsonl.gz", "sec-en.jsonl.gz",
         "meddocan-es.dev.jsonl.gz", "europeana-fr.jsonl.gz")
BASE = "849d757"  # the tree before the detection work of the "real text" issue
TARGET_LABELS = ("PERSON", "ADDRESS", "ID", "PHONE", "EMAIL", "DATE", "DATE of birth")
# a DATE span right after a birth cue is also counted as "DATE of birth" (the target is the date of
# birth; the files label every date, and the clinical reports' histories are full of months and years)
_BIRTH_CUE = re.compile(r"(?:nacimiento|nacid[oa]\s+(?:el|en)|naissance|n[ée]e?\s+(?:le|en)|born(?:\s+(?:on|in))?|birth|dob|"
                        r"d\.o\.b\.?|date\s+of\s+birth)\s*[:.,-]?\s*$", re.IGNORECASE)
_WORD = re.compile(r"\w+")
TITLE = "## Detection on external text (pii-dev dev splits; leak rule of its leak_rate.py)"  # (the others replace it)

# The worker: runs inside a tree (PYTHONPATH) and uses only the Sanitizer's public API, so any revision runs it.
WORKER = r"""
import json, sys, time, resource
from mechanisms.keys import MasterKey
from mechanisms.prmpt.sanitizer import Sanitizer
s = Sanitizer()
s.load()
keys = MasterKey.from_bytes(bytes(32)).user_keys("bench")
print(json.dumps({"rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}), flush=True)
for line in sys.stdin:
    text = json.loads(line)["text"]
    t0 = time.perf_counter()
    out = s.sanitize(text, keys)
    secs = time.perf_counter() - t0
    # what restoring must give back: the text as written, but for the noised (Category II) values,
    # which stay noised by default (sanitize.restore_mldp_values)
    expected, at = [], 0
    for e in out.entities:
        if e.category == "mldp":
            expected += [text[at:e.start], e.replacement]
            at = e.end
    expected = "".join(expected) + text[at:]
    back = s.desanitize(out.text, out.mapping)
    print(json.dumps({"out": out.text, "spans": [[e.start, e.end] for e in out.entities],
                      "exact": back == expected, "secs": secs}), flush=True)
"""


# Presidio's analyzer (a dependency of Veil, so in the same virtualenv) at its defaults on the same spaCy
# pipelines, each found span replaced by "<TYPE>" (what its anonymizer does by default); nothing to restore.
PRESIDIO_WORKER = r"""
import json, os, sys, time, resource
os.environ.setdefault("PRESIDIO_DEVICE", "cpu")
from mechanisms.prmpt.annotator import _make_tldextract_offline
from mechanisms.prmpt.config import DEFAULT_SPACY_MODELS
from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
from presidio_analyzer.nlp_engine import NlpEngineProvider
_make_tldextract_offline()
langs = ["en", "es", "fr"]
conf = {"nlp_engine_name": "spacy", "models": [{"lang_code": lang, "model_name": DEFAULT_SPACY_MODELS[lang]}
                                                for lang in langs]}
registry = RecognizerRegistry(supported_languages=langs)
registry.load_predefined_recognizers(languages=langs)
engine = AnalyzerEngine(nlp_engine=NlpEngineProvider(nlp_configuration=conf).create_engine(), registry=registry,
                        supported_languages=langs)
print(json.dumps({"rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}), flush=True)
for line in sys.stdin:
    msg = json.loads(line)
    text, lang = msg["text"], msg.get("lang") or "en"
    t0 = time.perf_counter()
    found = sorted(engine.analyze(text, language=lang if lang in langs else "en"),
                   key=lambda r: (-(r.end - r.start), -r.score))
    kept = []
    for r in found:
        if all(r.end <= a or r.start >= b for a, b, _ in kept):
            kept.append((r.start, r.end, r.entity_type))
    out, at = [], 0
    for a, b, kind in sorted(kept):
        out += [text[at:a], "<" + kind + ">"]
        at = b
    out = "".join(out) + text[at:]
    print(json.dumps({"out": out, "spans": [[a, b] for a, b, _ in kept], "exact": None,
                      "secs": time.perf_counter() - t0}), flush=True)
"""


def presidio_installed() -> bool:
    return importlib.util.find_spec("presidio_analyzer") is not None


def leak_rule() -> ModuleType:
    """``leak_rate.py`` of the data folder, imported by path (stdlib only)."""
    spec = importlib.util.spec_from_file_location("pii_dev_leak_rate", DATA / "leak_rate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def records(name: str, limit: int | None) -> list[dict[str, Any]]:
    with gzip.open(DATA / name, "rt", encoding="utf-8") as f:
        out = [json.loads(line) for line in f]
    return out[:limit] if limit else out


class Worker:
    """One tree's sanitizer in a subprocess: a text in, the sanitized text and its replaced spans out. The
    script prints one JSON line once loaded (``info``, with ``rss_mb``), then one per text it is sent."""

    def __init__(self, tree: Path, script: str = WORKER, env: dict[str, str] | None = None) -> None:
        base = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "HOME": str(Path.home()),
                "TOKENIZERS_PARALLELISM": "false", "HF_HUB_OFFLINE": "1", "OMP_NUM_THREADS": "1"}
        self.proc = subprocess.Popen([sys.executable, "-c", script], cwd=tree, env={**base, **(env or {})},
                                     text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1)
        self.info = self._read()
        self.rss_mb = float(self.info["rss_mb"])

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the sanitizer worker exited")
        return json.loads(line)

    def __call__(self, text: str, lang: str | None = None) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"text": text, "lang": lang}) + "\n")
        return self._read()

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@contextlib.contextmanager
def workers(base: str | None, presidio: bool = False) -> Iterator[dict[str, Worker]]:
    from bench.compare_revisions import worktree

    with contextlib.ExitStack() as stack:
        trees = {"this tree": ROOT}
        if base:
            trees = {f"base {base}": stack.enter_context(worktree(base)), **trees}
        running = {name: Worker(tree) for name, tree in trees.items()}
        if presidio:
            running = {"Presidio": Worker(ROOT, PRESIDIO_WORKER), **running}
        try:
            yield running
        finally:
            for w in running.values():
                w.close()


def altered_words(rec: dict[str, Any], replaced: list[list[int]]) -> tuple[int, int]:
    """(unlabeled words, of them touched by a replacement)."""
    labeled = [(s["start"], s["end"]) for s in rec["spans"]]
    total = hit = 0
    for m in _WORD.finditer(rec["text"]):
        a, b = m.span()
        if any(x < b and a < y for x, y in labeled):
            continue
        total += 1
        hit += any(x < b and a < y for x, y in replaced)
    return total, hit


class Tally:
    def __init__(self) -> None:
        self.labels: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        self.words = [0, 0]
        self.exact = [0, 0]
        self.secs = 0.0
        self.chars = 0
        self.examples: dict[str, list[str]] = defaultdict(list)

    def add(self, rule: ModuleType, rec: dict[str, Any], got: dict[str, Any], show: int) -> None:
        for span in rec["spans"]:
            kept = rule.leaked(span, rec, got["out"])
            stat = self.labels[span["label"]]
            stat[0] += 1
            stat[1] += bool(kept)
            if span["label"] == "DATE" and _BIRTH_CUE.search(rec["text"], max(0, span["start"] - 40), span["start"]):
                birth = self.labels["DATE of birth"]
                birth[0] += 1
                birth[1] += bool(kept)
            if kept and len(self.examples[span["label"]]) < show:
                self.examples[span["label"]].append(f"{rec['text'][span['start']:span['end']]!r} kept {kept}")
        total, hit = altered_words(rec, got["spans"])
        self.words[0] += total
        self.words[1] += hit
        if got["exact"] is not None:  # (Presidio does not restore)
            self.exact[0] += 1
            self.exact[1] += bool(got["exact"])
        self.secs += got["secs"]
        self.chars += len(rec["text"])


def pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f} %" if n else "-"


def run(base: str | None = BASE, limit: int | None = None, files: tuple[str, ...] = FILES,
        show: int = 0, presidio: bool | None = None) -> tuple[str, bool]:
    if not DATA.is_dir():
        return f"## External text\n\nskipped: {DATA} is not there\n", True
    rule = leak_rule()
    results: dict[str, dict[str, Tally]] = {}
    with workers(base, presidio_installed() if presidio is None else presidio) as running:
        names = list(running)
        rss = {name: w.rss_mb for name, w in running.items()}
        for name in files:
            tallies = {tree: Tally() for tree in names}
            for i, rec in enumerate(records(name, limit)):
                order = names if i % 2 == 0 else names[::-1]
                for tree in order:
                    tallies[tree].add(rule, rec, running[tree](rec["text"], rec.get("lang")), show)
            results[name] = tallies
            print(f"  {name}: done", file=sys.stderr, flush=True)
        speed = prompt_speed(running)
    return report(results, names, rss, limit) + speed, True


def run_records(recs: list[dict[str, Any]], name: str, title: str, base: str | None,
                limit: int | None) -> tuple[str, bool]:
    """:func:`run` on records read from data kept out of the repository (written to a temporary file named
    ``name``), the report headed by ``title`` in place of :data:`TITLE`."""
    if not DATA.is_dir():
        return title.split("\n")[0] + f"\n\nskipped: {DATA} (its leak rule) is not there\n", True
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / name
        with gzip.open(target, "wt", encoding="utf-8") as f:
            for rec in recs:
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        text, ok = run(base, limit, (str(target),), presidio=False)
    return text.replace(tmp + "/", "").replace(TITLE, title), ok


def prompt_speed(running: dict[str, Worker], prompts: int = 40, rounds: int = 5) -> str:
    """Median sanitize time of 300-character English prompts (the first 300 characters, cut at a word,
    of WikiGold pieces), each prompt sent to every tree in turn, ``rounds`` times."""
    texts = [rec["text"][:300].rsplit(" ", 1)[0] for rec in records("wikigold-en.jsonl.gz", prompts)]
    times: dict[str, list[float]] = {name: [] for name in running}
    for r in range(rounds):
        for i, text in enumerate(texts):
            order = list(running) if (i + r) % 2 == 0 else list(running)[::-1]
            for name in order:
                times[name].append(running[name](text)["secs"])
    med = {name: 1000 * statistics.median(t) for name, t in times.items()}
    base = [name for name in running if name.startswith("base")]
    ratio = f"; this tree / base {med['this tree'] / med[base[0]]:.2f}x (target <= 1.5x)" if base else ""
    return ("\n300-character English prompts, median sanitize time (ms): "
            + ", ".join(f"{name} {ms:.1f}" for name, ms in med.items()) + ratio + "\n")


def report(results: dict[str, dict[str, Tally]], names: list[str], rss: dict[str, float],
           limit: int | None) -> str:
    cols = " | ".join(names)
    lines = [TITLE, "",
             f"Records per file: {'first ' + str(limit) if limit else 'all'}. Cells: leaked share "
             f"({' | '.join(names)}). Lower is better; targets <= 5 % leaked, <= 1 % words altered, "
             ">= 99 % exact round trips.", "",
             f"| file | label | spans | {cols} |", "|---|---|---:|" + "---:|" * len(names)]
    for name, tallies in results.items():
        first = tallies[names[-1]]  # this tree (spans and words are the same for all; Presidio restores nothing)
        for label in sorted(first.labels, key=lambda lb: -first.labels[lb][0]):
            n = first.labels[label][0]
            cells = " | ".join(pct(tallies[t].labels[label][1], n) for t in names)
            mark = "" if label in TARGET_LABELS else " (not a target)"
            lines.append(f"| {name} | {label}{mark} | {n} | {cells} |")
        lines.append(f"| {name} | unlabeled words altered | {first.words[0]} | "
                     + " | ".join(pct(tallies[t].words[1], tallies[t].words[0]) for t in names) + " |")
        lines.append(f"| {name} | exact round trip (texts) | {first.exact[0]} | "
                     + " | ".join(pct(tallies[t].exact[1], tallies[t].exact[0]) for t in names) + " |")
        lines.append(f"| {name} | ms per 1,000 chars | {first.chars} | "
                     + " | ".join(f"{1000 * tallies[t].secs / max(1, tallies[t].chars) * 1000:.1f}"
                                  for t in names) + " |")
    lines.append("| all | peak RSS after load (MB) | | " + " | ".join(f"{rss[t]:.0f}" for t in names) + " |")
    for name, tallies in results.items():
        for tree, tally in tallies.items():
            for label, exs in tally.examples.items():
                for ex in exs:
                    lines.append(f"- {tree} {name} [{label}] {ex}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.external", description=__doc__.split("\n")[0])
    ap.add_argument("--base", default=BASE, help="the revision to compare with (default %(default)s)")
    ap.add_argument("--no-base", action="store_true", help="without the base revision")
    ap.add_argument("--no-presidio", action="store_true", help="without Presidio's analyzer")
    ap.add_argument("--limit", type=int, help="first N records of each file")
    ap.add_argument("--files", nargs="*", default=list(FILES))
    ap.add_argument("--show", type=int, default=0, help="leaked examples per label and file")
    args = ap.parse_args(argv)
    text, ok = run(None if args.no_base else args.base, args.limit, tuple(args.files), args.show,
                   False if args.no_presidio else None)
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


def shares(cells: list[list[int]]) -> str:
    """Table cells: each tree's leaked share of its (leaked, total) tally."""
    return " | ".join(f"{k / n * 100:.1f} %" for k, n in cells)


def compare_cli(argv: list[str], prog: str, doc: str, run: Any, option: str, default: int) -> int:
    """The command line of a benchmark that compares this tree with a base revision (--base / --no-base) and
    takes one size option."""
    ap = argparse.ArgumentParser(prog=prog, description=doc.split("\n")[0])
    ap.add_argument("--base", default=BASE)
    ap.add_argument("--no-base", action="store_true")
    ap.add_argument(option, type=int, default=default)
    args = ap.parse_args(argv)
    print(run(None if args.no_base else args.base, getattr(args, option.lstrip("-").replace("-", "_")))[0])
    return 0


def data_cli(argv: list[str], prog: str, doc: str, run: Any, data_help: str, limit_help: str) -> int:
    """The command line of a benchmark on data kept out of the repository (--data), this tree beside a base
    revision (--base / --no-base), on the first records only (--limit)."""
    ap = argparse.ArgumentParser(prog=prog, description=doc.split("\n")[0])
    ap.add_argument("--base", default=BASE)
    ap.add_argument("--no-base", action="store_true")
    ap.add_argument("--data", help=data_help)
    ap.add_argument("--limit", type=int, help=limit_help)
    args = ap.parse_args(argv)
    text, ok = run(None if args.no_base else args.base, args.data, args.limit)
    print(text)
    return 0 if ok else 1
