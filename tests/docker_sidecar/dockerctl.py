"""The docker CLI for the container tests, and a ledger that removes everything they create."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
DEFAULT_BASE = "python:3.11-slim"
DEBIAN_BASE = os.environ.get("VEIL_BASE_IMAGE", "veil-base:bookworm")
VEIL_UID = 10001


def docker(*args: str, check: bool = True, timeout: float = 120, env: dict[str, str] | None = None,
           ) -> subprocess.CompletedProcess[str]:
    out = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout, env=env)
    if check and out.returncode != 0:
        raise RuntimeError(f"docker {' '.join(args[:2])} failed ({out.returncode}): {out.stderr[-2000:]}")
    return out


def image_exists(ref: str) -> bool:
    return docker("image", "inspect", ref, check=False).returncode == 0


def all_image_ids() -> set[str]:
    return set(docker("images", "-a", "-q", "--no-trunc").stdout.split())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def compose_command() -> list[str] | None:
    """`docker compose` (the plugin) when present, else `docker-compose` (v1), else None."""
    if subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        return ["docker", "compose"]
    found = shutil.which("docker-compose")
    return [found] if found else None


def write_key(path: Path, mode: int) -> str:
    """A fresh 256-bit master key file owned by the container's user (the test runs as root)."""
    key = os.urandom(32).hex()
    path.write_text(key + "\n")
    path.chmod(mode)
    if os.geteuid() == 0:
        os.chown(path, VEIL_UID, VEIL_UID)
    return key


@dataclass
class Ledger:
    """Names what the session creates, and removes it all at the end, failed tests included."""

    run_id: str = field(default_factory=lambda: uuid.uuid4().hex[:8])
    containers: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    projects: list[tuple[list[str], Path, str, dict[str, str]]] = field(default_factory=list)
    images_before: set[str] = field(default_factory=all_image_ids)

    def container(self, role: str) -> str:
        name = f"veil-test-{self.run_id}-{role}"
        self.containers.append(name)
        return name

    def image(self, role: str) -> str:
        tag = f"veil-test-{role}:{self.run_id}"
        self.images.append(tag)
        return tag

    def project(self, compose: list[str], file: Path, env: dict[str, str]) -> str:
        name = f"veiltest{self.run_id}"
        self.projects.append((compose, file, name, env))
        return name

    def clean(self) -> list[str]:
        """Remove everything; returns what could not be removed."""
        left: list[str] = []
        for compose, file, name, env in self.projects:
            subprocess.run([*compose, "-p", name, "-f", str(file), "down", "--remove-orphans", "-t", "2"],
                           capture_output=True, env=env, timeout=120)
        for name in self.containers:
            docker("rm", "-f", "-v", name, check=False)
        for tag in self.images:
            if image_exists(tag) and docker("rmi", "-f", tag, check=False).returncode != 0:
                left.append(tag)
        # A failed or interrupted build leaves the images of its finished steps behind, untagged.
        for image_id in sorted(all_image_ids() - self.images_before):
            tags = docker("image", "inspect", "-f", "{{json .RepoTags}}", image_id, check=False).stdout
            if tags.strip() in ("[]", "null") and docker("rmi", image_id, check=False).returncode != 0:
                left.append(image_id[:19])
        return left


def build_veil_image(tag: str, log: Path) -> tuple[float, list[str]]:
    """docker/build.sh (what make docker runs) under a test tag: the seconds it took, and its own
    summary lines (which base, which torch, how long the base took)."""
    start = time.monotonic()
    with log.open("w") as out:
        done = subprocess.run([str(ROOT / "docker" / "build.sh"), tag], stdout=out, stderr=subprocess.STDOUT,
                              cwd=ROOT, timeout=3000)
    if done.returncode != 0:
        raise RuntimeError(f"image build failed; last lines of {log}:\n" + "".join(log.read_text()[-4000:]))
    summary = [line for line in log.read_text().splitlines() if line.startswith(("build:", "debian-base:"))]
    return time.monotonic() - start, summary


def base_image() -> str:
    """The base the veil image was built on: the registry's python image if present, else the Debian one."""
    if os.environ.get("PYTHON_IMAGE"):
        return os.environ["PYTHON_IMAGE"]
    if image_exists(DEFAULT_BASE):
        return DEFAULT_BASE
    if not image_exists(DEBIAN_BASE):
        subprocess.run([str(ROOT / "docker" / "debian-base.sh"), DEBIAN_BASE], check=True, timeout=900)
    return DEBIAN_BASE


def openai_pin() -> str:
    for line in (ROOT / "requirements-dev.txt").read_text().splitlines():
        if line.startswith("openai=="):
            return line.strip()
    raise RuntimeError("requirements-dev.txt pins no openai")


def build_app_image(tag: str, workdir: Path) -> None:
    """The app side: the base image plus the openai SDK, installed from wheels fetched here by pip, so the
    image builds with no network at all (--network none)."""
    context = workdir / "app-image"
    (context / "wheels").mkdir(parents=True)
    shutil.copy(HERE / "app.Dockerfile", context / "Dockerfile")
    # pip takes the platforms literally (no older manylinux implied); glibc 2.36 runs all of these.
    platforms = [f"--platform={tag}_{os.uname().machine}" for tag in ("manylinux_2_28", "manylinux_2_17",
                                                                        "manylinux2014")]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
                    "--python-version", "3.11", *platforms, "-d", str(context / "wheels"), openai_pin()],
                   check=True, timeout=600)
    docker("build", "--network", "none", "--build-arg", f"PYTHON_IMAGE={base_image()}", "-t", tag,
           str(context), timeout=600)


def state(name: str) -> dict[str, Any]:
    return json.loads(docker("inspect", "-f", "{{json .State}}", name).stdout)


def logs(name: str) -> str:
    out = docker("logs", name, check=False)
    return out.stdout + out.stderr
