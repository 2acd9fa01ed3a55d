"""The turn store shared by processes and replicas: SQLite (default) and Redis, sealed per user, fail closed."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import httpx
import openai
import pytest

from conftest import TEST_MASTER_KEY
from proxy.errors import ServiceUnavailable
from proxy.responses.turn_store import RedisBackend, SealedTurns, SqliteBackend, open_turns
from proxy.responses.turns import TurnCache
from proxy.settings import TurnCacheSettings
from waiting import wait_until

SSN = "123-45-6789"
TEXT = f"I am John Smith, SSN {SSN}, email john.smith@acme-corp.com."
ROOT = Path(__file__).resolve().parent.parent


def keys_for(user: str):  # type: ignore[no-untyped-def]
    return TEST_MASTER_KEY.user_keys(user, 1)


def sqlite_turns(tmp_path: Path, clock, **cfg) -> SealedTurns:  # type: ignore[no-untyped-def]
    return SealedTurns(SqliteBackend(tmp_path, TurnCacheSettings(**cfg)), keys_for, clock)


def test_default_store_is_sqlite_under_the_state_dir(tmp_path: Path) -> None:
    turns = open_turns(TurnCacheSettings(), str(tmp_path), keys_for)
    assert isinstance(turns, SealedTurns) and isinstance(turns.backend, SqliteBackend)
    turns.remember("alice", {"PERSON_1": "John Smith"})
    assert (tmp_path / "turns.sqlite3").exists()
    assert isinstance(open_turns(TurnCacheSettings(url="memory"), None, keys_for), TurnCache)
    assert isinstance(open_turns(TurnCacheSettings(enabled=False), None, keys_for), TurnCache)
    with pytest.raises(ValueError):
        open_turns(TurnCacheSettings(url="mysql://x"), None, keys_for)


def test_sqlite_store_is_shared_by_two_processes_and_holds_no_plaintext(tmp_path: Path) -> None:
    """Another process writes a user's pairs; this one reads them; the file never holds the originals."""
    script = textwrap.dedent(f"""
        from mechanisms.keys import MasterKey
        from proxy.responses.turn_store import open_turns
        from proxy.settings import TurnCacheSettings
        key = MasterKey.from_bytes(bytes.fromhex({TEST_MASTER_KEY.hex()!r}))
        turns = open_turns(TurnCacheSettings(), {str(tmp_path)!r}, lambda u: key.user_keys(u, 1))
        turns.remember("alice", {{"PERSON_1": "John Smith", "SSN_1": {SSN!r}}})
    """)
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60, cwd=ROOT)  # cwd: the tree imported
    here = open_turns(TurnCacheSettings(), str(tmp_path), keys_for)
    assert here.recall("alice") == {"PERSON_1": "John Smith", "SSN_1": SSN}
    assert here.recall("bob") == {}  # another user's pairs are not this one's
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    for secret in (b"John Smith", SSN.encode(), b"alice", b"PERSON_1"):
        assert secret not in raw


def test_sqlite_store_ttl_and_per_user_bound(tmp_path: Path) -> None:
    now = [1000.0]
    turns = sqlite_turns(tmp_path, lambda: now[0], ttl_seconds=10, max_entries_per_user=3)
    turns.remember("u", {"A": "a", "B": "b"})
    now[0] += 1
    turns.remember("u", {"C": "c"})
    assert turns.recall("u") == {"A": "a", "B": "b", "C": "c"}
    now[0] += 1
    turns.remember("u", {"D": "d", "C": "c2"})
    assert turns.recall("u") == {"C": "c2", "D": "d"}  # the oldest turn beyond 3 pairs went; later wins
    turns.remember("u", {f"S{i}": "s" for i in range(5)})
    assert len(turns.recall("u")) == 5  # the newest turn is kept whole, even beyond the bound
    turns.remember("u", {"E": "e"})
    assert turns.recall("u") == {"E": "e"}
    now[0] += 9.5
    assert turns.recall("u") == {"E": "e"}  # 11.5 s after A, 9.5 s after the last write
    now[0] += 1
    assert turns.recall("u") == {}  # 10 s after the user's last write
    turns.remember("u", {"E": "e"})
    assert turns.recall("u") == {"E": "e"}  # expired pairs do not come back


def test_sqlite_store_total_bound(tmp_path: Path) -> None:
    now = [0.0]
    turns = sqlite_turns(tmp_path, lambda: now[0], max_entries=4)
    for i in range(6):
        now[0] += 1
        turns.remember(f"user{i}", {f"S{i}": f"v{i}"})
    turns.backend._writes = 0  # type: ignore[attr-defined]  # next write checks the total bound
    now[0] += 1
    turns.remember("last", {"S": "v"})
    kept = [u for u in [f"user{i}" for i in range(6)] + ["last"] if turns.recall(u)]
    assert kept == ["user3", "user4", "user5", "last"]


def test_another_master_key_cannot_read_the_pairs(tmp_path: Path) -> None:
    from mechanisms.keys import MasterKey

    turns = open_turns(TurnCacheSettings(), str(tmp_path), keys_for)
    turns.remember("alice", {"PERSON_1": "John Smith"})
    other = MasterKey.from_bytes(bytes(range(1, 33)))
    assert open_turns(TurnCacheSettings(), str(tmp_path), lambda u: other.user_keys(u, 1)).recall("alice") == {}
    rotated = open_turns(TurnCacheSettings(), str(tmp_path), lambda u: TEST_MASTER_KEY.user_keys(u, 2))
    assert rotated.recall("alice") == {}


