"""Turn store overhead: what the store adds to one Responses request (a follow-up: recall the user's
earlier stand-ins, then remember this turn's), in memory vs SQLite (the default) vs Redis on loopback.

Measured at the call the pipeline makes (``after_sanitize``), interleaved per round so the machine's load
hits every store alike; the HTTP path around it is the same for all three. Targets: <= 1 ms added p50
with SQLite, <= 2 ms with Redis."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from bench.common import pct, table, verdict
from tests.redis_server import redis_server

USERS = 20
PAIRS = 6  # stand-ins per turn (a name, an email, a phone number, ...)
TARGETS = {"sqlite": 1.0, "redis": 2.0}


@contextmanager
def _stores(stack: ExitStack) -> Iterator[dict[str, object]]:
    from mechanisms.keys import MasterKey
    from proxy.responses.turn_store import open_turns
    from proxy.settings import TurnCacheSettings

    master = MasterKey.from_bytes(bytes(range(32)))

    def keys(user: str):  # type: ignore[no-untyped-def]
        return master.user_keys(user, 1)

    state = stack.enter_context(tempfile.TemporaryDirectory(prefix="veil-bench-state-"))
    stores: dict[str, object] = {"memory": open_turns(TurnCacheSettings(url="memory"), None, keys),
                                 "sqlite": open_turns(TurnCacheSettings(), state, keys)}
    try:
        url = stack.enter_context(redis_server())
        stores["redis"] = open_turns(TurnCacheSettings(url=url), None, keys)
    except (FileNotFoundError, RuntimeError) as exc:
        print(f"turn store bench: no Redis ({exc})")
    yield stores


def _one_request(store, user: str, turn: int) -> float:  # type: ignore[no-untyped-def]
    mapping = {f"PERSON_{turn}_{k}": f"Original value {turn}.{k} of {user}" for k in range(PAIRS)}
    start = time.perf_counter()
    store.recall(user)
    store.remember(user, mapping)
    return time.perf_counter() - start


def _measure(stores: dict[str, object], rounds: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {name: [] for name in stores}
    names = list(stores)
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:  # rotate the order each round
            store = stores[name]
            out[name] += [_one_request(store, f"user{u}", r) for u in range(USERS)]
    return out


def run(rounds: int = 100) -> tuple[str, bool]:
    with ExitStack() as stack, _stores(stack) as stores:
        _measure(stores, 5)  # warm: connections, tables, scripts
        lat = _measure(stores, rounds)
    base = pct(lat["memory"], 50) * 1000
    rows, ok = [], True
    for name, values in lat.items():
        p50, p99 = pct(values, 50) * 1000, pct(values, 99) * 1000
        target = ""
        if name in TARGETS:
            met = p50 - base <= TARGETS[name]
            ok = ok and met
            target = f"<= +{TARGETS[name]:.0f} ms p50: {verdict(met)}"
        rows.append([name, f"{p50:.3f}", f"{p99:.3f}", f"{p50 - base:+.3f}", len(values), target])
    if "redis" not in lat:
        rows.append(["redis", "not run: no redis-server", "", "", 0, ""])
    md = table(["store", "p50 ms", "p99 ms", "added p50 ms vs memory", "requests", "target"], rows)
    return (f"### Turn store overhead per Responses follow-up (recall + remember, {PAIRS} stand-ins a turn, "
            f"{USERS} users, {rounds} rounds interleaved)\n\n{md}\n", ok)


if __name__ == "__main__":
    print(run()[0])
