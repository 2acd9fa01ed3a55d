"""Default-deny field maps: which JSON paths of a wire format are text, JSON-in-string, identifiers,
structural (the allow-list) or uninspectable, and a walker that finds every string to sanitize.

A surface describes its body as a small schema tree (``Obj``, ``Arr``, ``OneOf``, ``AnyOf`` and the
leaves below). The walker follows the schema where the body matches it; everywhere else (an unknown
field, an unknown item type, a value of an unexpected JSON type) it falls back to ``deny``: every
string under it is sanitized as text. So the only strings that leave untouched are those at a
``Struct`` leaf of the schema whose value passes that leaf's check (an enum, an id pattern).
Object keys are never changed (they are the API's field names and the tools' parameter names).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

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
    """Allow-listed: passed untouched when the value passes the check (``values`` or ``pattern``);
    any other string there is sanitized as text (default deny)."""

    values: frozenset[str] | None = None
    pattern: re.Pattern[str] | None = None

    def allows(self, value: str) -> bool:
        if self.values is not None:
            return value in self.values
        if self.pattern is not None:
            return self.pattern.fullmatch(value) is not None  # fullmatch: "$" would let a final "\n" in
        return True


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
    """An object with free keys (kept) whose values all follow one node (JSON Schema ``properties``)."""

    value: Node


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


ANY_STRUCT = Struct()  # any value: use only where the API itself forbids free text (model names)
ID = Struct(pattern=ID_SHAPE)


@dataclass
class Slot:
    """One string to sanitize, with where it is and how to write it back."""

    text: str
    # "text"; "ident"; "json": a string value inside JSON (tool arguments, tool_use input);
    # "number": a long integer inside JSON, as "key: digits" (the key is the context a detector needs);
    # "json_text": a whole JSON-in-string field left unparsed (answers: restored with JSON escaping)
    kind: str
    role: str | None
    path: Path
    set: Setter

    def write(self, value: str) -> None:
        """Put ``value`` in the body; a later mechanism (Cape after Prmpt) reads it as this slot's text."""
        self.set(value)
        self.text = value


@dataclass
class Walk:
    slots: list[Slot] = field(default_factory=list)
    uninspected: dict[str, int] = field(default_factory=dict)  # kind -> count
    _finalizers: list[Callable[[], None]] = field(default_factory=list)

    def finalize(self) -> None:
        """Re-encode JSON-in-string fields once their values are written (innermost first)."""
        for fin in reversed(self._finalizers):
            fin()


def _setter(container: Any, key: Any) -> Setter:
    def set_value(value: str) -> None:
        container[key] = value

    return set_value


LONG_INT = 100_000  # integers with 6 or more digits may be identifiers (SSNs, phones, accounts, cards)


def _is_long_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) >= LONG_INT


def _number_setter(container: Any, key: Any, has_context: bool) -> Setter:
    """Write back the digits after the context; a number stays a number when it can."""
    def set_value(text: str) -> None:
        digits = (text.rsplit(": ", 1)[-1] if has_context else text).strip()
        sign = "-" if digits.startswith("-") else ""
        body = digits.lstrip("-")
        if body.isdigit() and (body[0] != "0" or body == "0"):
            container[key] = int(sign + body)
        else:  # the stand-in is not a plain number (or would lose a leading zero): keep it as text
            container[key] = digits

    return set_value


