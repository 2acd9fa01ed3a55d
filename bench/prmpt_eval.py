"""Prmpt detection: recall and precision per type and language, restoration through the proxy, timings.

    python bench/prmpt_eval.py [--n 1500] [--seed 1234] [--json out.json] [--legacy-n 1000]

Main report (``tests/prmpt_corpus.py``): every detected type in English, French and Spanish, a tuned
column (templates and shapes the recognizers were written against), a held-out column (other
templates, containers and shapes, not used for tuning) and a negative corpus (review sentences,
code, logs, configuration without personal data) whose every detection counts as a false positive.
Restoration: held-out prompts sent through the proxy in mode prmpt to an echo upstream (in process,
``httpx.MockTransport``); a prompt counts when the answer equals the prompt exactly.

The legacy English set below (``generate_labelled``) is the earlier, smaller evaluation:

The set is made with Faker under a fixed seed: varied templates (sentences, letters, markdown
tables, CSV, JSON, code, logs) carrying PERSON, EMAIL_ADDRESS, PHONE_NUMBER, US_SSN, CREDIT_CARD,
IBAN_CODE, IP_ADDRESS, AGE and MONEY values at known offsets, mixed with non-PII numbers (dates,
order numbers, versions, counts) that should not be flagged.

Metrics per type (docs/prmpt.md quotes them):
* recall: gold values fully covered by a predicted span of the same type;
* protected: gold values fully covered by a predicted span of any enabled type (what privacy
  needs: a phone number sanitized as an ID is still hidden);
* precision: predicted spans of the type that overlap a gold value of the type.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from faker import Faker

TYPES = ("PERSON", "EMAIL_ADDRESS", "PHONE_NUMBER", "US_SSN", "CREDIT_CARD", "IBAN_CODE",
         "IP_ADDRESS", "AGE", "MONEY")


@dataclass
class Example:
    text: str
    spans: list[tuple[str, int, int]] = field(default_factory=list)


class _Builder:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.spans: list[tuple[str, int, int]] = []
        self.length = 0

    def lit(self, text: str) -> _Builder:
        self.parts.append(text)
        self.length += len(text)
        return self

    def pii(self, entity_type: str, value: str, before: str = "", after: str = "") -> _Builder:
        self.lit(before)
        self.spans.append((entity_type, self.length, self.length + len(value)))
        self.lit(value)
        return self.lit(after)

    def build(self) -> Example:
        return Example("".join(self.parts), self.spans)


class _Values:
    """Random PII values in realistic shapes (fixed seed)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.fake = Faker("en_US")
        self.fake.seed_instance(seed)
        self.iban_fakers = [Faker(loc) for loc in ("de_DE", "en_GB", "fr_FR", "nl_NL", "es_ES")]
        for i, f in enumerate(self.iban_fakers):
            f.seed_instance(seed + i + 1)

    def person(self) -> str:
        return f"{self.fake.first_name()} {self.fake.last_name()}"

    def email(self) -> str:
        return self.rng.choice([self.fake.email, self.fake.company_email, self.fake.free_email])()

    def phone(self) -> str:
        return self.fake.phone_number()

    def ssn(self) -> str:
        ssn = self.fake.ssn()
        return ssn if self.rng.random() < 0.85 else ssn.replace("-", " ")

    def card(self) -> str:
        number = self.fake.credit_card_number()
        if self.rng.random() < 0.5 and len(number) == 16:
            return " ".join(number[i:i + 4] for i in range(0, 16, 4))
        return number

    def iban(self) -> str:
        iban = self.rng.choice(self.iban_fakers).iban()
        if self.rng.random() < 0.5:
            return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
        return iban

    def ip(self) -> str:
        return self.rng.choice([self.fake.ipv4_public, self.fake.ipv4_private, self.fake.ipv6])()

    def age(self) -> str:
        return str(self.rng.randint(18, 95))

    def money(self) -> str:
        amount = self.rng.choice([self.rng.randint(20, 999), self.rng.randint(1000, 250000),
                                  round(self.rng.uniform(5, 5000), 2)])
        styles = [lambda a: f"${a:,}", lambda a: f"${a:,.2f}", lambda a: f"{a:,} USD",
                  lambda a: f"€{a:,}", lambda a: f"£{a:,}", lambda a: f"EUR {a:,}"]
        return self.rng.choice(styles)(amount)

    def noise(self) -> str:
        """Non-PII numbers that a sloppy annotator would flag."""
        return self.rng.choice([
            f"order #{self.rng.randint(10000, 99999)}", f"on {self.fake.date()}",
            f"Python 3.{self.rng.randint(8, 13)}", f"{self.rng.randint(2, 12)} items",
            f"room {self.rng.randint(100, 999)}", f"version {self.rng.randint(1, 9)}.{self.rng.randint(0, 20)}",
            f"at {self.rng.randint(1, 12)}:{self.rng.randint(10, 59)} pm",
        ])


