"""Putting a request's values back into its answer: whole answers and streams, for every surface.

``AnswerRestorer`` (one per request) holds the compiled restore plan of the request's mapping (and a
JSON-escaped variant for text that sits inside a JSON string literal, e.g. tool arguments, so the JSON
stays valid) and restores texts and whole answer bodies, walked with the surface's field map.

``EventRestorer`` (one per answer stream) restores the events of a stream. The text engine underneath
is ``mechanisms.prmpt.StreamingRestorer``: one per streamed field of the answer (a choice's content,
one tool call's arguments, one content block), holding back a stand-in split across deltas. Where a
surface's events carry that text, and where a field ends (so that what it held goes out), is data the
surface declares as its ``StreamFormat``: ``ChoiceChunks`` (OpenAI chat and text completions) or
``TypedEvents`` (the Responses API, Anthropic Messages: a table of delta events).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, TypeVar

from mechanisms.prmpt import RestorePlan, StreamingRestorer, restore
from proxy.pipeline.fieldmap import Node, walk_request
from proxy.pipeline.shapes import Event

T = TypeVar("T")
# What names one streamed field of an answer: (choice index, path, tool call index) for ChoiceChunks,
# (Delta, *the event's key fields) for TypedEvents
FieldKey = tuple[Any, ...]


def json_escape(text: str) -> str:
    """``text`` as it appears inside a JSON string literal."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


class AnswerRestorer:
    """Restores whole texts and answer bodies with one request's mapping (stand-in -> original)."""

    def __init__(self, mapping: dict[str, str]) -> None:
        self.mapping = mapping
        self._plans: dict[bool, RestorePlan] = {}

    @property
    def empty(self) -> bool:
        return not self.mapping

    def plan(self, in_json: bool = False) -> RestorePlan:
        if in_json not in self._plans:
            mapping = {k: json_escape(v) for k, v in self.mapping.items()} if in_json else self.mapping
            self._plans[in_json] = RestorePlan(mapping)
        return self._plans[in_json]

    def text(self, text: str, in_json: bool = False) -> str:
        if not self.mapping or not text:
            return text
        return restore(text, self.plan(in_json))

    def body(self, schema: Node, data: T) -> T:
        """Restore every string of a whole answer (JSON-in-string fields with escaped originals)."""
        if not self.mapping:
            return data
        walk = walk_request(schema, data, parse_json=False, answer=True)
        for slot in walk.slots:
            if slot.kind == "id":  # an id is restored whole or not at all
                slot.set(self.mapping.get(slot.text, slot.text))
            elif slot.kind == "number":  # its digits exactly (a tolerant match could add a card's spaces)
                context, sep, digits = slot.text.rpartition(": ")
                slot.set(self.text(context) + sep + self.mapping.get(digits, digits))
            else:
                slot.set(self.text(slot.text, in_json=slot.kind == "json_text"))
        walk.finalize()  # keys renamed back
        return data


class EventRestorer:
    """Restores one answer stream's events as its surface's ``StreamFormat`` says: text fields fed
    delta by delta, each through its own streaming restorer; whole objects restored in place; a
    field's held-back text let out where the field ends, and what is still held at the stream's end."""

    def __init__(self, answer: AnswerRestorer, fmt: StreamFormat) -> None:
        self.answer = answer
        self.format = fmt
        self._open: dict[FieldKey, StreamingRestorer] = {}
        self.last: Event | None = None  # the last event in (the model of a closing one)
        self.sequence = 0  # events out so far, for formats that number them

    def transform(self, event: Event) -> list[Event]:
        out = self.format.transform(self, event)
        self.last = event
        return out

    def finish(self) -> list[Event]:
        """The stream ended (or stopped): what is still held, if the format lets it out."""
        return self.format.finish(self)

    # ---- for the formats -------------------------------------------------------------------------
    def feed(self, key: FieldKey, delta: str, in_json: bool = False) -> str:
        if not self.answer.mapping:
            return delta
        restorer = self._open.get(key)
        if restorer is None:
            restorer = self._open[key] = StreamingRestorer(self.answer.plan(in_json))
        return restorer.feed(delta)

    def flush(self, key: FieldKey) -> str:
        restorer = self._open.pop(key, None)
        return restorer.flush() if restorer is not None else ""

    def open_keys(self) -> list[FieldKey]:
        return list(self._open)


class StreamFormat:
    """How a surface's answer stream carries text. This base passes events as they are (a stream made
    here from an answer that is already restored)."""

    def transform(self, stream: EventRestorer, event: Event) -> list[Event]:
        return [event]

    def finish(self, stream: EventRestorer) -> list[Event]:
        return []


PASS = StreamFormat()


