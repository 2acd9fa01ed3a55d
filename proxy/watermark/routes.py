"""``POST /v1/watermark/detect``: score a text (or token ids) for Veil's watermark."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from starlette.responses import Response

from proxy.auth import authenticate
from proxy.bodies import read_json
from proxy.errors import BadRequest, json_response
from proxy.local.backend import LocalBackend
from proxy.settings import Settings
from proxy.watermark.service import WatermarkService


def router(settings: Settings, watermarks: WatermarkService, local: LocalBackend) -> APIRouter:
    api = APIRouter(prefix="/v1/watermark", tags=["watermark"])

    @api.post("/detect")
    async def detect(request: Request) -> Response:
        """Score a text (or token ids) for Veil's watermark: score, p-value, verdict, key id."""
        body = await read_json(request, settings.limits.max_body_bytes)
        caller = authenticate(request.headers, settings.auth)
        detector = watermarks.detector(caller)
        ids = body.get("token_ids")
        if ids is not None:
            if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
                raise BadRequest("token_ids must be a list of integers", param="token_ids")
            result = detector.score_ids(ids)
        else:
            text = body.get("text")
            if not isinstance(text, str):
                raise BadRequest('send {"text": "..."} or {"token_ids": [...]}', param="text")
            await asyncio.to_thread(local.load)
            result = await asyncio.to_thread(detector.score_text, text, local.tokenizer)
        return json_response(result.to_dict())

    return api
