"""Preview endpoints: what would leave the machine, and what comes back. Nothing is sent anywhere.

``POST /v1/privacy/sanitize``
    ``{"text": ...}`` or ``{"messages": [...]}``: sanitized text with entity records, or
    ``{"surface": "chat"|"completions"|"embeddings"|"responses"|"messages", "body": {...},
    "mode"?: ..., "epsilon"?: ...}``: the whole body as the upstream would receive it, with the
    records of every sanitized field (by JSON path). Records never carry original values.
``POST /v1/privacy/desanitize``
    ``{"text": ..., "original"?: ...}`` or ``{"messages": [...]}``: restored with the caller's key.
Both use the caller's per-user key, exactly as the proxy would for a real request.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from proxy.auth import authenticate
from proxy.bodies import read_json
from proxy.errors import BadRequest, json_response
from proxy.pipeline.handler import Pipeline
from proxy.pipeline.policy import CapePolicy, PrmptPolicy
from proxy.pipeline.surface import Surface


def _texts(body: dict[str, Any]) -> tuple[list[str], bool]:
    if isinstance(body.get("text"), str):
        return [body["text"]], False
    messages = body.get("messages")
    if isinstance(messages, list) and all(isinstance(m, dict) and isinstance(m.get("content"), str)
                                          for m in messages):
        return [m["content"] for m in messages], True
    raise BadRequest('send {"text": "..."}, {"messages": [{"role": ..., "content": "..."}]} or '
                     '{"surface": "chat", "body": {...}}', param="text")


def public_record(record: dict[str, Any]) -> dict[str, Any]:
    """Entity records without the original values (the caller has them; responses should not echo them)."""
    out = {k: v for k, v in record.items() if k not in ("text", "mapping", "mldp_mapping")}
    out["entities"] = [{k: v for k, v in e.items() if k not in ("original", "value")}
                       for e in record.get("entities", [])]
    return out


def router(pipeline: Pipeline, surfaces: dict[str, Surface]) -> APIRouter:
    api = APIRouter(prefix="/v1/privacy", tags=["privacy"])
    settings = pipeline.settings

    @api.post("/sanitize")
    async def sanitize(request: Request) -> Response:
        body = await read_json(request, settings.limits.max_body_bytes)
        caller = authenticate(request.headers, settings.auth)
        if "surface" in body:
            return json_response(await _preview(body, caller))
        texts, as_messages = _texts(body)
        results = await pipeline.engine.sanitize(texts, pipeline.keyring.user_keys(caller))
        records = [r.to_dict() for r in results]
        if not as_messages:
            return json_response({"text": results[0].text, **public_record(records[0])})
        messages = [{**m, "content": r.text} for m, r in zip(body["messages"], results)]
        return json_response({"messages": messages, "results": [public_record(r) for r in records]})

    async def _preview(body: dict[str, Any], caller: Any) -> dict[str, Any]:
        surface = surfaces.get(body.get("surface"))  # type: ignore[arg-type]
        if surface is None:
            raise BadRequest(f"surface must be one of {', '.join(sorted(surfaces))}", param="surface")
        payload = body.get("body")
        if not isinstance(payload, dict):
            raise BadRequest("body must be the JSON object of a request", param="body")
        mode = body.get("mode", settings.mode)
        if mode not in settings.allowed_modes:
            raise BadRequest(f"mode must be one of {', '.join(settings.allowed_modes)}", param="mode")
        epsilon = body.get("epsilon")
        if epsilon is not None and (not isinstance(epsilon, (int, float)) or not 0 < epsilon <= 100):
            raise BadRequest("epsilon must be a number in (0, 100]", param="epsilon")
        policy = pipeline.policy(mode, caller)
        if isinstance(policy, CapePolicy) and epsilon is not None:
            policy.cape = policy.cape.model_copy(update={"epsilon": float(epsilon)})
        out = await pipeline.engine.guarded(policy.sanitize(surface.request_schema, payload))
        fields = []
        if isinstance(policy, PrmptPolicy):
            for slot, result in policy.results:
                if result.entities:
                    fields.append({"path": list(slot.path), "kind": slot.kind, "role": slot.role,
                                   "text": result.text, **public_record(result.to_dict())})
        return {"surface": surface.name, "body": out, "fields": fields, **policy.report.body()}

    @api.post("/desanitize")
    async def desanitize(request: Request) -> Response:
        body = await read_json(request, settings.limits.max_body_bytes)
        texts, as_messages = _texts(body)
        original = body.get("original")
        if original is not None and not isinstance(original, str):
            raise BadRequest("original must be a string", param="original")
        keys = pipeline.keyring.user_keys(authenticate(request.headers, settings.auth))
        restored = [await pipeline.engine.desanitize_stateless(t, keys, original) for t in texts]
        if not as_messages:
            return json_response({"text": restored[0]})
        return json_response({"messages": [{**m, "content": t} for m, t in zip(body["messages"], restored)]})

    return api