def _sentence(v: _Values) -> Example:
    b = _Builder()
    rng = v.rng
    choice = rng.randrange(6)
    if choice == 0:
        b.lit("Hi, my name is ").pii("PERSON", v.person()).lit(" and I am ").pii("AGE", v.age())
        b.lit(" years old. I earn ").pii("MONEY", v.money()).lit(f" a year. Ticket {v.noise()}.")
    elif choice == 1:
        b.lit("Please charge card ").pii("CREDIT_CARD", v.card()).lit(" for ").pii("MONEY", v.money())
        b.lit(" and send the receipt to ").pii("EMAIL_ADDRESS", v.email()).lit(".")
    elif choice == 2:
        b.lit("Patient ").pii("PERSON", v.person()).lit(", aged ").pii("AGE", v.age())
        b.lit(", SSN ").pii("US_SSN", v.ssn()).lit(", can be reached at ").pii("PHONE_NUMBER", v.phone())
        b.lit(f". Seen {v.noise()}.")
    elif choice == 3:
        b.lit("Our server at ").pii("IP_ADDRESS", v.ip()).lit(" was accessed by ").pii("PERSON", v.person())
        b.lit(f" {v.noise()}.")
    elif choice == 4:
        b.lit("Wire ").pii("MONEY", v.money()).lit(" to IBAN ").pii("IBAN_CODE", v.iban())
        b.lit(" in the name of ").pii("PERSON", v.person()).lit(".")
    else:
        b.lit("I'm ").pii("AGE", v.age()).lit(" and my phone is ").pii("PHONE_NUMBER", v.phone())
        b.lit("; my social security number is ").pii("US_SSN", v.ssn()).lit(".")
    return b.build()


def _letter(v: _Values) -> Example:
    b = _Builder()
    name = v.person()
    b.lit("Dear ").pii("PERSON", name).lit(",\n\nThank you for your payment of ").pii("MONEY", v.money())
    b.lit(f" regarding {v.noise()}. Your account ").pii("IBAN_CODE", v.iban()).lit(" has been updated.\n")
    b.lit("If you have questions, call us at ").pii("PHONE_NUMBER", v.phone()).lit(" or write to ")
    b.pii("EMAIL_ADDRESS", v.email()).lit(".\n\nBest regards,\n").pii("PERSON", v.person()).lit("\n")
    return b.build()


def _table(v: _Values) -> Example:
    b = _Builder()
    b.lit("| Name | Email | Phone | SSN |\n|---|---|---|---|\n")
    for _ in range(v.rng.randint(2, 4)):
        b.lit("| ").pii("PERSON", v.person()).lit(" | ").pii("EMAIL_ADDRESS", v.email()).lit(" | ")
        b.pii("PHONE_NUMBER", v.phone()).lit(" | ").pii("US_SSN", v.ssn()).lit(" |\n")
    return b.build()


