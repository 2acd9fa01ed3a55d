"""The image, run for real as a sidecar: non-root, key from a mounted secret, healthy through its
HEALTHCHECK, and an app container in its network namespace gets its values back while the recording
mock upstream sees only stand-ins."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .dockerctl import HERE, VEIL_UID, docker, free_port, logs, state, write_key

PROMPT = ("My SSN is 123-45-6789, my card is 4111 1111 1111 1111 and my email is "
          "john.smith@acme-corp.com. Please confirm.")
VALUES = ("123-45-6789", "4111 1111 1111 1111", "john.smith@acme-corp.com")
UPSTREAM_KEY = "sk-upstream-for-the-test"
APP_TOKEN = "app-user-token"
START_TIMEOUT = 120.0


@dataclass
class Sidecar:
    name: str
    port: int


def _ready(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1) as r:
            return r.status == 200
    except OSError:
        return False


def wait_until_healthy(name: str, port: int, started: float) -> tuple[float, float]:
    """Seconds from `docker run` until /readyz first answers 200, and until docker reports healthy."""
    serving = None
    while time.monotonic() - started < START_TIMEOUT:
        now = state(name)
        if not now["Running"]:
            pytest.fail(f"the container stopped (exit {now['ExitCode']}):\n{logs(name)[-3000:]}")
        if serving is None and _ready(port):
            serving = time.monotonic() - started
        if now.get("Health", {}).get("Status") == "healthy":
            return (serving or time.monotonic() - started), time.monotonic() - started
        time.sleep(0.1)
    pytest.fail(f"not healthy after {START_TIMEOUT:.0f} s:\n{logs(name)[-3000:]}")


@pytest.fixture(scope="module")
def sidecar(ledger: Any, veil_image: str, upstream_server: Any, figures: dict[str, str],
            tmp_path_factory: pytest.TempPathFactory) -> Sidecar:
    _, server = upstream_server
    key = tmp_path_factory.mktemp("secret") / "master.key"
    write_key(key, 0o600)
    name, port = ledger.container("veil"), free_port()
    started = time.monotonic()
    # The host's network: the mock upstream listens on the host's loopback, and so does Veil.
    docker("run", "-d", "--name", name, "--network", "host", "--read-only", "--tmpfs", "/tmp",
           "-v", f"{key}:/run/secrets/veil_master_key:ro",
           "-e", "VEIL_HOST=127.0.0.1", "-e", f"VEIL_PORT={port}",
           "-e", f"VEIL_UPSTREAM__BASE_URL={server.url}/v1", "-e", f"VEIL_UPSTREAM__API_KEY={UPSTREAM_KEY}",
           veil_image)
    serving, healthy = wait_until_healthy(name, port, started)
    figures["cold start: docker run to serving (/readyz 200)"] = f"{serving:.1f} s"
    figures["cold start: docker run to healthy (HEALTHCHECK every 5 s)"] = f"{healthy:.1f} s"
    return Sidecar(name, port)


def test_runs_as_the_non_root_user_with_the_model_baked_in(veil_image: str, sidecar: Sidecar,
                                                          figures: dict[str, str]) -> None:
    assert docker("image", "inspect", "-f", "{{.Config.User}}", veil_image).stdout.strip() == "veil"
    rows = docker("top", sidecar.name, "-eo", "pid,uid,args").stdout.splitlines()[1:]
    assert rows and all(row.split()[1] == str(VEIL_UID) for row in rows), rows
    assert any("veil serve" in row for row in rows), rows
    # On a read-only file system prepare-model can only succeed if the converted model is already there.
    start = time.monotonic()
    done = docker("run", "--rm", "--network", "none", "--read-only", "--entrypoint", "veil", veil_image,
                  "prepare-model")
    assert "local model ready at /opt/veil-cache/models/" in done.stderr
    figures["veil prepare-model in the image (baked, nothing to convert)"] = f"{time.monotonic() - start:.1f} s"


def test_app_in_the_shared_namespace_gets_its_values_back(ledger: Any, sidecar: Sidecar, app_image: str,
                                                          upstream: Any, figures: dict[str, str]) -> None:
    # network_mode: service:veil, in docker run's words; the app knows Veil only as 127.0.0.1.
    done = docker("run", "--rm", "--name", ledger.container("app"), "--network", f"container:{sidecar.name}",
                  "-e", f"OPENAI_BASE_URL=http://127.0.0.1:{sidecar.port}/v1", "-e", f"OPENAI_API_KEY={APP_TOKEN}",
                  "-v", f"{HERE / 'sidecar_app.py'}:/app/sidecar_app.py:ro",
                  app_image, "python", "/app/sidecar_app.py", PROMPT, timeout=180)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["content"] == "echo: " + PROMPT
    assert result["mode"] == "prmpt"
    for kind in ("US_SSN", "CREDIT_CARD", "EMAIL_ADDRESS"):
        assert kind in result["entities"], result["entities"]
    assert len(upstream.requests) == 2
    for seen in upstream.requests:
        sent = json.dumps(seen.body)
        for value in VALUES:
            assert value not in sent
        text = upstream.last_user_text(seen.body)
        assert re.search(r"\b\d{3}-\d{2}-\d{4}\b", text) and "@" in text  # stand-ins, same shapes
        assert seen.headers["authorization"] == f"Bearer {UPSTREAM_KEY}"
        assert APP_TOKEN not in json.dumps(seen.headers)
    first, second = result["seconds"]
    figures["request through the sidecar (openai SDK, mock upstream): first, second"] = (
        f"{first * 1000:.0f} ms, {second * 1000:.0f} ms")


@pytest.mark.parametrize("mode", [0o644, 0o640])
def test_refuses_a_key_others_can_read(ledger: Any, veil_image: str, tmp_path: Path, mode: int) -> None:
    key = tmp_path / "master.key"
    hex_key = write_key(key, mode)
    name = ledger.container(f"open-key-{mode:o}")
    done = docker("run", "--name", name, "--network", "none", "-v", f"{key}:/run/secrets/veil_master_key:ro",
                  veil_image, check=False, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"permissions {mode:04o}" in done.stderr
    assert hex_key not in done.stdout + done.stderr
    assert (state(name).get("Health") or {}).get("Status") != "healthy"


def test_does_not_start_without_a_key(ledger: Any, veil_image: str) -> None:
    """No secret mounted: the container must stop, not serve under a key nobody kept."""
    name = ledger.container("no-key")
    done = docker("run", "--name", name, "--network", "none", "--read-only", veil_image, check=False, timeout=120)
    assert done.returncode != 0
    assert "/run/secrets" in done.stderr
    assert (state(name).get("Health") or {}).get("Status") != "healthy"
