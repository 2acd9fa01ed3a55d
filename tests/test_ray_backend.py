"""workers.backend: ray. Cape and local generation through the proxy on a local Ray instance give the
same answers as the in-process backend for the same seeds, streamed or not; Prmpt's detection lane finds
the same spans there as in process, and the proxy sanitizes and restores with them (failing closed when
the lane is down); readiness waits for the deployments; what crosses to Ray is plain data without key
material (beyond the derived watermark key)."""

from __future__ import annotations

import asyncio
import os
import pickle
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import openai
import pytest

from conftest import TEST_MASTER_KEY, make_settings
from live import LiveServer
from test_prmpt_detect_lane import TEXTS as DETECT_TEXTS

pytestmark = [pytest.mark.model, pytest.mark.ray]
TEXT = "My doctor said the rash on my left arm needs a biopsy next Tuesday."
MESSAGES = [{"role": "user", "content": "Name three colours."}]
RAY_WORKERS = {"backend": "ray", "ray_replica_cpus": 0.5}  # both replicas fit on a 2-core machine


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    """One local Ray instance for the module (Ray's own processes are heavy on 2 cores)."""
    import ray
    from ray import serve

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, namespace="veil")
    try:
        yield
    finally:
        serve.shutdown()
        ray.shutdown()


@pytest.fixture()
def sent_to_ray(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every payload a Veil process hands to a Ray deployment."""
    from proxy.workers.ray_backend import RayLane

    seen: list[Any] = []
    original = RayLane.load

    def load(self: RayLane) -> None:
        original(self)
        handle = self.handle
        if type(handle).__name__ == "Spy":
            return

        class Spy:
            def remote(self, payload: Any) -> Any:
                seen.append(payload)
                return handle.remote(payload)

            def options(self, **kw: Any) -> Any:
                inner = handle.options(**kw)

                class Opts:
                    def remote(self, payload: Any) -> Any:
                        seen.append(payload)
                        return inner.remote(payload)
                return Opts()

        self.handle = Spy()

    monkeypatch.setattr(RayLane, "load", load)
    return seen


def _both(factory: Callable[..., LiveServer], **overrides: Any) -> tuple[LiveServer, LiveServer]:
    inprocess = factory(**overrides)
    ray_backed = factory(workers=RAY_WORKERS, **overrides)
    return inprocess, ray_backed


def _ready_after_preload(server: LiveServer) -> None:
    rt = server.server.config.app.state.veil
    assert rt.readiness()["ready"] is False  # nothing deployed yet: /readyz says 503
    rt.preload()  # deploys the applications and waits for their replicas (models loaded)
    with httpx.Client(base_url=server.url) as h:
        state = h.get("/readyz")
    assert state.status_code == 200, state.text


def _no_key_material(payloads: list[Any]) -> None:
    from proxy.local.generator import GenerationJob
    from proxy.workers.jobs import CapeJob, PrmptDetectJob

    master = TEST_MASTER_KEY._raw
    user = TEST_MASTER_KEY.user_keys("sk-ray")._raw
    assert payloads
    for payload in payloads:
        jobs = payload if isinstance(payload, list) else [payload]  # a detection call carries a list of jobs
        assert all(isinstance(job, (CapeJob, GenerationJob, PrmptDetectJob)) for job in jobs)
        wire = pickle.dumps(payload)
        assert master not in wire and user not in wire and master.hex().encode() not in wire


def test_cape_through_ray_matches_inprocess(ray_cluster, veil_factory, upstream, sent_to_ray) -> None:  # type: ignore[no-untyped-def]
    inprocess, ray_backed = _both(veil_factory, mode="cape")
    _ready_after_preload(ray_backed)
    sent = []
    for server in (inprocess, ray_backed):
        client = openai.OpenAI(base_url=server.url + "/v1", api_key="sk-ray", max_retries=0)
        client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": TEXT}])
        sent.append(upstream.last.body["messages"][0]["content"])
    assert sent[0] != TEXT and sent[0] == sent[1]  # perturbed, and the same draw on both backends
    _no_key_material(sent_to_ray)


def test_local_generation_through_ray_matches_inprocess(ray_cluster, veil_factory, sent_to_ray) -> None:  # type: ignore[no-untyped-def]
    inprocess, ray_backed = _both(veil_factory, mode="off", upstream={"base_url": None})
    _ready_after_preload(ray_backed)
    answers = []
    for server in (inprocess, ray_backed):
        client = openai.OpenAI(base_url=server.url + "/v1", api_key="sk-ray", max_retries=0)
        args: dict[str, Any] = {"model": "smollm2-135m-instruct", "messages": MESSAGES, "max_tokens": 16,
                                "temperature": 0.8, "seed": 11}
        whole = client.chat.completions.create(**args).choices[0].message.content
        streamed = "".join(chunk.choices[0].delta.content or "" for chunk in
                           client.chat.completions.create(stream=True, **args) if chunk.choices)
        marked = client.chat.completions.with_raw_response.create(
            extra_headers={"x-veil-watermark": "on"}, **args)
        answers.append((whole, streamed, marked.parse().choices[0].message.content,
                        marked.headers.get("x-veil-watermark")))
    assert answers[0][0] and answers[0][0] == answers[0][1]  # streamed = whole, in-process
    assert answers[1] == answers[0]  # and the same answers, watermarked or not, through Ray
    assert answers[1][3] and answers[1][3].startswith("on")
    _no_key_material(sent_to_ray)
    marked_jobs = [p for p in sent_to_ray if getattr(p, "watermark", None) is not None]
    assert marked_jobs and all(len(p.watermark.key) == 32 for p in marked_jobs)  # the derived key only


async def test_detection_through_ray_finds_the_spans_found_in_process(ray_cluster, sent_to_ray) -> None:  # type: ignore[no-untyped-def]
    from mechanisms.prmpt.detect import detect_requests
    from proxy.metrics import Metrics
    from proxy.pipeline.engine import PrivacyEngine
    from proxy.workers.jobs import PrmptDetectJob
    from proxy.workers.ray_backend import RayWorkerPool

    settings = make_settings(mode="prmpt", workers=RAY_WORKERS)
    pool = RayWorkerPool(settings)
    engine = PrivacyEngine(settings.prmpt, settings.cape, settings.workers, pool, 120.0, Metrics())
    try:
        through_ray = await engine.detect(DETECT_TEXTS)  # deploys the lane on first use
        alone = await asyncio.gather(*[engine.detect([t]) for t in DETECT_TEXTS])  # batched by the replica
    finally:
        pool.close()
    engine.sanitizer.load()
    assert through_ray == detect_requests(engine.sanitizer.annotator, [DETECT_TEXTS])[0]
    assert alone == [detect_requests(engine.sanitizer.annotator, [[t]])[0] for t in DETECT_TEXTS]
    assert sent_to_ray[0] == [PrmptDetectJob(DETECT_TEXTS)]
    # two calls in flight for one replica: the jobs that waited meanwhile went together in one call
    assert [len(call) for call in sent_to_ray] == [1, 1, 1, len(DETECT_TEXTS) - 2]
    _no_key_material(sent_to_ray)


def test_prmpt_through_ray_sanitizes_and_restores_as_inprocess(ray_cluster, veil_factory, upstream,  # type: ignore[no-untyped-def]
                                                               sent_to_ray) -> None:
    inprocess, ray_backed = _both(veil_factory, mode="prmpt")
    _ready_after_preload(ray_backed)
    assert not ray_backed.server.config.app.state.veil.engine.sanitizer.annotator.ready  # no NER model here
    text = " ".join(DETECT_TEXTS[:3])
    sent, answers = [], []
    for server in (inprocess, ray_backed):
        client = openai.OpenAI(base_url=server.url + "/v1", api_key="sk-ray", max_retries=0)
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": text}])
        sent.append(upstream.last.body["messages"][0]["content"])
        answers.append(reply.choices[0].message.content)
    assert "Maria Garcia" not in sent[0] and "123-45-6789" not in sent[0]
    assert sent[1] == sent[0]  # the same stand-ins under the same user's key
    assert answers == ["echo: " + text] * 2  # and restored
    _no_key_material(sent_to_ray)


def test_prmpt_fails_closed_when_the_detection_lane_is_down(ray_cluster, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from ray import serve

    server = veil_factory(mode="prmpt", workers=RAY_WORKERS, sanitize_timeout=5.0)
    rt = server.server.config.app.state.veil
    lane = rt.pool.remote_part("prmpt_detect")
    rt.preload()
    serve.delete(lane.app)  # the replicas are gone; the proxy still holds the handle
    text = DETECT_TEXTS[0]
    with httpx.Client(base_url=server.url, timeout=30) as h:
        chat = h.post("/v1/chat/completions", json={"model": "gpt-4o-mini",
                                                    "messages": [{"role": "user", "content": text}]})
        messages = h.post("/v1/messages", json={"model": "claude-3-5-haiku-latest", "max_tokens": 16,
                                                "messages": [{"role": "user", "content": text}]})
        ready = h.get("/readyz")
    assert chat.status_code == 503 and chat.headers["retry-after"]
    assert chat.json()["error"]["type"] == "service_unavailable"  # OpenAI's error format
    assert messages.status_code == 503 and messages.headers["retry-after"]
    assert messages.json()["type"] == "error" and messages.json()["error"]["type"] == "api_error"  # Anthropic's
    assert "Maria" not in chat.text + messages.text
    assert upstream.requests == []  # nothing was forwarded
    assert ready.status_code == 503  # and readiness says so
