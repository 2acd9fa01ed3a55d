"""Container tests (make test-docker): build the image, run it as a sidecar, remove all they made.

Collected only when this folder (or a file in it) is named on the command line, so `make test` and a
bare `pytest` never build images. Needs a running Docker engine (docker/engine.sh) and this Python
with pytest, openai, starlette and uvicorn (the dev environment). VEIL_TEST_IMAGE=veil:latest tests an
image that exists instead of building one (that image is then left alone).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
FIGURES = pytest.StashKey[dict[str, str]]()


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    base = config.invocation_params.dir
    for arg in config.args:
        named = (base / arg.split("::")[0]).resolve()
        if named == HERE or HERE in named.parents:
            return None
    return True


def pytest_configure(config: pytest.Config) -> None:
    config.stash[FIGURES] = {}


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    figures = config.stash.get(FIGURES, {})
    if figures:
        terminalreporter.section("docker figures")
        for name, value in figures.items():
            terminalreporter.write_line(f"{name}: {value}")


@pytest.fixture(scope="session")
def figures(pytestconfig: pytest.Config) -> dict[str, str]:
    return pytestconfig.stash[FIGURES]


@pytest.fixture(scope="session")
def ledger() -> Iterator[Any]:
    from .dockerctl import Ledger, docker

    if docker("info", check=False).returncode != 0:
        pytest.fail("no Docker engine answers: run docker/engine.sh (make test-docker does)")
    book = Ledger()
    try:
        yield book
    finally:
        left = book.clean()
        assert not left, f"could not remove: {left}"


@pytest.fixture(scope="session")
def veil_image(ledger: Any, figures: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> str:
    from .dockerctl import build_veil_image, docker

    given = os.environ.get("VEIL_TEST_IMAGE")
    if given:
        tag = given
    else:
        tag = ledger.image("veil")
        seconds, summary = build_veil_image(tag, tmp_path_factory.mktemp("build") / "build.log")
        figures["build (docker/build.sh, cold unless layers were cached)"] = f"{seconds:.0f} s"
        for n, line in enumerate(summary):
            figures[f"build log {n + 1}"] = line
    size = int(docker("image", "inspect", "-f", "{{.Size}}", tag).stdout)
    figures["image size"] = f"{size / 1e9:.2f} GB"
    return tag


@pytest.fixture(scope="session")
def app_image(ledger: Any, veil_image: str, figures: dict[str, str],
              tmp_path_factory: pytest.TempPathFactory) -> str:
    from .dockerctl import build_app_image

    tag = ledger.image("app")
    start = time.monotonic()
    build_app_image(tag, tmp_path_factory.mktemp("app"))
    figures["app image build (openai SDK, offline)"] = f"{time.monotonic() - start:.0f} s"
    return tag
