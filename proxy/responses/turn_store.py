"""The turn store shared by every process and replica: earlier turns' stand-ins, encrypted per user.

``sanitize.turn_cache.url`` picks where the stand-in -> original pairs of Responses requests live:

* unset or ``sqlite``: an SQLite file in WAL mode under Veil's state directory (``state_dir``), seen by
  every ``veil serve --workers N`` process of the machine with no extra service; ``sqlite:///path`` names
  the file;
* ``redis://host:port/db`` (``rediss://``, ``unix://``): a Redis or Valkey server shared by replicas on
  several machines;
* ``memory``: this process only (:class:`proxy.responses.turns.TurnCache`).

Each pair is sealed with AES-256-GCM under a key derived from the user's keys, so the store holds no
plaintext original and no user id: rows are keyed by a per-user pseudonym and an HMAC of the stand-in.
A user's pairs expire ``ttl_seconds`` after the user's last Responses request that stored some; each user
keeps at most ``max_entries_per_user`` (oldest dropped), the SQLite file at most ``max_entries`` in all
(Redis: bound the server with ``maxmemory``; docs/scaling.md).
A store that cannot be read or written raises :class:`ServiceUnavailable` (503, nothing forwarded) for
the request that needs it; requests that do not use it are not affected.
"""

from __future__ import annotations

import hashlib
import hmac
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

Row = tuple[str, bytes]  # (HMAC of the stand-in, sealed [stand-in, original])


class Turns(Protocol):
    def remember(self, user: str, mapping: dict[str, str]) -> None: ...

    def recall(self, user: str) -> dict[str, str]: ...


class Backend(Protocol):
    def put(self, uid: str, rows: list[Row], now: float) -> None: ...

    def get(self, uid: str, now: float) -> list[Row]: ...


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
    mac_key: bytes
    aead: AESGCM

    @classmethod
    def of(cls, keys: UserKeys) -> "_UserSeal":
        return cls(keys.prf("turn-store", "user").hex()[:32], keys.prf("turn-store", "stand-in"),
                   AESGCM(keys.prf("turn-store", "aead")))

    def sid(self, stand_in: str) -> str:
        return hmac.new(self.mac_key, stand_in.encode(), hashlib.sha256).hexdigest()[:32]

    def seal(self, sid: str, stand_in: str, original: str) -> bytes:
        nonce = os.urandom(12)
        plain = json.dumps([stand_in, original], ensure_ascii=False).encode()
        return nonce + self.aead.encrypt(nonce, plain, f"{self.uid}/{sid}".encode())

    def open(self, sid: str, blob: bytes) -> tuple[str, str] | None:
        try:
            plain = self.aead.decrypt(blob[:12], blob[12:], f"{self.uid}/{sid}".encode())
        except (InvalidTag, ValueError):
            return None  # another master key or key version: not this user's pair
        stand_in, original = json.loads(plain)
        return stand_in, original


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
        if not mapping:
            return
        seal = self._seal(user)
        rows = []
        for stand_in, original in mapping.items():
            sid = seal.sid(stand_in)
            rows.append((sid, seal.seal(sid, stand_in, original)))
        self._guarded(lambda: self.backend.put(seal.uid, rows, self._clock()))

    def recall(self, user: str) -> dict[str, str]:
        seal = self._seal(user)
        rows = self._guarded(lambda: self.backend.get(seal.uid, self._clock()))
        pairs = (seal.open(sid, blob) for sid, blob in rows)
        return dict(p for p in pairs if p is not None)

    def _guarded(self, call: Callable[[], Any]) -> Any:
        try:
            return call()
        except Exception as exc:  # noqa: BLE001 - any store failure fails this request closed
            raise ServiceUnavailable(f"the turn store is unavailable ({type(exc).__name__}): this Responses "
                                     "request needs it and nothing was sent", code="turn_store_unavailable",
                                     retry_after=2) from None


