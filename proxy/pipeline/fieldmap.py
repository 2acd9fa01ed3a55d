"""Default-deny field maps: which JSON paths of a wire format are text, JSON-in-string, identifiers,
structural (the allow-list) or uninspectable, and a walker that finds every string to sanitize.

A surface describes its body as a small schema tree (``Obj``, ``Arr``, ``OneOf``, ``AnyOf`` and the
leaves below). The walker follows the schema where the body matches it; everywhere else (an unknown
field, an unknown item type, a value of an unexpected JSON type) it falls back to ``deny``: every
string under it is sanitized as text. So the only strings that leave untouched are those at a
``Struct`` leaf of the schema whose value passes that leaf's check (an enum, an id pattern).

Numbers: a number at a ``Num`` leaf is structural (``max_tokens``, ``temperature``) and passes; any
other number with ``MIN_DIGITS`` digits or more (metadata, unknown fields, schema ``enum`` /
``default``, tool arguments) is inspected like text, with its key as context, and a stand-in is
written back as a number of the same JSON type. Keys: the API's own field names (the schema's) are
kept; every other object key (metadata, tool arguments, unknown objects, JSON Schema property and
definition names) is data: sanitized like text, with ``required`` and ``$ref`` following the renames.
A ``Struct`` with ``refuse`` (the model, enum-like options, ids and blobs the provider issued) answers
a 400 for any other value instead; a ``ClientId`` (ids the client may invent) becomes a keyed stand-in
of the provider's shape. Base64 inside a value that decodes to text is decoded into a probe slot.
Answers are walked with ``answer=True``: nothing is refused, and the same slots are restored.
"""

from __future__ import annotations

import base64
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from proxy.errors import BadRequest

Path = tuple[str | int, ...]
Setter = Callable[[str], None]

# A string that is a data URL with base64 content is binary data (an image, audio, a file).
_DATA_URL = re.compile(r"^data:[\w.+-]+/[\w.+-]+(?:;[\w=.+-]+)*;base64,", re.IGNORECASE)
IDENT_SHAPE = re.compile(r"^[A-Za-z0-9_-]+$")
ID_SHAPE = re.compile(r"^[A-Za-z0-9_.:\-]{1,256}$")  # opaque ids: no spaces, no '@', no '/'


class Node:
    """A schema node; the leaves say what a string there is."""


@dataclass(frozen=True)
class Text(Node):
    """Prose: sanitized (Prmpt) and, for the configured roles, perturbed (Cape)."""

    role: str | None = None  # None: the enclosing role


@dataclass(frozen=True)
class Json(Node):
    """A string that carries JSON (tool arguments): its string values are sanitized, the structure kept;
    a string that does not parse is sanitized as text."""


@dataclass(frozen=True)
class Ident(Node):
    """An identifier-shaped string (``^[A-Za-z0-9_-]+$``, e.g. a message ``name``): sanitized, and the
    stand-in keeps that shape."""


@dataclass(frozen=True)
class Struct(Node):
    """Allow-listed: passed untouched when the value passes the check (one of ``values``, or a
    ``pattern`` match); any other string there is sanitized as text (default deny), or, when
    ``refuse`` is set, the request is refused with a 400 (fields that accept only what they are for:
    the model, enum-like options, ids the provider issued)."""

    values: frozenset[str] | None = None
    pattern: re.Pattern[str] | None = None
    refuse: bool = False
    what: str = ""  # how the allow-list page and the 400 name what passes
    test: Callable[[str], bool] | None = None  # a check a pattern cannot make (a blob that decodes)

    def allows(self, value: str) -> bool:
        if self.test is not None:
            return self.test(value)
        if self.values is not None and value in self.values:
            return True
        if self.pattern is not None:
            return self.pattern.fullmatch(value) is not None  # fullmatch: "$" would let a final "\n" in
        return self.values is None


