"""Known values: seeded values are always found (every field, every Unicode form, word boundaries only),
never-touch values are never replaced, sources reload without a restart and fail without losing the
last good set, and nothing about a seed reaches logs, /readyz or the upstream."""

from __future__ import annotations

import json
import logging
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mechanisms.keys import MasterKey
from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.known_values import KnownValues, Matcher
from mechanisms.prmpt.sanitizer import Sanitizer
from waiting import wait_until

KEYS = MasterKey.from_bytes(bytes(range(32))).user_keys("known")
ROWS = [("Chidi Okafor", "chidi.okafor@example-corp.io", "ACC-77812"),
        ("Ingrid Sørensen", "ingrid@nordlys.dk", "ACC-10021"),
        ("Tomasz Wróbel", "t.wrobel@kowal.pl", "ACC-33310")]
COLUMNS = {"full_name": "PERSON", "email": "EMAIL_ADDRESS", "account": "ACCOUNT_NUMBER"}


def write_csv(path: Path, rows: list[tuple[str, str, str]]) -> None:
    lines = ["full_name,email,account"] + [",".join(r) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def config(tmp: Path, **known: Any) -> PrmptConfig:
    source = {"name": "crm", "path": str(tmp / "customers.csv"), "columns": COLUMNS}
    known.setdefault("sources", [source])
    return PrmptConfig(known_values=known)


@pytest.fixture(scope="module")
def seeded() -> Iterator[tuple[Sanitizer, Path]]:
    with tempfile.TemporaryDirectory() as tmp:
        write_csv(Path(tmp) / "customers.csv", ROWS)
        s = Sanitizer(config(Path(tmp), never=["Mark Pro 3000", "1 Infinite Loop"],
                             never_patterns=[r"\bAcme Widgets? \d+\b"]))
        s.load()
        yield s, Path(tmp)
        s.annotator.known.stop()


def _round_trip(s: Sanitizer, text: str) -> str:
    out = s.sanitize(text, KEYS)
    assert s.desanitize(out.text, out.mapping) == text
    return out.text


@pytest.mark.parametrize("text, value", [
    ("please call chidi okafor today", "chidi okafor"),                 # lower case
    ("CHIDI OKAFOR IS ON THE LINE", "CHIDI OKAFOR"),                    # capitals
    ("ask Chidi\u00a0Okafor first", "Chidi\u00a0Okafor"),               # no-break space
    ("ask Chidi  Okafor first", "Chidi  Okafor"),                       # two spaces
    ("ask Chi\u200bdi Okafor first", "Chi\u200bdi Okafor"),             # zero-width space inside
    ("Mr Okafor wrote again", "Okafor"),                                # the surname alone
    ("account ACC\u201177812 is late", "ACC\u201177812"),               # non-breaking hyphen
    ("account ＡＣＣ-７７８１２ is late", "ＡＣＣ-７７８１２"),             # fullwidth
    ("mail INGRID@NORDLYS.DK now", "INGRID@NORDLYS.DK"),
    ("Tomasz Wróbel signed", "Tomasz Wróbel"),
])
def test_seeded_values_are_found_in_every_form(seeded: tuple[Sanitizer, Path], text: str, value: str) -> None:
    s, _ = seeded
    out = _round_trip(s, text)
    assert value not in out and "Okafor" not in out and "77812" not in out, out


@pytest.mark.parametrize("text", [
    "the Okaforian dialect",        # inside a longer word
    "order ACC-778123 shipped",     # a longer id
    "xchidiokafor wrote",           # glued to a letter
])
def test_no_match_inside_longer_words(seeded: tuple[Sanitizer, Path], text: str) -> None:
    s, _ = seeded
    spans = s.annotator.annotate(text)
    assert not [sp for sp in spans if sp.score == 1.0 and sp.entity_type in COLUMNS.values()], spans


def test_never_touch_wins_over_every_finder(seeded: tuple[Sanitizer, Path]) -> None:
    s, _ = seeded
    text = "Chidi Okafor bought a Mark Pro 3000 and an Acme Widget 7 shipped from 1 Infinite Loop"
    out = _round_trip(s, text)
    for kept in ("Mark Pro 3000", "Acme Widget 7", "1 Infinite Loop"):
        assert kept in out
    assert "Okafor" not in out
    # without the never list the same text loses "Mark" (a listed name) or the address
    plain = Sanitizer(config(Path(tempfile.gettempdir()) / "no-such-dir", sources=[]))
    plain.load()
    assert "1 Infinite Loop" not in plain.sanitize(text, KEYS).text


def test_matching_cost_does_not_grow_with_the_seeds() -> None:
    """One automaton pass: 200,000 seeds cost about what 200 do on the same text."""
    from faker import Faker

    fake = Faker("en_US")
    Faker.seed(5)
    many = [(fake.name(), "PERSON") for _ in range(200_000)]
    small, large = Matcher.build(many[:200]), Matcher.build(many)
    text = ("Please forward the invoice to the finance team and copy the account manager. " * 4)[:300]
    for m in (small, large):
        m.find(text)

    def best(m: Matcher) -> float:
        times = []
        for _ in range(30):
            t0 = time.perf_counter()
            m.find(text)
            times.append(time.perf_counter() - t0)
        return min(times)

    assert best(large) < 5 * best(small) + 0.0005
    name = many[123_456][0]
    assert large.find(f"write to {name} today")  # and the 123,456th seed is found


def test_reload_when_the_file_changes(tmp_path: Path) -> None:
    write_csv(tmp_path / "customers.csv", ROWS[:1])
    known = KnownValues(config(tmp_path, check_seconds=0.5).known_values)
    known.load()
    assert not known.matcher.find("Ingrid Sørensen called")
    known.start()
    try:
        write_csv(tmp_path / "customers.csv", ROWS)
        os.utime(tmp_path / "customers.csv", (time.time() + 5, time.time() + 5))  # a new mtime, surely
        # the watcher reloads it: the next request sees it, no restart
        wait_until(lambda: known.matcher.find("Ingrid Sørensen called"), message="the new row is seeded")
    finally:
        known.stop()


def test_a_failing_source_keeps_its_last_good_set_and_names_no_value(tmp_path: Path, caplog) -> None:  # type: ignore[no-untyped-def]
    write_csv(tmp_path / "customers.csv", ROWS)
    known = KnownValues(config(tmp_path).known_values)
    known.load()
    (tmp_path / "customers.csv").unlink()
    with caplog.at_level(logging.DEBUG):
        assert not known.refresh()
    assert known.matcher.find("Chidi Okafor called")  # still protected
    status = json.dumps(known.status())
    assert "FileNotFoundError" in status and "crm" in status
    for row in ROWS:
        for value in row:
            assert value not in status and value not in caplog.text


def test_jsonl_and_sqlite_sources(tmp_path: Path) -> None:
    (tmp_path / "people.jsonl").write_text("\n".join(json.dumps({"n": r[0], "e": r[1]}) for r in ROWS) + "\n")
    db = tmp_path / "crm.db"
    with sqlite3.connect(db) as conn:
        conn.execute("create table customers (name text, account text)")
        conn.executemany("insert into customers values (?, ?)", [(r[0], r[2]) for r in ROWS])
    known = KnownValues(PrmptConfig(known_values={"sources": [
        {"name": "file", "path": str(tmp_path / "people.jsonl"), "columns": {"n": "PERSON", "e": "EMAIL_ADDRESS"}},
        {"name": "db", "url": f"sqlite:///{db}", "query": "select name, account from customers",
         "columns": {"account": "ACCOUNT_NUMBER"}},
    ]}).known_values)
    known.load()
    assert known.status()["sources"] == {"file": {"PERSON": 3, "EMAIL_ADDRESS": 3}, "db": {"ACCOUNT_NUMBER": 3}}
    found = known.matcher.find("t.wrobel@kowal.pl owes on ACC-10021")
    assert [t for _, _, t in found] == ["EMAIL_ADDRESS", "ACCOUNT_NUMBER"]


# ------------------------------------------------------------------------------------------ PostgreSQL
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A PostgreSQL server of Debian's package on a loopback port, in a temporary data directory."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not bins:
        pytest.skip("PostgreSQL server binaries not installed (Debian's postgresql package)")
    pytest.importorskip("sqlalchemy")
    pytest.importorskip("psycopg2")
    bindir = bins[-1].parent
    root = Path(tempfile.mkdtemp(prefix="veil-pg-"))
    data, port = root / "data", _free_port()
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the server as the postgres user
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser")
        shutil.chown(root, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    try:
        subprocess.run([*as_user, str(bindir / "initdb"), "-D", str(data), "-U", "veil", "--auth=trust"],
                       check=True, capture_output=True, timeout=120)
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-w", "-l", str(root / "log"),
                        "-o", f"-p {port} -k {root} -h 127.0.0.1", "start"],
                       check=True, capture_output=True, timeout=60)
    except (subprocess.SubprocessError, OSError) as exc:
        shutil.rmtree(root, ignore_errors=True)
        pytest.skip(f"PostgreSQL could not start here: {type(exc).__name__}")
    try:
        yield f"postgresql+psycopg2://veil@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(root, ignore_errors=True)