class SqliteBackend:
    """One SQLite file in WAL mode; every process of the machine opens it (one connection each). A user's
    pairs live ``ttl_seconds`` after the user's last write; ``at`` orders them for the bounds."""

    _SCHEMA = """
        CREATE TABLE IF NOT EXISTS turns (uid TEXT NOT NULL, sid TEXT NOT NULL, value BLOB NOT NULL,
                                          at REAL NOT NULL, PRIMARY KEY (uid, sid));
        CREATE INDEX IF NOT EXISTS turns_at ON turns (at);
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

    def put(self, uid: str, rows: list[Row], now: float) -> None:
        with self._lock:
            conn = self._connect()
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._put(conn, uid, rows, now)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    def _put(self, conn: sqlite3.Connection, uid: str, rows: list[Row], now: float) -> None:
        live = conn.execute("SELECT expiry FROM users WHERE uid = ?", (uid,)).fetchone()
        if live is not None and live[0] <= now:
            conn.execute("DELETE FROM turns WHERE uid = ?", (uid,))  # expired: start afresh
        conn.execute("INSERT OR REPLACE INTO users VALUES (?, ?)", (uid, now + self.cfg.ttl_seconds))
        conn.executemany("INSERT OR REPLACE INTO turns VALUES (?, ?, ?, ?)",
                         [(uid, sid, blob, now) for sid, blob in rows])
        conn.execute("DELETE FROM turns WHERE uid = ? AND sid NOT IN (SELECT sid FROM turns WHERE uid = ? "
                     "ORDER BY at DESC LIMIT ?)", (uid, uid, self.cfg.max_entries_per_user))
        self._writes += 1
        if self._writes % self._TRIM_EVERY == 1:
            self._trim(conn, now)

    def _trim(self, conn: sqlite3.Connection, now: float) -> None:
        conn.execute("DELETE FROM turns WHERE uid IN (SELECT uid FROM users WHERE expiry <= ?)", (now,))
        conn.execute("DELETE FROM users WHERE expiry <= ?", (now,))
        (count,) = conn.execute("SELECT COUNT(*) FROM turns").fetchone()
        if count > self.cfg.max_entries:
            conn.execute("DELETE FROM turns WHERE rowid IN (SELECT rowid FROM turns ORDER BY at LIMIT ?)",
                         (count - self.cfg.max_entries,))

    def get(self, uid: str, now: float) -> list[Row]:
        with self._lock:
            cur = self._connect().execute(
                "SELECT sid, value FROM turns WHERE uid = ? AND EXISTS (SELECT 1 FROM users WHERE uid = ? "
                "AND expiry > ?)", (uid, uid, now))
            return [(sid, bytes(blob)) for sid, blob in cur.fetchall()]


# KEYS: the user's hash (sid -> sealed pair) and sorted set (sid by time written); ARGV: now, ttl, per-user
# bound, then sid, sealed pair, ...  The oldest beyond the bound go; both keys expire ttl after this write.
_REMEMBER = """
local now, ttl, most = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
for i = 4, #ARGV, 2 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  redis.call('ZADD', KEYS[2], now, ARGV[i])
end
local extra = redis.call('ZCARD', KEYS[2]) - most
if extra > 0 then
  for _, sid in ipairs(redis.call('ZRANGE', KEYS[2], 0, extra - 1)) do
    redis.call('HDEL', KEYS[1], sid)
    redis.call('ZREM', KEYS[2], sid)
  end
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

    def put(self, uid: str, rows: list[Row], now: float) -> None:
        flat: list[Any] = [now, self.cfg.ttl_seconds, self.cfg.max_entries_per_user]
        for sid, blob in rows:
            flat += [sid, blob]
        self._remember(keys=self._keys(uid), args=flat)

    def get(self, uid: str, now: float) -> list[Row]:
        return [(sid.decode(), blob) for sid, blob in self.client.hgetall(self._keys(uid)[0]).items()]
