"""Prmpt: sanitize latency on one core (300 / 3,000 / 30,000 characters, ~5 PII values per 300
characters), restore cost per stream delta, and requests per second through Veil in mode prmpt."""

from __future__ import annotations

import asyncio
import json
import os
import time
from functools import lru_cache
from typing import Any

from faker import Faker

from bench.common import median, mock_server, pct, table, veil_server, verdict
from bench.loadgen import load, request_bytes


def make_prompt(chars: int, seed: int = 3) -> str:
    fake = Faker("en_US")
    Faker.seed(seed)
    parts = []
    while sum(len(p) for p in parts) < chars:
        parts.append(f"Customer {fake.name()} (SSN {fake.ssn()}, email {fake.free_email()}) paid with card "
                     f"{fake.credit_card_number(card_type='visa16')}; call {fake.numerify('(###) 555-0###')}. "
                     f"{fake.sentence(nb_words=14)} ")
    return "".join(parts)[:chars]


@lru_cache(maxsize=1)
def _loaded() -> tuple[Any, Any]:
    """One sanitizer, loaded once, and the keys every measure here uses."""
    from mechanisms.keys import MasterKey
    from mechanisms.prmpt import PrmptConfig, Sanitizer

    s = Sanitizer(PrmptConfig())
    s.load()
    return s, MasterKey.from_bytes(bytes(32)).user_keys("bench")


def _sanitize_times(text: str, reps: int) -> list[float]:
    """Seconds each of ``reps`` sanitizations of ``text`` took."""
    s, keys = _loaded()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        s.sanitize(text, keys)
        times.append(time.perf_counter() - t0)
    return times