@dataclass(frozen=True)
class Num(Node):
    """A structural number (``max_tokens``, ``temperature``, an index): passed as it is."""


@dataclass(frozen=True)
class ClientId(Node):
    """An id the client may invent (``tool_call_id``, ``call_id``, ``tool_use_id``): an id of the
    provider's shape (``prefix`` + ``PROVIDER_ID_BODY``) passes; any other value is replaced by a keyed,
    deterministic stand-in of that shape (the same id gets the same stand-in in every request of a
    conversation) and restored in answers."""

    prefix: str


@dataclass(frozen=True)
class Opaque(Node):
    """Content that cannot be inspected (images, audio, files): rejected or forwarded by setting."""

    kind: str


@dataclass(frozen=True)
class Obj(Node):
    fields: dict[str, Node] = field(default_factory=dict)
    role_key: str | None = None  # this field's value names the role of the subtree ("role")
    role: str | None = None  # a fixed role for the subtree


@dataclass(frozen=True)
class Arr(Node):
    item: Node


@dataclass(frozen=True)
class Map(Node):
    """An object with free keys whose values all follow one node (JSON Schema ``properties``). Keys
    that pass ``keys`` are kept (``logit_bias`` token ids); with no ``keys`` every key is data and is
    sanitized. ``targets``: its keys are what ``$ref`` points at (``$defs``)."""

    value: Node
    keys: Struct | None = None
    targets: bool = False


@dataclass(frozen=True)
class KeyRefs(Node):
    """A list of names of the sibling object ``sibling``'s keys (JSON Schema ``required``): each follows
    that key's stand-in; a name that is not one of those keys is sanitized as text."""

    sibling: str


@dataclass(frozen=True)
class Ref(Node):
    """A JSON Schema ``$ref``: a local reference (``pattern``) follows the renamed ``$defs`` keys; any
    other value is sanitized as text."""

    pattern: re.Pattern[str]


@dataclass(frozen=True)
class OneOf(Node):
    """Objects discriminated by a field (``type``): a known tag walks its variant, an object without
    the field walks ``missing``, an unknown tag walks ``default`` (both deny when unset)."""

    variants: dict[str, Node]
    default: Node | None = None
    missing: Node | None = None
    key: str = "type"


@dataclass(frozen=True)
class AnyOf(Node):
    """By JSON type: a string, a list, an object or a number (e.g. content that is a string or parts)."""

    string: Node | None = None
    array: Node | None = None
    object: Node | None = None
    number: Node | None = None

    def pick(self, value: Any) -> Node | None:
        if isinstance(value, str):
            return self.string
        if isinstance(value, list):
            return self.array
        if isinstance(value, dict):
            return self.object
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return self.number
        return None


def enum(*values: str) -> Struct:
    return Struct(values=frozenset(values))


def option(*values: str, pattern: str | None = None) -> Struct:
    """An enum-like option: any other value is refused with a 400 (never sent, never sanitized)."""
    return Struct(values=frozenset(values), pattern=re.compile(pattern) if pattern else None, refuse=True)


def issued(*prefixes: str) -> Struct:
    """An id the provider issued (``resp_...``, ``msg_...``): any other value is refused with a 400."""
    alternatives = "|".join(re.escape(p) for p in prefixes)
    return Struct(pattern=re.compile(rf"(?:{alternatives})_{PROVIDER_ID_BODY}"), refuse=True,
                  what="an id the provider issued (" + ", ".join(f"`{p}_...`" for p in prefixes) + ")")


