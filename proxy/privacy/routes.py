"""Preview endpoints: what would leave the machine, and what comes back. Nothing is sent anywhere.

``POST /v1/privacy/sanitize``
    ``{"text": ...}`` or ``{"messages": [...]}``: sanitized text with entity records, or
    ``{"surface": "chat"|"completions"|"embeddings"|"responses"|"messages", "body": {...},
    "mode"?: ..., "epsilon"?: ...}``: the whole body as the upstream would receive it, with the
    records of every sanitized field (by JSON path). Records never carry original values.
``POST /v1/privacy/desanitize``
    ``{"text": ..., "original"?: ...}`` or ``{"messages": [...]}``: restored with the caller's key.
    With ``"request": {"surface", "body", "mode"?, "epsilon"?}`` (a preview request, as above) instead
    of ``original``: restored exactly as the proxy would restore the answer to that request. Its
    mapping is rebuilt here from the request the caller sends (sanitization is deterministic per key)
    and never leaves: only values of that request can come back, to the caller who sent them.
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
from proxy.pipeline.policy import CapePolicy, Policy, PrmptPolicy
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
        surface, policy, out = await _sanitized(body, caller)
        fields = []
        if isinstance(policy, PrmptPolicy):
            for slot, result in policy.results:
                if result.entities:
                    fields.append({"path": list(slot.path), "kind": slot.kind, "role": slot.role,
                                   "text": result.text, **public_record(result.to_dict())})
        return {"surface": surface.name, "body": out, "fields": fields, **policy.report.body()}

    async def _sanitized(body: dict[str, Any], caller: Any,
                         mapping_only: bool = False) -> tuple[Surface, Policy, dict[str, Any]]:
        """A preview request sanitized as the proxy would: the surface, its policy, the body sent.
        ``mapping_only``: only the stand-in mapping is needed; Cape adds none (it never touches
        stand-ins), so its perturbation, a model run, is skipped."""
        surface = surfaces.get(body.get("surface"))  # type: ignore[arg-type]
        if surface is None:
            raise BadRequest(f"surface must be one of {', '.join(sorted(surfaces))}", param="surface")
        payload = body.get("body")
        if not isinstance(payload, dict):
            raise BadRequest("body must be the JSON object of a request", param="body")
        mode = body.get("mode", settings.mode)
        if mode not in settings.selectable_modes():
            raise BadRequest(f"mode must be one of {', '.join(settings.selectable_modes())}", param="mode")
        epsilon = body.get("epsilon")
        if epsilon is not None and (not isinstance(epsilon, (int, float)) or not 0 < epsilon <= 100):
            raise BadRequest("epsilon must be a number in (0, 100]", param="epsilon")
        if mapping_only:
            mode = {"cape": "off", "prmpt+cape": "prmpt"}.get(mode, mode)
        policy = pipeline.policy(mode, caller)
        if isinstance(policy, CapePolicy) and epsilon is not None:
            policy.cape = policy.cape.model_copy(update={"epsilon": float(epsilon)})
        return surface, policy, await pipeline.sanitized(policy, surface, payload)

    @api.post("/desanitize")
    async def desanitize(request: Request) -> Response:
        body = await read_json(request, settings.limits.max_body_bytes)
        texts, as_messages = _texts(body)
        original = body.get("original")
        if original is not None and not isinstance(original, str):
            raise BadRequest("original must be a string", param="original")
        caller = authenticate(request.headers, settings.auth)
        if "request" in body:
            restored = await _restored_as_answer(texts, body["request"], original, caller)
        else:
            keys = pipeline.keyring.user_keys(caller)
            restored = [await pipeline.engine.desanitize_stateless(t, keys, original) for t in texts]
        if not as_messages:
            return json_response({"text": restored[0]})
        return json_response({"messages": [{**m, "content": t} for m, t in zip(body["messages"], restored)]})

    async def _restored_as_answer(texts: list[str], preview: Any, original: Any, caller: Any) -> list[str]:
        if original is not None:
            raise BadRequest("send either original or request, not both", param="request")
        if not isinstance(preview, dict):
            raise BadRequest('request must be {"surface": ..., "body": {...}}', param="request")
        _, policy, _ = await _sanitized(preview, caller, mapping_only=True)
        return [policy.restorer.text(t) for t in texts]

    return api
