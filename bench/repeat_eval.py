"""Real-model repeat test: does a value survive a round trip through Veil as well as it survives the model?

The packaged SmolLM2 is served by one Veil in mode ``off`` (no upstream: the local model), and a
second Veil in mode ``prmpt`` forwards to it as an OpenAI-compatible upstream. For N realistic
"Repeat exactly: ..." prompts holding a name, an email, a phone number, an SSN and a card number:

* direct: the fraction of the model's answers (asked without Veil) that contain every value;
* through Veil: the fraction of restored answers (asked through Veil in mode prmpt) that contain
  every original value.

Greedy decoding (temperature 0), requests A and B interleaved. The ratio through/direct is the
utility cost of the stand-ins: a stand-in the model cannot copy (gibberish) is not restored.

    PYTHONPATH=. python bench/repeat_eval.py            # N = 40, about 5 minutes on 2 CPU cores
    PYTHONPATH=. python bench/repeat_eval.py --n 200
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import machine, table, veil_server

MODEL = "smollm2-135m-instruct"
# Name sources: US names (mostly in the Census lists) and names that mostly are not in them.
LOCALES = ["en_US", "en_US", "yo_NG", "pl_PL", "en_IN", "de_DE", "tr_TR", "fr_FR"]
TEMPLATES = [
    "Repeat exactly: {name}, {email}, {phone}, SSN {ssn}, card {card}.",
    "Repeat exactly, word for word: Dear {name}, we will write to {email} or call {phone}. "
    "Your SSN {ssn} and card {card} are on file.",
    "Repeat exactly: Customer {name} (email {email}, phone {phone}) paid with card {card}; SSN {ssn}.",
    "Repeat exactly this line: Name: {name} | Email: {email} | Phone: {phone} | SSN: {ssn} | Card: {card}",
]


@dataclass(frozen=True)
class Case:
    prompt: str
    values: dict[str, str]


def _ascii(text: str) -> str:
    import unicodedata

    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def make_cases(n: int, seed: int) -> list[Case]:
    from faker import Faker

    rng = random.Random(seed)
    fakers = {loc: Faker(loc) for loc in set(LOCALES)}
    us = fakers["en_US"]
    Faker.seed(seed)
    out = []
    for i in range(n):
        fake = fakers[LOCALES[i % len(LOCALES)]]
        first, last = "", ""
        while not (first.isalpha() and last.isalpha()):  # a name with no ASCII letters is skipped
            first, last = _ascii(fake.first_name()), _ascii(fake.last_name())
        name = f"{first} {last}"
        local = rng.choice([f"{first}.{last}", f"{first}{last}", f"{first[0]}{last}", f"{first}_{last}"])
        email = f"{local.lower()}@{rng.choice(['gmail.com', 'acme-corp.com', 'northwind.io'])}"
        values = {
            "name": name, "email": email,
            "phone": f"({rng.randint(201, 989)}) {rng.randint(200, 999)}-{rng.randint(0, 9999):04d}",
            "ssn": us.ssn(), "card": us.credit_card_number(card_type="visa16"),
        }
        out.append(Case(rng.choice(TEMPLATES).format(**values), values))
    return out


def _ask(client: httpx.Client, base: str, prompt: str, max_tokens: int) -> str:
    body = {"model": MODEL, "temperature": 0, "max_tokens": max_tokens,
            "messages": [{"role": "user", "content": prompt}]}
    r = client.post(f"{base}/v1/chat/completions", json=body)
    r.raise_for_status()
    return r.json()["choices"][0]["message"]["content"] or ""


def run(n: int, seed: int, max_tokens: int, log: Path | None = None) -> str:
    cases = make_cases(n, seed)
    direct_ok = veil_ok = 0
    per_type = {k: [0, 0] for k in cases[0].values}
    t0 = time.perf_counter()
    slow_ok = {"VEIL_SANITIZE_TIMEOUT": "600", "VEIL_WORKERS__TIMEOUT": "600"}  # a busy CPU is not a failure
    with veil_server("off", None, env=slow_ok, preload=True) as local, \
            veil_server("prmpt", f"http://127.0.0.1:{local.port}/v1", env=slow_ok) as veil, \
            httpx.Client(timeout=900) as client:
        direct_base, veil_base = f"http://127.0.0.1:{local.port}", f"http://127.0.0.1:{veil.port}"
        for i, case in enumerate(cases):  # interleaved: A then B for each prompt
            direct = _ask(client, direct_base, case.prompt, max_tokens)
            through = _ask(client, veil_base, case.prompt, max_tokens)
            print(f"{i + 1}/{n} done ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
            if log is not None:  # one line per prompt, so an interrupted run still has its results
                with log.open("a") as f:
                    f.write(json.dumps({k: [v in direct, v in through] for k, v in case.values.items()}) + "\n")
            direct_ok += all(v in direct for v in case.values.values())
            veil_ok += all(v in through for v in case.values.values())
            for k, v in case.values.items():
                per_type[k][0] += v in direct
                per_type[k][1] += v in through
    elapsed = time.perf_counter() - t0
    rd, rv = direct_ok / n, veil_ok / n
    rows = [["every value", f"{rd:.3f} ({direct_ok}/{n})", f"{rv:.3f} ({veil_ok}/{n})",
             f"{rv / rd:.2f}" if rd else "n/a"]]
    for k, (a, b) in per_type.items():
        rows.append([k, f"{a / n:.3f}", f"{b / n:.3f}", f"{b / a:.2f}" if a else "n/a"])
    return (f"### Repeat exactly: SmolLM2-135M direct vs through Veil (mode prmpt)\n\n"
            f"{n} prompts, seed {seed}, greedy, max_tokens {max_tokens}; {elapsed:.0f} s on {machine()}\n\n"
            + table(["values repeated", "direct", "through Veil (restored)", "ratio"], rows) + "\n")


def summarize(log: Path) -> str:
    """The table of a (possibly partial) ``--log`` file."""
    rows_in = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    n = len(rows_in)
    direct = sum(all(d for d, _ in r.values()) for r in rows_in)
    veil = sum(all(v for _, v in r.values()) for r in rows_in)
    rows = [["every value", f"{direct / n:.3f} ({direct}/{n})", f"{veil / n:.3f} ({veil}/{n})",
             f"{veil / direct:.2f}" if direct else "n/a"]]
    for k in rows_in[0]:
        a, b = sum(r[k][0] for r in rows_in), sum(r[k][1] for r in rows_in)
        rows.append([k, f"{a / n:.3f}", f"{b / n:.3f}", f"{b / a:.2f}" if a else "n/a"])
    return table(["values repeated", "direct", "through Veil (restored)", "ratio"], rows) + "\n"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=40, help="number of prompts (default 40)")
    p.add_argument("--seed", type=int, default=14)
    p.add_argument("--max-tokens", type=int, default=120)
    p.add_argument("--log", type=Path, help="append per-prompt results (value kinds only) as JSON lines")
    p.add_argument("--summarize", type=Path, help="only print the table of an earlier --log file")
    args = p.parse_args()
    print(summarize(args.summarize) if args.summarize else run(args.n, args.seed, args.max_tokens, args.log))


if __name__ == "__main__":
    main()