# Provider-issued ids: a prefix, then letters, digits and "_" (OpenAI and Anthropic ids are base62 or hex)
PROVIDER_ID_BODY = r"[A-Za-z0-9_]{1,200}"
# A model name: letters, digits, ".", "_", "-", ":" and "/" (fine-tunes, org/model, Bedrock ids), with a letter
# in it, and at most an "@" and a date at the end (Vertex: "claude-3-5-sonnet-v2@20241022"); no other "@" and
# no spaces (no email, no name with a space), no run of 9+ digits (no compact SSN, phone, card or AWS account).
MODEL_SHAPE = re.compile(r"(?=.*[A-Za-z])(?!.*\d{9})[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}(?:@[0-9]{8})?")
MODEL = Struct(pattern=MODEL_SHAPE, refuse=True, what="a model name (`" + MODEL_SHAPE.pattern + "`)")
ANY_STRUCT = Struct()  # any value: in answers only (what the provider wrote), never in requests
ID = Struct(pattern=ID_SHAPE)
NUM = Num()
BOOL = AnyOf()  # a boolean passes; any other JSON type there is default deny
# Item ids of the Responses API (msg_, fc_, rs_, ...): issued by the provider, under many prefixes
ITEM_ID = Struct(pattern=re.compile(rf"[a-z]{{2,10}}_{PROVIDER_ID_BODY}"), refuse=True,
                 what="an id the provider issued (`<prefix>_...`: letters, digits and `_`)")


_BLOB_SHAPE = re.compile(r"[A-Za-z0-9+/_-]{43,}={0,2}")
_DIGITS_9 = re.compile(r"\d{9}")


def is_blob(value: str) -> bool:
    """A blob the provider encrypted or signed (Responses ``encrypted_content``, Anthropic thinking
    ``signature`` and ``redacted_thinking.data``): base64 (standard or URL-safe) of 32 bytes or more
    that is not text and has no run of 9 digits. Its MAC is the provider's: Veil checks the shape only."""
    if not _BLOB_SHAPE.fullmatch(value) or _DIGITS_9.search(value):
        return False
    altchars = b"-_" if "-" in value or "_" in value else None
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), altchars=altchars, validate=True)
    except ValueError:
        return False
    return len(raw) >= 32 and not looks_like_text(raw)


