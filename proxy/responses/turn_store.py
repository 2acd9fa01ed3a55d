"""The turn store shared by every process and replica: earlier turns' stand-ins, encrypted per user.

``sanitize.turn_cache.url`` picks where the stand-in -> original pairs of Responses requests live:

* unset or ``sqlite``: an SQLite file in WAL mode under Veil's state directory (``state_dir``), seen by
  every ``veil serve --workers N`` process of the machine with no extra service; ``sqlite:///path`` names
  the file;
* ``redis://host:port/db`` (``rediss://``, ``unix://``): a Redis or Valkey server shared by replicas on
  several machines;
* ``memory``: this process only (:class:`proxy.responses.turns.TurnCache`).

Each turn's pairs are sealed together with AES-256-GCM under a key derived from the user's keys, so the
store holds no plaintext original, stand-in or user id: rows are keyed by a per-user pseudonym and a random
turn id.
A user's pairs expire ``ttl_seconds`` after the user's last Responses request that stored some; each user
keeps at most ``max_entries_per_user`` (oldest turns dropped), the SQLite file at most ``max_entries`` in all
(Redis: bound the server with ``maxmemory``; docs/scaling.md).
A store that cannot be read or written raises :class:`ServiceUnavailable` (503, nothing forwarded) for
the request that needs it; requests that do not use it are not affected.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from mechanisms.keys import UserKeys
from proxy.errors import ServiceUnavailable
from proxy.responses.turns import TurnCache
from proxy.settings import TurnCacheSettings

Row = tuple[str, bytes, int]  # (turn id, the turn's sealed {stand-in: original}, how many pairs)


class Turns(Protocol):
    def remember(self, user: str, mapping: dict[str, str]) -> None: ...

    def recall(self, user: str) -> dict[str, str]: ...


class Backend(Protocol):
    def put(self, uid: str, row: Row, now: float) -> None: ...

    def get(self, uid: str, now: float) -> list[tuple[str, bytes]]: ...


def default_state_dir() -> Path:
    """``$XDG_STATE_HOME/veil`` (``~/.local/state/veil`` by default)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "veil"


def open_turns(cfg: TurnCacheSettings, state_dir: str | None,
               keys_for: Callable[[str], UserKeys]) -> Turns:
    """The turn store that ``cfg`` names (nothing is opened before the first request uses it)."""
    url = (cfg.url or "sqlite").strip()
    if not cfg.enabled or url == "memory":
        return TurnCache(cfg)
    return SealedTurns(backend_for(url, cfg, state_dir), keys_for)


def backend_for(url: str, cfg: TurnCacheSettings, state_dir: str | None) -> Backend:
    if url == "sqlite":
        return SqliteBackend(Path(state_dir) if state_dir else default_state_dir(), cfg)
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite://"))
        return SqliteBackend(path.parent, cfg, path.name)
    if url.split(":", 1)[0] in ("redis", "rediss", "unix"):
        return RedisBackend(url, cfg)
    raise ValueError("sanitize.turn_cache.url: use memory, sqlite, sqlite:///path or redis://host:port/db")


@dataclass(frozen=True)
class _UserSeal:
    uid: str
    aead: AESGCM

    @classmethod
    def of(cls, keys: UserKeys) -> _UserSeal:
        return cls(keys.prf("turn-store", "user").hex()[:32], AESGCM(keys.prf("turn-store", "aead")))

    def seal(self, tid: str, pairs: dict[str, str]) -> bytes:
        nonce = os.urandom(12)
        plain = json.dumps(pairs, ensure_ascii=False).encode()
        return nonce + self.aead.encrypt(nonce, plain, f"{self.uid}/{tid}".encode())

    def open(self, tid: str, blob: bytes) -> dict[str, str]:
        try:
            plain = self.aead.decrypt(blob[:12], blob[12:], f"{self.uid}/{tid}".encode())
        except (InvalidTag, ValueError):
            return {}  # another master key or key version: not this user's pairs
        return dict(json.loads(plain))