def test_an_unusable_sqlite_store_fails_closed(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a directory")
    turns = open_turns(TurnCacheSettings(), str(tmp_path / "file"), keys_for)
    with pytest.raises(ServiceUnavailable) as err:
        turns.recall("alice")
    assert err.value.status == 503 and err.value.code == "turn_store_unavailable"


def test_redis_store_shared_sealed_and_bounded(redis_url: str) -> None:
    import redis

    now = [1000.0]
    cfg = TurnCacheSettings(url=redis_url, ttl_seconds=10, max_entries_per_user=3)
    one = SealedTurns(RedisBackend(redis_url, cfg), keys_for, lambda: now[0])
    two = SealedTurns(RedisBackend(redis_url, cfg), keys_for, lambda: now[0])
    one.remember("alice", {"PERSON_1": "John Smith", "SSN_1": SSN})
    assert two.recall("alice") == {"PERSON_1": "John Smith", "SSN_1": SSN}
    assert two.recall("bob") == {}
    client = redis.Redis.from_url(redis_url)
    dump = b"".join(k + b"".join(client.hvals(k)) for k in client.keys("veil:turns:*") if k.endswith(b":pairs"))
    assert dump and b"John Smith" not in dump and SSN.encode() not in dump and b"alice" not in dump
    assert all(0 < client.pttl(k) <= 10_000 for k in client.keys("veil:turns:*"))
    now[0] += 1
    two.remember("alice", {"A": "a", "B": "b"})
    now[0] += 1
    two.remember("alice", {"C": "c"})
    assert one.recall("alice") == {"A": "a", "B": "b", "C": "c"}  # the oldest turn beyond 3 pairs went
    now[0] += 1
    two.remember("alice", {"C": "c2"})
    assert one.recall("alice") == {"C": "c2"}  # a later turn's pair wins; A and B's turn is beyond 3


def test_redis_store_expires_a_user_ttl_after_the_last_write(redis_url: str) -> None:
    turns = open_turns(TurnCacheSettings(url=redis_url, ttl_seconds=0.3), None, keys_for)
    turns.remember("carol", {"PERSON_1": "John Smith"})
    assert turns.recall("carol") == {"PERSON_1": "John Smith"}
    wait_until(lambda: turns.recall("carol") == {}, timeout=5, message="the pairs expired")


def test_a_redis_store_that_is_down_fails_closed() -> None:
    from tests.redis_server import free_port

    turns = open_turns(TurnCacheSettings(url=f"redis://127.0.0.1:{free_port()}/0", timeout_seconds=0.2),
                       None, keys_for)
    with pytest.raises(ServiceUnavailable):
        turns.remember("alice", {"PERSON_1": "John Smith"})
    with pytest.raises(ServiceUnavailable):
        turns.recall("alice")


def oai(server) -> openai.OpenAI:  # type: ignore[no-untyped-def]
    return openai.OpenAI(base_url=server.url + "/v1", api_key="sk-user", max_retries=0)


def test_two_proxies_share_the_default_store(veil_factory, upstream, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A follow-up answered by another process (here: another app on the same state dir) is restored."""
    one = veil_factory(mode="prmpt", state_dir=str(tmp_path))
    two = veil_factory(mode="prmpt", state_dir=str(tmp_path))
    first = oai(one).responses.create(model="gpt-4o-mini", input=TEXT)
    second = oai(two).responses.create(model="mock-recall", input="and what did I say?",
                                       previous_response_id=first.id)
    assert "| earlier: " + TEXT in second.output_text


def test_store_down_fails_closed_only_for_requests_that_need_it(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from tests.redis_server import free_port

    veil = veil_factory(mode="prmpt", sanitize={"turn_cache": {"url": f"redis://127.0.0.1:{free_port()}/0",
                                                               "timeout_seconds": 0.2}})
    before = len(upstream.requests)
    with httpx.Client(base_url=veil.url, timeout=30, headers={"authorization": "Bearer sk-user"}) as h:
        follow = h.post("/v1/responses", json={"model": "mock-recall", "input": TEXT,
                                               "previous_response_id": "resp_1"})
        assert follow.status_code == 503, follow.text
        assert follow.json()["error"]["code"] == "turn_store_unavailable"
        assert SSN not in follow.text
        assert len(upstream.requests) == before  # nothing forwarded
        alone = h.post("/v1/responses", json={"model": "gpt-4o-mini", "input": TEXT, "store": False})
        assert alone.status_code == 200, alone.text  # does not use the store
        chat = h.post("/v1/chat/completions", json={"model": "gpt-4o-mini",
                                                    "messages": [{"role": "user", "content": TEXT}]})
        assert chat.status_code == 200, chat.text


def test_responses_follow_ups_through_redis(veil_factory, upstream, redis_url: str) -> None:  # type: ignore[no-untyped-def]
    one = veil_factory(mode="prmpt", sanitize={"turn_cache": {"url": redis_url}})
    two = veil_factory(mode="prmpt", sanitize={"turn_cache": {"url": redis_url}})
    first = oai(one).responses.create(model="gpt-4o-mini", input=TEXT)
    second = oai(two).responses.create(model="mock-recall", input="again", previous_response_id=first.id)
    assert "| earlier: " + TEXT in second.output_text