def test_a_postgresql_source_and_its_refresh(postgres: str) -> None:
    import sqlalchemy

    engine = sqlalchemy.create_engine(postgres)
    with engine.begin() as conn:
        conn.execute(sqlalchemy.text("drop table if exists customers"))
        conn.execute(sqlalchemy.text("create table customers (name text, email text)"))
        conn.execute(sqlalchemy.text("insert into customers values ('Chidi Okafor', 'chidi.okafor@example-corp.io')"))
    source = {"name": "pg", "url": postgres, "query": "select name, email from customers",
              "columns": {"name": "PERSON", "email": "EMAIL_ADDRESS"}, "refresh_seconds": 1}
    known = KnownValues(PrmptConfig(known_values={"sources": [source]}).known_values)
    known.load()
    assert known.status()["sources"] == {"pg": {"PERSON": 1, "EMAIL_ADDRESS": 1}}
    with engine.begin() as conn:
        conn.execute(sqlalchemy.text("insert into customers values ('Ingrid Sørensen', 'ingrid@nordlys.dk')"))

    def refreshed() -> object:
        known.refresh()  # the query runs again once its refresh interval has passed
        return known.matcher.find("Ingrid Sørensen")

    wait_until(refreshed, message="the new row is seeded")
    engine.dispose()