def _csv(v: _Values) -> Example:
    b = _Builder()
    b.lit("name,email,ip,card\n")
    for _ in range(v.rng.randint(2, 4)):
        b.pii("PERSON", v.person()).lit(",").pii("EMAIL_ADDRESS", v.email()).lit(",")
        b.pii("IP_ADDRESS", v.ip()).lit(",").pii("CREDIT_CARD", v.card()).lit("\n")
    return b.build()


def _json(v: _Values) -> Example:
    b = _Builder()
    b.lit('{"customer": {"name": "').pii("PERSON", v.person()).lit('", "age": ').pii("AGE", v.age())
    b.lit(', "email": "').pii("EMAIL_ADDRESS", v.email()).lit('", "phone": "').pii("PHONE_NUMBER", v.phone())
    b.lit('", "balance": "').pii("MONEY", v.money()).lit(f'", "note": "{v.noise()}"}}}}')
    return b.build()


def _code(v: _Values) -> Example:
    b = _Builder()
    b.lit("user = User(\n    name=\"").pii("PERSON", v.person()).lit("\",\n    email=\"")
    b.pii("EMAIL_ADDRESS", v.email()).lit("\",\n    ssn=\"").pii("US_SSN", v.ssn()).lit("\",\n)\n")
    b.lit("client.connect(host=\"").pii("IP_ADDRESS", v.ip()).lit("\", port=8080)\n")
    return b.build()


def _log(v: _Values) -> Example:
    b = _Builder()
    b.lit(f"{v.fake.date()} 12:{v.rng.randint(10, 59)}:07 INFO login ok user=")
    b.pii("EMAIL_ADDRESS", v.email()).lit(" src=").pii("IP_ADDRESS", v.ip()).lit("\n")
    b.lit(f"{v.fake.date()} 12:{v.rng.randint(10, 59)}:09 WARN card declined card=")
    b.pii("CREDIT_CARD", v.card()).lit(" amount=").pii("MONEY", v.money()).lit("\n")
    return b.build()


TEMPLATES = (_sentence, _sentence, _letter, _table, _csv, _json, _code, _log)