def looks_like_text(raw: bytes) -> bool:
    """UTF-8 that is mostly printable: what a person or a program wrote, not ciphertext or media."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    printable = sum(1 for c in text if c.isprintable() or c in "\n\r\t")
    return bool(text) and printable >= 0.95 * len(text)


BLOB = Struct(test=is_blob, refuse=True, what="a blob the provider issued (base64 of 32+ bytes that is not "
                                                "text, no run of 9 digits)")


MIN_BASE64 = 16  # 12 bytes: shorter runs are words and ids more often than encoded text
_BASE64_RUN = re.compile(rf"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{{{MIN_BASE64},}}={{0,2}}(?![A-Za-z0-9+/=_-])")


def decode_base64_text(value: str) -> str | None:
    """``value`` decoded from base64 (standard or URL-safe) when that gives text, else None."""
    value = value.strip()
    altchars = b"-_" if "-" in value or "_" in value else None
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), altchars=altchars, validate=True)
    except ValueError:
        return None
    if len(raw) < 8 or not looks_like_text(raw):
        return None
    return raw.decode("utf-8")


def numbers(*names: str) -> dict[str, Node]:
    """Structural numeric options (``max_tokens``, ``temperature``, ...) as fields of an ``Obj``."""
    return {name: NUM for name in names}


def flags(*names: str) -> dict[str, Node]:
    """Boolean options (``stream``, ``store``, ...) as fields of an ``Obj``."""
    return {name: BOOL for name in names}


@dataclass
class Slot:
    """One string to sanitize, with where it is and how to write it back."""

    text: str
    # "text"; "ident"; "json": a string value inside JSON (tool arguments, tool_use input);
    # "number": a number written as "key: digits" (the key is the context a detector needs);
    # "key": an object key that is data (renamed in ``Walk.finalize``); "id": an id the client invented
    # (its stand-in is made by the policy under the user's key, not by the engine); "encoded": base64 text
    # found inside a value, decoded (a probe: inspected, never written);
    # "json_text": a whole JSON-in-string field left unparsed (answers: restored with JSON escaping)
    kind: str
    role: str | None
    path: Path
    set: Setter
    prefix: str = ""  # "id" slots: the provider's id prefix the stand-in takes
    like: int | float | None = None  # "number" slots: the number (its type is kept)

    def number_fits(self, text: str) -> bool:
        """Whether ``text`` (this number slot's sanitized text) writes back as a number of its type."""
        assert self.like is not None
        digits = text.rsplit(": ", 1)[-1].strip() if ": " in self.text else text.strip()
        return number_from_text(digits, self.like) is not None

    def write(self, value: str) -> None:
        """Put ``value`` in the body; a later mechanism (Cape after Prmpt) reads it as this slot's text."""
        self.set(value)
        self.text = value


@dataclass
class Walk:
    slots: list[Slot] = field(default_factory=list)
    uninspected: dict[str, int] = field(default_factory=dict)  # kind -> count
    _finalizers: list[Callable[[], None]] = field(default_factory=list)
    _keys: dict[int, tuple[dict[str, Any], dict[str, str]]] = field(default_factory=dict)  # id -> (obj, renames)
    _fixups: list[Callable[[], None]] = field(default_factory=list)
    targets: dict[str, str] = field(default_factory=dict)  # JSON Schema key -> its stand-in ($ref follows)
    target_keys: set[str] = field(default_factory=set)  # every JSON Schema key a $ref may name

    def finalize(self) -> None:
        """Rename keys whose stand-ins are written, make ``required`` / ``$ref`` follow them, then
        re-encode JSON-in-string fields once their values are written (innermost first)."""
        for obj, renames in self._keys.values():
            _rename_keys(obj, renames)
        for fix in self._fixups:
            fix()
        for fin in reversed(self._finalizers):
            fin()

    def renamed(self, obj: dict[str, Any], key: str) -> str:
        entry = self._keys.get(id(obj))
        return entry[1].get(key, key) if entry else key


def _rename_keys(obj: dict[str, Any], renames: dict[str, str]) -> None:
    """Rename keys in place, keeping their order; a stand-in that collides with another key fails closed."""
    if all(old == new for old, new in renames.items()):
        return
    items = list(obj.items())
    obj.clear()
    for k, v in items:
        new = renames.get(k, k)
        if new in obj:
            raise ValueError("a key's stand-in collides with another key")  # the engine guard: a 503
        obj[new] = v


def _setter(container: Any, key: Any) -> Setter:
    def set_value(value: str) -> None:
        container[key] = value

    return set_value


MIN_DIGITS = 4  # numbers with 4 or more digits may carry a value (a PIN, a ZIP, an SSN, a phone, a card)
_INT_TEXT = re.compile(r"-?(?:0|[1-9]\d*)")
_FLOAT_TEXT = re.compile(r"-?(?:0|[1-9]\d*)\.\d+")


def number_text(value: Any) -> str | None:
    """A JSON number as its digits (``123456789``, ``4111111111111111.0``, ``12.3456``) when it has
    enough digits to carry a value; None for booleans, short numbers and floats in exponent form
    that are not whole (``1e-07``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        text = repr(value)
        if "e" in text or "E" in text:
            if not value.is_integer():
                return None
            text = f"{value:.1f}"
    else:
        text = str(value)
    digits = sum(c.isdigit() for c in text) - (1 if text.endswith(".0") else 0)
    return text if digits >= MIN_DIGITS else None


def number_from_text(text: str, like: int | float) -> int | float | None:
    """``text`` as a number of the type of ``like`` that writes back as exactly ``text`` (None when
    it cannot: a leading zero, a float that is not exact)."""
    if isinstance(like, int):
        return int(text) if _INT_TEXT.fullmatch(text) else None
    if not _FLOAT_TEXT.fullmatch(text):
        return None
    number = float(text)
    return number if number_text(number) == text or repr(number) == text else None


def _number_setter(container: Any, key: Any, has_context: bool, like: int | float) -> Setter:
    """Write back the digits after the context as a number of the same type; a stand-in that cannot
    be one (the policy avoids those) is written as a string rather than lose digits."""
    def set_value(text: str) -> None:
        digits = (text.rsplit(": ", 1)[-1] if has_context else text).strip()
        number = number_from_text(digits, like)
        container[key] = digits if number is None else number

    return set_value


class Walker:
    """Walk a body against a schema, collecting slots. ``answer`` True (answers, to restore): JSON-in-string
    fields are whole ``json_text`` slots instead of being parsed, and no value is refused."""

    def __init__(self, parse_json: bool = True, answer: bool = False) -> None:
        self.parse_json = parse_json
        self.answer = answer
        self.walk = Walk()

    def run(self, node: Node, value: Any, container: Any, key: Any, path: Path, role: str | None) -> Walk:
        self._visit(node, value, container, key, path, role)
        return self.walk

    # ---- leaves --------------------------------------------------------------------------------
    def _string(self, text: str, kind: str, container: Any, key: Any, path: Path, role: str | None) -> None:
        data_url = _DATA_URL.match(text)
        if data_url:
            decoded = None if self.answer else decode_base64_text(text[data_url.end():])
            if decoded is None:
                self._opaque("data_url")
            else:  # a data URL of text: inspected (the policy refuses it if it holds personal data)
                self._encoded(decoded, role, path)
            return
        self.walk.slots.append(Slot(text, kind, role, path, _setter(container, key)))
        if not self.answer and kind in ("text", "json") and len(text) >= MIN_BASE64:
            for match in _BASE64_RUN.finditer(text):
                decoded = decode_base64_text(match.group(0))
                if decoded is not None:
                    self._encoded(decoded, role, path)

    def _encoded(self, decoded: str, role: str | None, path: Path) -> None:
        """Base64 inside a value that decodes to text: a probe the policy inspects (never written)."""
        self.walk.slots.append(Slot(decoded, "encoded", role, (*path, "<base64>"), lambda _: None))

    def _number(self, value: Any, container: Any, key: Any, path: Path, role: str | None) -> None:
        text = number_text(value)
        if text is None:
            return
        # Application data carries identifiers as numbers too ({"ssn": 123456789}): the key names them.
        context = f"{key}: " if isinstance(key, str) else ""
        self.walk.slots.append(Slot(context + text, "number", role, path,
                                    _number_setter(container, key, bool(context), value), like=value))

    def _key(self, obj: dict[str, Any], key: str, path: Path, role: str | None, target: bool = False) -> None:
        """An object key that is data: sanitized like text, renamed in ``finalize``."""
        if target:
            self.walk.target_keys.add(key)
        if not key.strip():
            return
        renames = self.walk._keys.setdefault(id(obj), (obj, {}))[1]
        targets = self.walk.targets

        def set_key(value: str) -> None:
            renames[key] = value
            if target:
                targets[key] = value

        self.walk.slots.append(Slot(key, "key", role, (*path, "<key>"), set_key))

    def _client_id(self, node: ClientId, text: str, container: Any, key: Any, path: Path,
                   role: str | None) -> None:
        if not self.answer and is_provider_id(node.prefix, text):
            return
        self.walk.slots.append(Slot(text, "id", role, path, _setter(container, key), prefix=node.prefix))

    def _opaque(self, kind: str) -> None:
        self.walk.uninspected[kind] = self.walk.uninspected.get(kind, 0) + 1

    def _refuse(self, path: Path, what: str) -> None:
        where = ".".join(str(p) for p in path) or "body"
        raise BadRequest(f"{where}: the value is not {what}; it was not sent", param=where,
                         code="invalid_value")

    def _json(self, text: str, container: Any, key: Any, path: Path, role: str | None) -> None:
        if not self.parse_json:
            self._string(text, "json_text", container, key, path, role)
            return
        try:
            parsed = json.loads(text)
        except (ValueError, RecursionError):
            self._string(text, "text", container, key, path, role)  # broken JSON: plain text
            return
        if isinstance(parsed, str):  # a JSON string literal: the value is text
            holder: list[Any] = [parsed]
            self._string(parsed, "json", holder, 0, path, role)
        else:
            holder = [parsed]
            self._deny(parsed, holder, 0, path, role, kind="json")

        def reencode() -> None:
            container[key] = json.dumps(holder[0], ensure_ascii=False)

        self.walk._finalizers.append(reencode)

    # ---- the default: every string, number and key under ``value`` is data -------------------------
    def _deny(self, value: Any, container: Any, key: Any, path: Path, role: str | None,
              kind: str = "text") -> None:
        if isinstance(value, str):
            self._string(value, kind, container, key, path, role)
        elif isinstance(value, (int, float)):
            self._number(value, container, key, path, role)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                self._deny(item, value, i, (*path, i), role, kind)
        elif isinstance(value, dict):
            for k, item in value.items():
                self._deny(item, value, k, (*path, str(k)), role, kind)
                if isinstance(k, str):
                    self._key(value, k, path, role)

    # ---- schema-directed walk -------------------------------------------------------------------
    def _visit(self, node: Node, value: Any, container: Any, key: Any, path: Path, role: str | None) -> None:
        if isinstance(node, Struct):
            self._struct(node, value, container, key, path, role)
        elif isinstance(node, Num):
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                self._deny(value, container, key, path, role)
        elif isinstance(node, Text):
            r = node.role or role
            if isinstance(value, str):
                self._string(value, "text", container, key, path, r)
            else:
                self._deny(value, container, key, path, r)
        elif isinstance(node, Json):
            if isinstance(value, str):
                self._json(value, container, key, path, role)
            else:
                self._deny(value, container, key, path, role, kind="json")
        elif isinstance(node, Ident):
            if isinstance(value, str):  # a value that is not identifier-shaped is plain text
                self._string(value, "ident" if IDENT_SHAPE.fullmatch(value) else "text", container, key, path, role)
            else:
                self._deny(value, container, key, path, role)
        elif isinstance(node, ClientId) and isinstance(value, str):
            self._client_id(node, value, container, key, path, role)
        elif isinstance(node, Ref) and isinstance(value, str) and node.pattern.fullmatch(value):
            self.walk._fixups.append(lambda: container.__setitem__(key, self._follow_ref(value)))
        elif isinstance(node, Opaque):
            self._opaque(node.kind)
        else:
            self._visit_container(node, value, container, key, path, role)

    def _struct(self, node: Struct, value: Any, container: Any, key: Any, path: Path, role: str | None) -> None:
        if isinstance(value, str):
            if node.allows(value):
                return
            if node.refuse and not self.answer:
                self._refuse(path, node.what or "one of the values this field takes")
            self._string(value, "text", container, key, path, role)
        elif node.refuse and not self.answer:
            self._refuse(path, node.what or "one of the values this field takes")
        elif node.values is not None or node.pattern is not None:
            self._deny(value, container, key, path, role)  # numbers and objects where a string belongs
        elif isinstance(value, (list, dict)):
            self._deny(value, container, key, path, role)

    def _follow_ref(self, ref: str) -> str:
        """A local ``$ref`` after its keys were renamed; a segment that names no key of the schema and
        is no keyword could carry anything, and is replaced."""
        parts = ref.split("/")
        for i, part in enumerate(parts[1:], 1):
            if part in self.walk.targets:
                parts[i] = self.walk.targets[part]
            elif part not in self.walk.target_keys and not _REF_WORD.fullmatch(part):
                parts[i] = "_"
        return "/".join(parts)

    def _key_refs(self, node: KeyRefs, value: Any, parent: dict[str, Any], key: str, path: Path,
                  role: str | None) -> None:
        sibling = parent.get(node.sibling)
        if not isinstance(value, list):
            self._deny(value, parent, key, path, role)
            return
        for i, name in enumerate(value):
            if isinstance(name, str) and isinstance(sibling, dict) and name in sibling:
                def fix(i: int = i, name: str = name, sibling: dict[str, Any] = sibling) -> None:
                    value[i] = self.walk.renamed(sibling, name)

                self.walk._fixups.append(fix)
            else:
                self._deny(name, value, i, (*path, i), role)

    def _visit_container(self, node: Node, value: Any, container: Any, key: Any, path: Path,
                         role: str | None) -> None:
        if isinstance(node, AnyOf):
            chosen = node.pick(value)
            if chosen is None:
                self._deny(value, container, key, path, role)
            else:
                self._visit(chosen, value, container, key, path, role)
        elif isinstance(node, OneOf) and isinstance(value, dict):
            tag = value.get(node.key)
            if tag is None:
                chosen = node.missing
            else:
                chosen = node.variants.get(tag) if isinstance(tag, str) else None
                chosen = chosen or node.default
            if chosen is None:
                self._deny(value, container, key, path, role)
            else:
                self._visit(chosen, value, container, key, path, role)
        elif isinstance(node, Arr) and isinstance(value, list):
            for i, item in enumerate(value):
                self._visit(node.item, item, value, i, (*path, i), role)
        elif isinstance(node, Map) and isinstance(value, dict):
            self._visit_map(node, value, path, role)
        elif isinstance(node, Obj) and isinstance(value, dict):
            self._visit_obj(node, value, path, role)
        else:
            self._deny(value, container, key, path, role)

    def _visit_map(self, node: Map, value: dict[str, Any], path: Path, role: str | None) -> None:
        for k, item in value.items():
            self._visit(node.value, item, value, k, (*path, str(k)), role)
            if node.keys is None or not node.keys.allows(k):
                self._key(value, k, path, role, target=node.targets)

    def _visit_obj(self, node: Obj, value: dict[str, Any], path: Path, role: str | None) -> None:
        r = node.role or role
        if node.role_key and isinstance(value.get(node.role_key), str):
            r = value[node.role_key]
        for k, item in value.items():
            child = node.fields.get(k)
            if child is None:  # a field the API does not have: its name and value are data
                self._deny(item, value, k, (*path, str(k)), r)
                self._key(value, k, path, r)
            elif isinstance(child, KeyRefs):
                self._key_refs(child, item, value, k, (*path, str(k)), r)
            else:
                self._visit(child, item, value, k, (*path, str(k)), r)


def is_provider_id(prefix: str, text: str) -> bool:
    """An id of the provider's shape (``call_`` + base62): passed as it is, so ids the provider issued
    keep matching its stored state. A run of 7+ digits is not one (a compact SSN, phone or card)."""
    return (text.startswith(prefix) and PROVIDER_CALL_ID.fullmatch(text[len(prefix):]) is not None
            and _DIGIT_RUN.search(text) is None)


_REF_WORD = re.compile(r"\$?[A-Za-z]{1,20}|\d{1,3}")  # keywords ($defs, properties, items) and indexes
PROVIDER_CALL_ID = re.compile(r"[A-Za-z0-9]{16,64}")
_DIGIT_RUN = re.compile(r"\d{7}")


def walk_request(schema: Node, body: Any, parse_json: bool = True, answer: bool = False) -> Walk:
    """Every value of ``body`` that is not allow-listed, as slots (``body`` is changed through them).
    ``answer``: the walk of an answer to restore (no refusals). ``body`` is a request's JSON object, or
    any part of an answer (an object or an array in a stream event)."""
    holder = [body]
    return Walker(parse_json, answer).run(schema, body, holder, 0, (), None)


def allow_list(schema: Node, collapse: dict[int, str] | None = None) -> list[tuple[str, str]]:
    """(path, what passes) for every Struct leaf: the documented allow-list of a surface. Subtrees in
    ``collapse`` (node id -> label) are one row each (e.g. JSON Schema, documented once)."""
    out: list[tuple[str, str]] = []
    collapse = collapse or {}

    def visit(node: Node, path: str, seen: frozenset[int]) -> None:
        if id(node) in seen:
            return
        seen = seen | {id(node)}
        if id(node) in collapse:
            out.append((path, collapse[id(node)]))
        elif isinstance(node, Struct):
            out.append((path, _describe(node)))
        elif isinstance(node, Num):
            out.append((path, "a number"))
        elif isinstance(node, ClientId):
            out.append((path, f"an id of the provider's shape (`{node.prefix}` + 16-64 letters or digits, no run of "
                              "7 digits); any other id leaves as a keyed stand-in of that shape, restored in answers"))
        elif isinstance(node, Obj):
            for k, child in node.fields.items():
                visit(child, f"{path}.{k}" if path else k, seen)
        elif isinstance(node, Arr):
            visit(node.item, path + "[]", seen)
        elif isinstance(node, Map):
            if node.keys is not None:
                out.append((path + ".<key>", _describe(node.keys)))
            visit(node.value, path + ".*", seen)
        elif isinstance(node, OneOf):
            for tag, child in sorted(node.variants.items()):
                visit(child, f"{path}<{node.key}={tag}>", seen)
            for label, other in (("no " + node.key, node.missing), ("other", node.default)):
                if other is not None:
                    visit(other, f"{path}<{label}>", seen)
        elif isinstance(node, AnyOf):
            for branch in (node.string, node.array, node.object, node.number):
                if branch is not None:
                    visit(branch, path, seen)

    visit(schema, "", frozenset())
    return sorted(set(out))


def _describe(node: Struct) -> str:
    refused = "; anything else is refused (400)" if node.refuse else ""
    if node.what:
        return node.what + refused
    parts = []
    if node.values is not None:
        parts.append("one of " + ", ".join(f"`{v}`" for v in sorted(node.values)))
    if node.pattern is not None:
        parts.append("an id (`" + node.pattern.pattern + "`)")
    return (" or ".join(parts) or "any value") + refused


def iter_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from iter_strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from iter_strings(item)


_SCHEMA_NUMBERS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength",
                   "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains",
                   "maxContains")


def _json_schema_node() -> Obj:
    """JSON Schema as tools and structured outputs carry it: keywords and property names are kept;
    ``description``, ``title``, ``default``, ``enum``, ``const``, ``examples`` and anything unknown are
    sanitized (default deny)."""
    node = Obj(role="tools")
    types = enum("string", "number", "integer", "boolean", "object", "array", "null")
    node.fields.update({
        "type": AnyOf(string=types, array=Arr(types)),
        "properties": Map(node, targets=True),
        "patternProperties": Map(node, targets=True),
        "$defs": Map(node, targets=True),
        "definitions": Map(node, targets=True),
        "items": AnyOf(object=node, array=Arr(node)),
        "prefixItems": Arr(node),
        "additionalProperties": AnyOf(object=node),
        "anyOf": Arr(node), "oneOf": Arr(node), "allOf": Arr(node), "not": node,
        "required": KeyRefs("properties"),
        "$ref": Ref(re.compile(r"#(/[^/]*)*")),
        "format": Struct(pattern=re.compile(r"^[a-z][a-z0-9-]{0,40}$")),
        "$schema": Struct(pattern=re.compile(r"https?://json-schema\.org/[a-z0-9/.-]*#?")),
        "uniqueItems": AnyOf(), "nullable": AnyOf(),  # booleans
    })
    node.fields.update({name: NUM for name in _SCHEMA_NUMBERS})
    return node


JSON_SCHEMA = _json_schema_node()