class Walker:
    """Walk a request body against a schema, collecting slots. ``parse_json`` False (responses)
    yields JSON-in-string fields as whole ``json`` slots instead of parsing them."""

    def __init__(self, parse_json: bool = True) -> None:
        self.parse_json = parse_json
        self.walk = Walk()

    def run(self, node: Node, value: Any, container: Any, key: Any, path: Path, role: str | None) -> Walk:
        self._visit(node, value, container, key, path, role)
        return self.walk

    # ---- leaves --------------------------------------------------------------------------------
    def _string(self, text: str, kind: str, container: Any, key: Any, path: Path, role: str | None) -> None:
        if _DATA_URL.match(text):
            self._opaque("data_url")
            return
        self.walk.slots.append(Slot(text, kind, role, path, _setter(container, key)))

    def _opaque(self, kind: str) -> None:
        self.walk.uninspected[kind] = self.walk.uninspected.get(kind, 0) + 1

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

    # ---- the default: every string under ``value`` is text ----------------------------------------
    def _deny(self, value: Any, container: Any, key: Any, path: Path, role: str | None,
              kind: str = "text") -> None:
        if isinstance(value, str):
            self._string(value, kind, container, key, path, role)
        elif kind == "json" and _is_long_int(value):
            # Application data carries identifiers as numbers too ({"ssn": 123456789}): the key names them.
            context = f"{key}: " if isinstance(key, str) else ""
            self.walk.slots.append(Slot(context + str(value), "number", role, path,
                                        _number_setter(container, key, bool(context))))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                self._deny(item, value, i, (*path, i), role, kind)
        elif isinstance(value, dict):
            for k, item in value.items():
                self._deny(item, value, k, (*path, str(k)), role, kind)

    # ---- schema-directed walk -------------------------------------------------------------------
    def _visit(self, node: Node, value: Any, container: Any, key: Any, path: Path, role: str | None) -> None:
        if isinstance(node, Struct):
            if isinstance(value, str) and not node.allows(value):
                self._string(value, "text", container, key, path, role)
            elif isinstance(value, (list, dict)):
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
        elif isinstance(node, Opaque):
            self._opaque(node.kind)
        else:
            self._visit_container(node, value, container, key, path, role)

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
            for k, item in value.items():
                self._visit(node.value, item, value, k, (*path, str(k)), role)
        elif isinstance(node, Obj) and isinstance(value, dict):
            r = node.role or role
            if node.role_key and isinstance(value.get(node.role_key), str):
                r = value[node.role_key]
            for k, item in value.items():
                child = node.fields.get(k)
                if child is None:
                    self._deny(item, value, k, (*path, str(k)), r)
                else:
                    self._visit(child, item, value, k, (*path, str(k)), r)
        else:
            self._deny(value, container, key, path, role)


def walk_request(schema: Node, body: dict[str, Any], parse_json: bool = True) -> Walk:
    """Every string of ``body`` that is not allow-listed, as slots (``body`` is changed through them)."""
    holder = [body]
    return Walker(parse_json).run(schema, body, holder, 0, (), None)


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
            if node.values is not None:
                out.append((path, "one of " + ", ".join(f"`{v}`" for v in sorted(node.values))))
            elif node.pattern is not None:
                out.append((path, "an id (`" + node.pattern.pattern + "`)"))
            else:
                out.append((path, "any value"))
        elif isinstance(node, Obj):
            for k, child in node.fields.items():
                visit(child, f"{path}.{k}" if path else k, seen)
        elif isinstance(node, Arr):
            visit(node.item, path + "[]", seen)
        elif isinstance(node, Map):
            visit(node.value, path + ".*", seen)
        elif isinstance(node, OneOf):
            for tag, child in sorted(node.variants.items()):
                visit(child, f"{path}<{node.key}={tag}>", seen)
            for label, child in (("no " + node.key, node.missing), ("other", node.default)):
                if child is not None:
                    visit(child, f"{path}<{label}>", seen)
        elif isinstance(node, AnyOf):
            for child in (node.string, node.array, node.object, node.number):
                if child is not None:
                    visit(child, path, seen)

    visit(schema, "", frozenset())
    return sorted(set(out))


def iter_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from iter_strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from iter_strings(item)


def _json_schema_node() -> Obj:
    """JSON Schema as tools and structured outputs carry it: keywords and property names are kept;
    ``description``, ``title``, ``default``, ``enum``, ``const``, ``examples`` and anything unknown are
    sanitized (default deny)."""
    node = Obj(role="tools")
    types = enum("string", "number", "integer", "boolean", "object", "array", "null")
    node.fields.update({
        "type": AnyOf(string=types, array=Arr(types)),
        "properties": Map(node),
        "patternProperties": Map(node),
        "$defs": Map(node),
        "definitions": Map(node),
        "items": AnyOf(object=node, array=Arr(node)),
        "prefixItems": Arr(node),
        "additionalProperties": AnyOf(object=node),
        "anyOf": Arr(node), "oneOf": Arr(node), "allOf": Arr(node), "not": node,
        "required": Arr(Struct(pattern=re.compile(r"^[A-Za-z0-9_.$-]{1,128}$"))),
        "$ref": Struct(pattern=re.compile(r"^#(/[A-Za-z0-9_.$~-]+)*$")),
        "format": Struct(pattern=re.compile(r"^[a-z][a-z0-9-]{0,40}$")),
        "$schema": Struct(pattern=re.compile(r"^https?://json-schema\.org/")),
    })
    return node


JSON_SCHEMA = _json_schema_node()