class _HeldOutValues(_Values):
    """Shapes the recognizers were not tuned on: European names (often not in the US lists),
    non-US phone formats, money with magnitude words, other age phrasings."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.locales = [Faker(loc) for loc in ("de_DE", "fr_FR", "es_ES", "it_IT", "en_GB", "en_US")]
        for i, f in enumerate(self.locales):
            f.seed_instance(seed + 100 + i)

    def person(self) -> str:
        f = self.rng.choice(self.locales)
        return f"{f.first_name()} {f.last_name()}"

    def phone(self) -> str:
        return self.rng.choice(self.locales).phone_number()

    def money(self) -> str:
        a = self.rng.randint(2, 900)
        return self.rng.choice([f"${a}k", f"USD {a} million", f"{a},000 dollars", f"£{a}.50",
                                f"{a} euros", f"${a / 10:.1f}M"])


def _held_out(v: _Values) -> Example:
    b = _Builder()
    choice = v.rng.randrange(5)
    if choice == 0:
        b.lit("hey, it's ").pii("PERSON", v.person()).lit(" here, a ").pii("AGE", v.age())
        b.lit("-year-old nurse. my number is ").pii("PHONE_NUMBER", v.phone()).lit(", thx")
    elif choice == 1:
        b.lit("Meeting notes: ").pii("PERSON", v.person()).lit(" (age: ").pii("AGE", v.age())
        b.lit(") asked for a raise to ").pii("MONEY", v.money()).lit(". Follow up with ")
        b.pii("PERSON", v.person()).lit(f" {v.noise()}.")
    elif choice == 2:
        b.lit("Contact: ").pii("PERSON", v.person()).lit(" <").pii("EMAIL_ADDRESS", v.email())
        b.lit(">, tel. ").pii("PHONE_NUMBER", v.phone()).lit(", IBAN ").pii("IBAN_CODE", v.iban())
    elif choice == 3:
        b.lit("- name: ").pii("PERSON", v.person()).lit("\n  ssn: ").pii("US_SSN", v.ssn())
        b.lit("\n  card: ").pii("CREDIT_CARD", v.card()).lit("\n  last_login_ip: ").pii("IP_ADDRESS", v.ip())
        b.lit("\n")
    else:
        b.lit("My father ").pii("PERSON", v.person()).lit(" turned ").pii("AGE", v.age())
        b.lit(" last week and still owes ").pii("MONEY", v.money()).lit(" on his car loan.")
    return b.build()


def generate_labelled(n: int = 400, seed: int = 1234, held_out: bool = False) -> list[Example]:
    """``n`` labelled examples; the same (n, seed, held_out) always gives the same set.

    ``held_out=True`` gives the templates and value shapes that were *not* used while tuning the
    recognizers (the honest number); the default set is the one they were tuned on.
    """
    if held_out:
        values: _Values = _HeldOutValues(seed)
        return [_held_out(values) for _ in range(n)]
    values = _Values(seed)
    return [values.rng.choice(TEMPLATES)(values) for _ in range(n)]


@dataclass
class Metrics:
    gold: int = 0
    recalled: int = 0
    protected: int = 0
    predicted: int = 0
    correct: int = 0

    def as_dict(self) -> dict[str, float]:
        return {
            "gold": self.gold, "predicted": self.predicted,
            "recall": self.recalled / self.gold if self.gold else 1.0,
            "protected": self.protected / self.gold if self.gold else 1.0,
            "precision": self.correct / self.predicted if self.predicted else 1.0,
        }


def annotate_each(sanitizer: Any, texts: list[str]) -> list[list[Any]]:
    """One spaCy pass for all texts, but each text is its own request: values found in one example
    are propagated within that example only (as the proxy does within one request)."""
    from mechanisms.prmpt.propagation import propagate_values

    spans = sanitizer.annotator.annotate_many(texts, propagate=False)
    return [propagate_values([t], [s], sanitizer.config)[0] for t, s in zip(texts, spans)]


def evaluate(sanitizer: Any, examples: list[Example]) -> dict[str, dict[str, float]]:
    """Per-type recall / protected / precision of ``sanitizer.annotator`` on ``examples``."""
    metrics: dict[str, Metrics] = {}
    predictions = annotate_each(sanitizer, [e.text for e in examples])
    for example, predicted in zip(examples, predictions):
        for entity_type, start, end in example.spans:
            m = metrics.setdefault(entity_type, Metrics())
            m.gold += 1
            covering = [p for p in predicted if p.start <= start and p.end >= end]
            m.recalled += any(p.entity_type == entity_type for p in covering)
            m.protected += bool(covering)
        for p in predicted:
            m = metrics.setdefault(p.entity_type, Metrics())
            m.predicted += 1
            m.correct += any(t == p.entity_type and p.start < e and p.end > s
                             for t, s, e in example.spans)
    return {t: m.as_dict() for t, m in sorted(metrics.items())}


def sanitize_latency_ms(sanitizer: Any, keys: Any, repeats: int = 200) -> dict[str, float]:
    """p50/p90 of one sanitize() of a ~300-character prompt with 5 PII values (one thread)."""
    prompt = ("Hi, I'm John Smith and I'm 45 years old. Please email jsmith@acme-corp.com or call "
              "(415) 555-0132 about my card 4111 1111 1111 1111. I'd like advice on how to pay it "
              "off and on a savings plan for a trip to Lisbon next spring with my two daughters. "
              "What should I cut first?")
    for _ in range(10):
        sanitizer.sanitize(prompt, keys)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        sanitizer.sanitize(prompt, keys)
        times.append((time.perf_counter() - t0) * 1e3)
    times.sort()
    return {"chars": len(prompt), "p50_ms": statistics.median(times),
            "p90_ms": times[int(0.9 * len(times))]}


_LATENCY_SNIPPET = """
import os, statistics, sys, time
sys.path.insert(0, sys.argv[1])
if hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})
from mechanisms.keys import MasterKey
from mechanisms.prmpt import PrmptConfig, Sanitizer
prompt = sys.argv[3]
s = Sanitizer(PrmptConfig()); s.load()
k = MasterKey.from_bytes(bytes(32)).user_keys("bench")
for _ in range(20):
    s.sanitize(prompt, k)
