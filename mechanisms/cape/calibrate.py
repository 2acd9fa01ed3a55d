"""Command line: calibrate Cape's logit bound B once on public text (see calibration.py)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from .calibration import (
    CALIBRATION_TEXT,
    PACKAGED_BOUNDS,
    calibrate,
    calibration_texts,
    store_bound,
    user_bounds_path,
)
from .config import CapeConfig
from .perturber import CapePerturber


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Calibrate Cape's logit bound B on public text.")
    ap.add_argument("--adapter", choices=["causal", "masked"], default="causal")
    ap.add_argument("--model", default=None, help="HF name or path (default: packaged SmolLM2)")
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--dtype", default="float32", choices=["auto", "float32", "bfloat16", "float16"])
    ap.add_argument("--text", type=Path, default=CALIBRATION_TEXT)
    ap.add_argument("--cache", action="store_true", help="write to the user cache, not bounds.json")
    args = ap.parse_args(argv)
    cfg = CapeConfig(adapter=args.adapter, model=args.model, logit_bound=1.0, compute_dtype=args.dtype,
                     projection="float32")
    perturber = CapePerturber(cfg, device=args.device)
    perturber.load()
    record = calibrate(perturber.adapter, calibration_texts(args.text))
    target = user_bounds_path() if args.cache else PACKAGED_BOUNDS
    store_bound(cfg.model_key(), record, target)
    print(json.dumps({cfg.model_key(): record}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
