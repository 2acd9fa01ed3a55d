"""Streaming: time to first token and inter-chunk delay added by Veil (modes off and prmpt), measured
side by side with the direct path on the same mock upstream (20 chunks, 5 ms apart)."""

from __future__ import annotations

import json
import time

import httpx

from bench.common import median, mock_server, table, veil_server

PROMPT = ("Please forward this to John Smith (john.smith@acme-corp.com, SSN 123-45-6789, card "
          "4111 1111 1111 1111) and confirm the refund.")
BODY = {"model": "bench", "stream": True, "x-bench-echo": True,
        "messages": [{"role": "user", "content": PROMPT}]}


def _one(client: httpx.Client, url: str, headers: dict[str, str]) -> tuple[float, list[float], str]:
    t0 = time.perf_counter()
    first, stamps, text = None, [], ""
    with client.stream("POST", url + "/v1/chat/completions", json=BODY, headers=headers) as r:
        for line in r.iter_lines():
            if not line.startswith("data: {"):
                continue
            for choice in json.loads(line[6:]).get("choices", []):
                piece = choice.get("delta", {}).get("content")
                if piece:
                    now = time.perf_counter()
                    first = first if first is not None else now - t0
                    stamps.append(now)
                    text += piece
    gaps = [b - a for a, b in zip(stamps, stamps[1:])]
    return first or float("nan"), gaps, text


def run(rounds: int = 30) -> tuple[str, bool]:
    headers = {"x-bench-chunks": "20", "x-bench-gap-ms": "5"}
    with mock_server() as mock, veil_server("off", mock.url + "/v1") as veil, httpx.Client(timeout=30) as c:
        paths = {"direct": (mock.url, headers), "Veil off": (veil.url, headers),
                 "Veil prmpt": (veil.url, {**headers, "x-veil-mode": "prmpt"})}
        for url, h in paths.values():
            _one(c, url, h)  # warm-up (loads the sanitizer on first prmpt request)
        ttft: dict[str, list[float]] = {k: [] for k in paths}
        gaps: dict[str, list[float]] = {k: [] for k in paths}
        restored = True
        for _ in range(rounds):
            for name, (url, h) in paths.items():
                first, g, text = _one(c, url, h)
                ttft[name].append(first)
                gaps[name].extend(g)
                if name == "Veil prmpt":
                    restored = restored and text == PROMPT
    base_t, base_g = median(ttft["direct"]), median(gaps["direct"])
    rows = []
    for name in paths:
        rows.append([name, f"{median(ttft[name]) * 1000:.2f}", f"{(median(ttft[name]) - base_t) * 1000:+.2f}",
                     f"{median(gaps[name]) * 1000:.2f}", f"{(median(gaps[name]) - base_g) * 1000:+.3f}"])
    md = table(["path", "TTFT p50 ms", "added TTFT ms", "inter-chunk p50 ms", "added per chunk ms"], rows)
    note = "every prmpt stream restored exactly" if restored else "RESTORATION MISMATCH"
    return f"### Streaming ({rounds} streams per path, interleaved; {note})\n\n{md}\n", restored
