"""``veil sanitize``, ``veil desanitize``, ``veil perturb``, ``veil detect``: stdin to stdout."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from proxy.settings import load_settings


def _settings(args: argparse.Namespace) -> Any:
    return load_settings(getattr(args, "config", None))


def _user_keys(settings: Any, user: str) -> Any:
    from mechanisms.keys import MasterKey

    return MasterKey.load(settings.master_key_file).user_keys(user, settings.auth.key_version)


def _quiet() -> None:
    import logging
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    logging.basicConfig(level=logging.WARNING)


def sanitize(args: argparse.Namespace) -> int:
    from mechanisms.prmpt import Sanitizer

    _quiet()
    settings = _settings(args)
    text = sys.stdin.read()
    sanitizer = Sanitizer(settings.prmpt)
    sanitizer.load()
    result = sanitizer.sanitize(text, _user_keys(settings, args.user))
    if args.json:
        # Local output for the user: it includes the mapping (originals), like the proxy's request memory.
        json.dump(result.to_dict(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(result.text)
    return 0


def desanitize(args: argparse.Namespace) -> int:
    from mechanisms.prmpt import SanitizedText, Sanitizer

    _quiet()
    settings = _settings(args)
    raw = sys.stdin.read()
    sanitizer = Sanitizer(settings.prmpt)
    if args.json:  # the output of `veil sanitize --json`: restore exactly with its mapping
        data = json.loads(raw)
        record = SanitizedText.from_dict(data)
        sys.stdout.write(sanitizer.desanitize(record.text, record.restore_mapping(include_mldp=True)))
        return 0
    sanitizer.load()
    sys.stdout.write(sanitizer.desanitize_stateless(raw, _user_keys(settings, args.user)))
    return 0
