"""Settings: config/default.yaml, then a --config file, then ``VEIL_*`` variables, then CLI flags.

Nested keys use ``__`` in the environment: ``VEIL_UPSTREAM__READ_TIMEOUT=30``. The names here are a
contract other tools rely on (the configuration reference, docs/configuration.md, is generated from them).
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

try:  # the mechanism configs land with their packages
    from mechanisms.cape import CapeConfig
except ImportError:  # pragma: no cover
    CapeConfig = dict  # type: ignore[misc,assignment]
try:
    from mechanisms.prmpt import PrmptConfig
except ImportError:  # pragma: no cover
    PrmptConfig = dict  # type: ignore[misc,assignment]
try:
    from mechanisms.synthid import WatermarkConfig
except ImportError:  # pragma: no cover
    WatermarkConfig = dict  # type: ignore[misc,assignment]

Mode = Literal["off", "prmpt", "cape", "prmpt+cape"]
MODES: tuple[str, ...] = ("off", "prmpt", "cape", "prmpt+cape")

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CONFIG_FILE = REPO_ROOT / "config" / "default.yaml"


class UpstreamSettings(BaseModel):
    """The OpenAI-compatible API that sanitized requests go to."""

    provider: Literal["auto", "local", "echo"] = Field(
        "auto", description="Who answers sanitized requests. `auto`: the API at `base_url` (and "
        "`anthropic_base_url`) when set, else the built-in local model; `local`: the local model even with a "
        "base URL set; `echo`: Veil itself, with the sanitized text of each request's last message, restored "
        "like any answer (your values come back with no model and no API key).",
    )
    base_url: str | None = Field(
        None,
        description="Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1. "
        "Empty: the built-in local model answers every request.",
    )
    anthropic_base_url: str | None = Field(
        None,
        description="Base URL (with /v1) that `/v1/messages` is forwarded to, e.g. https://api.anthropic.com/v1. "
        "Unset: `upstream.base_url` (one gateway serving both formats needs no extra setting).",
    )
    base_urls: dict[str, str] = Field(
        default_factory=dict, description="Base URLs of the other providers, by name: `ollama` (e.g. "
        "http://localhost:11434) for `/api/chat`. Unset: the local model answers their surfaces.",
    )
    api_key: SecretStr | None = Field(
        None, description="Key sent upstream. Unset: the caller's Authorization (or x-api-key) is forwarded."
    )
    anthropic_api_key: SecretStr | None = Field(
        None, description="Key sent as x-api-key to the Anthropic upstream. Unset: `upstream.api_key`, "
        "else the caller's x-api-key is forwarded.",
    )
    auth_header: Literal["authorization", "api-key"] = Field(
        "authorization", description="How the key is sent: `Authorization: Bearer` or Azure's `api-key`."
    )
    extra_headers: dict[str, str] = Field(default_factory=dict, description="Headers added upstream.")
    query_params: dict[str, str] = Field(
        default_factory=dict, description="Query parameters added upstream (Azure: api-version)."
    )
    connect_timeout: float = Field(5.0, gt=0, description="Seconds to open a connection upstream.")
    read_timeout: float = Field(600.0, gt=0, description="Seconds to wait for a non-stream response.")
    stream_idle_timeout: float = Field(
        120.0, gt=0, description="A stream with no byte from upstream for this long ends with an error."
    )
    max_connections: int = Field(512, ge=1, description="Size of the pooled upstream connection pool.")
    transport: Literal["auto", "fast", "httpx"] = Field(
        "auto", description="`fast`: Veil's lean keep-alive HTTP/1.1 pool; `httpx`: httpx's own (honours "
        "HTTP(S)_PROXY); `auto`: fast unless proxy variables are set.",
    )


class LimitsSettings(BaseModel):
    max_body_bytes: int = Field(4 * 1024 * 1024, ge=1024, description="Larger request bodies get 413.")
    max_messages: int = Field(1024, ge=1, description="More messages in one request get 400.")
    max_prompt_chars: int = Field(
        1_000_000, ge=1, description="More text characters in one request get 400."
    )
    max_tokens_local: int = Field(
        1024, ge=1, description="Upper bound on max_tokens for the local model."
    )
    max_depth: int = Field(
        64, ge=4, description="Deeper nesting in a body Veil sanitizes gets 400 (`nested_too_deeply`).",
    )
    max_values: int = Field(
        20_000, ge=100, description="More JSON values (strings, numbers, keys, arrays, objects) in a body Veil "
        "sanitizes get 413.",
    )
    max_sanitized_chars: int = Field(
        40_000, ge=100, description="More characters of text for Prmpt / Cape in one request get 413 (about "
        "1.2 s of CPU and 150 MB per 40,000 on 2 cores; raise it for long conversations).",
    )
    max_sanitized_strings: int = Field(
        1_000, ge=10, description="More strings for Prmpt / Cape in one request (JSON in strings counted "
        "string by string) get 413.",
    )


class LocalModelSettings(BaseModel):
    """The built-in local model (answers when no upstream is set, or when asked for by name)."""

    id: str = Field("smollm2-135m-instruct", description="Model id clients use to reach the local model.")
    path: str | None = Field(
        None, description="A transformers model folder or hub name to use instead of the packaged SmolLM2."
    )
    device: str = Field("auto", description="`auto` (cuda when present, else cpu), `cpu`, `cuda`, `cuda:1`.")
    preload: bool = Field(True, description="Load the model at start-up (readiness waits for it).")
    default_max_tokens: int = Field(256, ge=1, description="max_tokens when the request has none.")


class WorkerSettings(BaseModel):
    """Server processes, and the worker pool that runs model work off the event loop."""

    processes: int | Literal["auto"] = Field(
        1, description="Server processes sharing the port (`auto`: one per CPU core). Each holds its own "
        "models; they share nothing but the master key.",
    )
    backend: Literal["inprocess", "ray"] = Field(
        "inprocess", description="Where Cape, local generation and Prmpt's detection run: threads of each "
        "server process, or Ray Serve deployments (`workers.ray_*`) shared by every process and machine "
        "(Prmpt's encryption, under the user's key, stays in the server process).",
    )
    ray_address: str | None = Field(
        None, description="Ray cluster the `ray` backend joins (`auto`, `ray://host:10001`). Unset: a local "
        "Ray instance started by the first server process.",
    )
    ray_num_cpus: int | None = Field(None, ge=1, description="CPUs of that local Ray instance (unset: all).")
    ray_cape_replicas: int = Field(1, ge=1, description="Replicas of the Cape deployment.")
    ray_generate_replicas: int = Field(1, ge=1, description="Replicas of the local-generation deployment.")
    ray_prmpt_detect_replicas: int = Field(1, ge=1, description="Replicas of Prmpt's detection deployment "
                                           "(texts in, spans out; each loads spaCy, ~0.5 GB).")
    ray_prmpt_detect_gpus: float = Field(0.0, ge=0, description="GPUs each detection replica reserves "
                                         "(0: CPU; spaCy's NER computes on the CPU either way).")
    ray_replica_cpus: float = Field(1.0, ge=0, description="CPUs each Ray replica reserves.")
    ray_replica_gpus: float = Field(0.0, ge=0, description="GPUs each Cape and generation replica reserves "
                                    "(0: CPU).")
    ray_start_timeout: float = Field(300.0, gt=0, description="Seconds to wait for the Ray deployments.")
    max_batch_size: int = Field(16, ge=1, description="Most requests merged into one model batch (both "
                                "backends).")
    max_wait_ms: float = Field(5.0, ge=0, description="How long a batch waits to fill up (both backends).")
    max_queue: int = Field(256, ge=1, description="Queued jobs per lane; beyond it requests get 503.")
    timeout: float = Field(60.0, gt=0, description="Seconds a job may take before the request fails.")

    @field_validator("processes", mode="before")
    @classmethod
    def _processes(cls, value: Any) -> Any:
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        return value

    @field_validator("processes")
    @classmethod
    def _positive(cls, value: int | str) -> int | str:
        if isinstance(value, int) and value < 1:
            raise ValueError("workers.processes must be >= 1 or 'auto'")
        return value

    def process_count(self) -> int:
        """``processes`` as a number: ``auto`` is the CPU cores this process may use."""
        if self.processes == "auto":
            try:
                return max(1, len(os.sched_getaffinity(0)))
            except AttributeError:  # not Linux
                return max(1, os.cpu_count() or 1)
        return int(self.processes)


class AuthSettings(BaseModel):
    """Who is calling. Each user gets their own derived key."""

    api_keys: dict[str, str] = Field(
        default_factory=dict,
        description="Proxy API keys -> user id. Non-empty: a valid key is required (401 otherwise) "
        "and callers' keys are never forwarded upstream.",
    )
    key_version: int = Field(1, ge=1, description="Per-user key version (bump to rotate all user keys).")
    end_user_header: str | None = Field(
        None,
        description="A request header naming the end user (e.g. `x-veil-user`): its value is added to the "
        "user id, so end users behind one shared API key get different keys. Unset: keys follow the API key.",
    )
    allow_unauthenticated: bool = Field(
        False, description="Let `veil serve` listen on a non-loopback `host` with no `api_keys` (anyone who "
        "reaches the port can use the upstream key and restore stand-ins). false: it refuses to start.",
    )
    open_metrics: bool = Field(
        False, description="Serve `/metrics` without a proxy key when `api_keys` are set (for a scraper).",
    )
    open_docs: bool = Field(
        False, description="Serve `/docs`, `/redoc` and `/openapi.json` without a proxy key when `api_keys` "
        "are set.",
    )


class TurnCacheSettings(BaseModel):
    """Stand-ins of Responses API requests, kept so that answers that continue a stored conversation
    (previous_response_id, conversation) and GET /v1/responses/{id} come back restored."""

    enabled: bool = Field(True, description="Keep a bounded, encrypted, per-user store of stand-ins.")
    url: str | None = Field(
        None, description="Where: unset or `sqlite`: a file under `state_dir` shared by every `--workers` "
        "process; `sqlite:///path`; `redis://host:port/db` for replicas on several machines; `memory`: "
        "this process only.",
    )
    timeout_seconds: float = Field(
        0.5, gt=0, description="Seconds a store call may take before the request fails closed (503).",
    )
    ttl_seconds: float = Field(
        3600.0, gt=0, description="How long a user's stand-ins stay restorable after their last Responses "
        "request that stored some.",
    )
    max_entries: int = Field(
        100_000, ge=0, description="Stand-ins kept in all by `memory` and `sqlite` (oldest turns dropped "
        "first); bound a Redis store with its `maxmemory`.",
    )
    max_entries_per_user: int = Field(4096, ge=1, description="Stand-ins kept per user (oldest turns dropped first).")


class SanitizeScope(BaseModel):
    """Which request fields the privacy modes touch: every string not on the surface's allow-list."""

    roles: list[str] = Field(
        default_factory=lambda: ["system", "developer", "user", "assistant", "tool", "function"],
        description="Message roles whose text Prmpt sanitizes (all by default); every other field is "
        "always sanitized.",
    )
    non_text_content: Literal["reject", "forward"] = Field(
        "reject", description="Images, audio, files, PDFs, data URLs and token arrays cannot be inspected: "
        "`reject` answers 400, `forward` sends them as they are and reports it (X-Veil-Uninspected).",
    )
    turn_cache: TurnCacheSettings = Field(default_factory=TurnCacheSettings)