times = []
for _ in range(int(sys.argv[2])):
    t0 = time.thread_time(); s.sanitize(prompt, k); times.append((time.thread_time() - t0) * 1e3)
print(statistics.median(times))
"""


def compare_latency(other_root: Path, rounds: int = 4, repeats: int = 150) -> dict[str, Any]:
    """p50 CPU time of one sanitize() of the 300-character prompt, this tree vs ``other_root``
    (e.g. an export of the previous commit), in alternating subprocesses pinned to one core.

    CPU time (``thread_time``) rather than wall time: on a shared machine it is what the run itself
    cost; alternation cancels slow drifts of the machine.
    """
    import subprocess

    prompt = ("Hi, I'm John Smith and I'm 45 years old. Please email jsmith@acme-corp.com or call "
              "(415) 555-0132 about my card 4111 1111 1111 1111. I'd like advice on how to pay it "
              "off and on a savings plan for a trip to Lisbon next spring with my two daughters. "
              "What should I cut first?")
    here = Path(__file__).resolve().parents[1]
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": ""}
    results: dict[str, list[float]] = {"this": [], "other": []}
    for _ in range(rounds):
        for name, root in (("other", other_root), ("this", here)):
            out = subprocess.run([sys.executable, "-c", _LATENCY_SNIPPET, str(root), str(repeats), prompt],
                                 capture_output=True, text=True, check=True, env=env, timeout=600)
            results[name].append(float(out.stdout.strip().splitlines()[-1]))
    this, other = statistics.median(results["this"]), statistics.median(results["other"])
    return {"this_p50_ms": this, "other_p50_ms": other, "ratio": this / other, "rounds": results}


def feed_latency_us(repeats: int = 20000) -> float:
    """Mean StreamingRestorer.feed time for typical 1-6 character deltas."""
    from mechanisms.prmpt import StreamingRestorer

    mapping = {"Hannelore Maysonet": "John Smith", "duer.qofxg@jmvr-cdhw.com": "jsmith@acme-corp.com",
               "(385) 618-3086": "(415) 555-0132", "4675 7059 9384 9884": "4111 1111 1111 1111"}
    text = ("Sure, Hannelore Maysonet! I will email duer.qofxg@jmvr-cdhw.com and call (385) 618-3086 "
            "about the card 4675 7059 9384 9884 and suggest a plan that fits your budget. ") * 20
    rng = random.Random(0)
    deltas, i = [], 0
    while i < len(text):
        k = rng.randint(1, 6)
        deltas.append(text[i:i + k])
        i += k
    restorer = StreamingRestorer(mapping)
    t0 = time.perf_counter()
    count = 0
    while count < repeats:
        for d in deltas:
            restorer.feed(d)
        count += len(deltas)
    restorer.flush()
    return (time.perf_counter() - t0) / count * 1e6


# ------------------------------------------------------------------ per type x language matrix
def _corpus() -> Any:
    from tests import prmpt_corpus  # the labelled corpus the tests' floors also read

    return prmpt_corpus


def evaluate_matrix(sanitizer: Any, examples: list[Any], negatives: list[Any]) -> dict[str, dict[str, Any]]:
    """{type: {lang: metrics}}; spans predicted in ``negatives`` are false positives of their type."""
    table: dict[tuple[str, str], Metrics] = {}
    texts = [e.text for e in examples] + [e.text for e in negatives]
    predictions = annotate_each(sanitizer, texts)
    for example, predicted in zip(list(examples) + list(negatives), predictions):
        for entity_type, start, end in example.spans:
            m = table.setdefault((entity_type, example.lang), Metrics())
            m.gold += 1
            covering = [p for p in predicted if p.start <= start and p.end >= end]
            m.recalled += any(p.entity_type == entity_type for p in covering)
            m.protected += bool(covering)
        for p in predicted:
            m = table.setdefault((p.entity_type, example.lang), Metrics())
            m.predicted += 1
            m.correct += any(t == p.entity_type and p.start < e and p.end > s for t, s, e in example.spans)
    out: dict[str, dict[str, Any]] = {}
    for (entity_type, lang), m in sorted(table.items()):
        out.setdefault(entity_type, {})[lang] = m.as_dict()
    return out


def negative_false_positives(sanitizer: Any, negatives: list[Any]) -> dict[str, Any]:
    spans = annotate_each(sanitizer, [e.text for e in negatives])
    by_type: dict[str, int] = {}
    for found in spans:
        for span in found:
            by_type[span.entity_type] = by_type.get(span.entity_type, 0) + 1
    return {"texts": len(negatives), "texts_with_detections": sum(bool(f) for f in spans), "by_type": by_type}


def proxy_restoration(examples: list[Any], restore_mldp: bool) -> dict[str, Any]:
    """Send each prompt through the proxy (mode prmpt, echo upstream, in process); count exact answers."""
    import asyncio

    import httpx

    from mechanisms.keys import MasterKey
    from proxy.app import create_app
    from proxy.settings import load_settings

    seen: list[str] = []

    def echo(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        content = body["messages"][-1]["content"]
        seen.append(content)
        return httpx.Response(200, json={
            "id": "chatcmpl-echo", "object": "chat.completion", "created": 0, "model": body.get("model", "m"),
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

    settings = load_settings(None, mode="prmpt", upstream={"base_url": "http://upstream.test/v1"},
                             local_model={"preload": False}, prmpt={"restore_mldp_values": restore_mldp})
    app = create_app(settings, upstream_transport=httpx.MockTransport(echo),
                     master_key=MasterKey.from_bytes(bytes(range(32))))

    async def run() -> tuple[int, int, int]:
        exact = changed = 0
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://veil.test") as client:
            for example in examples:
                response = await client.post("/v1/chat/completions", json={
                    "model": "m", "messages": [{"role": "user", "content": example.text}]})
                answer = response.json()["choices"][0]["message"]["content"]
                exact += answer == example.text
                changed += response.headers.get("x-veil-entities", "") != ""
        return exact, changed, len(examples)

    app.state.veil.engine.sanitizer.load()
    exact, _, total = asyncio.run(run())
    fpe = {t for t, p in settings.prmpt.entities.items() if p.category == "fpe"}
    leaks = sum(example.text[s:e] in sent for example, sent in zip(examples, seen)
                for t, s, e in example.spans if t in fpe)
    values = sum(t in fpe for example in examples for t, _, _ in example.spans)
    return {"prompts": total, "exact": exact, "rate": exact / total if total else 1.0,
            "restore_mldp_values": restore_mldp, "fpe_values": values, "verbatim_leaks": leaks}


def matrix_report(sanitizer: Any, n: int, seed: int) -> dict[str, Any]:
    corpus = _corpus()
    negatives = corpus.negatives()
    tuned = corpus.generate(n, seed, held_out=False)
    held_out = corpus.generate(n, seed + 1, held_out=True)
    return {
        "tuned": evaluate_matrix(sanitizer, tuned, negatives),
        "held_out": evaluate_matrix(sanitizer, held_out, negatives),
        "negatives": negative_false_positives(sanitizer, negatives),
        "held_out_examples": held_out,
    }


def _cell(metrics: dict[str, Any] | None) -> str:
    if not metrics or not metrics["gold"]:
        return "—"
    return f"{metrics['recall']:.3f} / {metrics['precision']:.3f}"


def print_matrix(report: dict[str, Any]) -> None:
    langs = ("en", "fr", "es")
    head = " | ".join(f"{lang} tuned | {lang} held-out" for lang in langs)
    print(f"\n| type | {head} |\n|---|" + "---|" * (2 * len(langs)))
    for entity_type in sorted(set(report["tuned"]) | set(report["held_out"])):
        cells = []
        for lang in langs:
            for split in ("tuned", "held_out"):
                cells.append(_cell(report[split].get(entity_type, {}).get(lang)))
        if any(c != "—" for c in cells):
            print(f"| {entity_type} | " + " | ".join(cells) + " |")
    print("\ncells: recall / precision (precision counts detections in the negative corpus too)")
    neg = report["negatives"]
    print(f"negative corpus: {neg['texts']} texts, {neg['texts_with_detections']} with a detection: {neg['by_type']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1500, help="examples per split of the main corpus")
    parser.add_argument("--legacy-n", type=int, default=1000, help="examples of the legacy English set")
    parser.add_argument("--no-proxy", action="store_true", help="skip the restoration run")
    parser.add_argument("--compare-with", type=Path, default=None,
                        help="another source tree (e.g. `git archive HEAD~1 | tar -x -C DIR`): sanitize "
                             "latency of both, side by side")
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from mechanisms.keys import MasterKey
    from mechanisms.prmpt import Sanitizer

    sanitizer = Sanitizer()
    t0 = time.perf_counter()
    sanitizer.load()
    load_s = time.perf_counter() - t0
    matrix = matrix_report(sanitizer, args.n, args.seed)
    held_out_examples = matrix.pop("held_out_examples")
    report: dict[str, Any] = {"n": args.n, "seed": args.seed, "load_s": load_s, "matrix": matrix,
                              "types": evaluate(sanitizer, generate_labelled(args.legacy_n, args.seed)),
                              "held_out": evaluate(sanitizer, generate_labelled(args.legacy_n, args.seed + 1,
                                                                                held_out=True))}
    if not args.no_proxy:
        report["restoration"] = [proxy_restoration(held_out_examples, restore_mldp=True),
                                 proxy_restoration(held_out_examples, restore_mldp=False)]
    keys = MasterKey.from_bytes(bytes(32)).user_keys("bench")
    report["sanitize"] = sanitize_latency_ms(sanitizer, keys)
    if args.compare_with:
        report["compare"] = compare_latency(args.compare_with)
    report["feed_us"] = feed_latency_us()
    try:
        import resource
        report["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    except ImportError:  # pragma: no cover - not on POSIX
        pass
    print(f"per type and language (n={args.n} per split; seed {args.seed})")
    print_matrix(matrix)
    for r in report.get("restoration", []):
        print(f"restoration through the proxy (echo upstream, restore_mldp_values={r['restore_mldp_values']}): "
              f"{r['exact']}/{r['prompts']} held-out prompts exact ({r['rate']:.3f}); "
              f"{r['verbatim_leaks']} of {r['fpe_values']} Category I values reached the upstream verbatim")
    for title, key in (("legacy tuned set", "types"), ("legacy held-out set", "held_out")):
        print(f"\n{title} (n={args.legacy_n})\n\n| type | gold | recall | protected | precision |\n"
              "|---|---|---|---|---|")
        for entity_type, m in report[key].items():
            if m["gold"]:
                print(f"| {entity_type} | {m['gold']} | {m['recall']:.3f} | {m['protected']:.3f} | "
                      f"{m['precision']:.3f} |")
    print(f"\nload {load_s:.1f} s; sanitize {report['sanitize']['chars']} chars: "
          f"p50 {report['sanitize']['p50_ms']:.2f} ms, p90 {report['sanitize']['p90_ms']:.2f} ms; "
          f"StreamingRestorer.feed {report['feed_us']:.2f} us; max RSS "
          f"{report.get('max_rss_mb', float('nan')):.0f} MB")
    if "compare" in report:
        c = report["compare"]
        print(f"sanitize 300 chars, CPU time p50 (one core, alternating subprocesses): this tree "
              f"{c['this_p50_ms']:.2f} ms, {args.compare_with}: {c['other_p50_ms']:.2f} ms, ratio {c['ratio']:.3f}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
