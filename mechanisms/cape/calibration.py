"""The logit bound B: calibrated once on public text, stored with the model's metadata.

Cape clips the contextual logits to [-B, B] (paper eq. 7) and picks B "based on the maximum value"
over a few calibration samples (section 4.1.1). A bound that depended on the prompt would leak it,
so B is a fixed number per model: the packaged models' bounds live in ``bounds.json`` next to this
file; a user-supplied model is calibrated once on the packaged public text
(``calibration_public.txt``) and its bound is kept in the user cache.

Regenerate the packaged entry with::

    python -m mechanisms.cape.calibrate            # the default SmolLM2 (writes bounds.json)
    python -m mechanisms.cape.calibrate --adapter masked --model PATH --cache
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import torch

PACKAGED_BOUNDS = Path(__file__).with_name("bounds.json")
CALIBRATION_TEXT = Path(__file__).with_name("calibration_public.txt")
REGENERATE = "python -m mechanisms.cape.calibrate"


def user_bounds_path() -> Path:
    """``$VEIL_CACHE_DIR/cape_bounds.json``, else ``$XDG_CACHE_HOME/veil/cape_bounds.json``."""
    if os.environ.get("VEIL_CACHE_DIR"):
        return Path(os.environ["VEIL_CACHE_DIR"]) / "cape_bounds.json"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "veil" / "cape_bounds.json"


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    models = data.get("models", {}) if isinstance(data, dict) else {}
    return models if isinstance(models, dict) else {}


def stored_bound(model_key: str) -> dict[str, Any] | None:
    """The stored calibration record of ``model_key`` (packaged first, then the user cache)."""
    for path in (PACKAGED_BOUNDS, user_bounds_path()):
        record = _read(path).get(model_key)
        if isinstance(record, dict) and float(record.get("bound", 0)) > 0:
            return record
    return None


def store_bound(model_key: str, record: dict[str, Any], path: Path) -> None:
    """Add or replace one model's record in a bounds file (atomic write)."""
    models = _read(path)
    models[model_key] = record
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {
        "version": 1,
        "about": "Cape logit bounds B, calibrated once on public text; regenerate: " + REGENERATE,
        "models": dict(sorted(models.items())),
    }
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(body, fh, indent=2, sort_keys=False)
        fh.write("\n")
    os.replace(tmp, path)


def calibration_texts(path: Path = CALIBRATION_TEXT) -> list[str]:
    """The packaged public calibration sentences, one per line (blank lines and # comments skipped)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def calibrate(adapter: Any, texts: list[str], batch_size: int = 16) -> dict[str, Any]:
    """B = the largest |logit| over every position of ``texts`` and every candidate token.

    Also records quantiles so a reader can see how much of the range the clip touches.
    """
    highs: list[float] = []
    lows: list[float] = []
    samples: list[torch.Tensor] = []
    positions = 0
    for start in range(0, len(texts), batch_size):
        chunk = texts[start : start + batch_size]
        encoded = [adapter.encode(t) for t in chunk]
        ids = [e.ids for e in encoded]
        pos = [[i for i, s in enumerate(e.is_special) if not s] for e in encoded]
        feats = adapter.contextual_features(ids, pos)
        for row in range(0, feats.shape[0], 64):
            logits = adapter.logits_from_features(feats[row : row + 64])
            highs.append(float(logits.max()))
            lows.append(float(logits.min()))
            samples.append(logits.flatten()[:: max(1, logits.numel() // 20000)].cpu())
        positions += int(feats.shape[0])
    if not positions:
        raise ValueError("calibration needs at least one token")
    pool = torch.cat(samples)
    q = torch.quantile(pool, torch.tensor([0.001, 0.5, 0.999]))
    high, low = max(highs), min(lows)
    return {
        "bound": math.ceil(max(abs(high), abs(low)) * 100) / 100,
        "max_logit": round(high, 4),
        "min_logit": round(low, 4),
        "q001_q50_q999": [round(float(x), 4) for x in q],
        "positions": positions,
        "sentences": len(texts),
        "candidates": len(adapter.candidates.ids),
        "text_sha256": hashlib.sha256("\n".join(texts).encode()).hexdigest(),
        "device": str(adapter.device),
        "dtype": str(next(adapter.model.parameters()).dtype).replace("torch.", ""),
        "created": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": REGENERATE,
    }
