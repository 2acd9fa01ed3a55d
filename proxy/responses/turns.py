"""Stand-ins of earlier turns, for answers that continue a conversation stored by the provider.

With ``previous_response_id`` or ``conversation`` the request no longer carries the earlier turns, but
the answer may repeat their values. Veil keeps, per user, the stand-in -> original pairs of recent
Responses requests, bounded in total and per user, for ``ttl_seconds`` after the user's last one. This
class keeps those of this process in memory (``sanitize.turn_cache.url: memory``); the default store,
shared by every process and replica and encrypted per user, is :mod:`proxy.responses.turn_store`. It is
the one place where Veil holds originals beyond a request (SECURITY.md): turn it off with
``sanitize.turn_cache.enabled: false`` and such answers keep the stand-ins of earlier turns.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from proxy.settings import TurnCacheSettings


class TurnCache:
    def __init__(self, cfg: TurnCacheSettings, clock: Callable[[], float] = time.monotonic) -> None:
        self.cfg = cfg
        self._clock = clock
        # (user, stand-in) -> (original, expiry), oldest first; and each user's stand-ins, oldest first
        self._entries: OrderedDict[tuple[str, str], tuple[str, float]] = OrderedDict()
        self._per_user: dict[str, OrderedDict[str, None]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def remember(self, user: str, mapping: dict[str, str]) -> None:
        if not self.cfg.enabled or not mapping:
            return
        expiry = self._clock() + self.cfg.ttl_seconds
        mine = self._per_user.setdefault(user, OrderedDict())
        for stand_in in mine:  # the user's earlier pairs live as long as this turn's
            self._entries[(user, stand_in)] = (self._entries[(user, stand_in)][0], expiry)
        for stand_in, original in mapping.items():
            key = (user, stand_in)
            self._entries.pop(key, None)
            self._entries[key] = (original, expiry)
            mine.pop(stand_in, None)
            mine[stand_in] = None
        while len(mine) > self.cfg.max_entries_per_user:
            oldest, _ = mine.popitem(last=False)
            self._entries.pop((user, oldest), None)
        while len(self._entries) > self.cfg.max_entries:
            (old_user, old_stand_in), _ = self._entries.popitem(last=False)
            self._drop_from_user(old_user, old_stand_in)

    def recall(self, user: str) -> dict[str, str]:
        """This user's live stand-ins (expired ones are dropped on the way)."""
        if not self.cfg.enabled:
            return {}
        now = self._clock()
        out: dict[str, str] = {}
        for stand_in in list(self._per_user.get(user, ())):
            original, expiry = self._entries.get((user, stand_in), ("", 0.0))
            if expiry <= now:
                self._entries.pop((user, stand_in), None)
                self._drop_from_user(user, stand_in)
            else:
                out[stand_in] = original
        return out

    def _drop_from_user(self, user: str, stand_in: str) -> None:
        mine = self._per_user.get(user)
        if mine is not None:
            mine.pop(stand_in, None)
            if not mine:
                del self._per_user[user]