# ---- OpenAI chat and text completions, Ollama ----------------------------------------------------
@dataclass(frozen=True)
class ChoiceChunks(StreamFormat):
    """Chunks of ``choices`` (or, with ``choices`` None, chunks that are one choice each: Ollama's):
    ``fields`` are the streamed texts of a choice (dotted paths in it), and with ``tool_calls`` the
    arguments of ``delta.tool_calls`` and ``delta.function_call`` (JSON text; their names arrive whole);
    ``whole`` are paths of a choice restored whole with their schema. One field per (choice, path, tool
    call); a choice's held text goes into the chunk whose ``ends`` field is set (``finish_reason``,
    Ollama's ``done``), or, when the stream ends with none, into one last chunk."""

    fields: tuple[str, ...]
    tool_calls: bool = False
    choices: str | None = "choices"
    ends: str = "finish_reason"
    whole: Mapping[str, Node] = field(default_factory=dict)

    def transform(self, stream: EventRestorer, event: Event) -> list[Event]:
        for choice in event.get(self.choices) or [] if self.choices else [event]:
            if not isinstance(choice, dict):
                continue
            index = choice.get("index", 0)
            for path in self.fields:
                holder, name = _holder(choice, path)
                if holder is not None and isinstance(holder.get(name), str):
                    holder[name] = stream.feed((index, path, -1), holder[name])
            for path, schema in self.whole.items():
                holder, name = _holder(choice, path)
                if holder is not None and isinstance(holder.get(name), (dict, list)):
                    holder[name] = stream.answer.body(schema, holder[name])
            if self.tool_calls and isinstance(choice.get("delta"), dict):
                self._calls(stream, index, choice["delta"])
            if choice.get(self.ends) not in (None, False):
                self._merge(choice, self._flush_choice(stream, index))
        return [event]

    def _calls(self, stream: EventRestorer, index: int, delta: dict[str, Any]) -> None:
        calls = [(c.get("index", 0), c.get("function")) for c in delta.get("tool_calls") or [] if isinstance(c, dict)]
        if isinstance(delta.get("function_call"), dict):
            calls.append((-1, delta["function_call"]))
        for call_index, function in calls:
            if not isinstance(function, dict):
                continue
            if isinstance(function.get("name"), str):  # names arrive whole
                function["name"] = stream.answer.text(function["name"])
            if isinstance(function.get("arguments"), str):
                function["arguments"] = stream.feed((index, "tool", call_index), function["arguments"], in_json=True)

    @staticmethod
    def _flush_choice(stream: EventRestorer, index: int) -> dict[tuple[str, int], str]:
        flushed = {}
        for key in [k for k in stream.open_keys() if isinstance(k, tuple) and k[0] == index]:
            text = stream.flush(key)
            if text:
                flushed[(key[1], key[2])] = text
        return flushed

    def _merge(self, choice: dict[str, Any], flushed: dict[tuple[str, int], str]) -> None:
        for (path, call_index), text in flushed.items():
            if path != "tool":
                holder, name = _holder(choice, path, create=True)
                assert holder is not None
                holder[name] = (holder.get(name) or "") + text
            elif call_index == -1:
                fn = choice.setdefault("delta", {}).setdefault("function_call", {})
                fn["arguments"] = (fn.get("arguments") or "") + text
            else:
                calls = choice.setdefault("delta", {}).setdefault("tool_calls", [])
                for call in calls:
                    if call.get("index", 0) == call_index:
                        fn = call.setdefault("function", {})
                        fn["arguments"] = (fn.get("arguments") or "") + text
                        break
                else:
                    calls.append({"index": call_index, "function": {"arguments": text}})

    def finish(self, stream: EventRestorer) -> list[Event]:
        """End of stream with text still held (no finish_reason came): one last chunk carries it."""
        indexes = sorted({k[0] for k in stream.open_keys() if isinstance(k, tuple)})
        if not indexes:
            return []
        if not self.choices:  # a chunk is the choice: the last one's fields, with the held text only
            last = {k: v for k, v in (stream.last or {}).items()
                    if not any(k == path.split(".", 1)[0] for path in (*self.fields, *self.whole))}
            self._merge(last, self._flush_choice(stream, 0))
            return [last]
        base = {k: v for k, v in (stream.last or {}).items() if k not in ("choices", "usage")}
        choices = []
        for index in indexes:
            choice: dict[str, Any] = {"index": index, "finish_reason": None}
            for path in self.fields:  # the empty delta object a chat chunk always has
                if "." in path:
                    choice.setdefault(path.split(".", 1)[0], {})
            self._merge(choice, self._flush_choice(stream, index))
            choices.append(choice)
        return [{**base, "choices": choices}]


@lru_cache(maxsize=256)
def _split(path: str) -> tuple[tuple[str, ...], str]:
    *parents, name = path.split(".")
    return tuple(parents), name


def _holder(obj: dict[str, Any], path: str, create: bool = False) -> tuple[dict[str, Any] | None, str]:
    """The object that holds the last name of a dotted ``path`` in ``obj``, and that name."""
    parents, name = _split(path)
    for part in parents:
        child = obj.setdefault(part, {}) if create else obj.get(part)
        if not isinstance(child, dict):
            return None, name
        obj = child
    return obj, name


