"""The ``veil`` command: serve, keygen, prepare-model, sanitize, desanitize, perturb, detect."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

Command = Callable[[argparse.Namespace], int]
_COMMANDS: dict[str, Command] = {}


class UsageError(Exception):
    """Bad input to a command (a file that cannot be read, a bad configuration, malformed stdin): one line
    on stderr and exit status 2, no traceback."""


def command(name: str) -> Callable[[Command], Command]:
    def register(fn: Command) -> Command:
        _COMMANDS[name] = fn
        return fn

    return register


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="veil", description="A local privacy proxy for LLM APIs.")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the proxy")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.add_argument("--config", help="a YAML file merged over config/default.yaml")
    serve.add_argument("--upstream-url", help="OpenAI-compatible base URL ('' or 'local': the local model)")
    serve.add_argument("--upstream", choices=["auto", "local", "echo"],
                       help="who answers (upstream.provider): the API at the base URL, else the local model "
                       "(auto); the local model; or echo: each request's sanitized last message, restored")
    serve.add_argument("--mode", choices=["off", "prmpt", "cape", "prmpt+cape"])
    serve.add_argument("--workers", metavar="N", help="server processes on the port: a number, or 'auto' "
                       "(one per CPU core); default workers.processes (1)")
    serve.add_argument("--backend", choices=["inprocess", "ray"],
                       help="where Cape and local generation run (workers.backend)")

    keygen = sub.add_parser("keygen", help="create a master key file (0600)")
    keygen.add_argument("--out", help="path (default: ~/.config/veil/master.key)")
    keygen.add_argument("--force", action="store_true", help="overwrite an existing key")

    prep = sub.add_parser("prepare-model", help="convert the packaged local model once and cache it")
    prep.add_argument("--config")

    for name, text in (("sanitize", "hide sensitive values: stdin to stdout"),
                       ("desanitize", "restore values hidden by `veil sanitize`: stdin to stdout")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--user", default="cli", help="user id whose key is used (default: cli)")
        p.add_argument("--config")
        if name == "sanitize":
            p.add_argument("--json", action="store_true", help="JSON with entities and the mapping")
        else:
            p.add_argument("--original", help="file: restore only the values of this original text")
            p.add_argument("--mapping", help="file: the JSON of `veil sanitize --json` for this answer")

    perturb = sub.add_parser("perturb", help="Cape-perturb each line of stdin")
    perturb.add_argument("--epsilon", type=float, default=None)
    perturb.add_argument("--seed", type=int, default=None)
    perturb.add_argument("--json", action="store_true")
    perturb.add_argument("--config")

    known = sub.add_parser("known-values", help="the seeded values of prmpt.known_values")
    known_sub = known.add_subparsers(dest="known_command", required=True)
    check = known_sub.add_parser("check", help="load every source; print counts per type and source, "
                                                "load time and memory (never a value)")
    check.add_argument("--config")

    detect = sub.add_parser("detect", help="score text on stdin for the watermark")
    detect.add_argument("--json", action="store_true")
    detect.add_argument("--user", default=None, help="user id, when watermark keys are per user")
    detect.add_argument("--config")
    return parser


def settings_from_args(args: argparse.Namespace, **overrides: Any) -> Any:
    import yaml
    from pydantic import ValidationError

    from proxy.settings import load_settings

    try:
        return load_settings(getattr(args, "config", None), **overrides)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    except yaml.YAMLError as exc:
        raise UsageError(f"the configuration is not valid YAML ({type(exc).__name__})") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "settings"
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise UsageError(f"invalid configuration: {where}: {first['msg']}{more}") from None
    except ValueError as exc:  # a configuration file whose top level is not a mapping
        raise UsageError(f"invalid configuration: {exc}") from None


@command("serve")
def _serve(args: argparse.Namespace) -> int:
    from proxy.cli.serve import serve
    from proxy.logs import configure_logging

    overrides: dict[str, Any] = {"host": args.host, "port": args.port, "mode": args.mode}
    upstream: dict[str, Any] = {}
    if args.upstream_url is not None:
        upstream["base_url"] = args.upstream_url or None
    if args.upstream is not None:
        upstream["provider"] = args.upstream
    if upstream:
        overrides["upstream"] = upstream
    workers = {k: v for k, v in (("processes", args.workers), ("backend", args.backend)) if v is not None}
    if workers:
        overrides["workers"] = workers
    settings = settings_from_args(args, **overrides)
    configure_logging(settings.logging.level, settings.logging.json_format)
    return serve(settings)


@command("keygen")
def _keygen(args: argparse.Namespace) -> int:
    from mechanisms.keys import MasterKey, default_master_key_path, write_master_key

    path = args.out or default_master_key_path()
    if os.path.exists(path) and not args.force:
        print(f"veil: {path} exists; pass --force to replace it (data sanitized under it can no longer be "
              "restored)", file=sys.stderr)
        return 1
    key = write_master_key(path, MasterKey.generate(), overwrite=args.force)
    print(f"veil: wrote master key {key.key_id} to {path} (mode 0600)", file=sys.stderr)
    return 0


@command("prepare-model")
def _prepare_model(args: argparse.Namespace) -> int:
    from mechanisms.models import ModelSpec, ensure_converted

    settings = settings_from_args(args)
    if settings.local_model.path:
        print(f"veil: using {settings.local_model.path}; nothing to convert", file=sys.stderr)
        return 0
    path = ensure_converted(ModelSpec(name=settings.local_model.id))
    print(f"veil: local model ready at {path}", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    from proxy.cli import tools

    commands: dict[str, Command] = {"sanitize": tools.sanitize, "desanitize": tools.desanitize,
                                    "detect": tools.detect, "perturb": tools.perturb,
                                    "known-values": tools.known_values}
    raise SystemExit(run({**_COMMANDS, **commands}[args.command], args))


def run(command: Command, args: argparse.Namespace) -> int:
    """The command's exit status; the errors a user can fix are one line on stderr, not a traceback:
    bad input 2, a missing key, pipeline or model 1 (the line says what to run)."""
    from mechanisms.keys import MasterKeyError
    from mechanisms.models import ModelNotInstalled
    from mechanisms.prmpt.ner import MissingPipeline

    try:
        return command(args)
    except UsageError as exc:
        print(f"veil {args.command}: {exc}", file=sys.stderr)
        return 2
    except (MasterKeyError, MissingPipeline, ModelNotInstalled) as exc:
        print(f"veil {args.command}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    main()
