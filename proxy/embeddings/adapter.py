"""OpenAI embeddings: no stream, nothing to restore; the local model mean-pools its hidden states."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from proxy.embeddings import wire
from proxy.errors import ServiceUnavailable
from proxy.pipeline.local import LocalContext
from proxy.pipeline.surface import Event, Surface
from proxy.pool import PoolSaturated, PoolUnavailable
from proxy.settings import LimitsSettings

if TYPE_CHECKING:
    from proxy.pipeline.policy import Policy


class EmbeddingsSurface(Surface):
    name = "embeddings"
    label = "Embeddings"
    path = "/v1/embeddings"
    summary = "OpenAI embeddings of sanitized input"
    doc_schema = wire.DOC_SCHEMA
    upstream_path = "/embeddings"
    request_schema = wire.REQUEST
    response_schema = wire.RESPONSE
    streams = False

    def check(self, body: dict[str, Any], limits: LimitsSettings) -> None:
        wire.check(body)

    async def answer_locally(self, ctx: LocalContext, body: dict[str, Any],
                             policy: "Policy") -> dict[str, Any] | AsyncIterator[Event]:
        await ctx.load()
        try:
            return await ctx.backend.embeddings(body, ctx.timeout)
        except PoolSaturated:
            raise ServiceUnavailable("the local model is busy", retry_after=2) from None
        except PoolUnavailable:
            raise ServiceUnavailable("the local model is unavailable", retry_after=5) from None
