"""Resident memory of the Veil process: idle, with Prmpt loaded, with the local model loaded."""

from __future__ import annotations

import time

import httpx

from bench.common import mock_server, table, veil_server, verdict

_OTHER_LANGUAGES = ("Bonjour, je m'appelle Jean Dupont et j'habite à Lyon depuis dix ans.",
                    "Hola, me llamo Juan García y vivo en Madrid desde hace diez años.")


def _settled_rss(server) -> float:  # type: ignore[no-untyped-def]
    time.sleep(1.0)
    return server.rss_mb()


def run() -> tuple[str, bool]:
    rows = []
    with mock_server() as mock:
        with veil_server("off", mock.url + "/v1") as idle:
            rows.append(["idle (mode off, nothing loaded)", f"{_settled_rss(idle):.0f} MB", ""])
        with veil_server("prmpt", mock.url + "/v1", preload=True,
                         env={"VEIL_ALLOWED_MODES": '["off","prmpt"]'}) as prmpt:
            rss = _settled_rss(prmpt)
            ok = rss <= 600
            rows.append(["mode prmpt, Presidio + spaCy loaded (English pipeline)", f"{rss:.0f} MB",
                         "<= 600 MB: " + verdict(ok)])
            for text in _OTHER_LANGUAGES:  # each loads its language's pipeline, once per process
                httpx.post(prmpt.url + "/v1/chat/completions", timeout=120, json={
                    "model": "gpt-4o-mini", "messages": [{"role": "user", "content": text}]}).raise_for_status()
            rows.append(["mode prmpt, the French and Spanish pipelines loaded too", f"{_settled_rss(prmpt):.0f} MB",
                         ""])
    with veil_server("off", None, preload=True) as local:
        rows.append(["local model loaded (SmolLM2-135M, fp32)", f"{_settled_rss(local):.0f} MB", ""])
    with veil_server("cape", None, preload=True) as cape:
        rows.append(["mode cape + local model (shared weights)", f"{_settled_rss(cape):.0f} MB", ""])
    return "### Memory (resident set size of the Veil process)\n\n" + table(["state", "RSS", "target"], rows) + "\n", ok
