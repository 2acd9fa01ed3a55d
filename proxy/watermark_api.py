"""Watermark wiring: which local generations carry it, and ``POST /v1/watermark/detect``."""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from mechanisms.synthid import TournamentWatermark, WatermarkDetector, watermark_key_for
from proxy.auth import Caller, authenticate
from proxy.errors import BadRequest, json_response

if TYPE_CHECKING:
    from proxy.services import Services

router = APIRouter(prefix="/v1/watermark", tags=["watermark"])


class WatermarkService:
    """Watermarks and detectors per key (one per deployment, or one per user), built once."""

    def __init__(self, svc: "Services") -> None:
        self.svc = svc
        self.cfg = svc.settings.watermark
        self._lock = threading.Lock()
        self._marks: dict[str, TournamentWatermark] = {}
        self._detectors: dict[str, WatermarkDetector] = {}

    def _key(self, caller: Caller | None, user: str | None = None) -> Any:
        user_id = user or (caller.user_id if caller else None)
        return watermark_key_for(self.svc.master_key, self.cfg, user_id)

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

    def wanted(self, request: Request) -> bool:
        """Config, overridden per request by ``X-Veil-Watermark: on|off`` where allowed."""
        asked = (request.headers.get("x-veil-watermark") or "").strip().lower()
        if asked and self.cfg.allow_per_request:
            if asked not in ("on", "off", "true", "false", "1", "0"):
                raise BadRequest("X-Veil-Watermark must be on or off", param="X-Veil-Watermark")
            return asked in ("on", "true", "1")
        return self.cfg.enabled

    def for_request(self, request: Request, caller: Caller) -> tuple[Any, str | None]:
        if not self.wanted(request):
            return None, None
        mark = self.watermark(caller)
        return mark.watermarking_config, f"on; key_id={mark.key_id}"


@router.post("/detect")
async def detect(request: Request) -> Response:
    """Score a text (or token ids) for Veil's watermark: score, p-value, verdict, key id."""
    from proxy.serving import parse_body, read_body

    svc = request.app.state.veil
    body = parse_body(await read_body(request, svc.settings.limits.max_body_bytes))
    caller = authenticate(request.headers, svc.settings.auth)
    detector = svc.watermarks.detector(caller)
    ids = body.get("token_ids")
    if ids is not None:
        if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
            raise BadRequest("token_ids must be a list of integers", param="token_ids")
        result = detector.score_ids(ids)
    else:
        text = body.get("text")
        if not isinstance(text, str):
            raise BadRequest('send {"text": "..."} or {"token_ids": [...]}', param="text")
        await asyncio.to_thread(svc.local.load)
        result = await asyncio.to_thread(detector.score_text, text, svc.local.tokenizer)
    return json_response(result.to_dict())
