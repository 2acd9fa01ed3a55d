"""deploy/kubernetes: every manifest validates offline against Kubernetes' own schemas (the ones the
kubernetes-validate package ships, strict: unknown fields fail), and the sidecar and replica manifests keep
the properties docs/scaling.md promises. No cluster runs here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from proxy.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy" / "kubernetes"
VERSION = "1.33"


def manifests() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(DEPLOY.rglob("*.yaml")):
        out += [(f"{path.relative_to(DEPLOY)}#{i}", doc) for i, doc in enumerate(yaml.safe_load_all(path.read_text()))
                if doc]
    return out


def find(kind: str, name: str) -> dict[str, Any]:
    return next(doc for _, doc in manifests() if doc["kind"] == kind and doc["metadata"]["name"] == name)


def container(deployment: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in deployment["spec"]["template"]["spec"]["containers"] if c["name"] == name)


def env(c: dict[str, Any]) -> dict[str, Any]:
    return {e["name"]: e.get("value", e.get("valueFrom")) for e in c.get("env", [])}


@pytest.mark.parametrize("where,doc", manifests(), ids=[w for w, _ in manifests()])
def test_manifest_validates_against_the_kubernetes_schema(where: str, doc: dict[str, Any]) -> None:
    kubernetes_validate = pytest.importorskip("kubernetes_validate", reason="pip install -r requirements-dev.txt")
    kubernetes_validate.validate(doc, VERSION, strict=True)


def test_every_veil_variable_is_a_setting() -> None:
    """A misspelt VEIL_ variable would be ignored silently by the settings."""
    known = {"VEIL_" + name.upper() for name in Settings.model_fields}
    for _, doc in manifests():
        if doc["kind"] != "Deployment":
            continue
        for c in doc["spec"]["template"]["spec"]["containers"]:
            for name in env(c):
                if name.startswith("VEIL_") and name != "VEIL_REDIS_PASSWORD":
                    assert name.split("__")[0] in known, name


def _hardened(deployment: dict[str, Any], veil: dict[str, Any]) -> None:
    pod = deployment["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True and pod["securityContext"]["runAsUser"] != 0
    assert veil["securityContext"]["readOnlyRootFilesystem"] is True
    assert veil["securityContext"]["allowPrivilegeEscalation"] is False
    state = env(veil)["VEIL_STATE_DIR"]
    mount = next(m for m in veil["volumeMounts"] if m["mountPath"] == state)
    assert "emptyDir" in next(v for v in pod["volumes"] if v["name"] == mount["name"])
    key_mount = next(m for m in veil["volumeMounts"] if env(veil)["VEIL_MASTER_KEY_FILE"].startswith(m["mountPath"]))
    assert "secret" in next(v for v in pod["volumes"] if v["name"] == key_mount["name"])
    assert "secretKeyRef" in env(veil)["VEIL_UPSTREAM__API_KEY"]


def test_sidecar_veil_on_the_pods_loopback_ready_on_readyz() -> None:
    deployment = find("Deployment", "my-app")
    veil, app = container(deployment, "veil"), container(deployment, "app")
    _hardened(deployment, veil)
    assert env(veil)["VEIL_HOST"] == "127.0.0.1" and "ports" not in veil
    assert env(app)["OPENAI_BASE_URL"] == "http://127.0.0.1:8080/v1"
    assert "/readyz" in " ".join(veil["readinessProbe"]["exec"]["command"])  # inside: loopback only


def test_replicas_share_redis_behind_a_service() -> None:
    deployment = find("Deployment", "veil")
    veil = container(deployment, "veil")
    _hardened(deployment, veil)
    assert deployment["spec"]["replicas"] >= 2
    assert env(veil)["VEIL_SANITIZE__TURN_CACHE__URL"].startswith("redis://:$(VEIL_REDIS_PASSWORD)@veil-redis:")
    assert "secretKeyRef" in env(veil)["VEIL_AUTH__API_KEYS"]  # not on loopback: proxy keys required
    assert veil["readinessProbe"]["httpGet"]["path"] == "/readyz"
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert find("Service", "veil")["spec"]["selector"].items() <= labels.items()
    redis = container(find("Deployment", "veil-redis"), "redis")
    assert "--maxmemory" in redis["args"] and "--requirepass" in redis["args"]
    assert find("Service", "veil-redis")["spec"]["selector"] == {"app.kubernetes.io/name": "veil-redis"}
    allowed = find("NetworkPolicy", "veil-redis")["spec"]["ingress"][0]["from"][0]["podSelector"]["matchLabels"]
    assert allowed.items() <= labels.items()