class SealedTurns:
    """Seals pairs with the user's key on the way in, opens them on the way out; store errors -> 503."""

    _SEALS = 1024

    def __init__(self, backend: Backend, keys_for: Callable[[str], UserKeys],
                 clock: Callable[[], float] = time.time) -> None:
        self.backend = backend
        self._keys_for = keys_for
        self._clock = clock
        self._seals: OrderedDict[str, _UserSeal] = OrderedDict()  # recent users' derived keys

    def _seal(self, user: str) -> _UserSeal:
        seal = self._seals.pop(user, None) or _UserSeal.of(self._keys_for(user))
        self._seals[user] = seal
        if len(self._seals) > self._SEALS:
            self._seals.popitem(last=False)
        return seal

    def remember(self, user: str, mapping: dict[str, str]) -> None:
        """One sealed row per turn (its new pairs): a recall opens one blob per turn, not per pair."""
        if not mapping:
            return
        seal, tid = self._seal(user), os.urandom(8).hex()
        row = (tid, seal.seal(tid, mapping), len(mapping))
        self._guarded(lambda: self.backend.put(seal.uid, row, self._clock()))

    def recall(self, user: str) -> dict[str, str]:
        seal = self._seal(user)
        rows = self._guarded(lambda: self.backend.get(seal.uid, self._clock()))
        out: dict[str, str] = {}
        for tid, blob in rows:  # oldest first: a later turn's pair wins
            out.update(seal.open(tid, blob))
        return out

    def _guarded(self, call: Callable[[], Any]) -> Any:
        try:
            return call()
        except Exception as exc:  # noqa: BLE001 - any store failure fails this request closed
            raise ServiceUnavailable(f"the turn store is unavailable ({type(exc).__name__}): this Responses "
                                     "request needs it and nothing was sent", code="turn_store_unavailable",
                                     retry_after=2) from None


