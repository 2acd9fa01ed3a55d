"""One conversation, any process, any replica: Responses follow-ups (previous_response_id) answered by
another `veil serve` process than the first turn are restored, through the shared turn store."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path

import httpx

from test_scale_workers import Served

FOLLOW_UPS = 40
AUTH = {"authorization": "Bearer sk-user"}


def text_of(i: int) -> str:
    return f"I am John Smith, SSN 123-45-{6700 + i}, email john.smith{i}@acme-corp.com."


def conversations(pick: Callable[[], str], n: int = FOLLOW_UPS) -> int:
    """n conversations of two turns, each request on a new connection to the replica ``pick`` names;
    returns how many follow-ups came back with the first turn's values restored."""
    restored = 0
    for i in range(n):
        first = _post(pick, {"model": "gpt-4o-mini", "input": text_of(i)})
        second = _post(pick, {"model": "mock-recall", "input": "and what did I say?",
                              "previous_response_id": first["id"]})
        restored += ("| earlier: " + text_of(i)) in second["output"][0]["content"][0]["text"]
    return restored


def _post(pick: Callable[[], str], body: dict[str, object]) -> dict:  # type: ignore[type-arg]
    with httpx.Client(timeout=30) as client:  # a new connection: the kernel or the balancer picks the process
        answer = client.post(pick() + "/v1/responses", json=body, headers=AUTH)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def served(upstream_server, tmp_path: Path, **kw) -> Served:  # type: ignore[no-untyped-def]
    _, up = upstream_server
    env = {"XDG_STATE_HOME": str(tmp_path / "state"), "VEIL_LOCAL_MODEL__PRELOAD": "true", **kw.pop("env", {})}
    return Served(up.url + "/v1", mode="prmpt", env=env, **kw)


def test_workers_2_restore_every_follow_up(upstream_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """`veil serve --workers 2` with the default store (SQLite under the state dir)."""
    server = served(upstream_server, tmp_path)
    try:
        assert len(server.pids()) == 2  # both processes answer
        assert conversations(lambda: server.url) == FOLLOW_UPS
    finally:
        server.stop()


class RoundRobin:
    """The balancer in front of the replicas: the next live one per connection; a refused connection
    marks a replica dead (as a load balancer's health check would) and the request goes to the next."""

    def __init__(self, urls: list[str]) -> None:
        self.urls, self.turn, self.dead = urls, 0, set[str]()
        self.served: dict[str, int] = {u: 0 for u in urls}

    def __call__(self) -> str:
        for _ in self.urls:
            url = self.urls[self.turn % len(self.urls)]
            self.turn += 1
            if url in self.dead:
                continue
            try:
                httpx.get(url + "/readyz", timeout=2).raise_for_status()
            except httpx.HTTPError:
                self.dead.add(url)
                continue
            self.served[url] += 1
            return url
        raise AssertionError("no replica left")


def test_two_replicas_on_redis_and_one_killed_mid_run(upstream_server, tmp_path: Path, redis_url: str) -> None:  # type: ignore[no-untyped-def]
    env = {"VEIL_SANITIZE__TURN_CACHE__URL": redis_url}
    one = served(upstream_server, tmp_path / "one", workers="1", env=env)
    two = served(upstream_server, tmp_path / "two", workers="1", env=env)
    try:
        balancer = RoundRobin([one.url, two.url])
        assert conversations(balancer, FOLLOW_UPS // 2) == FOLLOW_UPS // 2
        assert balancer.served[one.url] > 0 and balancer.served[two.url] > 0
        os.kill(two.proc.pid, signal.SIGKILL)  # its uvicorn process: the replica is gone
        two.proc.wait(timeout=30)
        before = balancer.served[one.url]
        assert conversations(balancer, FOLLOW_UPS // 2) == FOLLOW_UPS // 2  # the other goes on
        assert two.url in balancer.dead and balancer.served[one.url] == before + FOLLOW_UPS
    finally:
        one.stop()
        two.stop()