# ---- typed events: the Responses API, Anthropic Messages ------------------------------------------
@dataclass(frozen=True, eq=False)  # compared and hashed by identity: it is part of a field's key
class Delta:
    """One kind of delta event, and the event that ends the field its text belongs to.

    ``text`` is where the text is (``delta``, or ``delta.text`` inside the event's delta object, whose
    own ``type`` is ``subtype``); ``key`` are the event's fields that name the field (block index,
    output and content index), and the ending event carries the same ones. Text still held when the
    field ends goes out as one more delta event just before the end event: ``carry`` are the fields it
    copies from the end event, ``extra`` fixed ones. ``done`` is a field of the end event that holds
    the whole text again (restored whole)."""

    event: str
    text: str
    key: tuple[str, ...]
    end: str
    in_json: bool = False
    subtype: str | None = None
    carry: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    done: str | None = None

    def field_key(self, event: Event) -> tuple[Any, ...]:
        return (self, *(event.get(k) for k in self.key))

    def released(self, end: Event, held: str) -> Event:
        """The delta event that carries a field's held text, just before ``end``."""
        out: Event = {"type": self.event, **{k: end[k] for k in self.carry if k in end}}
        holder, name = _holder(out, self.text, create=True)
        assert holder is not None
        if self.subtype is not None and holder is not out:
            holder["type"] = self.subtype
        holder[name] = held
        return {**out, **self.extra}


@dataclass(frozen=True)
class TypedEvents(StreamFormat):
    """Events named by their ``type``: ``deltas`` carry streamed text (see ``Delta``); in any other
    event, the objects under ``objects``' names are restored whole with their schema, and the whole
    event with ``rest`` when none of them is there (except ``error`` events: they hold no value).
    ``numbered``: the prefix of the event types whose ``sequence_number`` is renumbered (and those that
    have one), so that it stays contiguous with the deltas added.
    ``flush_at_end``: a stream that ends with a field still open lets its held text out."""

    deltas: tuple[Delta, ...]
    objects: Mapping[str, Node] = field(default_factory=dict)
    rest: Node | None = None
    numbered: str | None = None
    flush_at_end: bool = True

    @cached_property
    def _starts(self) -> dict[str, list[Delta]]:
        """The deltas by their event type (looked up once per event: streams have many)."""
        return _grouped(self.deltas, lambda d: d.event)

    @cached_property
    def _ends(self) -> dict[str, list[Delta]]:
        return _grouped(self.deltas, lambda d: d.end)

    def _delta(self, event: Event) -> Delta | None:
        kind = event.get("type")
        candidates = self._starts.get(kind) if isinstance(kind, str) else None
        if not candidates:
            return None
        sub = event["delta"].get("type") if isinstance(event.get("delta"), dict) else None
        return next((d for d in candidates if d.subtype in (None, sub)), None)

    def transform(self, stream: EventRestorer, event: Event) -> list[Event]:
        out: list[Event] = []
        kind = event.get("type")
        delta = self._delta(event)
        ending = self._ends.get(kind, ()) if delta is None and isinstance(kind, str) else ()
        if delta is not None:
            holder, name = _holder(event, delta.text)
            if holder is not None and isinstance(holder.get(name), str):
                holder[name] = stream.feed(delta.field_key(event), holder[name], delta.in_json)
        elif ending:
            for d in ending:
                held = stream.flush(d.field_key(event))
                if held:
                    out.append(d.released(event, held))
                if d.done is not None and isinstance(event.get(d.done), str):
                    event[d.done] = stream.answer.text(event[d.done], d.in_json)
        else:
            self._objects(stream.answer, event)
        out.append(event)
        return [self._numbered(stream, e) for e in out] if self.numbered is not None else out

    def _objects(self, answer: AnswerRestorer, event: Event) -> None:
        found = False
        for name, schema in self.objects.items():
            if isinstance(event.get(name), dict):
                found = True
                event[name] = answer.body(schema, event[name])
        if not found and self.rest is not None and event.get("type") != "error":
            answer.body(self.rest, event)

    def _numbered(self, stream: EventRestorer, event: Event) -> Event:
        if "sequence_number" in event or str(event.get("type", "")).startswith(self.numbered or ""):
            event["sequence_number"] = stream.sequence
            stream.sequence += 1
        return event

    def finish(self, stream: EventRestorer) -> list[Event]:
        if not self.flush_at_end:
            return []
        out = []
        for key in sorted(stream.open_keys(), key=_order):
            delta, *values = key
            held = stream.flush(key)
            if held:
                out.append(delta.released(dict(zip(delta.key, values)), held))
        return out


def _grouped(deltas: tuple[Delta, ...], by: Callable[[Delta], str]) -> dict[str, list[Delta]]:
    out: dict[str, list[Delta]] = {}
    for delta in deltas:
        out.setdefault(by(delta), []).append(delta)
    return out


def _order(key: FieldKey) -> tuple[Any, ...]:
    """Open fields in the order of their indexes (block 0 before block 1)."""
    values = key[1:] if isinstance(key, tuple) else ()
    return tuple((0, v, "") if isinstance(v, int) else (1, 0, str(v)) for v in values)
