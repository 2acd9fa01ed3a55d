"""Keys: the one module that touches raw key bytes.

Everything secret in Veil comes from one 256-bit master key:

* per-user keys: HKDF-SHA256(master, salt="veil/v1", info=purpose|user|version) (RFC 5869);
* FF3-1 tweaks: one 56-bit tweak per entity type, derived from the per-user key (domain separation);
* PRF outputs: HMAC-SHA256 under a derived key, e.g. the randomness of metric-LDP noise for
  (user, type, value), so asking twice with the same value reveals nothing new;
* watermark keys, with a public key id so a key can be rotated.

Other modules receive derived keys or PRF outputs, never the master key. ``repr`` never shows bytes.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import stat
from dataclasses import dataclass
from pathlib import Path

MASTER_KEY_BYTES = 32
MASTER_KEY_ENV = "VEIL_MASTER_KEY"
_SALT = b"veil/hkdf/v1"


class MasterKeyError(Exception):
    """A master key is missing, malformed or stored unsafely."""


def default_master_key_path() -> Path:
    """``$XDG_CONFIG_HOME/veil/master.key`` (``~/.config/veil/master.key`` by default)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "veil" / "master.key"


def hkdf_sha256(ikm: bytes, info: bytes, length: int = 32, salt: bytes = _SALT) -> bytes:
    """HKDF-SHA256 extract-and-expand (RFC 5869)."""
    if length > 255 * 32:
        raise ValueError("HKDF output too long")
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    out, block, counter = b"", b"", 1
    while len(out) < length:
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        out += block
        counter += 1
    return out[:length]


def _encode_info(*parts: str | int) -> bytes:
    # Length-prefixed fields so that ("ab", "c") and ("a", "bc") never collide.
    out = b""
    for part in parts:
        raw = str(part).encode("utf-8")
        out += len(raw).to_bytes(4, "big") + raw
    return out


def _parse_key_text(text: str) -> bytes:
    text = text.strip()
    for decode in (bytes.fromhex, lambda s: base64.b64decode(s, validate=True)):
        try:
            raw = decode(text)
        except (ValueError, binascii.Error):
            continue
        if len(raw) == MASTER_KEY_BYTES:
            return raw
    raise MasterKeyError(
        f"master key must be {MASTER_KEY_BYTES} bytes, written as hex or base64"
    )


@dataclass(frozen=True)
class MasterKey:
    """A 256-bit master key. Construct it with :meth:`load`, :meth:`generate` or :meth:`from_bytes`."""

    _raw: bytes

    def __post_init__(self) -> None:
        if len(self._raw) != MASTER_KEY_BYTES:
            raise MasterKeyError(f"master key must be {MASTER_KEY_BYTES} bytes")

    def __repr__(self) -> str:  # never print key material
        return f"MasterKey(id={self.key_id})"

    __str__ = __repr__

    @classmethod
    def from_bytes(cls, raw: bytes) -> MasterKey:
        return cls(bytes(raw))

    @classmethod
    def generate(cls) -> MasterKey:
        return cls(os.urandom(MASTER_KEY_BYTES))

    @property
    def key_id(self) -> str:
        """A public fingerprint (not secret): lets logs and responses name a key without leaking it."""
        return hmac.new(self._raw, b"veil/key-id", hashlib.sha256).hexdigest()[:12]

    def hex(self) -> str:
        """The key as hex, for ``veil keygen`` output only."""
        return self._raw.hex()

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None, *, create: bool = True) -> MasterKey:
        """Load the master key: ``$VEIL_MASTER_KEY`` first, else the file (created 0600 if absent).

        A key file readable or writable by group or others is refused: it would leak every user's data.
        """
        env = os.environ.get(MASTER_KEY_ENV)
        if env:
            return cls(_parse_key_text(env))
        file = Path(path) if path else default_master_key_path()
        if not file.exists():
            if not create:
                raise MasterKeyError(f"no master key at {file}; run `veil keygen`")
            try:
                return write_master_key(file, cls.generate())
            except OSError as exc:  # a read-only place (a container without its secret mounted)
                raise MasterKeyError(f"no master key at {file}, and none can be created there "
                                     f"({type(exc).__name__}); mount one or run `veil keygen`") from None
        mode = stat.S_IMODE(file.stat().st_mode)
        if mode & 0o077:
            raise MasterKeyError(
                f"master key file {file} has permissions {mode:04o}; run `chmod 600 {file}`"
            )
        return cls(_parse_key_text(file.read_text()))

    def derive(self, purpose: str, *context: str | int, length: int = 32) -> bytes:
        """A subkey for one purpose and context (e.g. ``("fpe", user_id, version)``)."""
        return hkdf_sha256(self._raw, _encode_info("veil", purpose, *context), length)

    def user_keys(self, user_id: str, version: int = 1) -> UserKeys:
        return UserKeys(self.derive("user", user_id, version), user_id=user_id, version=version)

    def watermark_key(self, scope: str = "deployment", version: int = 1) -> WatermarkKey:
        raw = self.derive("watermark", scope, version)
        return WatermarkKey(raw)


