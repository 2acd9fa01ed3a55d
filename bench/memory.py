"""Resident memory of the Veil process: idle, with Prmpt loaded, with the local model loaded."""

from __future__ import annotations

import time

from bench.common import mock_server, table, veil_server, verdict


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
            rows.append(["mode prmpt, Presidio + spaCy loaded", f"{rss:.0f} MB", "<= 600 MB: " + verdict(ok)])
    with veil_server("off", None, preload=True) as local:
        rows.append(["local model loaded (SmolLM2-135M, fp32)", f"{_settled_rss(local):.0f} MB", ""])
    with veil_server("cape", None, preload=True) as cape:
        rows.append(["mode cape + local model (shared weights)", f"{_settled_rss(cape):.0f} MB", ""])
    return "### Memory (resident set size of the Veil process)\n\n" + table(["state", "RSS", "target"], rows) + "\n", ok
