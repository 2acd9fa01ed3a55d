"""The `veil` command line: sanitize | desanitize round trips, keygen permissions."""

from __future__ import annotations

import json
import os
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