# ------------------------------------------------------------------------------------------ the proxy
def test_seeded_values_never_reach_the_upstream_and_come_back(veil_factory, upstream, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import openai

    write_csv(tmp_path / "customers.csv", ROWS)
    known = {"sources": [{"name": "crm", "path": str(tmp_path / "customers.csv"), "columns": COLUMNS}],
             "never": ["Mark Pro 3000"]}
    veil = veil_factory(mode="prmpt", prmpt={"known_values": known})
    client = openai.OpenAI(base_url=veil.url + "/v1", api_key="sk-user-1", max_retries=0)
    text = "draft a note to ingrid sørensen about acc-10021 and her Mark Pro 3000"
    resp = client.chat.completions.create(
        model="gpt-4o-mini", metadata={"owner": "tomasz wróbel"},
        messages=[{"role": "system", "content": "Customer: CHIDI OKAFOR (chidi.okafor@example-corp.io)"},
                  {"role": "user", "content": text}])
    sent = json.dumps(upstream.last.body, ensure_ascii=False).lower()
    for row in ROWS:
        for value in row:
            assert value.lower() not in sent
    assert "mark pro 3000" in sent
    assert resp.choices[0].message.content == "echo: " + text
    import httpx

    ready = json.dumps(httpx.get(veil.url + "/readyz").json(), ensure_ascii=False)
    assert '"crm"' in ready and "okafor" not in ready.lower()
    preview = httpx.post(veil.url + "/v1/privacy/sanitize", json={"text": "ask Chidi Okafor"}).json()
    finders = [e.get("finder") for e in json.loads(json.dumps(preview)).get("entities", [])
               or [e for f in preview.get("fields", []) for e in f.get("entities", [])]]
    assert "known value" in finders  # the inspector names the finder of a seeded span


@pytest.mark.parametrize("path, body", [
    ("/v1/responses", {"model": "gpt-4o-mini", "instructions": "Customer: CHIDI OKAFOR",
                       "input": "write to ingrid\u00a0sørensen about ACC\u201110021",
                       "metadata": {"owner": "tomasz wróbel"}}),
    ("/v1/messages", {"model": "claude-3-5-haiku-latest", "max_tokens": 50, "system": "Customer: Chidi Okafor",
                      "messages": [{"role": "user", "content": "mail t.wrobel@kowal.pl about ＡＣＣ-７７８１２"}]}),
])
def test_seeded_values_never_leave_through_other_surfaces(veil_factory, upstream, tmp_path, path, body) -> None:  # type: ignore[no-untyped-def]
    import httpx

    write_csv(tmp_path / "customers.csv", ROWS)
    known = {"sources": [{"name": "crm", "path": str(tmp_path / "customers.csv"), "columns": COLUMNS}]}
    veil = veil_factory(mode="prmpt", prmpt={"known_values": known})
    headers = {"authorization": "Bearer sk-user-1", "x-api-key": "sk-user-1", "anthropic-version": "2023-06-01"}
    resp = httpx.post(veil.url + path, json=body, headers=headers, timeout=60)
    assert resp.status_code == 200, resp.text
    sent = json.dumps(upstream.last.body, ensure_ascii=False).lower()
    for value in ("okafor", "sørensen", "10021", "77812", "wróbel", "t.wrobel@kowal.pl"):
        assert value not in sent, value
