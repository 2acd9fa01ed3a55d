"""The Dockerfiles install exactly what the Makefile installs; the compose file, the build context and CI
agree with them. (The images are built and run for real by tests/docker_sidecar: make test-docker.)"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _make_vars() -> dict[str, str]:
    out = {}
    for line in (ROOT / "Makefile").read_text().splitlines():
        m = re.match(r"^([A-Z0-9_]+)\s*\?=\s*(.*)$", line)
        if m:
            out[m.group(1)] = m.group(2).strip()
    return out


def _makefile_steps() -> list[str]:
    text = (ROOT / "Makefile").read_text()
    block = text.split("$(VENV)/.installed:", 1)[1].split("touch $@", 1)[0]
    steps = []
    for line in block.splitlines():
        line = line.strip()
        if "pip install" in line:
            steps.append(line.split("pip install", 1)[1])
    return steps


def _docker_steps(name: str) -> list[str]:
    text = (ROOT / "docker" / name).read_text()
    block = text.split("# --- install steps (= Makefile) ---", 1)[1].split("# --- end of install steps ---")[0]
    return [line.split("pip install", 1)[1] for line in block.splitlines() if "pip install" in line]


def _normalize(step: str, variables: dict[str, str]) -> list[str]:
    step = re.sub(r"\$\(([A-Z0-9_]+)\)|\$\{([A-Z0-9_]+)\}",
                  lambda m: "{" + (m.group(1) or m.group(2)) + "}", step)
    return step.split()


def _docker_args(name: str) -> dict[str, str]:
    out = {}
    for line in (ROOT / "docker" / name).read_text().splitlines():
        m = re.match(r'^ARG ([A-Z0-9_]+)=(.*)$', line)
        if m:
            out[m.group(1)] = m.group(2).strip('"')
    return out


def test_dockerfiles_install_steps_match_makefile() -> None:
    make = [_normalize(s, {}) for s in _makefile_steps()]
    assert len(make) == 5 and any("-r" in s and "requirements.txt" in s for s in make)
    variables = _make_vars()
    for name in ("Dockerfile", "Dockerfile.cuda"):
        assert [_normalize(s, {}) for s in _docker_steps(name)] == make, name
        args = _docker_args(name)
        for var in ("TORCH_SPEC", "SMOLLM2_SPEC"):
            assert args[var] == variables[var], f"{name}: {var} differs from the Makefile"


def test_dockerfile_runtime_contract() -> None:
    for name in ("Dockerfile", "Dockerfile.cuda"):
        text = (ROOT / "docker" / name).read_text()
        assert "USER veil" in text and "HEALTHCHECK" in text and "/readyz" in text, name
        assert "veil prepare-model" in text, name  # converted weights baked in
        assert "VEIL_MASTER_KEY_FILE=/run/secrets/veil_master_key" in text, name
        # the model is converted as the runtime user, after USER veil, so the cache is its own
        assert text.index("USER veil") < text.index("RUN veil prepare-model"), name


def test_build_context_holds_what_the_dockerfiles_copy() -> None:
    ignore = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
              if line.strip() and not line.startswith("#")]
    assert ignore[0] == "*"  # allow-list: nothing else is sent to the engine
    allowed = {line[1:] for line in ignore if line.startswith("!")}
    for name in ("Dockerfile", "Dockerfile.cuda"):
        for line in (ROOT / "docker" / name).read_text().splitlines():
            if line.startswith("COPY ") and "--from" not in line:
                for source in line.split()[1:-1]:
                    assert source in allowed and (ROOT / source).exists(), (name, source)


def test_ci_runs_the_container_tests_after_the_suite() -> None:
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert lines.index("make test") < lines.index("make test-docker")
    make = (ROOT / "Makefile").read_text()
    target = re.search(r"^test-docker:(.*)$", make, re.M)
    assert target and not {"install", "dev", "model"} & set(target.group(1).split())  # no venv rebuild
    assert "tests/docker_sidecar" in make.split("test-docker:", 1)[1].split("\n\n", 1)[0]


def test_compose_sets_what_the_app_reads() -> None:
    from proxy.settings import Settings

    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    veil = compose["services"]["veil"]
    env = veil["environment"]
    fields = set(Settings.model_fields)
    for name in env:
        assert name.startswith("VEIL_")
        if name != "VEIL_CONFIG":  # read by the YAML source, not a field
            assert name[5:].lower().split("__")[0] in fields, name
    mounted = [v.split(":")[0] for v in veil["volumes"]]
    for path in mounted:
        assert (ROOT / "docker" / path).resolve().exists(), path
    assert compose["secrets"]["veil_master_key"]["file"] == "./secrets/master.key"
    assert "veil_master_key" in veil["secrets"]
    assert env["VEIL_HOST"] == "127.0.0.1"  # reachable only inside the namespace it shares with the app
    app = compose["services"]["app"]
    assert app["network_mode"] == "service:veil"
    assert app["environment"]["OPENAI_BASE_URL"] == "http://127.0.0.1:${VEIL_PORT:-8080}/v1"
    assert env["VEIL_PORT"] == "${VEIL_PORT:-8080}"
    for path in (v.split(":")[0] for v in app["volumes"]):
        assert (ROOT / "docker" / path).resolve().exists(), path
    example_env = (ROOT / "docker" / "veil.env.example").read_text()
    assert "VEIL_UPSTREAM__BASE_URL" in example_env and "VEIL_UPSTREAM__API_KEY" in example_env


def _image_env(name: str) -> dict[str, str]:
    """The VEIL_* variables the Dockerfile's ENV lines set."""
    text = (ROOT / "docker" / name).read_text().replace("\\\n", " ")
    out = {}
    for line in text.splitlines():
        if line.startswith("ENV "):
            out.update(dict(re.findall(r"(VEIL_[A-Z0-9_]+)=(\S+)", line)))
    return out


def test_images_start_under_the_exposure_rule() -> None:
    """`veil serve` refuses a non-loopback host without proxy keys: the images listen on loopback (the sidecar
    pattern) rather than opting out of that rule, and the compose file keeps it so."""
    from proxy.cli.serve import exposure_refusal
    from proxy.settings import Settings

    for name in ("Dockerfile", "Dockerfile.cuda"):
        env = _image_env(name)
        assert env["VEIL_HOST"] == "127.0.0.1", name
        assert "VEIL_AUTH__ALLOW_UNAUTHENTICATED" not in env, name
        assert exposure_refusal(Settings(host=env["VEIL_HOST"])) is None, name
    veil = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())["services"]["veil"]
    assert exposure_refusal(Settings(host=veil["environment"]["VEIL_HOST"])) is None
    assert exposure_refusal(Settings(host="0.0.0.0")) is not None