def _sanitize_latency(sizes: tuple[int, ...], reps: int) -> dict[int, list[float]]:
    s, keys = _loaded()
    out = {}
    for size in sizes:
        text = make_prompt(size)
        s.sanitize(text, keys)
        out[size] = _sanitize_times(text, reps if size < 30_000 else max(3, reps // 10))
    return out


# inputs shaped against the finders' patterns: a 30,000-letter word in capitals took a minute until 2026-11-26 (a
# town pattern read from inside the word, the capitals-headline test looking ahead over the whole line); on
# 2026-11-26 (seventh session) a hyphenated token and a key took about 70 s (a secret's key read from every word
# boundary inside the token), "Ab'" repeated 22 s at 12,000 chars (streets read from inside a word), a list of
# thousands of two-word names 12 s (a search of the whole text per name), "Ab-" repeated minutes (a town's
# words split at a hyphen two ways) and "1-" repeated grew as the square of its length (a blank searched for to
# the end of the text per number); on 2026-11-26 (tenth session) a list of thousands of "Surname, Given" names
# grew as the square of its count (the learned model's agreement read every token of the text per name): 11 s at
# 60,000 chars, 3.6 s after; on 2026-11-27 (twelfth session) "said Ab to Cd" repeated grew as the square of its
# length (NER's entities scanned per reporting subject): 8.9 s at 30,000 chars, 2.0 s after; on 2026-11-27
# (thirteenth session) a list of names grew as the square of its count while it was written (the whole text
# before each name read for a greeting): 7.2 s at 30,000 chars of "Ab, Cd ", 3.2 s after; (fourteenth session) a
# scorecard of 7,500 dismissals, the cricket notation's finder; (fifteenth session) a match report of 2,143 minutes,
# a player and the one who came on at each, the match-minute finder; (sixteenth session) names in a text in lower
# case, which the annotator reads a second time in a copy cased as a careful writer would, and addresses in lower
# case, which the address finders read again in a copy in Title case
ADVERSARIAL = {"one 30,000-letter word in capitals": "ABCDEFGH" * 3750,
               "30,000 chars of two-letter capitals and punctuation": "AB, CD; EF: " * 2500,
               "30,000 chars of 'Name: «quote»' lines": "Garrido Molina: «hola»\n" * 1300,
               "a 30,000-char hyphenated token, then 'key=x'": "Ab-" * 10000 + " key=x",
               "30,000 chars of \"Ab'\"": "Ab'" * 10000,
               "30,000 chars of 'Ab Cd, ' (4,300 names)": "Ab Cd, " * 4300,
               "30,000 chars of '1-'": "1-" * 15000,
               "30,000 chars of 'Apt 1 ' (units with no comma)": "Apt 1 " * 5000,
               "30,000 chars of 'To: Ab, Cd; ' (2,500 names)": "To: Ab, Cd; " * 2500,
               "30,000 chars of 'said Ab to Cd '": "said Ab to Cd " * 2143,
               "30,000 chars of 'Ab, Cd ' (a list of names)": "Ab, Cd " * 4286,
               "30,000 chars of 'c Ab b Cd 1 ' (a scorecard)": "c Ab b Cd 1 " * 2500,
               "30,000 chars of 'Ab (Cd, m.1), ' (a match report)": "Ab (Cd, m.1), " * 2143,
               "30,000 chars of 'ewan kaite and ' (names in lower case)": "ewan kaite and " * 2000,
               "30,000 chars of 'at 12 main st apt 3, ' (addresses in lower case)": "at 12 main st apt 3, " * 1429}


def _adversarial(reps: int = 3) -> dict[str, float]:
    return {name: min(_sanitize_times(text, reps)) for name, text in ADVERSARIAL.items()}


def _restore_cost() -> tuple[float, int]:
    from mechanisms.prmpt import RestorePlan, StreamingRestorer

    s, keys = _loaded()
    result = s.sanitize(make_prompt(3000), keys)
    plan = RestorePlan(result.mapping)
    deltas = [result.text[i:i + 4] for i in range(0, len(result.text), 4)]
    best = float("inf")
    for _ in range(5):
        r = StreamingRestorer(plan)
        t0 = time.perf_counter()
        for d in deltas:
            r.feed(d)
        r.flush()
        best = min(best, (time.perf_counter() - t0) / len(deltas))
    return best, len(deltas)


def _rps() -> tuple[float, float]:
    body = json.dumps({"model": "bench", "x-bench-echo": True,
                       "messages": [{"role": "user", "content": make_prompt(300)}]}).encode()
    with mock_server() as mock, veil_server("prmpt", mock.url + "/v1") as veil:
        payload = request_bytes("/v1/chat/completions", body)
        asyncio.run(load(veil.port, payload, 4, 5))
        runs = [asyncio.run(load(veil.port, payload, 8, 10)) for _ in range(3)]
        direct = [asyncio.run(load(mock.port, payload, 8, 10)) for _ in range(3)]
    return median([r.rps for r in runs]), median([r.rps for r in direct])


def run(reps: int = 60) -> tuple[str, bool]:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core, as the target says
    lat = _sanitize_latency((300, 3000, 30000), reps)
    worst = _adversarial()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, set(range(os.cpu_count() or 1)))
    per_delta, n = _restore_cost()
    rps, direct = _rps()
    ok300 = pct(lat[300], 50) * 1000 <= 15
    ok_restore = per_delta * 1e6 <= 20
    rows = [[f"sanitize {size} chars (one core)", f"{pct(v, 50) * 1000:.2f} ms p50, {pct(v, 99) * 1000:.2f} ms p99",
             "<= 15 ms p50: " + verdict(ok300) if size == 300 else ""] for size, v in lat.items()]
    typical = pct(lat[30000], 50)
    ok_worst = all(t <= 3 * typical for t in worst.values())
    rows += [[f"sanitize {name} (one core)", f"{t * 1000:.0f} ms ({t / typical:.2f}x the 30000-char prompt)",
              "<= 3x the 30000-char prompt: " + verdict(t <= 3 * typical)] for name, t in worst.items()]
    rows.append([f"restore per stream delta (4 chars, {n} deltas)", f"{per_delta * 1e6:.2f} us",
                 "<= 20 us: " + verdict(ok_restore)])
    rows.append(["requests/s end to end, mode prmpt (8 clients, 300-char prompts)",
                 f"{rps:.0f} (direct to mock: {direct:.0f})", ""])
    return "### Prmpt\n\n" + table(["measure", "result", "target"], rows) + "\n", ok300 and ok_restore and ok_worst
