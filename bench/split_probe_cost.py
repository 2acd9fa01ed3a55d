"""What the split-value probes (proxy/pipeline/splits.py) add to sanitizing one request: a 10-message chat
request whose messages end with a number (every join gets probed, the worst case) and one whose messages
end with a word (no join is probed). Sanitizer only, one thread.

    python -m bench.split_probe_cost [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import time

from mechanisms.keys import MasterKey
from mechanisms.prmpt import Sanitizer
from proxy.chat.wire import REQUEST
from proxy.pipeline.fieldmap import walk_request
from proxy.pipeline.splits import junctions, probe_text


def _texts(ending: str) -> tuple[list[str], list[str]]:
    messages = [{"role": "user" if i % 2 == 0 else "assistant",
                 "content": f"Message {i}: I talked to Maria Lopez about invoice {i} and she said to call "
                            f"(415) 555-01{i:02d} {ending}"} for i in range(10)]
    slots = [s for s in walk_request(REQUEST, {"model": "m", "messages": messages}).slots if s.text.strip()]
    probes = junctions(slots)
    return [s.text for s in slots], [probe_text(probes)] if probes else []


def _median_ms(sanitizer: Sanitizer, keys, texts: list[str], reps: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        sanitizer.sanitize_requests([(texts, keys, [])])
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="5 repetitions instead of 30")
    reps = 5 if parser.parse_args().quick else 30
    keys = MasterKey.from_bytes(bytes(range(32))).user_keys("bench")
    sanitizer = Sanitizer()
    sanitizer.load()
    for ending in ("2024", "tomorrow"):
        texts, probes = _texts(ending)
        _median_ms(sanitizer, keys, texts, 2)  # warm
        base, probed = _median_ms(sanitizer, keys, texts, reps), _median_ms(sanitizer, keys, texts + probes, reps)
        print(f"messages ending with {ending!r}: {len(texts)} texts, {len(probes)} probe text; median "
              f"{base:.1f} ms without probes, {probed:.1f} ms with (+{(probed - base) / base * 100:.0f} %)")


if __name__ == "__main__":
    main()
