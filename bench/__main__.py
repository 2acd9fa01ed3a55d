"""`make bench`: run the benchmarks, print each figure beside its target, write bench/results/.

    python -m bench                    # everything (about 12 minutes on a quiet 2-core CPU)
    python -m bench proxy streaming    # some of: proxy streaming surfaces turns prmpt external news_external court_external clinical_external locales prompt_shapes news_shapes court_shapes document_shapes thread_shapes foreign_shapes pii_prompts presidio_synthetic address_prose known cape memory load scale
                                       #          lanes detect peers (peers: after `make bench-peers` installed LiteLLM)
    python -m bench --quick            # fewer rounds (a smoke run)
"""

from __future__ import annotations

import argparse
import datetime
import sys
from collections.abc import Callable

from bench.common import RESULTS, machine


def _suites(quick: bool) -> dict[str, Callable[[], tuple[str, bool]]]:
    from bench import (
        address_prose,
        cape_bench,
        clinical_external,
        court_external,
        court_shapes,
        detect_lane,
        document_shapes,
        external,
        foreign_shapes,
        known_values,
        load,
        locales,
        memory,
        model_lanes,
        news_external,
        news_shapes,
        peers,
        pii_prompts,
        presidio_synthetic,
        prmpt_bench,
        prompt_shapes,
        proxy_overhead,
        scale,
        streaming,
        surface_streams,
        thread_shapes,
        turn_store,
    )

    return {
        "proxy": lambda: proxy_overhead.run(rounds=2 if quick else 6),
        "streaming": lambda: streaming.run(rounds=5 if quick else 30),
        "surfaces": lambda: surface_streams.run(rounds=20 if quick else 200),
        "turns": lambda: turn_store.run(rounds=20 if quick else 100),
        "prmpt": lambda: prmpt_bench.run(reps=10 if quick else 60),
        "external": lambda: external.run(limit=60 if quick else None),
        "news_external": lambda: news_external.run(limit=60 if quick else None),
        "court_external": lambda: court_external.run(limit=20 if quick else None),
        "clinical_external": lambda: clinical_external.run(limit=200 if quick else None),
        "locales": lambda: locales.run(per_locale=3 if quick else 12),
        "prompt_shapes": lambda: prompt_shapes.run(per_shape=2 if quick else 6),
        "news_shapes": lambda: news_shapes.run(rounds=1 if quick else 2),
        "court_shapes": lambda: court_shapes.run(),
        "document_shapes": lambda: document_shapes.run(),
        "thread_shapes": lambda: thread_shapes.run(),
        "foreign_shapes": lambda: foreign_shapes.run(),
        "pii_prompts": lambda: pii_prompts.run(),
        "presidio_synthetic": lambda: presidio_synthetic.run(samples=500 if quick else 1500),
        "address_prose": lambda: address_prose.run(rounds=1),
        "known": lambda: known_values.run(seeds=100_000 if quick else 1_000_000),
        "cape": lambda: cape_bench.run(reps=3 if quick else 10),
        "memory": memory.run,
        "load": lambda: load.run(seconds=10 if quick else 60, clients=50 if quick else 200),
        "scale": lambda: scale.run(quick=quick),
        "lanes": lambda: model_lanes.run(quick=quick),
        "detect": lambda: detect_lane.run(quick=quick),
        "peers": lambda: peers.run(rounds=2 if quick else 4),
    }


DEFAULT = ("proxy", "streaming", "surfaces", "turns", "prmpt", "external", "news_external", "court_external", "clinical_external", "locales", "prompt_shapes", "news_shapes", "court_shapes",
           "document_shapes", "thread_shapes", "foreign_shapes", "pii_prompts", "presidio_synthetic",
           "address_prose",
           "known",
           "cape", "memory", "load", "scale", "lanes", "detect")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("names", nargs="*")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    suites = _suites(args.quick)
    names = args.names or list(DEFAULT)  # peers: `make bench-peers` (it installs LiteLLM first)
    header = f"Machine: {machine()}\nDate: {datetime.date.today().isoformat()}\n"
    print(header, flush=True)
    sections, all_ok = [header], True
    for name in names:
        if name not in suites:
            print(f"unknown benchmark {name!r}; choose from {', '.join(suites)}", file=sys.stderr)
            return 2
        text, ok = suites[name]()
        all_ok = all_ok and ok
        print(text, flush=True)
        sections.append(text)
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / f"{name}.md").write_text(header + "\n" + text)
    if not args.names:
        (RESULTS / "summary.md").write_text("\n".join(sections))
    print("all targets met" if all_ok else "some targets NOT met: see the tables and docs/benchmarks.md for the reasons")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
