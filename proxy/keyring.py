"""The master key of this deployment and the per-user keys derived from it (nothing else is stored)."""

from __future__ import annotations

from mechanisms.keys import MasterKey, UserKeys
from proxy.auth import Caller


class KeyRing:
    def __init__(self, master_key_file: str | None, key_version: int, master_key: MasterKey | None = None,
                 load_now: bool = False) -> None:
        self._file = master_key_file
        self._version = key_version
        self._key = master_key
        if self._key is None and load_now:
            self._key = MasterKey.load(master_key_file)  # fail at start, not per request

    def master(self) -> MasterKey:
        if self._key is None:
            self._key = MasterKey.load(self._file)
        return self._key

    def user_keys(self, caller: Caller) -> UserKeys:
        return self.master().user_keys(caller.user_id, self._version)
