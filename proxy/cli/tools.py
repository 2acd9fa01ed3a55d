"""``veil sanitize``, ``veil desanitize``, ``veil perturb``, ``veil detect``: stdin to stdout."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from proxy.cli import UsageError, settings_from_args


def _user_keys(settings: Any, user: str) -> Any:
    from mechanisms.keys import MasterKey

    return MasterKey.load(settings.master_key_file).user_keys(user, settings.auth.key_version)


def _quiet() -> None:
    import logging
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    logging.basicConfig(level=logging.WARNING, format="veil: %(message)s")


def _without_torch() -> None:
    """Mark torch and transformers absent in this process: Prmpt needs neither, but spaCy's thinc and
    Presidio import them when they are installed, which made each ``veil sanitize`` and ``desanitize``
    spend most of its time (and ~300 MB) importing them. Only for these short, single-threaded commands:
    a server process keeps them (its lanes use them)."""
    for name in ("torch", "transformers"):
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # `import torch` now raises ImportError


@contextmanager
def _loading(what: str) -> Iterator[None]:
    """A progress line on stderr while a model loads, when stderr is a terminal (pipes stay quiet)."""
    shown = sys.stderr.isatty()
    started = time.monotonic()
    if shown:
        print(f"veil: loading {what} ...", end="", file=sys.stderr, flush=True)
    try:
        yield
    finally:
        if shown:
            print(f" {time.monotonic() - started:.1f} s", file=sys.stderr, flush=True)


def _stdin() -> str:
    try:
        text = sys.stdin.read()
        text.encode("utf-8")  # undecodable bytes may arrive as lone surrogates (surrogateescape)
    except UnicodeError:
        raise UsageError("stdin is not UTF-8 text") from None
    return text


def _read(path: str | None, flag: str) -> str | None:
    if path is None:
        return None
    try:
        return Path(path).read_text()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        raise UsageError(f"cannot read {flag} {path}: {reason}") from None


def sanitize(args: argparse.Namespace) -> int:
    _without_torch()
    from mechanisms.prmpt import Sanitizer, sanitize_command

    _quiet()
    settings = settings_from_args(args)
    text = _stdin()
    keys = _user_keys(settings, args.user)
    sanitizer = Sanitizer(settings.prmpt)
    with _loading("the detection pipelines"):
        sanitizer.load()
    # --json is local output for the user: it includes the mapping (originals) needed to restore.
    out = sanitize_command(sanitizer, text, keys, as_json=args.json)
    sys.stdout.write(out + ("\n" if args.json else ""))
    return 0


def known_values(args: argparse.Namespace) -> int:
    """`veil known-values check`: 0 when every source loaded, 1 when one failed, 2 when none is configured."""
    import json
    import resource

    from mechanisms.prmpt.known_values import KnownValues

    _quiet()
    settings = settings_from_args(args)
    known = KnownValues(settings.prmpt.known_values)
    if not known.enabled:
        print("no known values configured (prmpt.known_values)", file=sys.stderr)
        return 2
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    known.load()
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    status = known.status()
    for name, counts in status["sources"].items():
        print(f"{name}: " + ", ".join(f"{t} {n:,}" for t, n in sorted(counts.items())))
    for name, error in status["failed"].items():
        print(f"{name}: FAILED ({error})")
    print(f"never-touch: {len(settings.prmpt.known_values.never)} strings, "
          f"{len(settings.prmpt.known_values.never_patterns)} patterns")
    print(json.dumps({"load_seconds": status["load_seconds"], "memory_mb": round(grown, 1)}))
    return 1 if status["failed"] else 0


def desanitize(args: argparse.Namespace) -> int:
    """Stdin is sanitized text (restored with the key alone, or only the values of --original), an
    answer written from a sanitized prompt (--mapping: the JSON of `veil sanitize --json`), or that
    JSON itself (restored exactly, noised values included)."""
    _without_torch()
    from mechanisms.prmpt import Sanitizer, desanitize_command
    from mechanisms.prmpt.commands import BadMapping

    _quiet()
    settings = settings_from_args(args)
    original = _read(args.original, "--original")
    mapping = _read(args.mapping, "--mapping")
    data = _stdin()
    keys = _user_keys(settings, args.user)
    sanitizer = Sanitizer(settings.prmpt)
    if original is not None or (mapping is None and not data.lstrip().startswith("{")):
        with _loading("the detection pipelines"):
            sanitizer.load()  # the stateless paths need the annotator; a mapping does not
    try:
        restored = desanitize_command(sanitizer, data, keys, original=original, mapping_json=mapping)
    except BadMapping as exc:
        raise UsageError(str(exc)) from None
    sys.stdout.write(restored)
    return 0


def detect(args: argparse.Namespace) -> int:
    """Score stdin for the watermark with the local model's tokenizer and the configured key."""
    from mechanisms.keys import MasterKey
    from mechanisms.models import ModelSpec, load_tokenizer
    from mechanisms.synthid import WatermarkDetector, watermark_key_for

    _quiet()
    settings = settings_from_args(args)
    text = _stdin()
    key = watermark_key_for(MasterKey.load(settings.master_key_file), settings.watermark, args.user)
    with _loading("the local model's tokenizer"):
        tokenizer = load_tokenizer(ModelSpec(name=settings.local_model.id, path=settings.local_model.path))
    result = WatermarkDetector(key, settings.watermark).score_text(text, tokenizer)
    if args.json:
        json.dump(result.to_dict(), sys.stdout)
        sys.stdout.write("\n")
    else:
        verdict = "watermarked" if result.verdict else "not watermarked"
        score = "n/a" if result.score is None else f"{result.score:.3f}"
        sys.stdout.write(f"{verdict}: p-value {result.p_value:.3g} (alpha {result.alpha}), mean g {score}, "
                         f"{result.tokens_scored} tokens scored, key {result.key_id}\n")
    return 0


def perturb(args: argparse.Namespace) -> int:
    """Cape-perturb stdin line by line (line breaks kept): one perturbed sentence per input line."""
    import torch

    from mechanisms.cape import CapePerturber

    _quiet()
    settings = settings_from_args(args)
    lines = _stdin().split("\n")
    perturber = CapePerturber(settings.cape)
    with _loading("Cape's model"):
        perturber.load()
    generator = torch.Generator().manual_seed(args.seed) if args.seed is not None else None
    todo = [i for i, line in enumerate(lines) if line.strip()]
    results: dict[int, Any] = {}
    for start in range(0, len(todo), 32):  # batches of lines: one forward pass each
        chunk = todo[start:start + 32]
        for i, result in zip(chunk, perturber.perturb_batch([lines[i] for i in chunk], args.epsilon,
                                                            generator=generator)):
            results[i] = result
    if args.json:
        for i in todo:
            json.dump(results[i].to_dict(), sys.stdout, ensure_ascii=False)
            sys.stdout.write("\n")
    else:
        sys.stdout.write("\n".join(results[i].text if i in results else line for i, line in enumerate(lines)))
    return 0
