"""The wheel installs on its own: complete dependencies whose ranges hold the pins the project is tested
with, its data files, one version. (`make test-wheel` builds it and runs it in a fresh virtualenv.)"""

from __future__ import annotations

import ast
import fnmatch
import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
FIRST_PARTY = {"proxy", "mechanisms", "__future__"}


def _declared(*, extras: bool) -> dict[str, Requirement]:
    project = PROJECT["project"]
    lines = list(project["dependencies"])
    if extras:
        lines += [r for name, group in project["optional-dependencies"].items() if name != "dev" for r in group]
    return {canonicalize_name(req.name): req for req in map(Requirement, lines)}


def _imported() -> dict[str, set[str]]:
    """Top-level modules that proxy/ and mechanisms/ import (at module level or inside functions)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "proxy").rglob("*.py")) + sorted((ROOT / "mechanisms").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], set()).add(str(path.relative_to(ROOT)))
    return {m: where for m, where in found.items() if m not in sys.stdlib_module_names and m not in FIRST_PARTY}


def test_every_imported_distribution_is_declared() -> None:
    """A module the code imports comes from a distribution the wheel asks for (optional ones in an extra)."""
    owners = importlib.metadata.packages_distributions()
    declared = set(_declared(extras=True))
    for module, where in _imported().items():
        dists = {canonicalize_name(d) for d in owners.get(module, [])}
        assert dists, f"{module} (imported by {sorted(where)[0]}) is not installed here"
        assert dists & declared, f"{module} ({sorted(dists)}, imported by {sorted(where)[0]}) is not in pyproject.toml"
    required = set(_declared(extras=False))
    assert {"uvloop", "httptools"} <= required  # uvicorn's fast loop and parser: found, not imported
    from mechanisms.prmpt.config import DEFAULT_SPACY_MODELS, PIPELINE_INSTALL

    for lang, model in DEFAULT_SPACY_MODELS.items():  # pipelines are named in settings, not imported
        if lang == "es":  # declares spaCy < 3.2: installed with --no-deps, and a missing one says so
            assert canonicalize_name(model) not in required and "--no-deps" in PIPELINE_INSTALL[model]
        else:
            assert canonicalize_name(model) in required, model


def test_ranges_hold_the_pinned_versions() -> None:
    """What requirements.txt, requirements-dev.txt and the Makefile pin is inside the wheel's ranges, and
    torch is a bounded range (a new major version is never pulled in by the wheel)."""
    declared = _declared(extras=True)
    dev = {canonicalize_name(r.name): r for r in map(Requirement, PROJECT["project"]["optional-dependencies"]["dev"])}
    pins: dict[str, str] = {}
    for name in ("requirements.txt", "requirements-dev.txt"):
        for line in (ROOT / name).read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                req = Requirement(line)
                (version,) = [s.version for s in req.specifier if s.operator == "=="]
                pins[canonicalize_name(req.name)] = version
    torch = re.search(r"^TORCH_SPEC \?= torch==(\S+)$", (ROOT / "Makefile").read_text(), re.M)
    assert torch
    pins["torch"] = torch.group(1)
    checked = 0
    for name, version in pins.items():
        req = declared.get(name) or dev.get(name)
        if req is not None:
            assert req.specifier.contains(version, prereleases=True), f"{name}=={version} is outside {req}"
            checked += 1
    assert checked >= 30
    assert any(s.operator == "<" for s in declared["torch"].specifier), declared["torch"]


def test_one_version_written_in_one_place() -> None:
    import proxy

    project = PROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "proxy.__version__"}
    version = proxy.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    tracked = subprocess.run(["git", "ls-files", "proxy", "mechanisms", "docker", "deploy", "config", "Makefile"],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    quoted = re.compile(rf"""["']{re.escape(version)}["']|version\s*[:=]\s*{re.escape(version)}\b""")
    written = [p for p in tracked if (ROOT / p).is_file() and p.endswith((".py", ".yaml", ".toml", ".sh", "Makefile",
                                                                           "Dockerfile", ".cuda"))
               and quoted.search((ROOT / p).read_text(errors="replace"))]
    assert written == ["proxy/__init__.py"], written
    ray = (ROOT / "proxy" / "workers" / "ray_backend.py").read_text()
    assert "from proxy import __version__" in ray and 'version("' not in ray  # no distribution name to miss


def test_every_data_file_is_in_the_wheel() -> None:
    """Each file of proxy/ and mechanisms/ that is not Python matches the package data (the name lists,
    Cape's bounds, the inspector's page); `make test-wheel` lists the built wheel as well."""
    tracked = subprocess.run(["git", "ls-files", "proxy", "mechanisms"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    data = [p for p in tracked if not p.endswith(".py")]
    assert any(p.startswith("mechanisms/prmpt/data/") for p in data)
    patterns = PROJECT["tool"]["setuptools"]["package-data"]
    for path in data:
        folder, name = path.rsplit("/", 1)
        parts = folder.split("/")
        ok = False
        for cut in range(len(parts), 0, -1):  # the package that holds it, then the pattern below it
            package, below = ".".join(parts[:cut]), "/".join([*parts[cut:], name])
            if not (ROOT / "/".join(parts[:cut]) / "__init__.py").exists():
                continue
            ok = any(fnmatch.fnmatch(below, g) for g in patterns.get(package, []) + patterns.get("*", []))
            break
        assert ok, f"{path} is not package data"


def test_ci_builds_and_runs_the_wheel_after_the_suite() -> None:
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert lines.index("make test") < lines.index("make test-wheel")
    make = (ROOT / "Makefile").read_text()
    target = re.search(r"^test-wheel:(.*)$", make, re.M)
    assert target and not target.group(1).strip()  # needs no .venv: a fresh virtualenv of its own
    assert "tests/wheel_install.py" in make.split("test-wheel:", 1)[1].split("\n\n", 1)[0]