def write_master_key(path: str | os.PathLike[str], key: MasterKey, *, overwrite: bool = False) -> MasterKey:
    """Write ``key`` as hex to ``path`` with mode 0600 (created atomically, never world-readable)."""
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if overwrite else os.O_EXCL)
    fd = os.open(file, flags, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, (key.hex() + "\n").encode())
    finally:
        os.close(fd)
    return key


@dataclass(frozen=True)
class UserKeys:
    """Keys of one user (one key version). Holds derived bytes only, never the master key."""

    _raw: bytes
    user_id: str
    version: int = 1

    def __repr__(self) -> str:
        return f"UserKeys(user_id=<hidden>, version={self.version})"

    __str__ = __repr__

    def fpe_key(self) -> bytes:
        """The AES-256 key of FF3-1 for this user."""
        return hkdf_sha256(self._raw, _encode_info("fpe-key"), 32)

    def fpe_key_hex(self) -> str:
        return self.fpe_key().hex()

    def fpe_tweak(self, entity_type: str) -> bytes:
        """FF3-1's 56-bit tweak for one entity type: the same value under two types maps differently."""
        return hkdf_sha256(self._raw, _encode_info("fpe-tweak", entity_type), 7)

    def fpe_tweak_hex(self, entity_type: str) -> str:
        return self.fpe_tweak(entity_type).hex()

    def prf(self, label: str, *data: str | int | bytes) -> bytes:
        """HMAC-SHA256 under a per-label subkey: 32 pseudorandom bytes for (label, data)."""
        key = hkdf_sha256(self._raw, _encode_info("prf", label), 32)
        msg = b"".join(
            len(d).to_bytes(4, "big") + d
            for d in (x if isinstance(x, bytes) else str(x).encode("utf-8") for x in data)
        )
        return hmac.new(key, msg, hashlib.sha256).digest()

    def prf_seed(self, label: str, *data: str | int | bytes) -> int:
        """The PRF output as a 64-bit integer seed (for ``random.Random`` / ``torch.Generator``)."""
        return int.from_bytes(self.prf(label, *data)[:8], "big")


@dataclass(frozen=True)
class WatermarkKey:
    """The key of the SynthID-style watermark; ``key_id`` is public and names it in detection results."""

    _raw: bytes

    def __repr__(self) -> str:
        return f"WatermarkKey(id={self.key_id})"

    __str__ = __repr__

    @property
    def key_id(self) -> str:
        return hmac.new(self._raw, b"veil/watermark-key-id", hashlib.sha256).hexdigest()[:12]

    def material(self) -> bytes:
        """Raw bytes for the watermark's keyed PRF (mechanisms/synthid only)."""
        return self._raw


def constant_time_equals(a: str | bytes, b: str | bytes) -> bool:
    """Compare secrets (API keys) without leaking where they differ."""
    ab = a.encode() if isinstance(a, str) else a
    bb = b.encode() if isinstance(b, str) else b
    return hmac.compare_digest(ab, bb)
