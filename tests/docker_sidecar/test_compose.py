"""docker/compose.yaml, run as written (the file is copied byte for byte into a scratch project so that
its relative paths find a test key and a test veil.env, never a user's own)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .dockerctl import ROOT, compose_command, free_port, write_key

VALUES = ("John Smith", "123-45-6789", "4111 1111 1111 1111", "john.smith@acme-corp.com")  # examples/sdk_chat.py
UPSTREAM_KEY = "sk-upstream-for-compose"


def scratch_project(tmp: Path, upstream_url: str) -> Path:
    (tmp / "docker" / "secrets").mkdir(parents=True)
    compose_file = tmp / "docker" / "compose.yaml"
    shutil.copyfile(ROOT / "docker" / "compose.yaml", compose_file)
    for shared in ("config", "examples"):
        (tmp / shared).symlink_to(ROOT / shared)
    write_key(tmp / "docker" / "secrets" / "master.key", 0o600)
    (tmp / "docker" / "veil.env").write_text(
        f"VEIL_UPSTREAM__BASE_URL={upstream_url}/v1\nVEIL_UPSTREAM__API_KEY={UPSTREAM_KEY}\n")
    return compose_file


def test_compose_file_runs_as_written(ledger: Any, veil_image: str, app_image: str, upstream: Any,
                                      upstream_server: Any, tmp_path: Path, figures: dict[str, str]) -> None:
    compose = compose_command()
    if compose is None:
        pytest.skip("neither `docker compose` nor `docker-compose` is installed (docker/engine.sh installs one)")
    _, server = upstream_server
    compose_file = scratch_project(tmp_path, server.url)
    assert compose_file.read_bytes() == (ROOT / "docker" / "compose.yaml").read_bytes()
    env = {**os.environ, "VEIL_IMAGE": veil_image, "VEIL_APP_IMAGE": app_image, "VEIL_PORT": str(free_port()),
           "VEIL_NETWORK_MODE": "host"}  # the engine here has no default bridge; the mock is on loopback
    project = ledger.project(compose, compose_file, env)
    done = subprocess.run([*compose, "-p", project, "-f", str(compose_file), "up", "--no-build",
                           "--exit-code-from", "app"], capture_output=True, text=True, env=env, timeout=300)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-4000:]
    answer = next(line for line in output.splitlines() if "answer:" in line)
    for value in VALUES[1:]:  # exact round trip for the encrypted types
        assert value in answer, answer
    assert "protected:" in output and "US_SSN" in output
    assert len(upstream.requests) == 1
    sent = upstream.requests[0]
    for value in VALUES:
        assert value not in str(sent.body)
    assert sent.headers["authorization"] == f"Bearer {UPSTREAM_KEY}"
    figures["compose"] = " ".join(os.path.basename(c) for c in compose) + " " + _version(compose)


def _version(compose: list[str]) -> str:
    out = subprocess.run([*compose, "version", "--short"], capture_output=True, text=True)
    return out.stdout.strip()