class SqliteBackend:
    """One SQLite file in WAL mode; every process of the machine opens it (one connection each). A user's
    turns live ``ttl_seconds`` after the user's last write; ``at`` orders them for the bounds."""

    _SCHEMA = """
        CREATE TABLE IF NOT EXISTS turns (uid TEXT NOT NULL, tid TEXT NOT NULL, value BLOB NOT NULL,
                                          n INTEGER NOT NULL, at REAL NOT NULL, PRIMARY KEY (uid, tid));
        CREATE INDEX IF NOT EXISTS turns_at ON turns (at);
        CREATE INDEX IF NOT EXISTS turns_user ON turns (uid, at);
        CREATE TABLE IF NOT EXISTS users (uid TEXT PRIMARY KEY, expiry REAL NOT NULL);
        CREATE INDEX IF NOT EXISTS users_expiry ON users (expiry);
    """
    _TRIM_EVERY = 64  # writes between two checks of the total bound

    def __init__(self, directory: Path, cfg: TurnCacheSettings, name: str = "turns.sqlite3") -> None:
        self.path = directory / name
        self.cfg = cfg
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._writes = 0

    def _connect(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            conn = sqlite3.connect(self.path, timeout=max(self.cfg.timeout_seconds, 1.0),
                                   isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.executescript(self._SCHEMA)
            os.chmod(self.path, 0o600)
            self._conn = conn
        return self._conn

    def put(self, uid: str, row: Row, now: float) -> None:
        with self._lock:
            conn = self._connect()
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._put(conn, uid, row, now)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    def _put(self, conn: sqlite3.Connection, uid: str, row: Row, now: float) -> None:
        live = conn.execute("SELECT expiry FROM users WHERE uid = ?", (uid,)).fetchone()
        if live is not None and live[0] <= now:
            conn.execute("DELETE FROM turns WHERE uid = ?", (uid,))  # expired: start afresh
        conn.execute("INSERT OR REPLACE INTO users VALUES (?, ?)", (uid, now + self.cfg.ttl_seconds))
        conn.execute("INSERT OR REPLACE INTO turns VALUES (?, ?, ?, ?, ?)", (uid, *row, now))
        kept, drop = 0, []  # whole turns, newest first; the newest is always kept
        for tid, n in conn.execute("SELECT tid, n FROM turns WHERE uid = ? ORDER BY at DESC", (uid,)):
            if kept and kept + n > self.cfg.max_entries_per_user:
                drop.append((uid, tid))
            kept += n
        conn.executemany("DELETE FROM turns WHERE uid = ? AND tid = ?", drop)
        self._writes += 1
        if self._writes % self._TRIM_EVERY == 1:
            self._trim(conn, now)

    def _trim(self, conn: sqlite3.Connection, now: float) -> None:
        conn.execute("DELETE FROM turns WHERE uid IN (SELECT uid FROM users WHERE expiry <= ?)", (now,))
        conn.execute("DELETE FROM users WHERE expiry <= ?", (now,))
        total, drop = conn.execute("SELECT COALESCE(SUM(n), 0) FROM turns").fetchone()[0], []
        for rowid, n in conn.execute("SELECT rowid, n FROM turns ORDER BY at"):
            if total <= self.cfg.max_entries:
                break
            total -= n
            drop.append((rowid,))
        conn.executemany("DELETE FROM turns WHERE rowid = ?", drop)

    def get(self, uid: str, now: float) -> list[tuple[str, bytes]]:
        with self._lock:
            cur = self._connect().execute(
                "SELECT tid, value FROM turns WHERE uid = ? AND EXISTS (SELECT 1 FROM users WHERE uid = ? "
                "AND expiry > ?) ORDER BY at", (uid, uid, now))
            return [(tid, bytes(blob)) for tid, blob in cur.fetchall()]


# KEYS: the user's hash (turn id -> sealed pairs) and sorted set ("turn id:pairs" by time written); ARGV: now,
# ttl, per-user bound, turn id, sealed pairs, pairs. The oldest turns beyond the bound go (never the newest); both keys expire
# ttl after this write.
_REMEMBER = """
local now, ttl, most = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('HSET', KEYS[1], ARGV[4], ARGV[5])
redis.call('ZADD', KEYS[2], now, ARGV[4] .. ':' .. ARGV[6])
local kept = 0
for _, member in ipairs(redis.call('ZREVRANGE', KEYS[2], 0, -1)) do
  local tid, n = string.match(member, '^(.*):(%d+)$')
  if kept > 0 and kept + tonumber(n) > most then
    redis.call('HDEL', KEYS[1], tid)
    redis.call('ZREM', KEYS[2], member)
  end
  kept = kept + tonumber(n)
end
redis.call('PEXPIRE', KEYS[1], math.ceil(ttl * 1000))
redis.call('PEXPIRE', KEYS[2], math.ceil(ttl * 1000))
return 0
"""


class RedisBackend:
    """A Redis (or Valkey) server: one hash and one sorted set per user pseudonym, written by a script;
    Redis itself expires them (``now`` only orders the pairs)."""

    def __init__(self, url: str, cfg: TurnCacheSettings) -> None:
        import redis  # imported only when a redis:// store is configured

        self.cfg = cfg
        self.client = redis.Redis.from_url(url, socket_timeout=cfg.timeout_seconds,
                                           socket_connect_timeout=cfg.timeout_seconds)
        self._remember = self.client.register_script(_REMEMBER)

    @staticmethod
    def _keys(uid: str) -> list[str]:
        return [f"veil:turns:{uid}:pairs", f"veil:turns:{uid}:order"]

    def put(self, uid: str, row: Row, now: float) -> None:
        tid, blob, n = row
        self._remember(keys=self._keys(uid), args=[now, self.cfg.ttl_seconds, self.cfg.max_entries_per_user,
                                                   tid, blob, n])

    def get(self, uid: str, now: float) -> list[tuple[str, bytes]]:
        pairs, order = self._keys(uid)
        pipe = self.client.pipeline(transaction=False)
        pipe.zrange(order, 0, -1)
        pipe.hgetall(pairs)
        members, blobs = pipe.execute()
        tids = [m.decode().rsplit(":", 1)[0] for m in members]  # oldest first
        return [(tid, blobs[tid.encode()]) for tid in tids if tid.encode() in blobs]
