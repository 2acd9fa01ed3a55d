"""Which local generations carry the watermark, with which key; detectors per key."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any

from mechanisms.keys import MasterKey
from mechanisms.synthid import TournamentWatermark, WatermarkConfig, WatermarkDetector, watermark_key_for
from proxy.auth import Caller
from proxy.errors import BadRequest
from proxy.workers.jobs import WatermarkSpec


class WatermarkService:
    """Watermarks and detectors per key (one per deployment, or one per user), built once."""

    def __init__(self, cfg: WatermarkConfig, master_key: Callable[[], MasterKey]) -> None:
        self.cfg = cfg
        self._master_key = master_key
        self._lock = threading.Lock()
        self._marks: dict[str, TournamentWatermark] = {}
        self._detectors: dict[str, WatermarkDetector] = {}

    def _key(self, caller: Caller | None, user: str | None = None) -> Any:
        user_id = user or (caller.user_id if caller else None)
        return watermark_key_for(self._master_key(), self.cfg, user_id)

    def watermark(self, caller: Caller) -> TournamentWatermark:
        key = self._key(caller)
        with self._lock:
            if key.key_id not in self._marks:
                self._marks[key.key_id] = TournamentWatermark(key, self.cfg)
            return self._marks[key.key_id]

    def detector(self, caller: Caller | None, user: str | None = None) -> WatermarkDetector:
        key = self._key(caller, user)
        with self._lock:
            if key.key_id not in self._detectors:
                self._detectors[key.key_id] = WatermarkDetector(key, self.cfg)
            return self._detectors[key.key_id]

    def wanted(self, headers: Mapping[str, str]) -> bool:
        """Config, overridden per request by ``X-Veil-Watermark: on|off`` where allowed."""
        asked = (headers.get("x-veil-watermark") or "").strip().lower()
        if asked and self.cfg.allow_per_request:
            if asked not in ("on", "off", "true", "false", "1", "0"):
                raise BadRequest("X-Veil-Watermark must be on or off", param="X-Veil-Watermark")
            return asked in ("on", "true", "1")
        return self.cfg.enabled

    def for_request(self, headers: Mapping[str, str], caller: Caller) -> tuple[WatermarkSpec | None, str | None]:
        """(what a generation job needs to watermark its answer, the report's verdict) or (None, None).
        The spec holds the derived watermark key, never the master key (proxy/workers/jobs.py)."""
        if not self.wanted(headers):
            return None, None
        key = self._key(caller)
        return WatermarkSpec.of(key, self.cfg), f"on; key_id={key.key_id}"