class InspectorSettings(BaseModel):
    """The privacy inspector page (`GET /inspector`): previews with the user's own key, nothing stored."""

    enabled: bool | None = Field(
        None, description="Serve `/inspector`. Unset: on when `host` is a loopback address, off (404) "
        "otherwise. Its data calls obey `auth.api_keys` like every route.",
    )
    recent_requests: bool = Field(
        False, description="Keep this process's recent requests (route, mode, entity counts, ε, status, "
        "latency; never text or values) in memory for the inspector's live panel.",
    )
    recent_size: int = Field(200, ge=1, le=10_000, description="Recent requests kept (oldest dropped).")


class LoggingSettings(BaseModel):
    level: str = Field("INFO", description="Log level (DEBUG, INFO, WARNING, ERROR).")
    json_format: bool = Field(True, description="One JSON object per line; never prompt text or keys.")


class Settings(BaseSettings):
    """All of Veil's settings."""

    model_config = SettingsConfigDict(
        env_prefix="VEIL_", env_nested_delimiter="__", extra="forbid", validate_default=True
    )

    host: str = Field("127.0.0.1", description="Address to listen on.")
    port: int = Field(8080, ge=0, le=65535, description="Port to listen on.")
    mode: Mode = Field("prmpt", description="Privacy policy: off, prmpt, cape or prmpt+cape.")
    allowed_modes: list[Mode] = Field(
        default_factory=lambda: list[Mode](["prmpt", "prmpt+cape"]),
        description="Modes a request may pick with the `X-Veil-Mode` header, besides `mode`. `off` and "
        "`cape` (which sends fields outside `cape.roles` as they are) only when listed here.",
    )
    master_key_file: str | None = Field(
        None,
        description="Master key file (0600). Unset: $VEIL_MASTER_KEY, else ~/.config/veil/master.key, "
        "created on first use.",
    )
    state_dir: str | None = Field(
        None, description="Veil's state directory (the turn store's SQLite file). Unset: "
        "$XDG_STATE_HOME/veil, else ~/.local/state/veil.",
    )
    sanitize_timeout: float = Field(
        30.0, gt=0, description="Seconds sanitization may take before the request fails closed (503)."
    )
    upstream: UpstreamSettings = Field(default_factory=UpstreamSettings)
    limits: LimitsSettings = Field(default_factory=LimitsSettings)
    local_model: LocalModelSettings = Field(default_factory=LocalModelSettings)
    workers: WorkerSettings = Field(default_factory=WorkerSettings)
    auth: AuthSettings = Field(default_factory=AuthSettings)
    sanitize: SanitizeScope = Field(default_factory=SanitizeScope)
    logging: LoggingSettings = Field(default_factory=LoggingSettings)
    inspector: InspectorSettings = Field(default_factory=InspectorSettings)
    prmpt: PrmptConfig = Field(default_factory=PrmptConfig)
    cape: CapeConfig = Field(default_factory=CapeConfig)
    watermark: WatermarkConfig = Field(default_factory=WatermarkConfig)

    def selectable_modes(self) -> list[Mode]:
        """The modes a request may ask for: ``mode`` itself and ``allowed_modes``."""
        return list(self.allowed_modes) + ([] if self.mode in self.allowed_modes else [self.mode])

    @field_validator("mode", "allowed_modes", mode="before")
    @classmethod
    def _yaml_off(cls, value: Any) -> Any:
        # YAML 1.1 reads a bare `off` as false: `mode: off` must still mean mode "off".
        if value is False:
            return "off"
        if isinstance(value, list):
            return ["off" if v is False else v for v in value]
        return value

    @field_validator("upstream", mode="before")
    @classmethod
    def _empty_base_url(cls, value: Any) -> Any:
        if isinstance(value, dict) and value.get("base_url") in ("", "none", "local"):
            value = {**value, "base_url": None}
        return value

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Flags (init) win over VEIL_* variables, which win over the YAML files.
        return (init_settings, env_settings, _YamlSource(settings_cls))


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback address (127.0.0.0/8, ::1)."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


_config_files: list[Path] = []


class _YamlSource(PydanticBaseSettingsSource):
    """config/default.yaml deep-merged with the --config file (or $VEIL_CONFIG)."""

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        files = [DEFAULT_CONFIG_FILE, *_config_files]
        if os.environ.get("VEIL_CONFIG"):
            files.append(Path(os.environ["VEIL_CONFIG"]))
        for file in files:
            if file.exists():
                loaded = yaml.safe_load(file.read_text()) or {}
                if not isinstance(loaded, dict):
                    raise ValueError(f"{file}: the top level must be a mapping")
                data = _deep_merge(data, loaded)
        return data


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def load_settings(config_file: str | os.PathLike[str] | None = None, **overrides: Any) -> Settings:
    """Build settings; ``overrides`` are nested dicts as flags give them (highest priority)."""
    _config_files.clear()
    if config_file:
        path = Path(config_file)
        if not path.exists():
            raise FileNotFoundError(f"config file {path} not found")
        _config_files.append(path)
    try:
        return Settings(**{k: v for k, v in overrides.items() if v is not None})
    finally:
        _config_files.clear()
