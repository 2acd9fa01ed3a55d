"""One large prompt through mode prmpt: its answer time and status, the Veil process's peak RSS and CPU
seconds, and how long a small request sent meanwhile waits.

    python -m bench.big_request              # a 1 MB prompt
    python -m bench.big_request --quick      # 100 kB
    python -m bench.big_request --chars 300000 --env VEIL_LIMITS__MAX_TEXT_CHARS=400000

Not part of the suite: a measurement for the README and the issue's before/after.
"""

from __future__ import annotations

import argparse
import random
import threading
import time
from pathlib import Path

import httpx

from bench.common import mock_server, tree_cpu_seconds, veil_server

_FIRST = ["John", "Maria", "Wei", "Fatima", "Olga", "Kwame", "Lucia", "Ahmed"]
_LAST = ["Smith", "Garcia", "Chen", "Khan", "Ivanova", "Mensah", "Rossi", "Haddad"]


def prompt(chars: int, seed: int = 7) -> str:
    """Business-letter sentences with a name, an SSN, a card, an email and an amount each."""
    rng = random.Random(seed)
    parts, size = [], 0
    while size < chars:
        first, last = rng.choice(_FIRST), rng.choice(_LAST)
        sentence = (f"Dear {first} {last}, your SSN {rng.randint(100, 665)}-{rng.randint(10, 99)}-"
                    f"{rng.randint(1000, 9999)} and card 4111 1111 1111 {rng.randint(1000, 9999)} were updated; "
                    f"write to {first.lower()}.{last.lower()}@acme-corp.com about the ${rng.randint(10, 999)} "
                    "refund before the meeting on Tuesday at the office. ")
        parts.append(sentence)
        size += len(sentence)
    return "".join(parts)[:chars]


def _status_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return -1


def _chat(url: str, text: str, timeout: float) -> tuple[int, float]:
    started = time.perf_counter()
    body = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": text}]}
    response = httpx.post(url + "/v1/chat/completions", json=body, timeout=timeout)
    return response.status_code, time.perf_counter() - started


def _settle(pid: int, limit: float = 600.0) -> float:
    """CPU seconds of the process once it stops working (background work included)."""
    last, deadline = tree_cpu_seconds(pid), time.monotonic() + limit
    while time.monotonic() < deadline:
        time.sleep(2.0)
        now = tree_cpu_seconds(pid)
        if now - last < 0.1:
            return now
        last = now
    return last


def run(chars: int, env: dict[str, str]) -> None:
    text = prompt(chars)
    with mock_server() as mock, veil_server("prmpt", mock.url + "/v1", preload=True, env=env) as veil:
        pid = veil.proc.pid
        print(f"warm-up: {_chat(veil.url, 'Hello John Smith, SSN 123-45-6789.', 60)}")
        base_rss, base_cpu = _status_kb(pid, "VmRSS"), tree_cpu_seconds(pid)
        small: list[tuple[int, float]] = []

        def small_requests() -> None:
            time.sleep(1.0)
            small.append(_chat(veil.url, "Call Maria Garcia at 555-201-3344 tomorrow.", 120))

        thread = threading.Thread(target=small_requests)
        thread.start()
        status, elapsed = _chat(veil.url, text, 900)
        thread.join()
        cpu = _settle(pid) - base_cpu
        peak = _status_kb(pid, "VmHWM")
        print(f"prompt: {len(text):,} characters")
        print(f"large request: HTTP {status} after {elapsed:.2f} s")
        print(f"small request sent 1 s later: HTTP {small[0][0]} after {small[0][1]:.2f} s")
        print(f"Veil CPU seconds for both (until idle): {cpu:.1f}")
        print(f"Veil RSS before: {base_rss / 1024:.0f} MB, peak: {peak / 1024:.0f} MB, "
              f"after: {_status_kb(pid, 'VmRSS') / 1024:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=1_000_000)
    parser.add_argument("--quick", action="store_true", help="100,000 characters")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the Veil process")
    args = parser.parse_args()
    env = dict(item.split("=", 1) for item in args.env)
    run(100_000 if args.quick else args.chars, env)


if __name__ == "__main__":
    main()
