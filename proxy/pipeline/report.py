"""What was done to one request, without values: the X-Veil-* headers and the ``veil`` body field."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class PrivacyReport:
    mode: str
    entities: dict[str, int] = field(default_factory=dict)
    epsilon: float = 0.0  # eps spent on Category II (mLDP) values
    uninspected: dict[str, int] = field(default_factory=dict)  # content forwarded without inspection
    cape_epsilon: float | None = None  # eps of Cape's token draws
    cape_worst_epsilon: float | None = None  # worst eps + eps' over perturbed tokens (Cape Thm 4.1)
    cape_epsilon_bound: float | None = None  # data-independent per-position bound (docs/cape.md)
    cape_epsilon_total: float | None = None  # the whole request's bound (sequential composition)
    cape_context: str | None = None  # "released" (composes) or "original" (the paper's)
    watermark: str | None = None
    extracted: bool = False  # the answer was rewritten locally by Cape's extraction step

    def headers(self) -> dict[str, str]:
        out = {
            "X-Veil-Mode": self.mode,
            "X-Veil-Entities": _counts(self.entities),
            "X-Veil-Epsilon": _fmt(self.epsilon),
        }
        if self.uninspected:
            out["X-Veil-Uninspected"] = _counts(self.uninspected)
        if self.cape_epsilon is not None:
            out["X-Veil-Cape-Epsilon"] = _fmt(self.cape_epsilon)
            out["X-Veil-Cape-Worst-Epsilon"] = _fmt(self.cape_worst_epsilon or 0.0)
            out["X-Veil-Cape-Epsilon-Bound"] = _fmt(self.cape_epsilon_bound or 0.0)
            out["X-Veil-Cape-Epsilon-Total"] = _fmt(self.cape_epsilon_total or 0.0)
            if self.cape_context:
                out["X-Veil-Cape-Context"] = self.cape_context
        if self.extracted:
            out["X-Veil-Extracted"] = "true"
        if self.watermark is not None:
            out["X-Veil-Watermark"] = self.watermark
        return out

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"mode": self.mode, "entities": dict(sorted(self.entities.items())),
                               "epsilon": round(self.epsilon, 6)}
        if self.uninspected:
            out["uninspected"] = dict(sorted(self.uninspected.items()))
        if self.cape_epsilon is not None:
            out["cape"] = {"epsilon": self.cape_epsilon, "worst_epsilon": self.cape_worst_epsilon,
                           "epsilon_bound": self.cape_epsilon_bound, "epsilon_total": self.cape_epsilon_total,
                           "context": self.cape_context}
        if self.watermark is not None:
            out["watermark"] = self.watermark
        if self.extracted:
            out["extracted"] = True
        return out


def _counts(counts: dict[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(counts.items())) or "none"


def _fmt(value: float) -> str:
    return f"{value:.4g}"


def splice_veil_field(content: bytes, report: PrivacyReport) -> bytes:
    """Add ``"veil": {...}`` to a JSON object body without re-encoding it (cheap on the fast path)."""
    stripped = content.rstrip()
    if not stripped.startswith(b"{") or not stripped.endswith(b"}"):
        return content
    field_bytes = b'"veil":' + json.dumps(report.body(), separators=(",", ":")).encode()
    inner = stripped[1:-1].strip()
    return b"{" + (inner + b"," if inner else b"") + field_bytes + b"}"
