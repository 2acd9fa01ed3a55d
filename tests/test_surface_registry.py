"""One registry of surfaces (proxy/surfaces.py): what the app mounts, the allow-list page documents, the
preview and the inspector offer, is that list and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.routing import Route

from conftest import TEST_MASTER_KEY, make_settings
from proxy.allowlist_reference import render
from proxy.app import create_app
from proxy.surfaces import SURFACES

NAMES = [surface.name for surface in SURFACES]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(make_settings(mode="prmpt"), master_key=TEST_MASTER_KEY))


def test_names_and_paths_are_unique() -> None:
    assert len(set(NAMES)) == len(NAMES) and all(NAMES)
    paths = [surface.path for surface in SURFACES]
    assert len(set(paths)) == len(paths) and all(p.startswith("/") for p in paths)
    assert all(surface.label for surface in SURFACES)


def test_the_app_mounts_every_surface_in_the_registrys_order(client: TestClient) -> None:
    plain = [r for r in client.app.router.routes if isinstance(r, Route) and r.name in NAMES]
    assert [r.name for r in plain] == NAMES  # at the head of the routes, in this order
    assert [r.path for r in plain] == [surface.path for surface in SURFACES]
    assert sorted(client.app.state.veil.surfaces) == sorted(NAMES)
    documented = client.get("/openapi.json").json()["paths"]
    assert all(surface.path in documented for surface in SURFACES)


def test_the_inspector_and_the_preview_offer_every_surface(client: TestClient) -> None:
    config = client.get("/inspector/api/config").json()
    assert config["surfaces"] == NAMES
    assert config["surface_labels"] == {surface.name: surface.label for surface in SURFACES}
    for name in NAMES:
        reply = client.post("/v1/privacy/sanitize", json={"surface": name, "body": {"model": "m"}})
        assert "surface must be one of" not in reply.text, (name, reply.text)
    reply = client.post("/v1/privacy/sanitize", json={"surface": "nope", "body": {"model": "m"}})
    assert reply.status_code == 400 and all(name in reply.json()["error"]["message"] for name in NAMES)


def test_the_allow_list_page_documents_every_surface() -> None:
    table = render()
    page = (Path(__file__).resolve().parent.parent / "docs" / "allow-lists.md").read_text()
    assert table in page
    for surface in SURFACES:
        assert f"`{surface.path}`" in table or f"`/{surface.path.rsplit('/', 1)[-1]}`" in table, surface.path
